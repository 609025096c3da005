import { parseJson } from "../../platform/parse-json";
import { environment as environmentById, type EnvironmentId } from "../../spec/environments";
import { jobEnvelopeSchema } from "../../spec/jobs";
import { documentLimitProblem } from "../../spec/limits";
import { problemsFromZod, type FieldProblem } from "../../spec/problems";
import { ServiceError } from "../errors";

import { readZipPackage } from "./read-zip-package";
import { packageFileNames, validateJob, type CheckedJob, type ValidateOptions } from "./validate-job";

/*
 * What intake can decide about a request's jobs without the database: the JSON read, the envelope,
 * the document limit, and every job on its own (validate-job.ts). Plain data in and out, so a
 * request's body (JSON, or a ZIP package inflated) is checked on a render pool thread
 * (render-tasks.ts), not on the thread that answers requests: a thousand invoices took that thread
 * 60 to 100 ms at a stretch, and inflating a package of letters far longer. What needs the database
 * (bill numbers used before, earlier reminders) is decided in post-jobs.ts.
 */

type RefusalCode = "malformed_request" | "invalid_request" | "invalid_package" | "payload_too_large";

export type CheckJobsOutcome = { ok: true; checked: CheckedJob[] } | { ok: false; code: RefusalCode; message: string; problems?: FieldProblem[] };

function envelopeItems(value: unknown, where: string): readonly unknown[] | CheckJobsOutcome {
  const parsed = jobEnvelopeSchema.safeParse(value);
  if (!parsed.success) return { ok: false, code: "invalid_request", message: `${where} is not a job envelope.`, problems: problemsFromZod(parsed.error) };
  return parsed.data.datastream.dataset;
}

/**
 * Whether the JSON holds an escaped NUL ("\u0000") or surrogate ("\ud…") at all: only then is each
 * job searched for text no database can store (valid UTF-8 holds neither otherwise).
 */
function mayContainNul(json: Uint8Array): boolean {
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
  const items = envelopeItems(value, "The body");
  if (!Array.isArray(items)) return items as CheckJobsOutcome;
  return checkItems(items, body, { environment: environmentById(environmentId), packageFiles: null });
}

/** Inflates a ZIP package (read-zip-package.ts), then checks its index's items with the files they name. */
export async function checkZipJobs(body: Uint8Array, environmentId: EnvironmentId): Promise<CheckJobsOutcome> {
  try {
    const zip = await readZipPackage(Buffer.from(body.buffer, body.byteOffset, body.byteLength), packageFileNames);
    const items = envelopeItems(zip.index, `The index ${zip.indexName}`);
    if (!Array.isArray(items)) return items as CheckJobsOutcome;
    return checkItems(items, zip.indexBytes, { environment: environmentById(environmentId), packageFiles: zip.files });
  } catch (error) {
    if (error instanceof ServiceError && isRefusal(error.kind)) return { ok: false, code: error.kind, message: error.message };
    throw error;
  }
}

function isRefusal(code: string): code is RefusalCode {
  return code === "malformed_request" || code === "invalid_request" || code === "invalid_package" || code === "payload_too_large";
}
