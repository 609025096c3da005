import os from "node:os";
import path from "node:path";

import Piscina from "piscina";

import { getEnv } from "../../env";
import { metrics } from "../../platform/metrics";
import { threadBundle } from "../../platform/thread-bundle";

import type { RenderCall, RenderTaskName, RenderTasks } from "./render-tasks";

/*
 * A pool of worker threads for the service's CPU-heavy steps (render-tasks.ts): invoice images,
 * letters' PDFs, e-invoice XML. Run on the thread that answers requests, one 25 ms PDF after
 * another held every request behind a distribution round for seconds.
 *
 * piscina rather than tinypool: it is kept by Node.js core contributors, lowers its threads'
 * scheduling priority (niceIncrement, on Linux through @napi-rs/nice) so that request handling
 * wins the CPU when rendering fills every core, and reports queue and run times we export.
 *
 * One pool per thread that renders (Next.js may load this module more than once), created on
 * first use. Its threads load the tasks from one bundled file (lib/platform/thread-bundle.ts), or
 * through tsx where that cannot be written. They do not keep a process alive when idle.
 */

const TASKS_FILE = "lib/service/render/render-tasks.ts";
const TSX_THREAD_FILE = path.join(/*turbopackIgnore: true*/ process.cwd(), "lib", "service", "render", "render-thread.mjs");

/** Below the request thread, not starved: a nice of 10 gets about a tenth of the share of a nice-0 thread. */
const NICE_INCREMENT = 10;

const globalForPool = globalThis as unknown as { __renderPool?: Promise<Piscina>; __renderQueue?: () => number };

export function renderThreads(): number {
  return getEnv().RENDER_THREADS ?? Math.max(1, os.availableParallelism());
}

async function createPool(): Promise<Piscina> {
  const bundled = await threadBundle(TASKS_FILE);
  const pool = new Piscina({
    ...(bundled ? { filename: bundled, name: "runRenderCall" } : { filename: TSX_THREAD_FILE }),
    minThreads: renderThreads(),
    maxThreads: renderThreads(),
    idleTimeout: 60_000,
    atomics: "async",
    niceIncrement: process.platform === "linux" ? NICE_INCREMENT : 0,
  });
  globalForPool.__renderQueue = () => pool.queueSize;
  return pool;
}

function pool(): Promise<Piscina> {
  globalForPool.__renderPool ??= createPool();
  return globalForPool.__renderPool;
}

/** Runs one task on a pool thread. Its arguments are copied (structured clone), not shared. */
export async function render<K extends RenderTaskName>(task: K, ...args: Parameters<RenderTasks[K]>): Promise<Awaited<ReturnType<RenderTasks[K]>>> {
  const call: RenderCall = { task, args };
  const stopTimer = metrics().renderDuration.startTimer({ task });
  try {
    const answer = (await (await pool()).run(call)) as Awaited<ReturnType<RenderTasks[K]>>;
    if (task !== "ping") metrics().renders.inc({ task, outcome: "ok" });
    return answer;
  } catch (error) {
    metrics().renders.inc({ task, outcome: "failed" });
    throw error;
  } finally {
    stopTimer();
  }
}

/**
 * Starts the threads and waits until each has loaded the tasks (about a second of CPU each), so
 * the first documents of a round do not wait for it: at start, before work arrives.
 */
export async function warmRenderPool(): Promise<void> {
  await Promise.all(Array.from({ length: renderThreads() }, () => render("ping")));
}

/** Tasks waiting for a free thread (the render queue of /metrics). */
export function renderQueueSize(): number {
  return globalForPool.__renderQueue?.() ?? 0;
}

/** Ends the threads (worker process shutdown, tests). The next render starts a new pool. */
export async function closeRenderPool(): Promise<void> {
  const current = globalForPool.__renderPool;
  globalForPool.__renderPool = undefined;
  globalForPool.__renderQueue = undefined;
  await (await current)?.destroy();
}
