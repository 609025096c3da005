import { randomBytes } from "node:crypto";
import path from "node:path";
import { performance } from "node:perf_hooks";

import Database from "better-sqlite3";
import pg from "pg";

import { invoice } from "../../lib/testing/jobs";
import { createPostgresDatabase, dropPostgresDatabase, isPostgresReachable } from "../../lib/testing/postgres-server";

import { startAppServer, type AppServer } from "./app-server";
import { COUNTRIES, localAddress, tokens, type Environment } from "./background";
import { ms, percentile } from "./statistics";

/*
 * A heavy API user: 50 clients each posting 1000-invoice batches to one profile (or to three, BENCH_LOAD_PROFILES=3), back to back,
 * for 60 s (BENCH_LOAD_SECONDS), against the app on SQLite and on PostgreSQL (WORKERS=off, so
 * intake alone is measured). A 503 is honoured as a client should: it waits Retry-After and sends
 * the same request again with the same Idempotency-Key. Three requests warm the app up first. Prints throughput, latency p50/p99/max,
 * the answers by status, and the jobs acknowledged beside those stored, which must be equal.
 */

const CLIENTS = Number(process.env.BENCH_LOAD_CLIENTS ?? 50);
/** 1: every client posts to the Finnish demo profile; 3: the clients take the three countries' demo profiles in turn. */
const PROFILES = Number(process.env.BENCH_LOAD_PROFILES ?? 1);
/** `sqlite`, `postgres` or both (the default), comma-separated. */
const ENGINES = (process.env.BENCH_LOAD_ENGINES ?? "sqlite,postgres").split(",");
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const BATCH = 1000;

function batch(environment: Environment, client: number, round: number): string {
  const dataset = Array.from({ length: BATCH }, (_, index) =>
    invoice({
      ownref: `load-${client}-${round}-${index}`,
      sendtype: "print",
      ...localAddress(environment),
      payrow: [{ desc: "Subscription", count: "1", amount: "49.90", taxpr: environment === "fin-test" ? "25.5" : "25" }],
    }),
  );
  return JSON.stringify({ datastream: { dataset } });
}

interface Outcome {
  latencies: number[];
  statuses: Map<number, number>;
  acknowledged: number;
  retriedAfter503: number;
  seconds: number;
}

/** Requests before the clients start, so the first wave does not measure loading the app's code. */
const WARMUP = 3;

async function drive(url: string): Promise<Outcome> {
  const bearer = await tokens(url);
  const profiles = COUNTRIES.slice(0, PROFILES).map(({ environment }) => environment);
  for (let round = 0; round < WARMUP; round++) {
    for (const environment of profiles) {
      const response = await fetch(`${url}/${environment}/rest/jobs`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${bearer[environment]}` },
        body: batch(environment, -1, round),
      });
      if (response.status !== 200) throw new Error(`warm-up: ${response.status}`);
    }
  }
  const outcome: Outcome = { latencies: [], statuses: new Map(), acknowledged: 0, retriedAfter503: 0, seconds: 0 };
  const started = performance.now();
  const until = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      const environment = profiles[client % profiles.length]!;
      const token = bearer[environment];
      for (let round = 0; performance.now() < until; round++) {
        const body = batch(environment, client, round);
        const key = `load-${client}-${round}`;
        for (;;) {
          const sent = performance.now();
          const response = await fetch(`${url}/${environment}/rest/jobs`, {
            method: "POST",
            headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "idempotency-key": key },
            body,
          }).catch(() => null);
          const status = response?.status ?? 0;
          outcome.statuses.set(status, (outcome.statuses.get(status) ?? 0) + 1);
          const answer = response ? ((await response.json().catch(() => null)) as { accepted?: number } | null) : null;
          outcome.latencies.push(performance.now() - sent);
          if (status === 503) {
            outcome.retriedAfter503++;
            const wait = Number(response?.headers.get("retry-after") ?? 1);
            await new Promise((resolve) => setTimeout(resolve, Math.max(1, wait) * 1000));
            continue;
          }
          if (status === 200) outcome.acknowledged += answer?.accepted ?? 0;
          break;
        }
      }
    }),
  );
  outcome.seconds = (performance.now() - started) / 1000;
  return outcome;
}

function report(engine: string, outcome: Outcome, stored: number): string[] {
  const { latencies } = outcome;
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  const statuses = [...outcome.statuses.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status === 0 ? "no answer" : status} × ${count}`);
  const errors = [...outcome.statuses.entries()].filter(([status]) => status !== 200 && status !== 503).reduce((sum, [, count]) => sum + count, 0);
  return [
    `load on ${engine}: ${CLIENTS} clients posting ${BATCH}-invoice batches to ${PROFILES === 1 ? "one profile" : `${PROFILES} profiles`} for ${outcome.seconds.toFixed(0)} s`,
    `  ${(outcome.acknowledged / outcome.seconds).toFixed(0)} jobs/s; latency p50 ${ms(p50)}, p99 ${ms(p99)} (${(p99 / p50).toFixed(1)} × p50), max ${ms(Math.max(...latencies))}`,
    `  answers: ${statuses.join(", ")}; ${errors} errors; ${outcome.retriedAfter503} retried after 503`,
    `  acknowledged ${outcome.acknowledged} jobs, stored ${stored}: ${outcome.acknowledged === stored ? "equal" : "NOT EQUAL"}`,
  ];
}

export async function benchLoad(server: AppServer): Promise<string[]> {
  const lines: string[] = [];
  if (ENGINES.includes("sqlite")) {
    const sqlite = await drive(server.url);
    const file = new Database(path.join(server.dataDir!, "app.db"), { readonly: true });
    const storedSqlite = (file.prepare(`SELECT count(*) AS n FROM "Job" WHERE ownref LIKE 'load-%' AND ownref NOT LIKE 'load--1-%'`).get() as { n: number }).n;
    file.close();
    lines.push(...report("SQLite", sqlite, storedSqlite), "");
  }
  if (!ENGINES.includes("postgres")) return lines;

  if (!(await isPostgresReachable())) return [...lines, "load on PostgreSQL: skipped, no server at TEST_POSTGRES_URL"];
  const database = await createPostgresDatabase();
  const secrets = { SERVICE_JWT_SECRET: randomBytes(32).toString("hex"), SERVICE_DATA_KEY: randomBytes(32).toString("hex") };
  const postgres = await startAppServer({ DATABASE_URL: database.url, DEMO_DATA: "true", WORKERS: "off", ...secrets }, 2);
  const client = new pg.Client({ connectionString: database.url });
  try {
    const outcome = await drive(postgres.url);
    await client.connect();
    const stored = Number(
      (await client.query<{ n: string }>(`SELECT count(*) AS n FROM "Job" WHERE ownref LIKE 'load-%' AND ownref NOT LIKE 'load--1-%'`)).rows[0]!.n,
    );
    return [...lines, ...report("PostgreSQL", outcome, stored)];
  } finally {
    await client.end().catch(() => undefined);
    await postgres.stop();
    await dropPostgresDatabase(database.name);
  }
}
