import type { Db } from "../db/client";
import { onCommitSignal, type SignalChannel } from "../db/commit-signals";
import { errorFields, log } from "../log";

import type { Clock } from "./clock";
import { metrics } from "./metrics";

/*
 * Runs loops until stopped. A loop's next run starts `intervalMs` after its previous run ended, so
 * a slow run is never overlapped by the next one, unless a commit signal it waits for wakes it
 * sooner. stop() lets the current runs finish, and tells them through the signal each run is given,
 * so a long run (distribution works through a backlog for seconds) can end early.
 */

/** A named background loop (the service's in service/workers/worker-loops.ts, the portal's in portal/events/portal-loops.ts). */
export interface WorkerLoop {
  name: string;
  /** Pause between the end of one run and the start of the next. */
  intervalMs: number;
  /** Runs again at once when this commit signal comes (lib/db/commit-signals.ts), whatever the pause. */
  wakeOn?: SignalChannel;
  /** Whether a run's result says more work is waiting: then the next run starts without the pause. */
  again?: (result: unknown) => boolean;
  /** `stopping` is aborted when the loops are stopped: a run that takes a while should end soon after. */
  run(db: Db, clock: Clock, stopping?: AbortSignal): Promise<unknown>;
}

/**
 * A run's failure with what its log line should say besides the cause (distribution: the
 * dispatches a batch had claimed), so the run need not log it itself and it is logged once.
 * `pauseMs`: the loop waits at least this long before its next run, and no commit signal wakes it
 * meanwhile, for the run backs off from something new work does not mend (distribution's writer).
 */
export class RunFailure extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, unknown>,
    cause: unknown,
    readonly pauseMs = 0,
  ) {
    super(message, { cause });
  }
}

/** What a log line says of a failure: a RunFailure's own fields and its cause's, if it has one. */
export function failureFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof RunFailure)) return errorFields(error);
  return { failure: error.message, ...error.fields, ...(error.cause === undefined ? {} : errorFields(error.cause)) };
}

interface RunningLoops {
  stop(): Promise<void>;
}

export function runLoops(db: Db, clock: Clock, loops: readonly WorkerLoop[], options: { keepAlive?: boolean; databaseUrl?: string } = {}): RunningLoops {
  let stopping = false;
  const stopped = new AbortController();
  const wakers = new Set<() => void>();
  const unsubscribes: (() => void)[] = [];
  const finished = loops.map(async (loop) => {
    // A signal that comes while the loop runs is kept, so the change it announces is not left to the next poll.
    let signalled = false;
    let wakeNow: (() => void) | undefined;
    if (loop.wakeOn) {
      unsubscribes.push(
        onCommitSignal(
          loop.wakeOn,
          () => {
            signalled = true;
            wakeNow?.();
          },
          options.databaseUrl,
        ),
      );
    }
    while (!stopping) {
      signalled = false;
      const started = performance.now();
      let again = false;
      let pauseMs = 0;
      try {
        const result = await loop.run(db, clock, stopped.signal);
        again = loop.again ? loop.again(result) : false;
        metrics().loopRuns.inc({ loop: loop.name, outcome: "ok" });
        metrics().loopLastSuccess.set({ loop: loop.name }, Date.now() / 1000);
      } catch (error) {
        metrics().loopRuns.inc({ loop: loop.name, outcome: "failed" });
        log.error(`${loop.name} loop failed`, failureFields(error));
        if (error instanceof RunFailure) pauseMs = error.pauseMs;
      }
      metrics().loopDuration.observe({ loop: loop.name }, (performance.now() - started) / 1000);
      if (stopping) break;
      if ((signalled || again) && pauseMs === 0) {
        // A macrotask turn between runs: better-sqlite3 answers synchronously, so a run can finish
        // without ever letting I/O (requests) through.
        await new Promise((resolve) => setImmediate(resolve));
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.max(loop.intervalMs, pauseMs));
        // In the app the loops must not keep the process alive; the worker process wants them to.
        if (!options.keepAlive) timer.unref();
        function done() {
          clearTimeout(timer);
          wakers.delete(done);
          wakeNow = undefined;
          resolve();
        }
        wakers.add(done);
        if (pauseMs === 0) wakeNow = done;
      });
    }
  });
  return {
    async stop() {
      stopping = true;
      stopped.abort();
      for (const unsubscribe of unsubscribes) unsubscribe();
      for (const wake of [...wakers]) wake();
      await Promise.all(finished);
    },
  };
}
