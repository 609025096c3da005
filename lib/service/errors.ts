import type { FieldProblem } from "../spec/problems";

/*
 * The one error type of the service. A domain function throws a ServiceError with a kind from the
 * table below; the REST layer turns it into an RFC 9457 problem-details answer with the kind's
 * status. Anything else thrown is a bug or an outage and is answered with a generic 500 or 503,
 * never with its message.
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

export class ServiceError extends Error {
  readonly kind: ProblemKind;
  readonly problems?: FieldProblem[];
  readonly headers?: Record<string, string>;

  constructor(kind: ProblemKind, detail: string, options: { problems?: FieldProblem[]; headers?: Record<string, string> } = {}) {
    super(detail);
    this.name = "ServiceError";
    this.kind = kind;
    this.problems = options.problems;
    this.headers = options.headers;
  }

  get status(): number {
    return PROBLEM_KINDS[this.kind].status;
  }
}
