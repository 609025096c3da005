import { JsonInputError, parseJson } from "../../platform/parse-json";
import { ServiceError } from "../errors";

/*
 * Reads a request body into memory, refusing it as soon as it passes `limit` bytes: a declared
 * Content-Length over the limit is refused before a byte is read, and a body without one is
 * counted while it streams.
 */

export async function readBody(request: Request, limit: number): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (!request.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

function tooLarge(limit: number) {
  return new ServiceError("payload_too_large", `The request body is larger than ${limit} bytes (${(limit / 1024 / 1024).toFixed(0)} MiB).`);
}

export function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
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
