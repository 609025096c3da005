import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";

import { POST as receive } from "../../app/api/webhooks/events/route";
import { getDb } from "../../lib/db/client";
import { projectBatches } from "../../lib/portal/events/ingest-batch";
import { createTestOrganization } from "../../lib/testing/organization-fixture";

import { withScratchDatabase } from "./scratch-database";
import { median, ms, percentile } from "./statistics";

/*
 * The portal's receiver taking a batch of 500 messages (lcstatus, delivery and payment for 167
 * cases, new and known), through its route handler: Basic authentication, reading and validating
 * the envelope, and keeping it (the request thread's part); then the background thread's part,
 * the one transaction that stores its messages and the cases they move. On a fresh SQLite file.
 * Target: under 100 ms per batch, both parts together.
 */

const ROUNDS = 30;
const WARMUP = 3;
const MESSAGES = 500;

function batch(round: number, cid: string) {
  const time = new Date(Date.UTC(2026, 10, 23, 8, 0, round)).toISOString();
  const delivery: object[] = [];
  const lcstatus: object[] = [];
  const payment: object[] = [];
  for (let n = 0; n < MESSAGES; n++) {
    // Half the cases are new in each batch, half were seen by the one before.
    const jobid = 1_000_000 + round * 84 + Math.floor(n / 3);
    const base = { cid, jobid, invoicenumber: `B${jobid}`, documentid: `erp-${jobid}` };
    if (n % 3 === 0) delivery.push({ ...base, distributionchannel: "email", status: "delivered", statustime: time, description: null, notes: [], errors: [] });
    else if (n % 3 === 1)
      lcstatus.push({
        ...base,
        code: 1,
        status: "Reminder",
        time,
        paydate: "2026-11-01",
        currentpaydate: "2026-11-01",
        opencapital: 124.5,
        interest: 1.2,
        expenses: 5,
      });
    else
      payment.push({
        ...base,
        time,
        amount: 50,
        paydate: "2026-11-23",
        paymentdate: "2026-11-23",
        accountdate: "2026-11-23",
        settlementdate: "2026-11-24",
        openamount: 80.7,
        amountbreakdown: { capital: 50, interest: 0, expenses: 0 },
        openamountbreakdown: { capital: 74.5, interest: 1.2, expenses: 5 },
      });
  }
  return JSON.stringify({ created_at: time, id: randomUUID(), data: { delivery, lcstatus, payment } });
}

export async function benchReceiver(): Promise<string[]> {
  return withScratchDatabase("receiver", async () => {
    const org = await createTestOrganization(getDb(), [{ environment: "fin-test", cid: "bench-fin" }]);
    const authorization = `Basic ${Buffer.from(`${org.credentials.basicUsername}:${org.credentials.basicPassword}`).toString("base64")}`;
    const received: number[] = [];
    const projected: number[] = [];
    for (let round = 0; round < WARMUP + ROUNDS; round++) {
      const body = batch(round, "bench-fin");
      const started = performance.now();
      const response = await receive(
        new Request("http://localhost/api/webhooks/events?environment=fin-test", {
          method: "POST",
          headers: { authorization, "content-type": "application/json" },
          body,
        }),
      );
      const answered = performance.now();
      if (response.status !== 200) throw new Error(`receiver answered ${response.status}: ${await response.text()}`);
      if ((await projectBatches(getDb())) !== 1) throw new Error("the batch was not projected");
      const done = performance.now();
      if (round >= WARMUP) {
        received.push(answered - started);
        projected.push(done - answered);
      }
    }
    const stored = await getDb().portalEvent.count({ where: { organizationId: org.organizationId } });
    const total = received.map((value, index) => value + projected[index]!);
    return [
      `receiver: a ${MESSAGES}-message batch through POST /api/webhooks/events (Basic, validation, kept), then projected (one transaction), ${ROUNDS} rounds after ${WARMUP} warm-up, SQLite`,
      `  answered p50 ${ms(median(received))}, p95 ${ms(percentile(received, 95))}; projected p50 ${ms(median(projected))}, p95 ${ms(percentile(projected, 95))}`,
      `  both p50 ${ms(median(total))}  (${stored.toLocaleString("en")} messages stored; target p50 < 100 ms)`,
    ];
  });
}

// `npx tsx e2e/bench/receiver.ts` runs it alone.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  console.log((await benchReceiver()).join("\n"));
}
