import { randomUUID } from "node:crypto";
import os from "node:os";

import type { Db } from "../../db/client";
import { errorFields, log } from "../../log";
import type { Clock } from "../../platform/clock";
import { leaseFree, leaseUntil } from "../../platform/lease";
import { metrics } from "../../platform/metrics";
import { outboundFetch } from "../../platform/outbound/outbound-fetch";
import { environment as environmentById, isEnvironmentId } from "../../spec/environments";
import { JOB_KINDS } from "../workers/job-kinds";

import { batchEnvelope } from "./batch-envelope";
import { cutBatches } from "./cut-batches";
import { eventReceiverTokenSaver, postToReceiver, type ReceiverCredentials } from "./receiver-auth";
import { RETRY_WINDOW_MS, retryDelay } from "./retry-schedule";

/*
 * Sends the profiles' status events to their receivers. A dispatcher claims a receiver with a
 * lease (a conditional update, so two workers never hold it at once), cuts its new events into
 * batches, and sends its pending batches oldest first, one at a time: one sender per receiver
 * keeps each case's messages in order. A batch waiting for a retry holds back the later ones;
 * a parked batch does not. A worker that dies mid-send loses nothing: its lease runs out and the
 * next worker sends the same batch, with the same id, again.
 */

interface DispatchOptions {
  /** Who holds the leases; unique per worker. */
  owner?: string;
  /** Replaces the guarded fetch (lib/platform/outbound) that refuses private addresses. */
  fetch?: typeof fetch;
  /** How long the receiver (and its token endpoint) may take to answer. */
  timeoutMs?: number;
  /** How long a claim lasts without renewal; every recorded attempt renews it. */
  leaseMs?: number;
  /** Receivers served at once by this call. */
  concurrency?: number;
  /** A claim is given up after this long, so one receiver's backlog does not starve the others. */
  maxClaimMs?: number;
  random?: () => number;
}

interface DispatchResult {
  delivered: number;
  messages: number;
  retried: number;
  parked: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

const processOwner = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

interface Settings {
  owner: string;
  fetchFor: (isTest: boolean) => typeof fetch;
  timeoutMs: number;
  leaseMs: number;
  maxClaimMs: number;
  random: () => number;
}

export async function dispatchEvents(db: Db, clock: Clock, options: DispatchOptions = {}): Promise<DispatchResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const settings: Settings = {
    owner: options.owner ?? processOwner,
    fetchFor: (isTest) => options.fetch ?? outboundFetch(isTest),
    timeoutMs,
    // Longer than a token fetch and a send together, so a live sender never loses its claim.
    leaseMs: options.leaseMs ?? Math.max(JOB_KINDS.eventBatch.leaseMs, 3 * timeoutMs),
    maxClaimMs: options.maxClaimMs ?? 15_000,
    random: options.random ?? Math.random,
  };
  const result: DispatchResult = { delivered: 0, messages: 0, retried: 0, parked: 0 };
  const waiting = await receiversWithWork(db, clock);
  const concurrency = Math.max(1, options.concurrency ?? JOB_KINDS.eventBatch.receiversAtOnce);
  let next = 0;
  const lanes = Array.from({ length: Math.min(concurrency, waiting.length) }, async () => {
    while (next < waiting.length) {
      const receiverId = waiting[next++]!;
      try {
        await serveReceiver(db, clock, receiverId, settings, result);
      } catch (error) {
        log.error("event dispatch failed", { receiverId, ...errorFields(error) });
      }
    }
  });
  await Promise.all(lanes);
  return result;
}

/** Receivers free to claim that have new events or a batch due. Cheap when idle: index lookups only. */
async function receiversWithWork(db: Db, clock: Clock): Promise<string[]> {
  const now = clock.now();
  const free = await db.eventReceiver.findMany({
    where: { active: true, ...leaseFree(now) },
    select: { id: true, profileId: true, batchedThroughSeq: true },
    orderBy: { updatedAt: "asc" },
  });
  if (free.length === 0) return [];
  const due = await db.eventBatch.groupBy({
    by: ["receiverId"],
    where: { receiverId: { in: free.map((receiver) => receiver.id) }, status: "pending", nextAttemptAt: { lte: now } },
  });
  const dueIds = new Set(due.map((row) => row.receiverId));
  const flags = await Promise.all(
    free.map(async (receiver) => {
      if (dueIds.has(receiver.id)) return true;
      const newer = await db.event.findFirst({ where: { profileId: receiver.profileId, seq: { gt: receiver.batchedThroughSeq } }, select: { seq: true } });
      return newer !== null;
    }),
  );
  return free.filter((_, index) => flags[index]).map((receiver) => receiver.id);
}

