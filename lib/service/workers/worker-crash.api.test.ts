import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { POST } from "@/app/rest/jobs/route";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import type { JobsResponse } from "@/lib/spec/jobs";
import { envelope, invoice } from "@/lib/testing/jobs";
import { call, json, profileWithToken } from "@/lib/testing/rest";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";

import { fixedClock } from "../../platform/clock";
import { readManifest } from "../distribution/send/print-batch";
import { putReceiver } from "../events/receivers";

/*
 * A worker process killed with SIGKILL in the middle of its rounds loses nothing and does nothing
 * twice: after a second worker has finished, every document went out once (one dispatch per job
 * in the print batch, one delivered event per dispatch) and every status event reached the
 * receiver in exactly one batch id (a batch sent again after the crash keeps its id and content).
 */

const JOBS = 240;
let receiver: WebhookReceiver;
let profileId: string;
const workers: ChildProcess[] = [];

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(process.cwd(), "lib/cli/worker.ts")], {
    env: { ...process.env, DATABASE_URL: getEnv().DATABASE_URL, DATA_DIR: getEnv().DATA_DIR, LOG_LEVEL: "error", DEMO_DATA: "false", RENDER_THREADS: "2" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  workers.push(child);
  return child;
}

async function until(what: string, condition: () => Promise<boolean>, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const delivered = () => getDb().dispatch.count({ where: { profileId, status: "delivered" } });

beforeAll(async () => {
  const profile = await profileWithToken("fin-test");
  profileId = profile.id;
  // A slow receiver, so the kill can land while a batch is on its way.
  receiver = await startWebhookReceiver({ basic: { username: "events", password: "pa55word" }, delayMs: 15 });
  await putReceiver(
    getDb(),
    profileId,
    { url: receiver.url, auth: { scheme: "basic", username: "events", password: "pa55word" } },
    fixedClock("2026-11-23T08:00:00Z"),
  );
  const items = Array.from({ length: JOBS }, (_, index) => invoice({ sendtype: "post", ownref: `crash-${index}`, billnum: `CRASH-${index}` }));
  const response = await call(POST, "/fin-test/rest/jobs", { body: envelope(...items), token: profile.token });
  expect((await json<JobsResponse>(response)).accepted).toBe(JOBS);
});

afterAll(async () => {
  for (const worker of workers) if (worker.exitCode === null) worker.kill("SIGKILL");
  await receiver?.close();
});

describe("a worker killed mid-round", () => {
  it("leaves every document sent once and every event delivered once per batch id", async () => {
    const first = startWorker();
    await until("the first worker to deliver a third", async () => (await delivered()) >= JOBS / 3);
    first.kill("SIGKILL");
    await new Promise((resolve) => first.once("exit", resolve));
    const atKill = await delivered();
    expect(atKill).toBeLessThan(JOBS);

    // The dead worker's leases must run out before another takes its dispatches over; shorten them.
    await getDb().dispatch.updateMany({ where: { profileId, status: "pending", leaseUntil: { not: null } }, data: { leaseUntil: new Date(Date.now() - 1) } });
    await getDb().eventReceiver.updateMany({ where: { profileId }, data: { leaseUntil: null, leaseOwner: null } });

    const second = startWorker();
    await until(
      "every document delivered",
      async () => (await delivered()) === JOBS && (await getDb().job.count({ where: { profileId, pendingDocument: { not: null } } })) === 0,
    );
    const lastSeq = (await getDb().event.aggregate({ where: { profileId }, _max: { seq: true } }))._max.seq!;
    await until("every event delivered", async () => {
      const receiverRow = await getDb().eventReceiver.findFirstOrThrow({ where: { profileId } });
      const open = await getDb().eventBatch.count({ where: { receiverId: receiverRow.id, status: { not: "delivered" } } });
      return receiverRow.batchedThroughSeq >= lastSeq && open === 0;
    });
    second.kill("SIGTERM");
    await new Promise((resolve) => second.once("exit", resolve));

    // Documents: one dispatch per job, delivered, in the print batch once, with one delivered event.
    const dispatches = await getDb().dispatch.findMany({ where: { profileId } });
    expect(dispatches).toHaveLength(JOBS);
    expect(new Set(dispatches.map((dispatch) => dispatch.jobId)).size).toBe(JOBS);
    expect(dispatches.every((dispatch) => dispatch.status === "delivered")).toBe(true);
    const printDir = path.join(getEnv().DATA_DIR, "print", "fin-test");
    const entries = (existsSync(printDir) ? readdirSync(printDir) : [])
      .flatMap((date) => readManifest(getEnv().DATA_DIR, "fin-test", date)?.documents ?? [])
      .filter((entry) => entry.profileId === profileId);
    expect(entries).toHaveLength(JOBS);
    expect(new Set(entries.map((entry) => entry.dispatchid))).toEqual(new Set(dispatches.map((dispatch) => dispatch.id)));
    const deliveredEvents = (await getDb().event.findMany({ where: { profileId, type: "delivery" } })).filter(
      (event) => (event.message as { status?: string }).status === "delivered",
    );
    expect(deliveredEvents).toHaveLength(JOBS);
    expect(new Set(deliveredEvents.map((event) => event.jobId)).size).toBe(JOBS);

    // Events: each message in exactly one batch id; a batch posted twice came with the same content.
    const bodiesById = new Map<string, string[]>();
    for (const post of receiver.posts)
      if (post.status === 200) bodiesById.set(post.body.id, [...(bodiesById.get(post.body.id) ?? []), JSON.stringify(post.body.data)]);
    for (const bodies of bodiesById.values()) expect(new Set(bodies).size).toBe(1);
    const received = [...receiver.batches.values()].flatMap((batch) => Object.values(batch.data).flat());
    const stored = await getDb().event.count({ where: { profileId } });
    expect(received).toHaveLength(stored);
    expect(new Set(received.map((message) => JSON.stringify(message))).size).toBe(stored);
  }, 240_000);
});
