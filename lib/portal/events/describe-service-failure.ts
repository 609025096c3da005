/*
 * A failed call to a service in words an admin can act on, for a connection's receiverError. Built
 * from the client's error (its problem details) without the request, so no apicode, token or
 * receiver secret can end up on the page or in the database.
 */

interface ProblemLike {
  status?: unknown;
  problem?: { title?: unknown; detail?: unknown; problems?: unknown };
}

const MAX_LENGTH = 500;

export function describeServiceFailure(error: unknown): string {
  const candidate = error as ProblemLike | null;
  if (candidate && typeof candidate === "object" && candidate.problem && typeof candidate.problem === "object") {
    const { title, detail, problems } = candidate.problem;
    const status = typeof candidate.status === "number" && candidate.status > 0 ? `${candidate.status} ` : "";
    const fields = Array.isArray(problems)
      ? problems
          .map((item: { field?: unknown; message?: unknown }) =>
            typeof item.field === "string" ? `${item.field} ${String(item.message ?? "")}`.trim() : String(item.message ?? ""),
          )
          .filter(Boolean)
          .join("; ")
      : "";
    const text = `${status}${typeof detail === "string" ? detail : String(title ?? "The service refused the request.")}${fields ? ` (${fields})` : ""}`;
    return text.slice(0, MAX_LENGTH);
  }
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) return "The service did not answer in time.";
  return "The service could not be reached.";
}
