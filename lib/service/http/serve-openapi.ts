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
 * It carries an ETag (the body's SHA-256), so a client or cache that has it asks with
 * If-None-Match and gets 304 with no body (RFC 9110 13.1.2): a generated client checking for a new
 * interface on every start, or a monitor, costs neither the 260 KB nor their compression. A weak
 * one: Next.js gzips the body after it leaves here, and a strong tag promises the same bytes.
 */

const CACHE_CONTROL = "public, max-age=300";

let served: { body: Uint8Array<ArrayBuffer>; etag: string } | undefined;

function document() {
  if (!served) {
    const body = new TextEncoder().encode(JSON.stringify(getOpenApiDocument()));
    served = { body, etag: `W/"${createHash("sha256").update(body).digest("base64url")}"` };
  }
  return served;
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, "");

/** Whether an If-None-Match header names the tag: "*", or a list of tags compared weakly, as RFC 9110 13.1.2 asks. */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => opaque(tag) === opaque(etag));
}

export function serveOpenApi(request?: Request): Response {
  const { body, etag } = document();
  const headers = { "Cache-Control": CACHE_CONTROL, ETag: etag };
  if (matches(request?.headers.get("if-none-match") ?? null, etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { headers: { "Content-Type": "application/json", ...headers } });
}
