import path from "node:path";
import { Worker } from "node:worker_threads";

import { errorFields, log } from "../log";
import { addMetricsSource } from "../platform/metrics";
import { threadBundle } from "../platform/thread-bundle";

import type { FromBackground, ToBackground } from "./background-messages";

/*
 * The app runs its background loops (distribution, event dispatch, the lifecycle sweep, mail,
 * contracts, the portal's registration and polling) on a worker thread of its own, not on the
 * thread that answers requests: each loop's Prisma queries, row mapping and file writes took turns
 * with requests there, and a request waited for them. The loops are the same that `npm run worker`
 * runs (lib/background/background-loops.ts), and they claim their work in the database, so the
 * thread may run beside worker processes.
 *
 * The thread has its own database connection. On SQLite the two connections share the one write
 * lock; each waits for the other on timers, never in SQLite's busy handler
 * (lib/db/sqlite-adapter.ts). Commit signals reach it from the request thread (lib/db/commit-
 * signals.ts). Its metrics are added to /metrics. A thread that dies is started again, after a
 * pause that grows while it keeps dying.
 */

const ENTRY = "lib/background/background-thread-main.ts";
const TSX_ENTRY = path.join(/*turbopackIgnore: true*/ process.cwd(), "lib", "background", "background-thread-entry.mjs");

const RESTART_FIRST_MS = 1_000;
const RESTART_MAX_MS = 60_000;
/** A thread that ran this long before dying is restarted at once again, not after a longer pause. */
const HEALTHY_AFTER_MS = 60_000;
const METRICS_TIMEOUT_MS = 2_000;

export interface BackgroundThread {
  /** Resolves once the loops run (the first start only). */
  ready: Promise<void>;
  /** Lets the current runs finish, then ends the thread; it is not started again. */
  stop(): Promise<void>;
}

const globalForThread = globalThis as unknown as { __backgroundThread?: BackgroundThread };

/** Starts the thread, once per process (Next.js may load this module more than once). */
export function startBackgroundThread(): BackgroundThread {
  globalForThread.__backgroundThread ??= supervise();
  return globalForThread.__backgroundThread;
}

function supervise(): BackgroundThread {
  let worker: Worker | undefined;
  let stopping = false;
  let restartDelay = RESTART_FIRST_MS;
  let restartTimer: NodeJS.Timeout | undefined;
  let nextId = 0;
  const waiting = new Map<number, (metrics: Extract<FromBackground, { type: "metrics" }>["metrics"]) => void>();
  let stopped: (() => void) | undefined;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  async function start() {
    const entry = (await threadBundle(ENTRY)) ?? TSX_ENTRY;
    if (stopping) return;
    const startedAt = Date.now();
    const thread = new Worker(entry);
    worker = thread;
    // The request thread's server keeps the process alive; the background thread alone must not.
    thread.unref();
    thread.on("message", (message: FromBackground) => {
      if (message.type === "ready") {
        log.info("background thread started", { loops: message.loops });
        markReady();
      } else if (message.type === "metrics") {
        waiting.get(message.id)?.(message.metrics);
        waiting.delete(message.id);
      } else if (message.type === "stopped") {
        stopped?.();
      }
    });
    thread.on("error", (error) => log.error("background thread failed", errorFields(error)));
    thread.on("exit", (code) => {
      worker = undefined;
      for (const answer of waiting.values()) answer([]);
      waiting.clear();
      if (stopping) {
        stopped?.();
        return;
      }
      if (Date.now() - startedAt > HEALTHY_AFTER_MS) restartDelay = RESTART_FIRST_MS;
      log.error("background thread ended; starting it again", { exitCode: code, inMs: restartDelay });
      restartTimer = setTimeout(() => void start().catch(failedToStart), restartDelay);
      restartTimer.unref();
      restartDelay = Math.min(restartDelay * 2, RESTART_MAX_MS);
    });
  }

  function failedToStart(error: unknown) {
    log.error("background thread could not start", errorFields(error));
  }

  const removeSource = addMetricsSource(
    () =>
      new Promise((resolve) => {
        if (!worker) return resolve([]);
        const id = nextId++;
        const timer = setTimeout(() => {
          waiting.delete(id);
          resolve([]);
        }, METRICS_TIMEOUT_MS);
        waiting.set(id, (metrics) => {
          clearTimeout(timer);
          resolve(metrics);
        });
        worker.postMessage({ type: "metrics", id } satisfies ToBackground);
      }),
  );

  void start().catch(failedToStart);

  const handle: BackgroundThread = {
    ready,
    async stop() {
      stopping = true;
      clearTimeout(restartTimer);
      removeSource();
      if (globalForThread.__backgroundThread === handle) globalForThread.__backgroundThread = undefined;
      const current = worker;
      if (!current) return;
      await new Promise<void>((resolve) => {
        stopped = resolve;
        current.postMessage({ type: "stop" } satisfies ToBackground);
      });
      await current.terminate();
    },
  };
  return handle;
}
