import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";

import { createPostgresDatabase, dropPostgresDatabase } from "../testing/postgres-server";

import { getEngine } from "./client";
import { migrate } from "./migrate";
import { POSTGRES_MIGRATIONS_PATH } from "./schema-variants";

/* The PostgreSQL migrations' data steps, on a scratch database of their own (migrate.test.ts does the same for SQLite). */

let dir: string;
let database: string | null = null;
afterEach(async () => {
  rmSync(dir, { recursive: true, force: true });
  if (database) await dropPostgresDatabase(database);
  database = null;
});

/** A project root holding only the PostgreSQL migrations before `before`. */
function rootBefore(before: string): string {
  const root = path.join(dir, `root-${before}`);
  const target = path.join(root, POSTGRES_MIGRATIONS_PATH);
  mkdirSync(target, { recursive: true });
  for (const name of readdirSync(POSTGRES_MIGRATIONS_PATH).filter((entry) => /^\d{4}_/.test(entry) && entry < before))
    cpSync(path.join(POSTGRES_MIGRATIONS_PATH, name), path.join(target, name), { recursive: true });
  return root;
}

describe.skipIf(getEngine() !== "postgres")("migratePostgres", () => {
  it("fills the day an invoice was sent from its delivered send in the environment's time zone, else its bill date (0043)", async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "migrate-pg-"));
    const { name, url } = await createPostgresDatabase();
    database = name;
    await migrate(url, rootBefore("0043"));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (const environment of ["fin-test", "swe-test"]) {
        await client.query(
          `INSERT INTO "Profile" ("id", "environment", "cid", "status", "businessId", "updatedAt") VALUES ($1, $1, 'c', 'created', 'x', now())`,
          [environment],
        );
        await client.query(
          `INSERT INTO "IntakeRequest" ("id", "profileId", "environment", "requestHash", "source", "documentCount", "acceptedCount", "responseStatus", "responseBody", "createdAt") VALUES ($1, $1, $1, 'h', 'json', 1, 1, 200, '{}', now())`,
          [environment],
        );
      }
      const job = (id: number, jobtype: number, billdate: string | null, environment = "fin-test", jobstatus = 0) =>
        client.query(
          `INSERT INTO "Job" ("id", "profileId", "environment", "jobtype", "jobstatus", "customertype", "receiver", "currency", "netAmount", "vatAmount", "grossAmount", "data", "intakeId", "createdAt", "billdate") VALUES ($1, $2, $2, $3, $4, 2, 'r', 'EUR', 0, 0, 0, '{}', $2, now(), $5)`,
          [id, environment, jobtype, jobstatus, billdate],
        );
      const dispatch = (id: string, jobId: number, document: string, status: string, doneAt: string, environment = "fin-test") =>
        client.query(
          `INSERT INTO "Dispatch" ("id", "jobId", "document", "profileId", "environment", "sendtype", "distributionChannel", "status", "createdAt", "doneAt") VALUES ($1, $2, $3, $4, $4, 'post', 'post', $5, now(), $6)`,
          [id, jobId, document, environment, status, doneAt],
        );
      // doneAt is a timestamp without time zone, kept in UTC.
      await job(1, 0, "2026-05-01");
      await dispatch("d1", 1, "original", "delivered", "2026-05-20 10:00:00");
      // Returned (an error since) and resent on 22 May; a reminder later.
      await job(2, 0, "2026-05-01");
      await dispatch("d2a", 2, "original", "error", "2026-05-01 10:00:00");
      await dispatch("d2b", 2, "original", "delivered", "2026-05-22 10:00:00");
      await dispatch("d2c", 2, "reminder", "delivered", "2026-06-20 10:00:00");
      // 21:30 UTC on 31 May: 00:30 on 1 June in Helsinki (UTC+3), 23:30 on 31 May in Stockholm (UTC+2).
      await job(3, 300, "2026-05-30");
      await dispatch("d3", 3, "original", "delivered", "2026-05-31 21:30:00");
      await job(4, 0, "2026-05-30", "swe-test");
      await dispatch("d4", 4, "original", "delivered", "2026-05-31 21:30:00", "swe-test");
      // Sent the day before its bill date: the bill date.
      await job(5, 602, "2026-05-21");
      await dispatch("d5", 5, "original", "delivered", "2026-05-20 10:00:00");
      // A posted reminder; an invoice never sent by the service; one whose only send failed; a draft.
      await job(6, 1, "2026-05-01");
      await dispatch("d6", 6, "original", "delivered", "2026-05-20 10:00:00");
      await job(7, 0, "2026-05-01");
      await job(8, 0, "2026-05-01");
      await dispatch("d8", 8, "original", "error", "2026-05-02 10:00:00");
      await job(9, 0, "2026-05-01", "fin-test", 11);
    } finally {
      await client.end();
    }

    expect(await migrate(url)).toContain("0043_job_sent_on");
    const after = new pg.Client({ connectionString: url });
    await after.connect();
    try {
      const { rows } = await after.query(`SELECT id, "sentOn" FROM "Job" ORDER BY id`);
      expect(rows).toEqual([
        { id: 1, sentOn: "2026-05-20" },
        { id: 2, sentOn: "2026-05-22" },
        { id: 3, sentOn: "2026-06-01" },
        { id: 4, sentOn: "2026-05-31" },
        { id: 5, sentOn: "2026-05-21" },
        { id: 6, sentOn: null },
        { id: 7, sentOn: "2026-05-01" },
        { id: 8, sentOn: "2026-05-01" },
        { id: 9, sentOn: null },
      ]);
    } finally {
      await after.end();
    }
  });

  it("keeps an answer's JSON as text and a request without a key with no answer (0048, 0049)", async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "migrate-pg-"));
    const { name, url } = await createPostgresDatabase();
    database = name;
    await migrate(url, rootBefore("0048"));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(
        `INSERT INTO "Profile" ("id", "environment", "cid", "status", "businessId", "updatedAt") VALUES ('p', 'fin-test', 'c', 'created', 'x', now())`,
      );
      const request = (id: string, key: string | null, body: string | null) =>
        client.query(
          `INSERT INTO "IntakeRequest" ("id", "profileId", "environment", "idempotencyKey", "requestHash", "source", "documentCount", "acceptedCount", "responseStatus", "responseBody", "createdAt") VALUES ($1, 'p', 'fin-test', $2, 'h', 'json', 1, 1, 200, $3::jsonb, now())`,
          [id, key, body],
        );
      // How the JSON-array insert stored a request without a key: the JSON value null, not SQL NULL.
      await request("without-key", null, "null");
      await request("with-key", "k", JSON.stringify({ accepted: 1, errors: [], name: "Åsa Ødegård 😀" }));
    } finally {
      await client.end();
    }

    expect(await migrate(url)).toEqual(expect.arrayContaining(["0048_intake_answer_text", "0049_intake_answer_null"]));
    const after = new pg.Client({ connectionString: url });
    await after.connect();
    try {
      const { rows } = await after.query(`SELECT id, "responseBody" FROM "IntakeRequest" ORDER BY id`);
      expect(rows[0]).toEqual({ id: "with-key", responseBody: expect.any(String) });
      expect(JSON.parse(rows[0].responseBody)).toEqual({ accepted: 1, errors: [], name: "Åsa Ødegård 😀" });
      expect(rows[1]).toEqual({ id: "without-key", responseBody: null });
    } finally {
      await after.end();
    }
  });
});
