import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { getDb } from "../../db/client";
import { resetEnvForTests } from "../../env";
import { fixedClock } from "../../platform/clock";
import { profileWithToken } from "../../testing/rest";
import { startWebhookReceiver, type WebhookReceiver } from "../../testing/webhook-receiver";

import { dispatchEvents } from "./dispatch-events";
import { emitEvents, type NewEvent } from "./emit-events";
import { putReceiver } from "./receivers";
import { redeliverBatch } from "./redeliver-batch";
import { RETRY_WINDOW_MS } from "./retry-schedule";

const HOUR = 60 * 60 * 1000;
let receivers: WebhookReceiver[] = [];

afterEach(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()));
  receivers = [];
});

async function receiverFor(scheme: "basic" | "oauth2", options: { delayMs?: number; expiresIn?: number; environment?: "fin-test" | "fin-prod" } = {}) {
  const { id: profileId, cid } = await profileWithToken(options.environment ?? "fin-test");
  const webhook =
    scheme === "basic"
      ? await startWebhookReceiver({ basic: { username: "events", password: "pa55word" }, delayMs: options.delayMs })
      : await startWebhookReceiver({
          oauth: { clientId: "client-1", clientSecret: "s3cret", scope: "events", expiresIn: options.expiresIn },
          delayMs: options.delayMs,
        });
  receivers.push(webhook);
  const clock = fixedClock("2026-11-22T08:00:00Z");
  await putReceiver(
    getDb(),
    profileId,
    {
      url: webhook.url,
      auth:
        scheme === "basic"
          ? { scheme: "basic", username: "events", password: "pa55word" }
          : { scheme: "oauth2", tokenUrl: webhook.tokenUrl, clientId: "client-1", clientSecret: "s3cret", scope: "events" },
    },
    clock,
  );
  return { profileId, cid, webhook, clock };
}

/** Events of `cases` cases, interleaved, each case's lcstatus codes counting up. */
async function emit(profileId: string, cid: string, count: number, cases = 5) {
  const db = getDb();
  const events: NewEvent[] = Array.from({ length: count }, (_, index) => ({
    environment: "fin-test",
    profileId,
    jobId: (index % cases) + 1,
    type: index % 3 === 0 ? "delivery" : "lcstatus",
    message: { cid, jobid: (index % cases) + 1, n: index },
    createdAt: new Date("2026-11-22T08:00:00Z"),
  }));
  await db.$transaction(async (tx) => emitEvents(db, tx, events));
}

function receivedMessages(webhook: WebhookReceiver): { jobid: number; n: number }[] {
  const bodies = [...webhook.batches.values()];
  return bodies.flatMap((body) => Object.values(body.data).flat() as { jobid: number; n: number }[]);
}

async function drain(clock: ReturnType<typeof fixedClock>, options: Parameters<typeof dispatchEvents>[2] = {}, rounds = 200) {
  for (let round = 0; round < rounds; round++) {
    await dispatchEvents(getDb(), clock, { timeoutMs: 300, ...options });
    const pending = await getDb().eventBatch.count({ where: { status: "pending" } });
    const unbatched = await getDb().eventReceiver.findMany({ select: { profileId: true, batchedThroughSeq: true } });
    const behind = await Promise.all(unbatched.map((r) => getDb().event.count({ where: { profileId: r.profileId, seq: { gt: r.batchedThroughSeq } } })));
    if (pending === 0 && behind.every((n) => n === 0)) return;
    clock.advance(HOUR);
  }
  throw new Error("events were not drained");
}

beforeAll(async () => {
  await getDb().$queryRaw`SELECT 1`;
});

