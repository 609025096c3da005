/*
 * A body read with a ceiling: refused at once when its Content-Length says it is too large, and
 * counted while it streams in, so a missing or lying Content-Length cannot get more through. Used
 * for requests (the service's bodies, the portal's receiver, its token endpoint, the bulk upload)
 * and for answers of outside servers (an event receiver's token endpoint).
 */

type BodyRead = { ok: true; bytes: Buffer } | { ok: false };

/** The body, or { ok: false } as soon as it passes `limit` bytes (declared or counted). */
export async function readBoundedBody(message: Pick<Request | Response, "headers" | "body">, limit: number): Promise<BodyRead> {
  const declared = Number(message.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) return { ok: false };
  if (!message.body) return { ok: true, bytes: Buffer.alloc(0) };
  const reader = message.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return { ok: false };
    }
    chunks.push(value);
  }
  return { ok: true, bytes: Buffer.concat(chunks, size) };
}
