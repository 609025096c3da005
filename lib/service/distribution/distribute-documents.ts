import { randomUUID } from "node:crypto";
import os from "node:os";

import type { Db } from "../../db/client";
import { errorFields, log } from "../../log";
import { leaseFree } from "../../platform/lease";
import type { Clock } from "../clock";
import { renderThreads } from "../render/render-pool";
import { JOB_KINDS } from "../workers/job-kinds";

import { queueDispatches } from "./queue-dispatches";
import { PrintRound } from "./send/print-batch";
import { claimDispatches, sendDispatch, type DispatchOutcome } from "./send-dispatch";

/*
 * The distribution worker: one round turns waiting documents (Job.pendingDocument) into
 * dispatches, then sends the dispatches that are due: new ones, retries whose wait is over, and
 * those whose worker's lease ran out. A secondary channel created by a failure is tried in the
 * same round. Documents are made in parallel on the render pool's threads, a few dispatches at a
 * time. Safe to run in several processes at once.
 */

export interface DistributeOptions {
  /** Names this worker in leases; one per process by default. */
  owner?: string;
  /** At most this many jobs queued and dispatches sent per round. */
  limit?: number;
  /** Dispatches made and sent at once; two per render pool thread by default. */
  concurrency?: number;
}

export interface DistributeSummary {
  queued: number;
  delivered: number;
  errors: number;
  retries: number;
  /** Notices not sent because their case was settled meanwhile. */
  cancelled: number;
  /** Dispatches left to a later round by an unexpected failure (logged). */
  failures: number;
  /** The round took as much as its limit allowed: more is likely waiting, so the next round starts at once. */
  full: boolean;
}

const DEFAULT_OWNER = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

export async function distributeDocuments(db: Db, clock: Clock, options: DistributeOptions = {}): Promise<DistributeSummary> {
  const owner = options.owner ?? DEFAULT_OWNER;
  const limit = options.limit ?? 100;
  const queued = await queueDispatches(db, clock, limit);
  const now = clock.now();
  const due = await db.dispatch.findMany({
    where: {
      status: "pending",
      AND: [{ OR: [{ nextAttemptAt: null }, { nextAttemptAt: { lte: now } }] }, leaseFree(now)],
    },
    orderBy: { createdAt: "asc" },
    select: { id: true },
    take: limit,
  });
  // Claimed together: another worker's round, a moment later, finds the next ones instead of these.
  const claimed = new Set(await claimDispatches(db, clock, owner, due.map((row) => row.id)));
  const summary: DistributeSummary = { queued: queued.length, delivered: 0, errors: 0, retries: 0, cancelled: 0, failures: 0, full: queued.length === limit || due.length === limit };
  const work = [...claimed];
  const count = (outcome: DispatchOutcome) => {
    if (outcome.result === "delivered") summary.delivered++;
    if (outcome.result === "error") summary.errors++;
    if (outcome.result === "retry") summary.retries++;
    if (outcome.result === "cancelled") summary.cancelled++;
  };
  // The print batches' manifest.json is rebuilt once for the round, not after every letter.
  const printRound = new PrintRound();
  // Two lanes per render thread keep every thread busy while the other lane of its pair waits for
  // the database or a channel; more would only queue renders, and a person's Get PDF would queue
  // behind them.
  const lanes = Math.max(1, options.concurrency ?? JOB_KINDS.dispatch.lanesPerRenderThread * renderThreads());
  let next = 0;
  const lane = async () => {
    // Secondary channels are few (a job names two or three at most): they do not count against the limit.
    while (next < work.length) {
      const id = work[next++]!;
      try {
        const outcome = await sendDispatch(db, clock, owner, id, printRound, { claimed: claimed.has(id) });
        count(outcome);
        if (outcome.secondaryId) work.push(outcome.secondaryId);
      } catch (error) {
        // The database failed around the send: the lease runs out and a later round sends it again.
        summary.failures++;
        log.error("dispatch round step failed", { dispatchId: id, ...errorFields(error) });
      }
    }
  };
  try {
    // A lane that finds the list empty ends; a secondary pushed after that is taken by a lane still running.
    await Promise.all(Array.from({ length: lanes }, lane));
  } finally {
    await printRound.close();
  }
  return summary;
}
