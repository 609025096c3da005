import type { FieldProblem } from "../../spec/problems";

/*
 * RFC 9457 (7807) problem details, the one shape every portal route and the receiver answer an
 * error in: { type, title, status, detail } and, for a body the receiver refused member by
 * member, problems[]. Each caller names its own titles for the statuses it answers.
 */

interface ProblemOptions {
  /** The title of each status; any other is "Error". */
  titles: Readonly<Record<number, string>>;
  problems?: FieldProblem[];
  headers?: Record<string, string>;
}

export function problemResponse(status: number, detail: string, { titles, problems, headers }: ProblemOptions): Response {
  const body = { type: "about:blank", title: titles[status] ?? "Error", status, detail, ...(problems ? { problems } : {}) };
  return new Response(JSON.stringify(body), { status, headers: new Headers({ "Content-Type": "application/problem+json", ...headers }) });
}
