import { randomUUID } from "node:crypto";
import os from "node:os";

import type { Db } from "../../db/client";
import type { Dispatch } from "../../db/generated/sqlite/client";
import { errorFields, log } from "../../log";
import { Backoff } from "../../platform/backoff";
import type { Clock } from "../../platform/clock";
import { yieldWhenLong } from "../../platform/in-slices";
import { RunFailure } from "../../platform/run-loops";
import { renderThreads } from "../render/render-pool";
import { JOB_KINDS } from "../workers/job-kinds";

import { deliverDispatch, type LoadedDispatch } from "./deliver-dispatch";
import { claimDispatches, dueDispatchIds, loadDispatches, releaseDispatches } from "./load-dispatches";
import { isSettled, queueDispatches } from "./queue-dispatches";
import { recordOutcomes, type Outcome } from "./record-outcomes";
import { PrintRound } from "./send/print-batch";

/*
 * The distribution worker: one run turns waiting documents (Job.pendingDocument) into
 * dispatches, then sends the dispatches that are due: new ones, retries whose wait is over, and
 * those whose worker's lease ran out. It takes them in batches, each in a few statements whatever
 * its size: queued and claimed in one each, their jobs and profiles read in a few, and their
 * outcomes written in chunks (record-outcomes.ts), each after the chunk's print lines are in their
 * batch. Documents are made in parallel on the render pool's threads, and the next batch is claimed
 * and read while the last documents of the one before still render, so no thread waits for the
 * database between batches. A secondary channel created by a failure is tried in the same run.
 * Safe to run in several processes at once.
 */

interface DistributeOptions {
  /** Names this worker in leases; one per process by default. */
  owner?: string;
  /** At most this many jobs queued and dispatches claimed per batch. */
  limit?: number;
  /** Dispatches made and sent at once; two per render pool thread by default. */
  concurrency?: number;
  /** Wall time after which a run takes no new batch; RUN_MS by default. */
  runMs?: number;
  /** Once aborted (the process is stopping), the run sends what it has claimed and takes no new batch. */
  stopping?: AbortSignal;
}

export interface DistributeSummary {
  queued: number;
  delivered: number;
  errors: number;
  retries: number;
  /** Notices not sent because their case was settled meanwhile. */
  cancelled: number;
  /** Dispatches left to a later run by an unexpected failure (logged). */
  failures: number;
  /** The last batch took as much as its limit allowed: more is likely waiting, so the next run starts at once. */
  full: boolean;
}

const DEFAULT_OWNER = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/**
 * Outcomes written per transaction; the write lock is held for a chunk's few statements. A worker
 * that dies sends again what it had sent but not yet recorded (each e-mail with its Message-ID,
 * each file under its name, each print line replacing the one before): the chunk being filled,
 * the chunks waiting for the writer (WRITES_AHEAD, then the lanes wait) and what the lanes have
 * in hand, so about (WRITES_AHEAD + 2) chunks and a dispatch per lane at most.
 */
const RECORD_CHUNK = 25;
const WRITES_AHEAD = 2;

/**
 * A claimed dispatch is sent only while this much of its lease is left (JOB_KINDS.dispatch.leaseMs,
 * five minutes): one sent after its lease ran out could be sent by another worker too, and then only
 * the other worker's outcome is recorded (record-outcomes.ts); the run itself never claims again one
 * it holds (`held`). The margin is checked when the dispatch is taken and bounds nothing after it:
 * its rendering on the pool has no limit of its own, an SMTP send fails after 45 s whatever it waits
 * for (SMTP_SEND_LIMIT_MS in lib/platform/mail-transport.ts), to be tried again, and the other
 * channels write local files. One left unsent is released at the run's end, due again at once
 * without an attempt spent.
 */
const LEASE_MARGIN_MS = 60_000;

/**
 * A run takes no new batch after this long (wall time): it ends, rebuilding its print batches'
 * manifest.json, and the loop starts the next at once while the backlog lasts. So manifest.json
 * is at most some seconds behind its lines, and a run's end costs the threads a pause only that
 * often.
 */
const RUN_MS = 10_000;

/**
 * A worker whose outcomes could not be written takes a pause before it sends again, longer while
 * they still cannot be (JOB_KINDS.dispatch.pauseAfterWriteFailure); its loop waits it out. Per
 * process, by owner.
 */
const writerBackoff = new Backoff(JOB_KINDS.dispatch.pauseAfterWriteFailure);

/**
 * What is left of the pause when a run starts counts as over below this: the loop waits the pause on
 * a timer, which keeps other time than the clock the pause is counted on and may fire a moment before
 * the clock says it ended. Such a run would fail as paused and wait the loop's interval for nothing.
 * The pause's least step is 10 s, so this shortens none by much.
 */
const PAUSE_SLACK_MS = 1_000;

