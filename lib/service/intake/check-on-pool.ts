import { Semaphore } from "async-mutex";

import type { Environment } from "../../spec/environments";
import { render } from "../render/render-pool";

import type { CheckJobsOutcome } from "./check-jobs";

/**
 * At most this many packages are inflated at once in one process: each may hold 256 MiB for a
 * moment. Kept on globalThis: Next.js bundles instrumentation (the SFTP server) and the route
 * handlers (POST /jobs) separately, and a module-level semaphore would exist once in each.
 */
const shared = globalThis as unknown as { __unpacking?: Semaphore };
const unpacking = (shared.__unpacking ??= new Semaphore(2));

/**
 * A body's jobs, read (a ZIP package inflated) and checked on a render pool thread (check-jobs.ts):
 * for POST /jobs, and for a package put on the SFTP server.
 */
export async function checkOnPool(task: "checkJsonJobs" | "checkZipJobs", body: Buffer, environment: Environment): Promise<CheckJobsOutcome> {
  const bytes = new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  const outcome = await (task === "checkZipJobs" ? unpacking.runExclusive(() => render(task, bytes, environment.id)) : render(task, bytes, environment.id));
  if (!outcome.ok) return outcome;
  // Buffers come back from the thread as plain byte arrays.
  for (const job of outcome.checked)
    if (job.ok) for (const file of job.files) file.content = Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength);
  return outcome;
}
