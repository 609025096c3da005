import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

import Database from "better-sqlite3";

import { createDb, getEngine } from "../../lib/db/client";
import { migrateSqlite } from "../../lib/db/migrate";
import { fixedClock } from "../../lib/platform/clock";
import { sweepLifecycle } from "../../lib/service/lifecycle/sweep-lifecycle";
import type { EnvironmentId } from "../../lib/spec/environments";

import type { AppServer } from "./app-server";
import { ms, percentile } from "./statistics";

/*
 * The lifecycle sweep over 100 000 open cases in a fresh SQLite file: a third of them invoices due
 * for their reminder, a third reminders due for collection, a third collections due for legal
 * consideration, spread over the three countries; the invoices went out before their due date (sentOn),
 * since an invoice the service never sent is not reminded. Every case moves once, with its interest, fee,
 * CaseMove and lcstatus event; the figure is the whole sweep, reads and writes included.
 */

const CASES = 100_000;
const ENVIRONMENTS: EnvironmentId[] = ["fin-prod", "swe-prod", "nor-prod"];

function seed(file: string) {
  const db = new Database(file);
  const now = new Date("2026-01-02T08:00:00Z").toISOString().replace("Z", "+00:00");
  db.transaction(() => {
    for (const environment of ENVIRONMENTS) {
      db.prepare(`INSERT INTO "Profile" (id, environment, cid, status, "businessId", "updatedAt") VALUES (?, ?, ?, 'created', '2617416-4', ?)`).run(
        `bench-${environment}`,
        environment,
        `bench-${environment}`,
        now,
      );
      db.prepare(
        `INSERT INTO "IntakeRequest" (id, "profileId", environment, "requestHash", source, "documentCount", "acceptedCount", "responseStatus", "responseBody", "createdAt") VALUES (?, ?, ?, 'x', 'json', 0, 0, 200, '{}', ?)`,
      ).run(`bench-${environment}`, `bench-${environment}`, environment, now);
    }
    const insert = db.prepare(
      `INSERT INTO "Job" (id, "profileId", environment, jobtype, jobstatus, customertype, receiver, currency, "netAmount", "vatAmount", "grossAmount", data, "intakeId", "createdAt",
        "openCapital", paydate, "currentPaydate", "phaseSince", "reviewOn", "sentOn") VALUES (?, ?, ?, ?, ?, ?, 'Bench Debtor', ?, ?, 0, ?, '{}', ?, ?, ?, '2026-01-09', ?, ?, ?, '2025-12-26')`,
    );
    for (let id = 1; id <= CASES; id++) {
      const environment = ENVIRONMENTS[id % 3]!;
      const phase = [0, 1, 2][Math.floor(id / 3) % 3]!;
      const capital = 5_000 + ((id * 7919) % 500_000);
      const currency = environment === "fin-prod" ? "EUR" : environment === "swe-prod" ? "SEK" : "NOK";
      insert.run(
        id,
        `bench-${environment}`,
        environment,
        phase,
        phase,
        1 + (id % 2),
        currency,
        capital,
        capital,
        `bench-${environment}`,
        now,
        capital,
        phase === 0 ? "2026-01-09" : "2026-01-30",
        phase === 0 ? null : "2026-01-16",
        "2026-02-01",
      );
    }
  })();
  db.close();
}

export async function benchLifecycle(_server: AppServer): Promise<string[]> {
  if (getEngine() !== "sqlite") return ["Lifecycle sweep: skipped (the benchmark measures SQLite; DATABASE_URL names PostgreSQL)"];
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-lifecycle-"));
  const file = path.join(dir, "lifecycle.db");
  try {
    migrateSqlite(`file:${file}`);
    seed(file);
    const db = createDb(`file:${file}`);
    // Each chunk's transaction, from BEGIN to COMMIT: how long the sweep holds SQLite's one write
    // lock at a time, which intake and the portal wait for.
    const transaction = db.$transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
    const held: number[] = [];
    Object.assign(db, {
      $transaction: async (...args: unknown[]) => {
        const begun = performance.now();
        try {
          return await transaction(...args);
        } finally {
          held.push(performance.now() - begun);
        }
      },
    });
    try {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const result = await sweepLifecycle(db, fixedClock("2026-03-02T10:00:00Z"));
      const elapsed = performance.now() - started;
      // CPU time as well: on a busy machine the wall time says more about the neighbours.
      const used = process.cpuUsage(cpu);
      const events = await db.event.count();
      if (result.moves !== CASES || events !== CASES) throw new Error(`expected ${CASES} moves and events, got ${result.moves} and ${events}`);
      return [
        `Lifecycle sweep (SQLite, ${CASES.toLocaleString("en")} open cases, every one moved with interest, fee, CaseMove and event)`,
        `  total ${ms(elapsed)}, ${Math.round(result.moves / (elapsed / 1000)).toLocaleString("en")} moves/s (target: under 10 s); CPU ${ms((used.user + used.system) / 1000)}`,
        `  ${held.length} transactions: median ${ms(percentile(held, 50))}, p90 ${ms(percentile(held, 90))}, longest ${ms(Math.max(...held))} (target: about 50 ms)`,
      ];
    } finally {
      await db.$disconnect();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
