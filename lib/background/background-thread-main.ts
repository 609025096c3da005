import os from "node:os";
import { parentPort } from "node:worker_threads";

import { errorFields, log } from "../log";
import { metrics } from "../platform/metrics";
import { renderQueueSize } from "../service/render/render-pool";

import type { FromBackground, ToBackground } from "./background-messages";
import { runBackgroundWork } from "./run-background-work";

/*
 * The app's background thread (see background-thread.ts): every background loop, on an event loop
 * of its own, so no distribution round, sweep or dispatch ever holds up a request. It runs at a
 * lower scheduling priority than the thread that answers requests, and its render pool lower
 * still (piscina's niceIncrement adds to this thread's), so requests win the CPU.
 */

/** A nice of 5: a third of the request thread's CPU share when both want it, above the render threads. */
const BACKGROUND_NICE = 5;

if (!parentPort) throw new Error("the background thread runs as a worker thread of the app");
const port = parentPort;
const send = (message: FromBackground) => port.postMessage(message);

if (process.platform === "linux") {
  try {
    // On Linux a nice value belongs to a thread: this lowers this thread only (and the threads it starts).
    os.setPriority(os.getPriority() + BACKGROUND_NICE);
  } catch (error) {
    log.warn("background thread priority unchanged", errorFields(error));
  }
}

const work = await runBackgroundWork();
let stopping: Promise<void> | undefined;

port.on("message", (message: ToBackground) => {
  if (message.type === "metrics") {
    metrics().queueDepth.set({ queue: "render" }, renderQueueSize());
    metrics()
      .registry.getMetricsAsJSON()
      .then((values) => send({ type: "metrics", id: message.id, metrics: values }))
      .catch(() => send({ type: "metrics", id: message.id, metrics: [] }));
    return;
  }
  if (message.type === "stop") {
    stopping ??= work.stop().then(() => {
      send({ type: "stopped" });
      port.close();
    });
  }
});

send({ type: "ready", loops: work.loops });
