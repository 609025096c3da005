import { randomUUID } from "node:crypto";
import os from "node:os";

import type { Db } from "../../db/client";
import { errorFields, log } from "../../log";
import type { Clock } from "../../platform/clock";
import { renderThreads } from "../render/render-pool";
import { JOB_KINDS } from "../workers/job-kinds";

import { deliverDispatch, type LoadedDispatch } from "./deliver-dispatch";
import { claimDispatches, dueDispatchIds, loadDispatches } from "./load-dispatches";
import { isSettled, queueDispatches } from "./queue-dispatches";
import { recordOutcomes, type Outcome } from "./record-outcomes";
import { PrintRound } from "./send/print-batch";

/*
 * The distribution worker: one round turns waiting documents (Job.pendingDocument) into
 * dispatches, then sends the dispatches that are due: new ones, retries whose wait is over, and
 * those whose worker's lease ran out. A round works in a few statements whatever its size: its
 * dispatches are claimed in one, their jobs and profiles read in a few, and their outcomes written
 * in chunks (record-outcomes.ts), each after the chunk's print lines are in their batch. Documents
 * are made in parallel on the render pool's threads. A secondary channel created by a failure is
 * tried in the same round. Safe to run in several processes at once.
 */

interface DistributeOptions {
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

/**
 * Outcomes written per transaction. A worker that dies sends again what it had sent but not yet
 * recorded (each e-mail with its Message-ID, each file under its name, each print line replacing
 * the one before): a chunk bounds that, and the write lock is held for a chunk's few statements.
 */
const RECORD_CHUNK = 25;

export async function distributeDocuments(db: Db, clock: Clock, options: DistributeOptions = {}): Promise<DistributeSummary> {
  const owner = options.owner ?? DEFAULT_OWNER;
  const limit = options.limit ?? 100;
  const queued = await queueDispatches(db, clock, limit);
  const due = await dueDispatchIds(db, clock, limit);
  // Claimed together: another worker's round, a moment later, finds the next ones instead of these.
  let wave = await claimDispatches(db, clock, owner, due);
  const summary: DistributeSummary = {
    queued: queued.length,
    delivered: 0,
    errors: 0,
    retries: 0,
    cancelled: 0,
    failures: 0,
    full: queued.length === limit || due.length === limit,
  };
  // Two lanes per render thread keep every thread busy while the other lane of its pair waits for
  // the database or a channel; more would only queue renders, and a person's Get PDF would queue
  // behind them.
  const lanes = Math.max(1, options.concurrency ?? JOB_KINDS.dispatch.lanesPerRenderThread * renderThreads());
  const printRound = new PrintRound();
  try {
    // Secondary channels are few (a job names two or three at most): they do not count against the limit.
    while (wave.length > 0) {
      const secondaries = await sendWave(db, clock, owner, wave, { lanes, printRound, summary });
      wave = await claimDispatches(db, clock, owner, secondaries);
    }
  } finally {
    await printRound.close();
  }
  return summary;
}

async function sendWave(
  db: Db,
  clock: Clock,
  owner: string,
  wave: Awaited<ReturnType<typeof claimDispatches>>,
  { lanes, printRound, summary }: { lanes: number; printRound: PrintRound; summary: DistributeSummary },
): Promise<string[]> {
  const ready: LoadedDispatch[] = [];
  for (const entry of await loadDispatches(db, clock, wave)) {
    if ("loaded" in entry) ready.push(entry.loaded);
    else {
      // The lease runs out and a later round tries again; the log says which row is wrong.
      summary.failures++;
      log.error("dispatch has no job or profile of its own", { dispatchId: entry.dispatch.id, jobId: entry.dispatch.jobId, missing: entry.missing });
    }
  }
  const secondaries: string[] = [];
  let buffered: Outcome[] = [];
  let writing = Promise.resolve();
  const record = (chunk: Outcome[]) => {
    writing = writing.then(async () => {
      try {
        // The chunk's print lines first: a document is recorded as delivered only once it is in its batch.
        await printRound.flush();
        const recorded = await recordOutcomes(db, clock, owner, chunk);
        summary.delivered += recorded.delivered;
        summary.errors += recorded.errors;
        summary.retries += recorded.retries;
        summary.cancelled += recorded.cancelled;
        secondaries.push(...recorded.secondaryIds);
      } catch (error) {
        // The database or the disk failed: the leases run out and a later round sends them again.
        summary.failures += chunk.length;
        log.error("dispatch outcomes not recorded", { dispatches: chunk.length, ...errorFields(error) });
      }
    });
  };
  const done = (outcome: Outcome) => {
    buffered.push(outcome);
    if (buffered.length >= RECORD_CHUNK) {
      record(buffered);
      buffered = [];
    }
  };

  let next = 0;
  const lane = async () => {
    while (next < ready.length) {
      const loaded = ready[next++]!;
      // Paid or closed since the notice was asked for: it is not sent.
      if (loaded.dispatch.document !== "original" && isSettled(loaded.job)) done({ loaded, cancelled: true });
      else done({ loaded, result: await deliverDispatch(db, loaded, printRound) });
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, ready.length) }, lane));
  if (buffered.length > 0) record(buffered);
  await writing;
  return secondaries;
}
