import { monitorEventLoopDelay, performance } from "node:perf_hooks";

import { beforeAll, describe, expect, it } from "vitest";

import { POST as statements } from "@/app/rest/payments/statements/route";
import { GET as getClock } from "@/app/rest/testing/clock/route";
import { metrics } from "@/lib/platform/metrics";
import { largeStatement } from "@/lib/testing/large-statement";
import { call, demoToken, json } from "@/lib/testing/rest";

import { warmRenderPool } from "../render/render-pool";

/*
 * A bank statement of 20 MiB is read (XML parsed, its entries checked, its hash taken) on a render
 * pool thread, so the thread that answers requests stays free meanwhile: on that thread the parse
 * held every other request for the whole read, well over a second.
 */

let token: string;

beforeAll(async () => {
  token = await demoToken("fin-test");
});

async function statementReadings(): Promise<number> {
  const counted = await metrics().renders.get();
  return counted.values.filter((value) => value.labels.task === "readStatement" && value.labels.outcome === "ok").reduce((sum, value) => sum + value.value, 0);
}

describe("a 20 MiB bank statement", () => {
  it("is read on a render thread while the request thread answers other requests", async () => {
    const file = largeStatement(20 * 1024 * 1024, `LARGE-${Date.now()}`);
    // The routes' first calls load their modules, and the app starts its render threads at start:
    // neither is what this test measures.
    await (await call(getClock, "/fin-test/rest/testing/clock", { method: "GET", token })).json();
    await warmRenderPool();
    const readingsBefore = await statementReadings();

    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const utilization = performance.eventLoopUtilization();
    let done = false;
    const started = performance.now();
    const importing = call(statements, "/fin-test/rest/payments/statements", {
      raw: new Uint8Array(file),
      token,
      headers: { "content-type": "application/xml" },
    }).finally(() => {
      done = true;
    });
    const latencies: number[] = [];
    while (!done) {
      const sent = performance.now();
      const response = await call(getClock, "/fin-test/rest/testing/clock", { method: "GET", token });
      expect(response.status).toBe(200);
      await response.json();
      latencies.push(performance.now() - sent);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const response = await importing;
    const importMs = performance.now() - started;
    const used = performance.eventLoopUtilization(utilization);
    delay.disable();

    expect(response.status).toBe(201);
    expect(await json(response)).toMatchObject({ kind: "camt.053", booked: 0, unmatched: 1 });
    expect(await statementReadings()).toBe(readingsBefore + 1);
    // The requests were made during the import, not after it.
    expect(latencies.length).toBeGreaterThanOrEqual(Math.min(10, Math.floor(importMs / 100)));
    // Read on the request thread, the file held that thread, and every request, for the whole
    // import (busy 100 % of it, 3.6 to 15 s on a loaded 2-core machine); now 12 to 20 %: the
    // other requests, the body and the booking. A request's own time includes the database's,
    // which on a loaded machine (PostgreSQL shares its cores) alone may pass 250 ms; the event
    // loop's delay is the request thread's own.
    expect(used.utilization).toBeLessThan(0.5);
    expect(delay.max / 1e6).toBeLessThan(250);
    expect(Math.max(...latencies)).toBeLessThan(500);
  });
});
