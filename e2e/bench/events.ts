import { performance } from "node:perf_hooks";

import { getDb } from "../../lib/db/client";
import { systemClock } from "../../lib/platform/clock";
import { dispatchEvents } from "../../lib/service/events/dispatch-events";
import { emitEvents, type NewEvent } from "../../lib/service/events/emit-events";
import { putReceiver } from "../../lib/service/events/receivers";
import { invoice } from "../../lib/testing/jobs";
import { startWebhookReceiver } from "../../lib/testing/webhook-receiver";

import type { AppServer } from "./app-server";
import { demoToken } from "./demo-token";
import { withScratchDatabase } from "./scratch-database";
import { median, ms, percentile } from "./statistics";

/*
 * Status events: (a) dispatch throughput, the library sending 50 000 events of one profile in
 * batches of 500 from a fresh SQLite database to a local receiver (OAuth, as a real one would
 * be); (b) latency from a change to the receiver's 2xx, against the running app: POST /jobs with
 * one invoice, then wait for its delivery event to reach a receiver set through PUT
 * /events/receiver. Targets: at least 5 000 messages/s, p50 under 1 s.
 */

const EVENTS = 50_000;
const LATENCY_SAMPLES = 60;
/** First requests pay for compiling and warming the app; they are not counted. */
const LATENCY_WARMUP = 3;

async function throughput(): Promise<string[]> {
  return withScratchDatabase("events", async () => {
    const receiver = await startWebhookReceiver({ oauth: { clientId: "bench", clientSecret: "bench-secret" } });
    try {
      const db = getDb();
      const profile = await db.profile.create({
        data: { id: "bench-profile", environment: "fin-test", cid: "bench", status: "created", businessId: "2617416-4" },
      });
      await putReceiver(
        db,
        profile.id,
        { url: receiver.url, auth: { scheme: "oauth2", tokenUrl: receiver.tokenUrl, clientId: "bench", clientSecret: "bench-secret" } },
        systemClock,
      );
      const events: NewEvent[] = Array.from({ length: EVENTS }, (_, index) => ({
        environment: "fin-test",
        profileId: profile.id,
        jobId: index % 1000,
        type: index % 2 === 0 ? "lcstatus" : "delivery",
        message: {
          cid: "bench",
          jobid: index % 1000,
          invoicenumber: `INV-${index % 1000}`,
          code: 200,
          status: "Invoice",
          time: "2026-11-22T08:00:00.000Z",
          opencapital: 120.5,
        },
        createdAt: new Date(),
      }));
      for (let start = 0; start < EVENTS; start += 5000) {
        await db.$transaction(async (tx) => emitEvents(db, tx, events.slice(start, start + 5000)));
      }
      const started = performance.now();
      let messages = 0;
      while (messages < EVENTS) {
        const result = await dispatchEvents(db, systemClock, { maxClaimMs: 60_000 });
        if (result.messages === 0 && result.retried === 0) break;
        messages += result.messages;
      }
      const seconds = (performance.now() - started) / 1000;
      const stored = [...receiver.batches.values()].reduce((sum, body) => sum + Object.values(body.data).flat().length, 0);
      return [
        `  (a) dispatch: ${stored} of ${EVENTS} messages in ${receiver.batches.size} batches in ${seconds.toFixed(2)} s ` +
          `= ${Math.round(stored / seconds)} messages/s (target ≥ 5000)`,
      ];
    } finally {
      await receiver.close();
    }
  });
}

async function latency(server: AppServer): Promise<string[]> {
  const receiver = await startWebhookReceiver({ basic: { username: "bench", password: "bench-password" } });
  try {
    const bearer = await demoToken(server.url);
    const headers = { "content-type": "application/json", authorization: `Bearer ${bearer}` };
    const put = await fetch(`${server.url}/fin-test/rest/events/receiver`, {
      method: "PUT",
      headers,
      body: JSON.stringify({ url: receiver.url, auth: { scheme: "basic", username: "bench", password: "bench-password" } }),
    });
    if (!put.ok) throw new Error(`PUT /events/receiver: ${put.status} ${await put.text()}`);
    const arrivals = new Map<string, number>();
    const waiters = new Map<string, () => void>();
    receiver.onBatch = (body, at) => {
      for (const message of (body.data.delivery ?? []) as { documentid?: string }[]) {
        if (!message.documentid) continue;
        arrivals.set(message.documentid, at);
        waiters.get(message.documentid)?.();
      }
    };
    const timings: number[] = [];
    for (let sample = 0; sample < LATENCY_WARMUP + LATENCY_SAMPLES; sample++) {
      const ownref = `latency-${Date.now()}-${sample}`;
      const arrived = new Promise<void>((resolve) => waiters.set(ownref, resolve));
      const started = Date.now();
      const response = await fetch(`${server.url}/fin-test/rest/jobs`, {
        method: "POST",
        headers,
        body: JSON.stringify({ datastream: { dataset: [invoice({ ownref })] } }),
      });
      if (response.status !== 200) throw new Error(`POST /jobs: ${response.status} ${await response.text()}`);
      await Promise.race([arrived, new Promise((_, reject) => setTimeout(() => reject(new Error(`no event for ${ownref} within 30 s`)), 30_000))]);
      if (sample >= LATENCY_WARMUP) timings.push(arrivals.get(ownref)! - started);
      // Spread the samples over the dispatcher's wake-ups rather than following them in step.
      await new Promise((resolve) => setTimeout(resolve, 37 + Math.floor(Math.random() * 100)));
    }
    await fetch(`${server.url}/fin-test/rest/events/receiver`, { method: "DELETE", headers });
    return [`  (b) POST /jobs → receiver 2xx, ${LATENCY_SAMPLES} samples: p50 ${ms(median(timings))}, p99 ${ms(percentile(timings, 99))} (target p50 < 1 s)`];
  } finally {
    await receiver.close();
  }
}

export async function benchEvents(server: AppServer): Promise<string[]> {
  return ["Status events", ...(await throughput()), ...(await latency(server))];
}
