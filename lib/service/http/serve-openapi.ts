import { createHash } from "node:crypto";

import { getOpenApiDocument } from "../../spec/openapi";

/*
 * GET /openapi.json's answer, serialised once per process: the document changes only with a
 * deployment, and turning its object (260 KB of JSON) into text and the text into bytes on every
 * request cost the thread that answers requests about 4.5 ms of its 7.4 (measured 2026-11-28), for
 * every monitor or client that fetches it. It cannot be compressed once as well: Next.js drops a
 * route handler's Content-Encoding and gzips the body itself, so a gzipped body went out gzipped
 * twice.
 *
 * It carries a strong ETag (the body's SHA-256), so a client or cache that has it asks with
 * If-None-Match and gets 304 with no body (RFC 9110 13.1.2): a generated client checking for a new
 * interface on every start, or a monitor, costs neither the 260 KB nor their compression.
 */

const CACHE_CONTROL = "public, max-age=300";

let served: { body: Uint8Array<ArrayBuffer>; etag: string } | undefined;

function document() {
  if (!served) {
    const body = new TextEncoder().encode(JSON.stringify(getOpenApiDocument()));
    served = { body, etag: `"${createHash("sha256").update(body).digest("base64url")}"` };
  }
  return served;
}

/** Whether an If-None-Match header names the tag: "*", or a list of tags, weak ones compared weakly (RFC 9110 13.1.2). */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

export function serveOpenApi(request?: Request): Response {
  const { body, etag } = document();
  const headers = { "Cache-Control": CACHE_CONTROL, ETag: etag };
  if (matches(request?.headers.get("if-none-match") ?? null, etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { headers: { "Content-Type": "application/json", ...headers } });
}
