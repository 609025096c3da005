import { randomUUID } from "node:crypto";

import { closeDb, getDb } from "../../lib/db/client";
import { migrate } from "../../lib/db/migrate";
import { resetEnvForTests } from "../../lib/env";
import { projectBatches, receiveBatch } from "../../lib/portal/events/ingest-batch";
import { eventBatchSchema } from "../../lib/spec/events";
import { createTestOrganization } from "../../lib/testing/organization-fixture";

import { withScratchDatabase } from "./scratch-database";

/*
 * The CPU the portal spends storing one received batch as its events and cases (projectBatches, the
 * background thread's work for every batch the service delivers), outside the benchmark suite:
 * `npx tsx e2e/bench/ingest-timing.ts` on a fresh SQLite file, or with BENCH_PG_URL naming an
 * empty PostgreSQL database. Batches of N messages (500, the most a batch holds) for a third as many
 * cases of three connections: lcstatus, delivery, payment (one in six without a job id, placed by its
 * bill number) and due date changes. The first batch creates the cases and is not counted; the
 * next BATCHES (20) move them. Prints the median CPU (process.cpuUsage, all threads) and wall time.
 */

const N = Number(process.env.N ?? 500);
const BATCHES = Number(process.env.BATCHES ?? 20);

function envelope(cids: string[], round: number) {
  const data: Record<string, unknown[]> = { lcstatus: [], delivery: [], payment: [], duedateupdate: [] };
  for (let index = 0; index < N; index++) {
    const cid = cids[index % cids.length]!;
    const jobid = 1000 + (index % Math.max(1, Math.floor(N / 3)));
    const identity = { cid, jobid, invoicenumber: `INV-${jobid}`, documentid: `ERP-${jobid}` };
    const time = new Date(Date.UTC(2026, 10, 22, 8, round, index % 60)).toISOString();
    switch (index % 6) {
      case 0:
      case 1:
        data.lcstatus!.push({
          ...identity,
          code: 100 + round,
          status: "Invoice",
          time,
          paydate: "2026-12-06",
          currentpaydate: "2026-12-06",
          opencapital: 124.5,
          interest: 0,
          expenses: 0,
        });
        break;
      case 2:
        data.delivery!.push({ ...identity, status: "DELIVERED", statustime: time, distributionchannel: "EMAIL" });
        break;
      case 3:
        data.payment!.push({ ...identity, time, paymentdate: `2026-${String(1 + (round % 12)).padStart(2, "0")}-15`, amount: 10.5, openamount: 20 });
        break;
      case 4:
        // No job id: placed by its invoice number.
        data.payment!.push({ cid, invoicenumber: `INV-${jobid}`, time, amount: 1.25, openamount: 5 });
        break;
      default:
        data.duedateupdate!.push({ ...identity, currentpaydate: "2027-01-07", source: "API" });
    }
  }
  return eventBatchSchema.parse({ created_at: "2026-11-22T08:00:00.000Z", id: randomUUID(), data });
}

async function run(): Promise<void> {
  const db = getDb();
  const org = await createTestOrganization(db, [{ environment: "fin-test" }, { environment: "fin-test" }, { environment: "swe-test" }]);
  const cids = org.connections.map((connection) => connection.cid);
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let round = 0; round <= BATCHES; round++) {
    await receiveBatch(db, { organizationId: org.organizationId, envelope: envelope(cids, round), source: "push" });
    const startCpu = process.cpuUsage();
    const start = performance.now();
    const projected = await projectBatches(db, { organizationId: org.organizationId });
    if (projected !== 1) throw new Error(`projected ${projected}`);
    const used = process.cpuUsage(startCpu);
    // The first batch creates the cases and warms the statements: not counted.
    if (round === 0) continue;
    cpu.push((used.user + used.system) / 1000);
    wall.push(performance.now() - start);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(
    `${process.env.DATABASE_URL?.startsWith("postgres") ? "postgres" : "sqlite"}: ${N} events/batch, ${BATCHES} batches: cpu median ${median(cpu).toFixed(1)} ms, wall median ${median(wall).toFixed(1)} ms`,
  );
}

async function main(): Promise<void> {
  if (process.env.BENCH_PG_URL) {
    process.env.DATABASE_URL = process.env.BENCH_PG_URL;
    process.env.LOG_LEVEL = "warn";
    resetEnvForTests();
    await migrate(process.env.DATABASE_URL);
    try {
      await run();
    } finally {
      await closeDb();
    }
    return;
  }
  await withScratchDatabase("ingest", run);
}

await main();