export async function distributeDocuments(db: Db, clock: Clock, options: DistributeOptions = {}): Promise<DistributeSummary> {
  const owner = options.owner ?? DEFAULT_OWNER;
  // The loop waits the pause out; a run that comes sooner (a clock set back) sends nothing.
  const paused = writerBackoff.waitMs(owner, clock.now());
  if (paused >= PAUSE_SLACK_MS) throw new RunFailure("distribution paused after its outcomes could not be written", { resumesInMs: paused }, undefined, paused);
  const limit = options.limit ?? 100;
  const started = performance.now();
  const summary: DistributeSummary = { queued: 0, delivered: 0, errors: 0, retries: 0, cancelled: 0, failures: 0, full: false };
  // Two lanes per render thread keep every thread busy while the other lane of its pair waits for
  // the database or a channel; more would only queue renders, and a person's Get PDF would queue
  // behind them.
  const lanes = Math.max(1, options.concurrency ?? JOB_KINDS.dispatch.lanesPerRenderThread * renderThreads());
  const printRound = new PrintRound();

  const ready: LoadedDispatch[] = [];
  // Claimed, then left unsent because their lease was nearly out: released at the run's end.
  const skipped: Dispatch[] = [];
  const secondaries: string[] = [];
  // Set once a chunk's outcomes could not be written: the lanes then send nothing more, as what they
  // sent would not be recorded either and would be sent again.
  let writeFailed = false;
  let wroteAny = false;
  let writeError: unknown;
  // Sent or settled, and not recorded: they keep their leases, and once those run out are sent again.
  const notRecorded: string[] = [];
  // Claimed by this run and not yet recorded: a later batch of the run never claims one of them again,
  // though its lease ran out while it was made or sent (a render has no limit of its own, a clock
  // jumps), for the run would send it a second time. Another worker may, as it may any lease that ran out.
  const held = new Set<string>();
  // A later batch that could not be claimed or read: the run takes no more, and fails once it has ended.
  let batchFailure = null as RunFailure | null;
  let firstBatch = true;
  let fetching: Promise<void> | null = null;
  const runMs = options.runMs ?? RUN_MS;
  const mayTakeBatch = () => !writeFailed && !options.stopping?.aborted && (firstBatch || (summary.full && performance.now() - started < runMs));

  /** Claims and reads the next batch (and the secondary channels made since the last), onto `ready`. */
  const fetchBatch = async (): Promise<void> => {
    const ids = secondaries.splice(0);
    let claimed: Dispatch[] | null = null;
    let entries: Awaited<ReturnType<typeof loadDispatches>>;
    try {
      if (mayTakeBatch()) {
        firstBatch = false;
        const queued = await queueDispatches(db, clock, limit);
        // Between the batch's steps the thread goes to whatever waits, if the turn has run long: on
        // SQLite the steps' queries answer at once and ran as one turn of 100 ms and more, and a
        // request, or on the background thread the event dispatcher, waited behind it.
        await yieldWhenLong();
        const due = await dueDispatchIds(db, clock, limit, held);
        summary.queued += queued.length;
        summary.full = queued.length === limit || due.length === limit;
        // Secondary channels are few (a job names two or three at most): they do not count against the limit.
        ids.push(...due.filter((id) => !ids.includes(id)));
      }
      // Claimed together: another worker's batch, a moment later, finds the next ones instead of these.
      await yieldWhenLong();
      claimed = await claimDispatches(db, clock, owner, ids);
      for (const dispatch of claimed) held.add(dispatch.id);
      await yieldWhenLong();
      entries = await loadDispatches(db, clock, claimed);
    } catch (error) {
      // Claimed and not read, they wait for their lease to run out; the others another worker
      // claimed first. A claim that failed leaves every one (secondary channels among them) due for
      // the next run. The log says which, so an operator can tell why they wait.
      const claimedIds = new Set(claimed?.map((dispatch) => dispatch.id));
      const fields = claimed ? { claimed: [...claimedIds], claimedElsewhere: ids.filter((id) => !claimedIds.has(id)) } : { notClaimed: ids };
      throw new RunFailure("distribution batch not claimed", fields, error);
    }
    for (const entry of entries) {
      if ("loaded" in entry) ready.push(entry.loaded);
      else {
        // The lease runs out and a later run tries again; the log says which row is wrong.
        summary.failures++;
        log.error("dispatch has no job or profile of its own", { dispatchId: entry.dispatch.id, jobId: entry.dispatch.jobId, missing: entry.missing });
      }
    }
  };
  /** The next batch, fetched beside the documents still rendering; a failure ends the run's batches, and the run fails with it. */
  const prefetch = () => {
    fetching ??= fetchBatch()
      .catch((error: unknown) => {
        batchFailure ??= error instanceof RunFailure ? error : new RunFailure("distribution batch not claimed", {}, error);
        // Not full: the run takes no more batches.
        summary.full = false;
      })
      .finally(() => (fetching = null));
    return fetching;
  };

  let buffered: Outcome[] = [];
  let writing = Promise.resolve();
  // Chunks handed to the writer and not yet written, oldest first: more than WRITES_AHEAD and the lanes wait.
  const unwritten: Promise<void>[] = [];
  const record = (chunk: Outcome[]) => {
    writing = writing.then(async () => {
      try {
        // The chunk's print lines first: a document is recorded as delivered only once it is in its batch.
        await printRound.flush();
        await yieldWhenLong();
        const recorded = await recordOutcomes(db, clock, owner, chunk);
        // Recorded, or taken over by another claim: either way no longer this run's to send.
        for (const outcome of chunk) held.delete(outcome.loaded.dispatch.id);
        wroteAny = true;
        summary.delivered += recorded.delivered;
        summary.errors += recorded.errors;
        summary.retries += recorded.retries;
        summary.cancelled += recorded.cancelled;
        secondaries.push(...recorded.secondaryIds);
      } catch (error) {
        // The database or the disk failed: the leases run out and a later run sends them again.
        writeFailed = true;
        writeError ??= error;
        notRecorded.push(...chunk.map((outcome) => outcome.loaded.dispatch.id));
      }
    });
    unwritten.push(writing);
    // Registered before any lane awaits this chunk, so a lane resumes with it already gone.
    void writing.then(() => unwritten.shift());
  };
  const done = (outcome: Outcome) => {
    buffered.push(outcome);
    if (buffered.length >= RECORD_CHUNK) {
      record(buffered);
      buffered = [];
    }
  };

  /**
   * The next dispatch to send, or null when the run takes no more. The next batch is fetched when
   * two per lane are left: enough to keep the lanes busy while it is claimed and read, and few, so
   * a claimed dispatch waits little for its turn.
   */
  const take = async (): Promise<LoadedDispatch | null> => {
    for (;;) {
      while (unwritten.length > WRITES_AHEAD) await unwritten[0];
      if (writeFailed) return null;
      if (ready.length <= 2 * lanes && mayTakeBatch()) void prefetch();
      const loaded = ready.shift();
      if (loaded) {
        const leaseLeft = (loaded.dispatch.leaseUntil?.getTime() ?? 0) - clock.now().getTime();
        if (leaseLeft >= LEASE_MARGIN_MS) return loaded;
        log.warn("dispatch lease nearly out; released for a later run", { dispatchId: loaded.dispatch.id, leaseLeftMs: leaseLeft });
        skipped.push(loaded.dispatch);
        continue;
      }
      if (!fetching) return null;
      await fetching;
    }
  };
  const lane = async () => {
    for (let loaded = await take(); loaded; loaded = await take()) {
      await yieldWhenLong();
      // Paid or closed since the notice was asked for: it is not sent.
      if (loaded.dispatch.document !== "original" && isSettled(loaded.job)) done({ loaded, cancelled: true });
      else done({ loaded, result: await deliverDispatch(db, loaded, printRound) });
    }
  };

  /** Gives back what was claimed and not sent: those skipped for their lease, and those a failed writer left. */
  const release = async () => {
    const dispatches = [...skipped, ...ready.map((loaded) => loaded.dispatch)];
    if (dispatches.length === 0) return;
    try {
      await releaseDispatches(db, owner, dispatches);
    } catch (error) {
      // Their leases run out instead, and a later run takes them then.
      log.error("claimed dispatches not released", { dispatches: dispatches.map((dispatch) => dispatch.id), ...errorFields(error) });
    }
  };

  try {
    // The first batch outside prefetch: a database that fails at the start fails the run at once, and
    // the loop logs it with the dispatches it had claimed (RunFailure), as it does a later batch's.
    await fetchBatch();
    // The lanes take batch after batch (a full batch whose dispatches another worker claimed first
    // included) until the run takes no more.
    for (;;) {
      await Promise.all(Array.from({ length: lanes }, lane));
      if (buffered.length > 0) record(buffered);
      buffered = [];
      await writing;
      // Secondary channels of the last documents' failures, written only now; a stopping process
      // leaves them to the next run.
      if (secondaries.length === 0 || options.stopping?.aborted || writeFailed || batchFailure) break;
      await prefetch();
    }
  } finally {
    // A batch a failed writer left being fetched is released with the rest.
    await fetching;
    await release();
    // Closing flushes print lines and rebuilds manifests: where that fails (a full disk), the run
    // has written less than it sent, and must pause and fail as any other write failure, not throw
    // past the pause.
    try {
      await printRound.close();
    } catch (error) {
      writeFailed = true;
      writeError ??= error;
    }
  }
  // A run that ended early fails once it has given back what it did not send, so the loop logs it
  // once and counts it failed (background_runs_total, the last success's time).
  if (writeFailed) {
    writerBackoff.failed(owner, clock.now());
    const pauseMs = writerBackoff.waitMs(owner, clock.now());
    throw new RunFailure("dispatch outcomes not recorded", { notRecorded, ...batchFailure?.fields }, writeError, pauseMs);
  }
  if (wroteAny) writerBackoff.succeeded(owner);
  if (batchFailure) throw batchFailure;
  return summary;
}