async function serveReceiver(db: Db, clock: Clock, receiverId: string, settings: Settings, result: DispatchResult): Promise<void> {
  const now = clock.now();
  const claimed = await db.eventReceiver.updateMany({
    where: { id: receiverId, active: true, ...leaseFree(now) },
    data: { leaseUntil: leaseUntil(now, settings.leaseMs), leaseOwner: settings.owner },
  });
  if (claimed.count !== 1) return;
  const started = Date.now();
  let fetch: typeof globalThis.fetch | undefined;
  try {
    for (;;) {
      if (Date.now() - started > settings.maxClaimMs) return;
      const receiver = await db.eventReceiver.findFirst({ where: { id: receiverId, leaseOwner: settings.owner } });
      if (!receiver) return;
      fetch ??= settings.fetchFor(await isTestProfile(db, receiver.profileId));
      const head = await db.eventBatch.findFirst({ where: { receiverId, status: "pending" }, orderBy: { fromSeq: "asc" } });
      if (!head) {
        if ((await cutBatches(db, receiver, settings.owner, clock)) === 0) return;
        continue;
      }
      if (head.nextAttemptAt.getTime() > clock.now().getTime()) return;
      const outcome = await sendBatch(db, clock, receiver, head, settings, fetch);
      if (outcome === "lost") return;
      if (outcome === "delivered") {
        result.delivered += 1;
        result.messages += head.count;
        metrics().eventsDispatched.inc(head.count);
      } else if (outcome === "parked") {
        result.parked += 1;
        metrics().receiverFailures.inc({ outcome: "parked" });
      } else {
        result.retried += 1;
        metrics().receiverFailures.inc({ outcome: "retry" });
        return;
      }
    }
  } finally {
    await db.eventReceiver.updateMany({ where: { id: receiverId, leaseOwner: settings.owner }, data: { leaseUntil: null, leaseOwner: null } });
  }
}

/** A receiver of a production environment (or of a profile gone) gets no allow-listed private address. */
async function isTestProfile(db: Db, profileId: string): Promise<boolean> {
  const profile = await db.profile.findUnique({ where: { id: profileId }, select: { environment: true } });
  return profile !== null && isEnvironmentId(profile.environment) && environmentById(profile.environment).isTest;
}

type Batch = NonNullable<Awaited<ReturnType<Db["eventBatch"]["findFirst"]>>>;
type Receiver = ReceiverCredentials & { url: string; profileId: string };

async function sendBatch(
  db: Db,
  clock: Clock,
  receiver: Receiver,
  batch: Batch,
  settings: Settings,
  fetch: typeof globalThis.fetch,
): Promise<"delivered" | "retried" | "parked" | "lost"> {
  const body = JSON.stringify(await batchEnvelope(db, batch));
  const attempt = await postToReceiver(receiver, body, { clock, fetch, timeoutMs: settings.timeoutMs, saveToken: eventReceiverTokenSaver(db, receiver.id) });
  const now = clock.now();
  const attempts = batch.attempts + 1;
  let data: Parameters<Db["eventBatch"]["update"]>[0]["data"];
  let result: "delivered" | "retried" | "parked";
  if (attempt.outcome === "delivered") {
    data = { status: "delivered", deliveredAt: now, lastError: null };
    result = "delivered";
  } else {
    const windowEnd = (await retryWindowStart(db, batch, now)).getTime() + RETRY_WINDOW_MS;
    const retryAt = now.getTime() + retryDelay(attempts, settings.random(), attempt.retryAfterMs);
    if (attempt.outcome === "retry" && retryAt < windowEnd) {
      data = { nextAttemptAt: new Date(retryAt), lastError: attempt.error };
      result = "retried";
    } else {
      // A parked batch records when it was parked in nextAttemptAt: it has no next attempt of its own.
      const why = attempt.outcome === "retry" ? `${attempt.error}; retries ended ${RETRY_WINDOW_MS / 3_600_000} h after the first attempt` : attempt.error;
      data = { status: "failed", nextAttemptAt: now, lastError: why };
      result = "parked";
    }
  }
  // Renewing the lease in the same transaction proves the claim is still ours: a worker whose
  // lease ran out (and whose batch another worker took over) records nothing.
  const recorded = await db.$transaction(async (tx) => {
    const renewed = await tx.eventReceiver.updateMany({
      where: { id: receiver.id, leaseOwner: settings.owner },
      data: { leaseUntil: leaseUntil(clock.now(), settings.leaseMs) },
    });
    if (renewed.count !== 1) return false;
    await tx.eventBatch.update({
      where: { id: batch.id },
      data: { ...data, attempts, lastStatus: attempt.status, lastResponse: attempt.response },
    });
    return true;
  });
  if (!recorded) return "lost";
  if (result !== "delivered")
    log.warn("event batch not delivered", { receiverId: receiver.id, batchId: batch.id, result, status: attempt.status, error: attempt.error, attempts });
  return result;
}

/**
 * When the batch's retries began: when it became the receiver's oldest pending batch, that is the
 * later of its creation and the moment the batch before it was settled (delivered, or parked,
 * which records its time in nextAttemptAt). The schema keeps no first-attempt time of its own.
 */
async function retryWindowStart(db: Db, batch: Batch, now: Date): Promise<Date> {
  if (batch.attempts === 0) return now;
  const [delivered, parked] = await Promise.all([
    db.eventBatch.aggregate({ where: { receiverId: batch.receiverId, fromSeq: { lt: batch.fromSeq }, status: "delivered" }, _max: { deliveredAt: true } }),
    db.eventBatch.aggregate({ where: { receiverId: batch.receiverId, fromSeq: { lt: batch.fromSeq }, status: "failed" }, _max: { nextAttemptAt: true } }),
  ]);
  const times = [batch.createdAt, delivered._max.deliveredAt, parked._max.nextAttemptAt].filter((time): time is Date => time instanceof Date);
  return new Date(Math.max(...times.map((time) => time.getTime())));
}
