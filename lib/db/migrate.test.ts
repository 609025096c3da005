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

  it("fills the day an invoice was sent from its delivered send, else its bill date, never before its bill date (0043)", () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "migrate-"));
    const url = `file:${path.join(dir, "app.db")}`;
    const before = readMigrations(SQLITE_MIGRATIONS_PATH).filter((migration) => migration.name < "0043").length;
    migrateSqlite(url, rootWith(before));
    const db = new Database(path.join(dir, "app.db"));
    db.exec(`INSERT INTO "Profile" ("id", "environment", "cid", "status", "businessId", "updatedAt") VALUES ('p', 'fin-test', 'c', 'created', 'x', 0)`);
    db.exec(
      `INSERT INTO "IntakeRequest" ("id", "profileId", "environment", "requestHash", "source", "documentCount", "acceptedCount", "responseStatus", "responseBody", "createdAt") VALUES ('i', 'p', 'fin-test', 'h', 'json', 1, 1, 200, '{}', 0)`,
    );
    const insertJob = db.prepare(
      `INSERT INTO "Job" ("id", "profileId", "environment", "jobtype", "jobstatus", "customertype", "receiver", "currency", "netAmount", "vatAmount", "grossAmount", "data", "intakeId", "createdAt", "billdate") VALUES (?, 'p', 'fin-test', ?, ?, 2, 'r', 'EUR', 0, 0, 0, '{}', 'i', 0, ?)`,
    );
    const job = { run: (id: number, jobtype: number, billdate: string | null, jobstatus = 0) => insertJob.run(id, jobtype, jobstatus, billdate) };
    const dispatch = db.prepare(
      `INSERT INTO "Dispatch" ("id", "jobId", "document", "profileId", "environment", "sendtype", "distributionChannel", "status", "createdAt", "doneAt") VALUES (?, ?, ?, 'p', 'fin-test', 'post', 'post', ?, 0, ?)`,
    );
    // A draft billed 1 May and sent on 20 May.
    job.run(1, 0, "2026-05-01");
    dispatch.run("d1", 1, "original", "delivered", "2026-05-20T10:00:00.000+00:00");
    // Returned (an error since) and resent on 22 May; a reminder later.
    job.run(2, 0, "2026-05-01");
    dispatch.run("d2a", 2, "original", "error", "2026-05-01T10:00:00.000+00:00");
    dispatch.run("d2b", 2, "original", "delivered", "2026-05-22T10:00:00.000+00:00");
    dispatch.run("d2c", 2, "reminder", "delivered", "2026-06-20T10:00:00.000+00:00");
    // Sent at 22:30 UTC on 31 May, already 1 June in Helsinki (UTC+3 in summer): the local day.
    job.run(3, 300, "2026-05-31");
    dispatch.run("d3", 3, "original", "delivered", "2026-05-31T22:30:00.000+00:00");
    // Sent on 20 May and billed the next day: never before the bill date.
    job.run(8, 0, "2026-05-21");
    dispatch.run("d8", 8, "original", "delivered", "2026-05-20T10:00:00.000+00:00");
    // A time kept as milliseconds (2026-05-20T10:00Z).
    job.run(4, 602, null);
    dispatch.run("d4", 4, "original", "delivered", 1779271200000);
    // A posted reminder, an invoice never sent by the service (printed by the customer), one whose
    // only send failed: the first keeps null, the others their bill date as before the column.
    job.run(5, 1, "2026-05-01");
    dispatch.run("d5", 5, "original", "delivered", "2026-05-20T10:00:00.000+00:00");
    job.run(6, 0, "2026-05-01");
    job.run(7, 0, "2026-05-01");
    dispatch.run("d7", 7, "original", "error", "2026-05-02T10:00:00.000+00:00");
    // A draft has not been sent: null until approved and delivered.
    job.run(9, 0, "2026-05-01", 11);
    db.close();

    migrateSqlite(url, process.cwd());
    const after = new Database(path.join(dir, "app.db"));
    expect(after.prepare(`SELECT id, "sentOn" FROM "Job" ORDER BY id`).all()).toEqual([
      { id: 1, sentOn: "2026-05-20" },
      { id: 2, sentOn: "2026-05-22" },
      { id: 3, sentOn: "2026-06-01" },
      { id: 4, sentOn: "2026-05-20" },
      { id: 5, sentOn: null },
      { id: 6, sentOn: "2026-05-01" },
      { id: 7, sentOn: "2026-05-01" },
      { id: 8, sentOn: "2026-05-21" },
      { id: 9, sentOn: null },
    ]);
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
