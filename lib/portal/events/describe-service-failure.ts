import { CLIENT_PROBLEM_TYPES, ServiceRequestError } from "../../client/service-request-error";
import { keyed } from "../i18n/messages";

/*
 * A failed call to a service in words an admin can act on, for a connection's receiverError, and
 * as the one line a form or an upload shows (serviceFailureLine). Built from the client's error
 * (its problem details) without the request, so no apicode, token or receiver secret can end up on
 * the page or in the database. A service's problem is kept in its own words; the portal's own
 * findings are keyed messages, said in the reader's language where shown.
 */

interface ProblemLike {
  status?: unknown;
  problem?: { type?: unknown; title?: unknown; detail?: unknown; problems?: unknown };
}

const MAX_LENGTH = 500;

/**
 * No answer at all: the client's own finding as a keyed message, with the address and the cause it
 * recorded; null for an answer the service gave.
 */
function noAnswerFinding(error: unknown, type: unknown): string | null {
  const noAnswer = error instanceof ServiceRequestError ? error.noAnswer : undefined;
  if (noAnswer?.timeoutSeconds !== undefined) return keyed("serviceTimedOutAt", { address: noAnswer.address, seconds: noAnswer.timeoutSeconds });
  if (noAnswer?.cause) return keyed("serviceUnreachableAt", { address: noAnswer.address, cause: noAnswer.cause.slice(0, 200) });
  if (type === CLIENT_PROBLEM_TYPES.timeout) return keyed("serviceTimedOut");
  if (type === CLIENT_PROBLEM_TYPES.unreachable) return keyed("serviceUnreachable");
  return null;
}

/**
 * A failed call as one line beside a form or an upload: the client's own findings by their keys
 * (the problem details the client wrote are English, and name the media type or the limit only an
 * admin reading a connection's error needs), else the service's problem in its own words. Whoever
 * shows it says it with messageText, so a keyed line reads in the user's language.
 */
export function serviceFailureLine(error: ServiceRequestError): string {
  const { type, title, detail } = error.problem;
  if (type === CLIENT_PROBLEM_TYPES.tooLarge) return keyed("tooLargeToSend");
  if (type === CLIENT_PROBLEM_TYPES.unexpectedAnswer) return keyed("serviceAnswerUnreadable", { status: error.status });
  return noAnswerFinding(error, type) ?? detail ?? title;
}

export function describeServiceFailure(error: unknown): string {
  const candidate = error as ProblemLike | null;
  if (candidate && typeof candidate === "object" && candidate.problem && typeof candidate.problem === "object") {
    const { type, title, detail, problems } = candidate.problem;
    const found = noAnswerFinding(error, type);
    if (found) return found;
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
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) return keyed("serviceTimedOut");
  return keyed("serviceUnreachable");
}
