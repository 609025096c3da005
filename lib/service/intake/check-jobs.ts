import { parseJson } from "../../platform/parse-json";
import { environment as environmentById, type EnvironmentId } from "../../spec/environments";
import { jobEnvelopeSchema } from "../../spec/jobs";
import { problemsFromZod, type FieldProblem } from "../../spec/problems";

import { documentLimitProblem } from "./limits";
import { validateJob, type CheckedJob, type ValidateOptions } from "./validate-job";

/*
 * What intake can decide about a request's jobs without the database: the JSON read, the envelope,
 * the document limit, and every job on its own (validate-job.ts). Plain data in and out, so a
 * JSON request's body is checked on a render pool thread (render-tasks.ts), not on the thread that
 * answers requests: a thousand invoices took that thread 60 to 100 ms at a stretch. What needs the
 * database (bill numbers used before, earlier reminders) is decided in post-jobs.ts.
 */

export type CheckJobsOutcome =
  | { ok: true; checked: CheckedJob[] }
  | { ok: false; code: "malformed_request" | "invalid_request" | "payload_too_large"; message: string; problems?: FieldProblem[] };

/**
 * Whether the JSON holds an escaped NUL ("\u0000") or surrogate ("\ud…") at all: only then is each
 * job searched for text no database can store (valid UTF-8 holds neither otherwise).
 */
export function mayContainNul(json: Uint8Array): boolean {
  const bytes = Buffer.from(json.buffer, json.byteOffset, json.byteLength);
  return bytes.includes("\\u0000") || bytes.includes("\\ud") || bytes.includes("\\uD");
}

/** Checks the items of an envelope already read (a ZIP package's index, or the body below). */
export function checkItems(items: readonly unknown[], json: Uint8Array, options: Omit<ValidateOptions, "mayContainNul">): CheckJobsOutcome {
  const limit = documentLimitProblem(items);
  if (limit) return { ok: false, code: "payload_too_large", message: limit };
  const nul = mayContainNul(json);
  return { ok: true, checked: items.map((item, index) => validateJob(item, index, { ...options, mayContainNul: nul })) };
}

/** Reads the envelope of a JSON body and checks its items. */
export function checkJsonJobs(body: Uint8Array, environmentId: EnvironmentId): CheckJobsOutcome {
  let value: unknown;
  try {
    value = parseJson(Buffer.from(body.buffer, body.byteOffset, body.byteLength), { allowLoneSurrogates: true });
  } catch (error) {
    return { ok: false, code: "malformed_request", message: `The body is not valid JSON: ${(error as Error).message}.` };
  }
  const parsed = jobEnvelopeSchema.safeParse(value);
  if (!parsed.success) return { ok: false, code: "invalid_request", message: "The body is not a job envelope.", problems: problemsFromZod(parsed.error) };
  return checkItems(parsed.data.datastream.dataset, body, { environment: environmentById(environmentId), packageFiles: null });
}
