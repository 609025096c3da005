import { monitorEventLoopDelay } from "node:perf_hooks";

import { afterAll, describe, expect, it } from "vitest";

import { POST } from "@/app/rest/jobs/route";
import { getDb } from "@/lib/db/client";
import { collectMetrics } from "@/lib/platform/metrics";
import type { JobsResponse } from "@/lib/spec/jobs";
import { envelope, invoice } from "@/lib/testing/jobs";
import { call, demoToken, json } from "@/lib/testing/rest";

import { startBackgroundThread, type BackgroundThread } from "./background-thread";

/*
 * The app's background thread: it runs the loops beside the thread that answers requests, is woken
 * by that thread's commits, and its counts reach /metrics.
 */

let thread: BackgroundThread | undefined;

afterAll(async () => {
  await thread?.stop();
});

async function until(condition: () => Promise<boolean>, ms: number): Promise<boolean> {
  for (const started = Date.now(); Date.now() - started < ms;) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return condition();
}

describe("the background thread", () => {
  it("sends what the request thread takes in, leaves that thread's event loop free, and reports to /metrics", async () => {
    const token = await demoToken("fin-test");
    thread = startBackgroundThread();
    expect(startBackgroundThread()).toBe(thread);
    await thread.ready;

    const items = Array.from({ length: 40 }, (_, index) =>
      invoice({ sendtype: index % 2 ? "email" : "post", email: `debtor-${index}@example.fi`, ownref: `thread-${index}` }),
    );
    const response = await call(POST, "/fin-test/rest/jobs", { body: envelope(...items), token });
    expect((await json<JobsResponse>(response)).accepted).toBe(40);
    const jobIds = (await getDb().job.findMany({ where: { ownref: { startsWith: "thread-" } }, select: { id: true } })).map((job) => job.id);

    // The documents are made and sent elsewhere: this thread only waits.
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const sent = await until(async () => (await getDb().dispatch.count({ where: { jobId: { in: jobIds }, status: "delivered" } })) === 40, 60_000);
    delay.disable();
    expect(sent).toBe(true);
    expect(delay.max / 1e6).toBeLessThan(200);
    const events = await getDb().event.findMany({ where: { jobId: { in: jobIds }, type: "delivery" }, select: { message: true } });
    expect(events.filter((event) => (event.message as { status?: string }).status === "delivered")).toHaveLength(40);

    const { text } = await collectMetrics();
    // The thread's counts, summed into this thread's registry, and this thread's own event loop.
    expect(text).toMatch(/^dispatches_total\{sendtype="email",result="delivered"\} 20$/m);
    expect(text).toMatch(/^dispatches_total\{sendtype="post",result="delivered"\} 20$/m);
    expect(text).toMatch(/^background_runs_total\{loop="distribute-documents",outcome="ok"\} \d+$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
  }, 120_000);

  it("stops: the current runs finish, nothing runs after, and a new start is a new thread", async () => {
    const running = thread ?? startBackgroundThread();
    await running.ready;
    await running.stop();
    const token = await demoToken("fin-test");
    const response = await call(POST, "/fin-test/rest/jobs", { body: envelope(invoice({ sendtype: "post", ownref: "after-stop" })), token });
    const jobid = (await json<JobsResponse>(response)).result[0]!.jobid!;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await getDb().dispatch.count({ where: { jobId: jobid } })).toBe(0);
    expect((await getDb().job.findUniqueOrThrow({ where: { id: jobid } })).pendingDocument).toBe("original");

    thread = startBackgroundThread();
    expect(thread).not.toBe(running);
    await thread.ready;
    expect(await until(async () => (await getDb().dispatch.count({ where: { jobId: jobid, status: "delivered" } })) === 1, 30_000)).toBe(true);
  }, 120_000);
});
