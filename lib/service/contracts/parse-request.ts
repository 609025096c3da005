import type { z } from "zod";

import { KEY_PATTERN, KEY_RULE } from "../../spec/contracts";
import { problemsFromZod } from "../../spec/problems";
import { ServiceError } from "../errors";
import { mediaType, readJson } from "../http/read-body";


/* Reading the path, query and body of the contract, usage place, telecom and invoice endpoints. */

const MAX_BODY_BYTES = 64 * 1024;

export async function parseJsonBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.output<T>> {
  const type = mediaType(request);
  if (type !== "application/json") {
    throw new ServiceError("unsupported_media_type", `Send the body as application/json, not ${type || "a body without Content-Type"}.`);
  }
  const { value } = await readJson(request, MAX_BODY_BYTES);
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new ServiceError("invalid_request", "The body must be a JSON object.", { problems: [{ field: null, code: "invalid", message: "must be a JSON object" }] });
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ServiceError("invalid_request", "The body is not valid.", { problems: problemsFromZod(parsed.error) });
  return parsed.data;
}

/**
 * The key in the last path segment after `collection` (/contracts/{contract_no}). Reading, a key
 * that is not well formed cannot exist, so it is answered like one that does not (404); writing,
 * it is a field problem of the request (400).
 */
export function pathKeyOf(request: Request, collection: string, what: { name: string; field: string; writing: boolean }): string {
  const segments = new URL(request.url).pathname.split("/");
  const at = segments.lastIndexOf(collection);
  let key = "";
  try {
    key = at >= 0 && at === segments.length - 2 ? decodeURIComponent(segments[at + 1]!) : "";
  } catch {
    key = "";
  }
  if (KEY_PATTERN.test(key)) return key;
  if (what.writing) {
    throw new ServiceError("invalid_request", `The ${what.name} in the path is not valid.`, { problems: [{ field: what.field, code: "invalid", message: KEY_RULE }] });
  }
  throw new ServiceError("not_found", `There is no ${what.name} ${key.slice(0, 64)} of this profile.`);
  return key;
}
