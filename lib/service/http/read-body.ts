import { JsonInputError, parseJson } from "../../platform/parse-json";
import { readBoundedBody } from "../../platform/read-bounded-body";
import { ServiceError } from "../errors";

/* Reads a request body into memory (lib/platform/read-bounded-body.ts), refusing it with 413 past `limit` bytes. */

export async function readBody(request: Request, limit: number): Promise<Buffer> {
  const read = await readBoundedBody(request, limit);
  if (!read.ok) throw tooLarge(limit);
  return read.bytes;
}

function tooLarge(limit: number) {
  return new ServiceError("payload_too_large", `The request body is larger than ${limit} bytes (${(limit / 1024 / 1024).toFixed(0)} MiB).`);
}

export async function readJson(request: Request, limit: number): Promise<{ raw: Buffer; value: unknown }> {
  const raw = await readBody(request, limit);
  try {
    return { raw, value: parseJson(raw) };
  } catch (error) {
    const where = error instanceof SyntaxError || error instanceof JsonInputError ? `: ${error.message}` : "";
    throw new ServiceError("malformed_request", `The body is not valid JSON${where}.`);
  }
}
