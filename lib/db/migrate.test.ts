import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";

import { migrateSqlite, readMigrations } from "./migrate";
import { SQLITE_MIGRATIONS_PATH } from "./schema-variants";

/* The migrator on SQLite: each migration once, data kept through table rewrites, changes refused. */

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A project root holding only the first `count` SQLite migrations. */
function rootWith(count: number): string {
  const root = path.join(dir, `root-${count}`);
  const target = path.join(root, SQLITE_MIGRATIONS_PATH);
  mkdirSync(target, { recursive: true });
  for (const name of readdirSync(SQLITE_MIGRATIONS_PATH)
    .filter((entry) => /^\d{4}_/.test(entry))
    .sort()
    .slice(0, count)) {
    cpSync(path.join(SQLITE_MIGRATIONS_PATH, name), path.join(target, name), { recursive: true });
  }
  return root;
}

describe("migrateSqlite", () => {
  it("applies each migration once, and keeps the rows of tables a later migration rewrites", () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "migrate-"));
    const url = `file:${path.join(dir, "app.db")}`;
    expect(migrateSqlite(url, rootWith(1))).toEqual(["0001_init"]);
    const db = new Database(path.join(dir, "app.db"));
    db.exec(`INSERT INTO "Profile" ("id", "environment", "cid", "status", "businessId", "updatedAt") VALUES ('p', 'fin-test', 'c', 'created', 'x', 0)`);
    db.exec(
      `INSERT INTO "IntakeRequest" ("id", "profileId", "environment", "requestHash", "source", "documentCount", "acceptedCount", "responseStatus", "responseBody", "createdAt") VALUES ('i', 'p', 'fin-test', 'h', 'json', 1, 1, 200, '{}', 0)`,
    );
    db.exec(
      `INSERT INTO "Job" ("id", "profileId", "environment", "jobtype", "jobstatus", "customertype", "receiver", "currency", "netAmount", "vatAmount", "grossAmount", "data", "intakeId", "createdAt") VALUES (1, 'p', 'fin-test', 0, 0, 2, 'r', 'EUR', 0, 0, 0, '{}', 'i', 0)`,
    );
    // Agreed overdue-interest rates as intake stored them, a JSON string and a number: 0042 copies them to a column.
    db.exec(
      `INSERT INTO "Job" ("id", "profileId", "environment", "jobtype", "jobstatus", "customertype", "receiver", "currency", "netAmount", "vatAmount", "grossAmount", "data", "intakeId", "createdAt") VALUES (2, 'p', 'fin-test', 0, 0, 2, 'r', 'EUR', 0, 0, 0, '{"overdueinterest":"11.25"}', 'i', 0), (3, 'p', 'fin-test', 0, 0, 1, 'r', 'EUR', 0, 0, 0, '{"ownref":"overdueinterest","overdueinterest":0}', 'i', 0)`,
    );
    db.close();

    const all = readMigrations(SQLITE_MIGRATIONS_PATH).map((migration) => migration.name);
    expect(migrateSqlite(url, process.cwd())).toEqual(all.slice(1));
    expect(migrateSqlite(url, process.cwd())).toEqual([]);
    const after = new Database(path.join(dir, "app.db"));
    expect(after.prepare(`SELECT count(*) AS n FROM "Job" JOIN "IntakeRequest" ON "Job"."intakeId" = "IntakeRequest"."id"`).get()).toEqual({ n: 3 });
    expect(after.prepare(`SELECT id, "agreedInterestRate" AS rate FROM "Job" ORDER BY id`).all()).toEqual([
      { id: 1, rate: null },
      { id: 2, rate: 11.25 },
      { id: 3, rate: 0 },
    ]);
    expect(after.pragma("foreign_key_check")).toEqual([]);
    after.close();
  });

  it("refuses to go on when an applied migration was changed afterwards", () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "migrate-"));
    const url = `file:${path.join(dir, "app.db")}`;
    const root = rootWith(1);
    migrateSqlite(url, root);
    // A harmless comment is still a change: the checksum differs.
    appendFileSync(path.join(root, SQLITE_MIGRATIONS_PATH, "0001_init", "migration.sql"), "\n-- edited\n");
    expect(() => migrateSqlite(url, root)).toThrow(/0001_init was changed after it was applied/);
  });
});
