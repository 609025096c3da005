import path from "node:path";

import Piscina from "piscina";

import { errorFields, log } from "@/lib/log";
import { threadBundle } from "@/lib/platform/thread-bundle";

/*
 * The portal reads an uploaded ZIP package's index (read-zip-index.ts: the central directory
 * walked, index.json inflated and parsed, up to the service's caps) on a worker thread, never on
 * the thread that answers requests: on a 64 MiB package with a large index that is a step of tens
 * to hundreds of milliseconds, which every other request would wait behind.
 *
 * A pool of its own rather than the service's render pool: the portal reaches the service only
 * through its REST interface and imports nothing of it. One thread is enough for uploads, which are
 * few at a time; it is started on the first upload, lowered in priority as the render threads are
 * (request handling wins the CPU), and ends when idle. One pool per thread that uploads (Next.js
 * may load this module more than once).
 */

const READER_FILE = "lib/portal/uploads/read-zip-index.ts";
const TSX_THREAD_FILE = path.join(/*turbopackIgnore: true*/ process.cwd(), "lib", "portal", "uploads", "read-zip-index-thread.mjs");

/** As the render pool's threads (lib/service/render/render-pool.ts): about a tenth of a request thread's share of the CPU. */
const NICE_INCREMENT = 10;

const globalForPool = globalThis as unknown as { __zipIndexPool?: Promise<Piscina> };

async function createPool(): Promise<Piscina> {
  const bundled = await threadBundle(READER_FILE);
  return new Piscina({
    ...(bundled ? { filename: bundled, name: "readZipIndex" } : { filename: TSX_THREAD_FILE }),
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
    atomics: "async",
    niceIncrement: process.platform === "linux" ? NICE_INCREMENT : 0,
  });
}

/** The package's jobs, or null when the portal cannot tell them (read-zip-index.ts). The bytes are copied to the thread. */
export async function readZipIndexOnThread(bytes: Uint8Array): Promise<unknown[] | null> {
  globalForPool.__zipIndexPool ??= createPool();
  try {
    return (await (await globalForPool.__zipIndexPool).run(bytes)) as unknown[] | null;
  } catch (error) {
    // As a package the reader cannot read: it is still forwarded, and its cases carry what the answer says.
    log.warn("reading an uploaded package's index failed", errorFields(error));
    return null;
  }
}
