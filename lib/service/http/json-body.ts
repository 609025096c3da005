import type { z } from "zod";

import { problemsFromZod } from "../../spec/problems";
import { ServiceError } from "../errors";

import { mediaType, readJson } from "./read-body";

/* Reading the JSON body and the path of the payment, credit note and due date operations. */

const BODY_LIMIT = 64 * 1024;

/** A JSON body checked against a schema; every failing member is named in `problems`. */
export async function jsonBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.output<T>> {
  if (mediaType(request) !== "application/json") throw new ServiceError("unsupported_media_type", "Send the body as application/json.");
  const { value } = await readJson(request, BODY_LIMIT);
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ServiceError("invalid_request", "The request body is not valid.", { problems: problemsFromZod(parsed.error) });
  return parsed.data;
}

/** The id the pattern captures from the path, when it is a positive safe integer. */
export function pathNumber(request: Request, pattern: RegExp): number | null {
  const match = pattern.exec(new URL(request.url).pathname);
  const value = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}
