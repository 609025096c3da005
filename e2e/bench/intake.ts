import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

import Database from "better-sqlite3";

import { migrateSqlite } from "../../lib/db/migrate";
import { validateJob, type ValidJob } from "../../lib/service/intake/validate-job";
import { environment } from "../../lib/spec/environments";
import { invoice } from "../../lib/testing/jobs";

import type { AppServer } from "./app-server";
import { demoToken } from "./demo-token";
import { median, ms, percentile } from "./statistics";

/*
 * Intake: POST /jobs with 1000 invoices of three rows each, against the running app, and the floor
 * the same work has without HTTP, Next.js and Prisma: the same body parsed, every item validated
 * by the service's own validateJob, and the rows inserted with a prepared better-sqlite3 statement
 * in one transaction. The ratio app/floor says what the framework costs.
 */

const JOBS = 1000;
const WARMUP = 3;
const ROUNDS = 30;

function body(round: number): string {
  const dataset = Array.from({ length: JOBS }, (_, index) =>
    invoice({
      ownref: `bench-${round}-${index}`,
      payrow: [
        { desc: "Consulting, senior", count: "7.5", amount: "120.00", taxpr: "25.5" },
        { desc: "Travel", count: "1", amount: "86.40", taxpr: "14" },
        { desc: "Handbook", count: "2", amount: "39.90", taxpr: "10" },
      ],
    }),
  );
  return JSON.stringify({ datastream: { dataset } });
}

async function appTimings(server: AppServer): Promise<number[]> {
  const bearer = await demoToken(server.url);
  const timings: number[] = [];
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    const payload = body(round);
    const started = performance.now();
    const response = await fetch(`${server.url}/fin-test/rest/jobs`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${bearer}` },
      body: payload,
    });
    const answer = (await response.json()) as { accepted: number };
    const elapsed = performance.now() - started;
    if (response.status !== 200 || answer.accepted !== JOBS) throw new Error(`round ${round}: ${response.status}, accepted ${answer.accepted}`);
    if (round >= WARMUP) timings.push(elapsed);
  }
  return timings;
}

function floorTimings(): number[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-floor-"));
  const file = path.join(dir, "floor.db");
  migrateSqlite(`file:${file}`);
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.prepare(`INSERT INTO "Profile" ("id", "environment", "cid", "status", "businessId", "updatedAt") VALUES ('p', 'fin-test', 'c', 'created', 'x', 0)`).run();
  db.prepare(
    `INSERT INTO "IntakeRequest" ("id", "profileId", "environment", "requestHash", "source", "documentCount", "acceptedCount", "responseStatus", "responseBody", "createdAt") VALUES ('i', 'p', 'fin-test', '', 'json', 0, 0, 200, '{}', 0)`,
  ).run();
  const insert = db.prepare(
    `INSERT INTO "Job" ("id", "profileId", "environment", "jobtype", "jobstatus", "customertype", "receiver", "billnum", "reference", "ownref", "sendtype", "currency", "billdate", "paydate", "netAmount", "vatAmount", "grossAmount", "collectionInvoice", "data", "intakeId", "createdAt")
     VALUES (?, 'p', 'fin-test', ?, ?, ?, ?, ?, ?, ?, ?, 'EUR', ?, ?, ?, ?, ?, 0, ?, 'i', ?)`,
  );
  const fin = environment("fin-test");
  let nextId = 1;
  const timings: number[] = [];
  try {
    for (let round = 0; round < WARMUP + ROUNDS; round++) {
      const payload = body(round);
      const started = performance.now();
      const items = (JSON.parse(payload) as { datastream: { dataset: unknown[] } }).datastream.dataset;
      const mayContainNul = payload.includes("\\u0000");
      const jobs = items
        .map((item, index) => validateJob(item, index, { environment: fin, packageFiles: null, mayContainNul }))
        .filter((job): job is ValidJob => job.ok);
      db.transaction(() => {
        for (const job of jobs) {
          insert.run(
            nextId++,
            job.jobtype,
            job.jobstatus,
            job.item.customertype,
            job.receiver,
            String(nextId),
            String(nextId),
            job.item.ownref ?? null,
            job.item.sendtype ?? null,
            job.item.billdate ?? null,
            job.item.paydate ?? null,
            job.totals.net,
            job.totals.vat,
            job.totals.gross,
            JSON.stringify(job.item),
            Date.now(),
          );
        }
      })();
      const elapsed = performance.now() - started;
      if (jobs.length !== JOBS) throw new Error(`floor: ${jobs.length} of ${JOBS} valid`);
      if (round >= WARMUP) timings.push(elapsed);
    }
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return timings;
}

export async function benchIntake(server: AppServer): Promise<string[]> {
  const app = await appTimings(server);
  const floor = floorTimings();
  const appMedian = median(app);
  const floorMedian = median(floor);
  return [
    `intake: POST /jobs with ${JOBS} invoices of 3 rows, ${ROUNDS} requests after ${WARMUP} warm-up`,
    `  app     median ${ms(appMedian)}, p95 ${ms(percentile(app, 95))}, ${Math.round((JOBS / appMedian) * 1000)} jobs/s`,
    `  floor   median ${ms(floorMedian)}, p95 ${ms(percentile(floor, 95))} (parse + validateJob + raw better-sqlite3 insert)`,
    `  ratio   ${(appMedian / floorMedian).toFixed(2)} × floor   (targets: median ≤ 150 ms, ratio ≤ 4)`,
  ];
}
