import { getOpenApiDocument } from "../../spec/openapi";

/*
 * GET /openapi.json's answer, serialised once per process: the document changes only with a
 * deployment, and turning its object (260 KB of JSON) into text and the text into bytes on every
 * request cost the thread that answers requests 2 to 3 ms each time, a monitor fetching it every
 * few seconds included. It cannot be compressed once as well: Next.js drops a route handler's
 * Content-Encoding and gzips the body itself, so a gzipped body went out gzipped twice.
 */

let body: Uint8Array<ArrayBuffer> | undefined;

export function serveOpenApi(): Response {
  body ??= new TextEncoder().encode(JSON.stringify(getOpenApiDocument()));
  return new Response(body, { headers: { "Content-Type": "application/json", "Cache-Control": "public, max-age=300" } });
}
