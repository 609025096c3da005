import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import Database from "better-sqlite3";
import pg from "pg";

import { POSTGRES_MIGRATIONS_PATH, SQLITE_MIGRATIONS_PATH } from "./schema-variants";
import { sqliteFilePath } from "./sqlite-file-path";

/*
 * Applies the committed migrations of the engine in use, at start-up and from `npm run db:migrate`.
 * Prisma's CLI can apply SQLite migrations offline but not PostgreSQL ones (its WASM schema engine
 * fails on PostgreSQL's `name` type), and the app should not need the CLI at run time anyway, so
 * both engines are migrated here: each migration once, in its own transaction, recorded with a
 * checksum in _migrations. Several instances starting at once take a lock first, so only one applies.
 */

interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir: string): Migration[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^\d{4}_/.test(entry.name))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

function assertUnchanged(applied: Map<string, string>, migrations: Migration[]) {
  for (const migration of migrations) {
    const checksum = applied.get(migration.name);
    if (checksum && checksum !== migration.checksum) {
      throw new Error(`Migration ${migration.name} was changed after it was applied; write a new migration instead.`);
    }
  }
}

export function migrateSqlite(url: string, root = process.cwd()): string[] {
  const file = sqliteFilePath(url);
  if (file !== ":memory:") mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file, { timeout: 10_000 });
  try {
    // WAL lets the app read while a worker writes; the setting is stored in the file.
    db.pragma("journal_mode = WAL");
    // SQLite changes a table by copying it (Prisma writes such migrations with PRAGMA foreign_keys=OFF,
    // which does nothing inside a transaction). So keys are off for the whole run, and checked
    // before the transaction commits, as SQLite's own procedure for altering tables says.
    db.pragma("foreign_keys = OFF");
    db.exec(`CREATE TABLE IF NOT EXISTS "_migrations" ("name" TEXT PRIMARY KEY, "checksum" TEXT NOT NULL, "appliedAt" TEXT NOT NULL)`);
    const migrations = readMigrations(path.join(/*turbopackIgnore: true*/ root, SQLITE_MIGRATIONS_PATH));
    const done: string[] = [];
    // IMMEDIATE takes the write lock before reading _migrations, so two processes cannot both decide to apply.
    const apply = db.transaction(() => {
      const rows = db.prepare(`SELECT "name", "checksum" FROM "_migrations"`).all() as { name: string; checksum: string }[];
      const applied = new Map(rows.map((row) => [row.name, row.checksum]));
      assertUnchanged(applied, migrations);
      for (const migration of migrations) {
        if (applied.has(migration.name)) continue;
        db.exec(migration.sql);
        db.prepare(`INSERT INTO "_migrations" ("name", "checksum", "appliedAt") VALUES (?, ?, ?)`).run(
          migration.name,
          migration.checksum,
          new Date().toISOString(),
        );
        done.push(migration.name);
      }
      const broken = db.pragma("foreign_key_check") as unknown[];
      if (broken.length > 0) throw new Error(`Migrating left ${broken.length} rows whose foreign keys point nowhere; nothing was applied.`);
    });
    apply.immediate();
    return done;
  } finally {
    db.close();
  }
}

/** Any fixed number: it only has to be the same in every instance of the app. */
const MIGRATION_LOCK_KEY = 7_301_602;

async function migratePostgres(url: string, root = process.cwd()): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await client.query(`CREATE TABLE IF NOT EXISTS "_migrations" ("name" TEXT PRIMARY KEY, "checksum" TEXT NOT NULL, "appliedAt" TIMESTAMPTZ NOT NULL)`);
    const { rows } = await client.query<{ name: string; checksum: string }>(`SELECT "name", "checksum" FROM "_migrations"`);
    const applied = new Map(rows.map((row) => [row.name, row.checksum]));
    const migrations = readMigrations(path.join(/*turbopackIgnore: true*/ root, POSTGRES_MIGRATIONS_PATH));
    assertUnchanged(applied, migrations);
    const done: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.name)) continue;
      await client.query("BEGIN");
      try {
        await client.query(migration.sql);
        await client.query(`INSERT INTO "_migrations" ("name", "checksum", "appliedAt") VALUES ($1, $2, now())`, [migration.name, migration.checksum]);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw error;
      }
      done.push(migration.name);
    }
    return done;
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}

export async function migrate(url: string, root = process.cwd()): Promise<string[]> {
  return url.startsWith("file:") ? migrateSqlite(url, root) : migratePostgres(url, root);
}
