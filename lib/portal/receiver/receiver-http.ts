import type { Db } from "../../db/client";
import { errorFields, log } from "../../log";
import { parseJson } from "../../platform/parse-json";
import { readBoundedBody } from "../../platform/read-bounded-body";
import type { FieldProblem } from "../../spec/problems";
import { portalProblem, type ProblemStatus } from "../http/problem-details";

import { authenticateReceiver } from "./authenticate-receiver";

/*
 * The HTTP framing of the receiver and its token endpoint: RFC 9457 (7807) problem details
 * (built by lib/portal/http/problem-details.ts) and the 401 challenge. Every answer built here is
 * returned by a receiver route, whose uncached wrapper keeps it out of every cache
 * (lib/platform/cache-control.ts). Bodies are read with a ceiling by lib/platform/read-bounded-body.ts.
 */

const RECEIVER_REALM = "status events";

export function receiverProblem(status: ProblemStatus, detail: string, extra: { problems?: FieldProblem[]; headers?: Record<string, string> } = {}): Response {
  return portalProblem(status, detail, "eng", extra);
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

/**
 * The organization delivering to a receiver route, or the answer to give instead: 401 with its
 * challenge, or 500 (try again later) when the credentials could not be checked. Before any body is
 * read, so nobody without credentials makes the portal read one.
 */
export async function receiverCaller(db: Db, request: Request, what: string): Promise<{ organizationId: string } | Response> {
  try {
    const caller = await authenticateReceiver(db, request.headers.get("authorization"));
    return caller.ok ? { organizationId: caller.organizationId } : unauthorized(caller.presented);
  } catch (error) {
    log.error("receiver could not check credentials", errorFields(error));
    return receiverProblem(500, `The credentials could not be checked; send the ${what} again later.`);
  }
}

/** A receiver route's JSON body, read up to `maxBytes`, or the answer to give instead (413 or 400). */
export async function receiverJson(request: Request, maxBytes: number, tooLarge: string): Promise<{ value: unknown } | Response> {
  const body = await readBoundedBody(request, maxBytes);
  if (!body.ok) return receiverProblem(413, tooLarge);
  try {
    return { value: parseJson(body.bytes) };
  } catch {
    return receiverProblem(400, "The body is not valid JSON.");
  }
}
