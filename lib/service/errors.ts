import { PROBLEM_KINDS, type ProblemKind } from "../spec/problem-details";
import type { AnswerProblem } from "../spec/problems";

/*
 * The one error type of the service. A domain function throws a ServiceError with a kind from the
 * interface's table (PROBLEM_KINDS in lib/spec/problem-details.ts); the REST layer turns it into an RFC 9457 problem-details answer with the kind's
 * status. Anything else thrown is a bug or an outage and is answered with a generic 500 or 503,
 * never with its message.
 */

export class ServiceError extends Error {
  readonly kind: ProblemKind;
  readonly problems?: AnswerProblem[];
  readonly headers?: Record<string, string>;

  constructor(kind: ProblemKind, detail: string, options: { problems?: AnswerProblem[]; headers?: Record<string, string> } = {}) {
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