describe("dispatchEvents", () => {
  it("delivers with HTTP Basic in batches of at most 500, in seq order", async () => {
    const { profileId, cid, webhook, clock } = await receiverFor("basic");
    await emit(profileId, cid, 1203);
    const result = await dispatchEvents(getDb(), clock);
    expect(result).toMatchObject({ delivered: 3, messages: 1203, retried: 0, parked: 0 });
    expect([...webhook.batches.values()].map((body) => Object.values(body.data).flat().length)).toEqual([500, 500, 203]);
    expect(webhook.posts[0]!.authorization).toBe(`Basic ${Buffer.from("events:pa55word").toString("base64")}`);
    const ns = receivedMessages(webhook)
      .sort((a, b) => a.n - b.n)
      .map((m) => m.n);
    expect(ns).toEqual(Array.from({ length: 1203 }, (_, i) => i));
    const body = [...webhook.batches.values()][0]!;
    expect(Object.keys(body).sort()).toEqual(["created_at", "data", "id"]);
    expect(Object.keys(body.data).sort()).toEqual(["delivery", "lcstatus"]);
  });

  it("starts a new receiver at the end of the events: history is for polling", async () => {
    const { id: profileId, cid } = await profileWithToken("fin-test");
    await emit(profileId, cid, 7);
    const webhook = await startWebhookReceiver({ basic: { username: "u", password: "p" } });
    receivers.push(webhook);
    const clock = fixedClock("2026-11-22T08:00:00Z");
    await putReceiver(getDb(), profileId, { url: webhook.url, auth: { scheme: "basic", username: "u", password: "p" } }, clock);
    await dispatchEvents(getDb(), clock);
    expect(webhook.posts).toHaveLength(0);
    await emit(profileId, cid, 2);
    await dispatchEvents(getDb(), clock);
    expect(receivedMessages(webhook)).toHaveLength(2);
  });

  it("uses OAuth client credentials (client_secret_post), caches the token and refreshes it on a 401", async () => {
    const { profileId, cid, webhook, clock } = await receiverFor("oauth2");
    await emit(profileId, cid, 3);
    await dispatchEvents(getDb(), clock);
    expect(webhook.tokenRequests).toHaveLength(1);
    expect(Object.fromEntries(webhook.tokenRequests[0]!)).toEqual({
      grant_type: "client_credentials",
      scope: "events",
      client_id: "client-1",
      client_secret: "s3cret",
    });
    const stored = await getDb().eventReceiver.findUniqueOrThrow({ where: { profileId } });
    expect(stored.accessTokenEncrypted).not.toContain("token-");
    expect(stored.secretEncrypted).not.toContain("s3cret");

    await emit(profileId, cid, 3);
    await dispatchEvents(getDb(), clock);
    expect(webhook.tokenRequests).toHaveLength(1);

    webhook.enqueue({ kind: "unauthorized" });
    await emit(profileId, cid, 3);
    const result = await dispatchEvents(getDb(), clock);
    expect(result.delivered).toBe(1);
    expect(webhook.tokenRequests).toHaveLength(2);
    expect(webhook.batches.size).toBe(3);
  });

  it("fetches a new token shortly before the old one expires", async () => {
    const { profileId, cid, webhook, clock } = await receiverFor("oauth2", { expiresIn: 120 });
    await emit(profileId, cid, 1);
    await dispatchEvents(getDb(), clock);
    clock.advance(61_000);
    await emit(profileId, cid, 1);
    await dispatchEvents(getDb(), clock);
    expect(webhook.tokenRequests).toHaveLength(2);
  });

  it("retries 5xx, timeouts and resets with backoff until every event is stored once", async () => {
    const { profileId, cid, webhook, clock } = await receiverFor("oauth2");
    await emit(profileId, cid, 2600, 7);
    webhook.enqueue(
      { kind: "server_error" },
      { kind: "hang" },
      { kind: "ok" },
      { kind: "reset" },
      { kind: "server_error", status: 500 },
      { kind: "ok" },
      { kind: "hang" },
      { kind: "server_error", status: 429 },
    );
    await drain(clock);
    const ids = webhook.posts.map((post) => post.id);
    expect(new Set(ids).size).toBe(6);
    expect(webhook.batches.size).toBe(6);
    const messages = receivedMessages(webhook);
    expect(messages).toHaveLength(2600);
    expect(new Set(messages.map((m) => m.n)).size).toBe(2600);
    // Each case's messages arrive in seq order across the batches.
    const order = [...webhook.posts]
      .filter((post) => post.status === 200)
      .flatMap((post) => {
        const data = post.body.data as Record<string, { jobid: number; n: number }[]>;
        return Object.values(data)
          .flat()
          .sort((a, b) => a.n - b.n);
      });
    for (let job = 1; job <= 7; job++) {
      const ns = order.filter((m) => m.jobid === job).map((m) => m.n);
      expect(ns).toEqual([...ns].sort((a, b) => a - b));
    }
  });

  it("holds later batches back while the oldest waits for its retry", async () => {
    const { profileId, cid, webhook, clock } = await receiverFor("basic");
    await emit(profileId, cid, 1000);
    webhook.enqueue({ kind: "server_error", retryAfter: "600" });
    const first = await dispatchEvents(getDb(), clock);
    expect(first).toMatchObject({ delivered: 0, retried: 1 });
    const batches = await getDb().eventBatch.findMany({ where: { profileId }, orderBy: { fromSeq: "asc" } });
    expect(batches.map((batch) => batch.status)).toEqual(["pending", "pending"]);
    expect(batches[0]!.lastStatus).toBe(503);
    expect(batches[0]!.nextAttemptAt.getTime() - clock.now().getTime()).toBe(600_000);
    clock.advance(599_000);
    expect((await dispatchEvents(getDb(), clock)).delivered).toBe(0);
    clock.advance(1_000);
    expect((await dispatchEvents(getDb(), clock)).delivered).toBe(2);
    expect(webhook.posts.map((post) => post.id)).toEqual([batches[0]!.id, batches[0]!.id, batches[1]!.id]);
  });

  it("parks a batch after the retry window, then lets the later batches go", async () => {
    const { profileId, cid, webhook, clock } = await receiverFor("basic");
    await emit(profileId, cid, 600);
    webhook.enqueue(...Array.from({ length: 200 }, () => ({ kind: "server_error" as const })));
    const start = clock.now().getTime();
    for (let i = 0; i < 200; i++) {
      await dispatchEvents(getDb(), clock);
      const head = await getDb().eventBatch.findFirst({ where: { profileId }, orderBy: { fromSeq: "asc" } });
      if (head!.status === "failed") break;
      clock.set(head!.nextAttemptAt);
    }
    const parkedAt = clock.now().getTime();
    // The later batch went on at once and met the remaining injected faults; now the receiver is well.
    webhook.clearFaults();
    clock.advance(HOUR);
    await dispatchEvents(getDb(), clock);
    const [parked, later] = await getDb().eventBatch.findMany({ where: { profileId }, orderBy: { fromSeq: "asc" } });
    expect(parked!.status).toBe("failed");
    expect(parkedAt - start).toBeGreaterThanOrEqual(24 * HOUR);
    expect(parkedAt - start).toBeLessThanOrEqual(RETRY_WINDOW_MS);
    expect(parked!.lastError).toMatch(/retries ended/);
    expect(later!.status).toBe("delivered");
  });

  it("parks a 4xx at once, keeping only the answer's status line", async () => {
    const { profileId, cid, webhook, clock } = await receiverFor("basic");
    await emit(profileId, cid, 700);
    webhook.enqueue({ kind: "client_error", status: 422 });
    const result = await dispatchEvents(getDb(), clock);
    expect(result).toMatchObject({ parked: 1, delivered: 1 });
    const parked = await getDb().eventBatch.findFirstOrThrow({ where: { profileId, status: "failed" } });
    expect(parked.lastStatus).toBe(422);
    expect(parked.lastResponse).toBe("422 Unprocessable Entity");
    expect(parked.attempts).toBe(1);
  });

  it("never connects a production environment's receiver to a private address, whatever the allow list", async () => {
    // PUT /events/receiver refuses such an address; this one was stored as a public name that now resolves to loopback.
    const { profileId, cid, webhook, clock } = await receiverFor("oauth2", { environment: "fin-prod" });
    await emit(profileId, cid, 3);
    expect(await dispatchEvents(getDb(), clock)).toMatchObject({ delivered: 0, retried: 1 });
    const batch = await getDb().eventBatch.findFirstOrThrow({ where: { profileId } });
    expect(batch.lastError).toMatch(/^token endpoint unreachable: connection refused: 127\.0\.0\.1 is a loopback address/);
    expect(batch.lastResponse).toBeNull();
    expect(webhook.tokenRequests).toHaveLength(0);
    expect(webhook.posts).toHaveLength(0);
  });

  it("connects a test environment's receiver to a private address only when the operator allows it", async () => {
    const { profileId, cid, webhook, clock } = await receiverFor("basic");
    vi.stubEnv("PRIVATE_NETWORK_ALLOWLIST", "10.0.0.0/8");
    resetEnvForTests();
    try {
      await emit(profileId, cid, 3);
      expect(await dispatchEvents(getDb(), clock)).toMatchObject({ delivered: 0, retried: 1 });
      expect((await getDb().eventBatch.findFirstOrThrow({ where: { profileId } })).lastError).toMatch(
        /^receiver unreachable: connection refused: 127\.0\.0\.1 is a loopback address/,
      );
      expect(webhook.posts).toHaveLength(0);
    } finally {
      vi.unstubAllEnvs();
      resetEnvForTests();
    }
    clock.advance(HOUR);
    expect(await dispatchEvents(getDb(), clock)).toMatchObject({ delivered: 1 });
    expect(webhook.posts).toHaveLength(1);
  });

  it("never lets two dispatchers send for one receiver at the same time", async () => {
    const { profileId, cid, webhook, clock } = await receiverFor("basic", { delayMs: 15 });
    await emit(profileId, cid, 5000);
    const [a, b] = await Promise.all([dispatchEvents(getDb(), clock, { owner: "worker-a" }), dispatchEvents(getDb(), clock, { owner: "worker-b" })]);
    expect(a.delivered + b.delivered).toBe(10);
    expect(Math.min(a.delivered, b.delivered)).toBe(0);
    expect(webhook.maxInFlight()).toBe(1);
    expect(webhook.posts).toHaveLength(10);
    expect(new Set(webhook.posts.map((post) => post.id)).size).toBe(10);
  });

  it("resends the same batch id after a worker died mid-send and its lease ran out", async () => {
    const { profileId, cid, webhook, clock } = await receiverFor("basic");
    await emit(profileId, cid, 10);
    let arrived!: () => void;
    const sent = new Promise<void>((resolve) => (arrived = resolve));
    // The dying worker's request reaches the receiver, but the worker never hears the answer.
    const dying: typeof fetch = async (input, init) => {
      await fetch(input, init);
      arrived();
      return new Promise<Response>(() => undefined);
    };
    void dispatchEvents(getDb(), clock, { owner: "dying", fetch: dying, leaseMs: 60_000 });
    await sent;
    expect(await dispatchEvents(getDb(), clock, { owner: "survivor" })).toMatchObject({ delivered: 0 });
    clock.advance(61_000);
    expect(await dispatchEvents(getDb(), clock, { owner: "survivor" })).toMatchObject({ delivered: 1, messages: 10 });
    expect(webhook.posts).toHaveLength(2);
    expect(webhook.posts[0]!.id).toBe(webhook.posts[1]!.id);
    expect(webhook.batches.size).toBe(1);
    const batch = await getDb().eventBatch.findFirstOrThrow({ where: { profileId } });
    expect(batch).toMatchObject({ status: "delivered", attempts: 1 });
  });

  it("parks a batch whose token endpoint refuses the credentials, keeping its status line, and redelivers it once they are right", async () => {
    const { profileId, cid, webhook, clock } = await receiverFor("oauth2");
    await getDb().eventReceiver.update({ where: { profileId }, data: { clientId: "wrong" } });
    await emit(profileId, cid, 1);
    expect(await dispatchEvents(getDb(), clock)).toMatchObject({ parked: 1, retried: 0 });
    const batch = await getDb().eventBatch.findFirstOrThrow({ where: { profileId } });
    expect(batch).toMatchObject({ status: "failed", attempts: 1, lastStatus: 401, lastError: "token endpoint answered 401" });
    expect(batch.lastResponse).toBe("401 Unauthorized");
    expect(webhook.posts).toHaveLength(0);

    // The API user corrects the receiver and redelivers the parked batch: the same id arrives.
    await getDb().eventReceiver.update({ where: { profileId }, data: { clientId: "client-1" } });
    await redeliverBatch(getDb(), profileId, batch.id, clock);
    expect(await dispatchEvents(getDb(), clock)).toMatchObject({ delivered: 1 });
    expect(webhook.posts.map((post) => post.id)).toEqual([batch.id]);
  });

  it("retries a token endpoint that fails for the moment (5xx, timeout), then delivers", async () => {
    const { profileId, cid, webhook, clock } = await receiverFor("oauth2");
    webhook.enqueueToken({ kind: "server_error", status: 503 }, { kind: "hang" });
    await emit(profileId, cid, 1);
    expect(await dispatchEvents(getDb(), clock, { timeoutMs: 300 })).toMatchObject({ retried: 1, parked: 0 });
    const batch = await getDb().eventBatch.findFirstOrThrow({ where: { profileId } });
    expect(batch).toMatchObject({ status: "pending", lastStatus: 503, lastError: "token endpoint answered 503" });
    clock.set(batch.nextAttemptAt);
    expect(await dispatchEvents(getDb(), clock, { timeoutMs: 300 })).toMatchObject({ retried: 1, parked: 0 });
    expect(await getDb().eventBatch.findFirstOrThrow({ where: { profileId } })).toMatchObject({
      status: "pending",
      lastStatus: null,
      lastError: "token endpoint unreachable: timed out",
    });
    clock.advance(HOUR);
    expect(await dispatchEvents(getDb(), clock, { timeoutMs: 300 })).toMatchObject({ delivered: 1 });
    expect(webhook.tokenRequests).toHaveLength(3);
  });
});
