import type { FieldProblem } from "../../spec/problems";
import { problemResponse } from "../http/problem-details";

/*
 * The HTTP framing of the receiver and its token endpoint: RFC 9457 (7807) problem details
 * (built by lib/portal/http/problem-details.ts, never cached),
 * and the 401 challenge. Bodies are read with a ceiling by lib/platform/read-bounded-body.ts.
 */

const RECEIVER_REALM = "status events";

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
  return problemResponse(status, detail, { titles: TITLES, problems: extra.problems, headers: { "Cache-Control": "no-store", ...extra.headers } });
}

/**
 * 401 with a challenge for each scheme the receiver takes (RFC 9110 §11.6.1); a bearer token that
 * was presented and refused is named invalid_token (RFC 6750 §3.1), so a sender fetches a new one.
 */
export function unauthorized(presented: "none" | "basic" | "bearer" | "other"): Response {
  const response = receiverProblem(
    401,
    presented === "none" ? "Credentials are required: HTTP Basic or a bearer token from the token endpoint." : "The credentials are not valid.",
  );
  response.headers.append("WWW-Authenticate", `Basic realm="${RECEIVER_REALM}", charset="UTF-8"`);
  response.headers.append(
    "WWW-Authenticate",
    presented === "bearer" ? `Bearer realm="${RECEIVER_REALM}", error="invalid_token"` : `Bearer realm="${RECEIVER_REALM}"`,
  );
  return response;
}
