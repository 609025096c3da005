import type { ProblemDetails } from "../spec/problem-details";

/*
 * The one builder of RFC 9457 answers (application/problem+json), for the service's REST interface
 * and the portal's routes and receiver alike: each caller decides the body, this frames it, so the
 * media type and the status of every problem answer come from one place.
 */
export function problemResponse(body: ProblemDetails, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status: body.status, headers: { "Content-Type": "application/problem+json", ...headers } });
}
