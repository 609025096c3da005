import type { FieldProblem } from "../../spec/problems";

/*
 * The HTTP framing of the receiver and its token endpoint: RFC 9457 (7807) problem details,
 * the 401 challenge, and a request body read with a ceiling.
 */

export const RECEIVER_REALM = "status events";

const TITLES: Record<number, string> = {
  400: "Bad request",
  401: "Unauthorized",
  405: "Method not allowed",
  413: "Content too large",
  415: "Unsupported media type",
  422: "Unprocessable batch",
  500: "Could not store the batch",
};

export function receiverProblem(status: number, detail: string, extra: { problems?: FieldProblem[]; headers?: Record<string, string> } = {}): Response {
  const body = { type: "about:blank", title: TITLES[status] ?? "Error", status, detail, ...(extra.problems ? { problems: extra.problems } : {}) };
  const headers = new Headers({ "Content-Type": "application/problem+json", "Cache-Control": "no-store", ...extra.headers });
  return new Response(JSON.stringify(body), { status, headers });
}

/**
 * 401 with a challenge for each scheme the receiver takes (RFC 9110 §11.6.1); a bearer token that
 * was presented and refused is named invalid_token (RFC 6750 §3.1), so a sender fetches a new one.
 */
export function unauthorized(presented: "none" | "basic" | "bearer" | "other"): Response {
  const response = receiverProblem(401, presented === "none" ? "Credentials are required: HTTP Basic or a bearer token from the token endpoint." : "The credentials are not valid.");
  response.headers.append("WWW-Authenticate", `Basic realm="${RECEIVER_REALM}", charset="UTF-8"`);
  response.headers.append("WWW-Authenticate", presented === "bearer" ? `Bearer realm="${RECEIVER_REALM}", error="invalid_token"` : `Bearer realm="${RECEIVER_REALM}"`);
  return response;
}

export type BodyRead = { ok: true; bytes: Buffer } | { ok: false };

/** The body, or { ok: false } as soon as it passes `limit` bytes (declared or counted). */
export async function readBoundedBody(request: Request, limit: number): Promise<BodyRead> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) return { ok: false };
  if (!request.body) return { ok: true, bytes: Buffer.alloc(0) };
  const reader = request.body.getReader();
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
