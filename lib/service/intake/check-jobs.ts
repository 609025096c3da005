import { parseJson } from "../../platform/parse-json";
import { readZipPackage, ZipPackageError, type ZipPackageIndex } from "../../platform/read-zip-package";
import { environment as environmentById, type EnvironmentId } from "../../spec/environments";
import { jobEnvelopeSchema } from "../../spec/jobs";
import { documentLimitProblem, ZIP_PACKAGE_LIMITS } from "../../spec/limits";
import { problemsFromZod, type FieldProblem } from "../../spec/problems";
import { ServiceError } from "../errors";

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

function parseIndex(index: ZipPackageIndex): unknown {
  try {
    return parseJson(index.bytes, { allowLoneSurrogates: true });
  } catch (error) {
    throw new ServiceError("malformed_request", `The index ${index.name} is not valid JSON: ${(error as Error).message}.`);
  }
}

/** Inflates a ZIP package (lib/platform/read-zip-package.ts), then checks its index's items with the files they name. */
export async function checkZipJobs(body: Uint8Array, environmentId: EnvironmentId): Promise<CheckJobsOutcome> {
  try {
    let index: unknown;
    const zip = await readZipPackage(Buffer.from(body.buffer, body.byteOffset, body.byteLength), ZIP_PACKAGE_LIMITS, (entry) => {
      index = parseIndex(entry);
      return packageFileNames(index);
    });
    const items = envelopeItems(index, `The index ${zip.index.name}`);
    if (!Array.isArray(items)) return items as CheckJobsOutcome;
    return checkItems(items, zip.index.bytes, { environment: environmentById(environmentId), packageFiles: zip.files });
  } catch (error) {
    if (error instanceof ZipPackageError) return { ok: false, code: error.tooLarge ? "payload_too_large" : "invalid_package", message: error.message };
    if (error instanceof ServiceError && isRefusal(error.kind)) return { ok: false, code: error.kind, message: error.message };
    throw error;
  }
}

function isRefusal(code: string): code is RefusalCode {
  return code === "malformed_request" || code === "invalid_request" || code === "invalid_package" || code === "payload_too_large";
}
