import { z } from "zod";

import { fieldProblemSchema } from "./jobs";

/*
 * RFC 9457 (formerly 7807) problem details: the body of every error answer of the REST interface
 * except POST /token, whose error body the specification fixes. `type` is a URI under
 * /rest/problems/ naming the kind of problem; `problems` lists field-level problems where there are any.
 */

export const problemDetailsSchema = z
  .object({
    type: z.string().meta({ description: "URI identifying the kind of problem." }),
    title: z.string().meta({ description: "Short summary of the kind of problem." }),
    status: z.int().meta({ description: "The HTTP status code." }),
    detail: z.string().optional().meta({ description: "What went wrong in this request." }),
    instance: z.string().optional(),
    problems: z.array(fieldProblemSchema).optional().meta({ description: "Problems with single members of the request." }),
  })
  .meta({ id: "ProblemDetails" });
export type ProblemDetails = z.output<typeof problemDetailsSchema>;

/**
 * The kinds of problem the interface answers with, each with its status and title: the `type` of a
 * problem-details answer is /rest/problems/{kind} (underscores as hyphens), which GET answers with
 * the same status and title.
 */
export const PROBLEM_KINDS = {
  malformed_request: { status: 400, title: "The request body could not be read" },
  invalid_request: { status: 400, title: "The request is not valid" },
  invalid_package: { status: 400, title: "The ZIP package is not valid" },
  unauthorized: { status: 401, title: "Authentication is required" },
  forbidden: { status: 403, title: "Not allowed" },
  not_found: { status: 404, title: "Not found" },
  method_not_allowed: { status: 405, title: "Method not allowed" },
  conflict: { status: 409, title: "Conflict with the current state" },
  payload_too_large: { status: 413, title: "Too many documents or too many bytes" },
  unsupported_media_type: { status: 415, title: "Unsupported content type" },
  invalid_job: { status: 422, title: "The job is not valid" },
  idempotency_key_reused: { status: 422, title: "The Idempotency-Key was used with another request" },
  not_derivable: { status: 422, title: "The answer cannot be derived from what the service holds" },
  too_many_requests: { status: 429, title: "Too many requests" },
  internal: { status: 500, title: "Internal error" },
  unavailable: { status: 503, title: "Temporarily unavailable" },
} as const;

export type ProblemKind = keyof typeof PROBLEM_KINDS;

/** The `type` URI of a kind of problem: /rest/problems/invalid-job for invalid_job. */
export const problemTypeUri = (kind: ProblemKind): string => `/rest/problems/${kind.replaceAll("_", "-")}`;

/** The kind a type URI's last segment names (invalid-job → invalid_job), or null where the interface has none. */
export function problemKindNamed(segment: string): ProblemKind | null {
  const kind = segment.replaceAll("-", "_");
  return Object.hasOwn(PROBLEM_KINDS, kind) ? (kind as ProblemKind) : null;
}

/** What GET /problems/{kind} answers: the status and title every answer of that kind carries. */
export const problemTypeSchema = problemDetailsSchema.pick({ type: true, title: true, status: true }).meta({ id: "ProblemType" });
export type ProblemType = z.output<typeof problemTypeSchema>;
