import { problemResponse } from "../../platform/problem-response";
import type { FieldProblem } from "../../spec/problems";

/*
 * RFC 9457 (7807) problem details, the one shape every portal route and the receiver answer an
 * error in: { type, title, status, detail } and, for a body the receiver refused member by
 * member, problems[], framed as the service frames its own (lib/platform/problem-response.ts).
 * Each caller names its own titles for the statuses it answers.
 */

interface ProblemOptions {
  /** The title of each status; any other is "Error". */
  titles: Readonly<Record<number, string>>;
  problems?: FieldProblem[];
  headers?: Record<string, string>;
}

export function portalProblemResponse(status: number, detail: string, { titles, problems, headers }: ProblemOptions): Response {
  return problemResponse({ type: "about:blank", title: titles[status] ?? "Error", status, detail, ...(problems ? { problems } : {}) }, headers);
}
