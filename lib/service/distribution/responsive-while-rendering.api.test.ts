import { monitorEventLoopDelay } from "node:perf_hooks";

import { beforeAll, describe, expect, it } from "vitest";

import { POST } from "@/app/rest/jobs/route";
import { GET as getClock } from "@/app/rest/testing/clock/route";
import { getDb } from "@/lib/db/client";
import type { JobsResponse } from "@/lib/spec/jobs";
import { envelope, invoice } from "@/lib/testing/jobs";
import { call, demoToken, json } from "@/lib/testing/rest";

import { fixedClock } from "../../platform/clock";
import { warmBankHolidays } from "../calendar/bank-holidays";
import { warmRenderPool } from "../render/render-pool";

import { distributeDocuments } from "./distribute-documents";

/*
 * A distribution round renders its documents on the render pool's threads, so the thread that
 * answers requests stays free: a request made while 200 invoices render is answered at once.
 * (Before the pool, a round of 100 documents held every request for 2 to 3 s.)
 */

let token: string;

beforeAll(async () => {
  token = await demoToken("fin-test");
  const items = Array.from({ length: 200 }, (_, index) => invoice({ sendtype: "post", billnum: `RESP-${index}`, ownref: `responsive-${index}` }));
  const response = await call(POST, "/fin-test/rest/jobs", { body: envelope(...items), token });
  const body = await json<JobsResponse>(response);
  expect(body.result.filter((result) => result.jobid !== null)).toHaveLength(200);
});

describe("a distribution round of 200 documents", () => {
  it("leaves requests answered within 250 ms while it renders", async () => {
    // The route's first call loads its modules, and the app starts its render threads and works
    // out the bank calendars at start: none of it is what this test measures.
    await (await call(getClock, "/fin-test/rest/testing/clock", { method: "GET", token })).json();
    await warmRenderPool();
    warmBankHolidays(new Date());
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    let done = false;
    const started = performance.now();
    const round = distributeDocuments(getDb(), fixedClock("2026-11-23T08:00:00Z"), { limit: 200 }).finally(() => {
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
    const summary = await round;
    delay.disable();
    const roundMs = performance.now() - started;

    expect(summary.delivered).toBe(200);
    // The requests were made during the round, not after it.
    expect(latencies.length).toBeGreaterThanOrEqual(Math.min(10, Math.floor(roundMs / 100)));
    expect(Math.max(...latencies)).toBeLessThan(250);
    expect(delay.max / 1e6).toBeLessThan(250);
  });
});
