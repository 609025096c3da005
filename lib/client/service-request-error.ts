import type { JobsResponse } from "../spec/jobs";
import type { ProblemDetails } from "../spec/problem-details";

/*
 * The one error the client throws for a call that did not succeed, so a caller (the portal's
 * validatedAction) handles every failure in one place: the service's own problem details when it
 * answered with them, otherwise problem details the client writes itself, typed by
 * CLIENT_PROBLEM_TYPES. Messages never hold the apicode, a token or a request body.
 */

export const CLIENT_PROBLEM_TYPES = {
  /** No answer: the address does not resolve, the connection was refused or broke. status 0. */
  unreachable: "urn:nordic-receivables:client:unreachable",
  /** No answer within the timeout. status 0. */
  timeout: "urn:nordic-receivables:client:timeout",
  /** An answer the interface does not describe (not JSON, not a PDF, a member missing). */
  unexpectedAnswer: "urn:nordic-receivables:client:unexpected-answer",
  /** POST /token refused the credentials; errorId holds the service's errorId. */
  tokenRefused: "urn:nordic-receivables:client:token-refused",
  /** Not sent: the body is over the interface's limit, which the service would refuse with 413. */
  tooLarge: "urn:nordic-receivables:client:too-large",
} as const;

interface ServiceRequestErrorInit {
  method: string;
  /** Path below the base URL, e.g. "/jobs". */
  path: string;
  status: number;
  problem: ProblemDetails;
  errorId?: number;
  retryAfterSeconds?: number | null;
  partial?: JobsResponse;
  /** No answer at all (status 0): where the client called, and why nothing came back. */
  noAnswer?: NoAnswer;
  cause?: unknown;
}

interface NoAnswer {
  /** The service's base URL. */
  address: string;
  /** The transport's reason (ECONNREFUSED, a refused address), for an unreachable service. */
  cause?: string;
  /** The timeout that ran out, for a service that did not answer in time. */
  timeoutSeconds?: number;
}

export class ServiceRequestError extends Error {
  /** HTTP status of the answer; 0 when there was none (unreachable, timeout). */
  readonly status: number;
  /** Always present: the service's problem details, or ones the client made (see CLIENT_PROBLEM_TYPES). */
  readonly problem: ProblemDetails;
  readonly method: string;
  readonly path: string;
  /** POST /token's errorId (1 malformed, 2 wrong credentials, 3 throttled). */
  readonly errorId?: number;
  /** From Retry-After, when the service sent one (throttled token requests, 503). */
  readonly retryAfterSeconds: number | null;
  /**
   * postJobs only: when a later request of a split post failed, what the service had already
   * answered for the earlier ones (their jobs are stored). Retrying with the same idempotencyKey
   * replays those and sends the rest.
   */
  readonly partial?: JobsResponse;
  /** Set when the service did not answer at all: what a caller words for a person (the portal's connection errors). */
  readonly noAnswer?: NoAnswer;

  constructor(init: ServiceRequestErrorInit) {
    const detail = init.problem.detail ? `: ${init.problem.detail}` : "";
    super(`${init.method} ${init.path} failed with ${init.status === 0 ? "no answer" : init.status} (${init.problem.title})${detail}`, { cause: init.cause });
    this.name = "ServiceRequestError";
    this.status = init.status;
    this.problem = init.problem;
    this.method = init.method;
    this.path = init.path;
    this.errorId = init.errorId;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
    this.partial = init.partial;
    this.noAnswer = init.noAnswer;
  }

  /** The same error with the answers of a split post's earlier requests attached. */
  withPartial(partial: JobsResponse): ServiceRequestError {
    return new ServiceRequestError({
      method: this.method,
      path: this.path,
      status: this.status,
      problem: this.problem,
      errorId: this.errorId,
      retryAfterSeconds: this.retryAfterSeconds,
      partial,
      noAnswer: this.noAnswer,
      cause: this.cause,
    });
  }
}
