/*
 * Writes a new migration for both engines from the change to prisma/schema.prisma:
 *   npm run db:migration -- <name>
 * The previous state of the models is the committed PostgreSQL schema (derived from the SQLite one
 * at the last migration), so each engine's migration is a diff between two schema files and needs
 * no database; Prisma's schema engine does the diffing offline.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import {
  POSTGRES_MIGRATIONS_PATH,
  POSTGRES_SCHEMA_PATH,
  SQLITE_MIGRATIONS_PATH,
  SQLITE_SCHEMA_PATH,
  postgresSchemaFrom,
  sqliteSchemaFrom,
} from "../db/schema-variants";

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("usage: npm run db:migration -- <name in snake_case>");
  process.exit(2);
}

const tmp = mkdtempSync(path.join(os.tmpdir(), "db-migration-"));
const write = (file: string, text: string) => {
  const full = path.join(tmp, file);
  writeFileSync(full, text);
  return full;
};

function diff(from: string | null, to: string): string {
  const args = ["prisma", "migrate", "diff", ...(from ? ["--from-schema-datamodel", from] : ["--from-empty"]), "--to-schema-datamodel", to, "--script"];
  const out = execFileSync("npx", args, { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  return out.replace(/^Loaded Prisma config.*\n+/m, "").trim();
}

const sqliteNow = readFileSync(SQLITE_SCHEMA_PATH, "utf8");
const postgresNow = postgresSchemaFrom(sqliteNow);
const postgresBefore = existsSync(POSTGRES_SCHEMA_PATH) ? readFileSync(POSTGRES_SCHEMA_PATH, "utf8") : null;

const sqliteSql = diff(postgresBefore ? write("before.sqlite.prisma", sqliteSchemaFrom(postgresBefore)) : null, write("now.sqlite.prisma", sqliteNow));
const postgresSql = diff(postgresBefore ? write("before.pg.prisma", postgresBefore) : null, write("now.pg.prisma", postgresNow));

if (/^-- This is an empty migration\.?$/m.test(sqliteSql) || sqliteSql === "") {
  console.log("The schema has not changed since the last migration.");
  process.exit(0);
}

// After the highest number, not the count: numbers left free (0036–0038) would otherwise be reused
// and the new migration sorted before ones already applied.
const numbers = existsSync(SQLITE_MIGRATIONS_PATH)
  ? readdirSync(SQLITE_MIGRATIONS_PATH).flatMap((d) => (/^\d{4}_/.test(d) ? [Number(d.slice(0, 4))] : []))
  : [];
const sequence = String(Math.max(0, ...numbers) + 1).padStart(4, "0");
const folder = `${sequence}_${name}`;
for (const [dir, sql, provider] of [
  [SQLITE_MIGRATIONS_PATH, sqliteSql, "sqlite"],
  [POSTGRES_MIGRATIONS_PATH, postgresSql, "postgresql"],
] as const) {
  mkdirSync(path.join(dir, folder), { recursive: true });
  writeFileSync(path.join(dir, folder, "migration.sql"), `${sql}\n`);
  // Prisma's own tools read the engine of a migrations folder from this file.
  writeFileSync(path.join(dir, "migration_lock.toml"), `provider = "${provider}"\n`);
}
mkdirSync(path.dirname(POSTGRES_SCHEMA_PATH), { recursive: true });
writeFileSync(POSTGRES_SCHEMA_PATH, postgresNow);
console.log(`Wrote ${SQLITE_MIGRATIONS_PATH}/${folder} and ${POSTGRES_MIGRATIONS_PATH}/${folder}; run npm run db:generate.`);
