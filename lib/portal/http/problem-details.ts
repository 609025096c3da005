import { ServiceRequestError } from "../../client/service-request-error";
import { problemResponse } from "../../platform/problem-response";
import type { FieldProblem } from "../../spec/problems";
import { defineTexts, type Locale } from "../i18n/locale";

/*
 * RFC 9457 (7807) problem details, the one shape every portal route and the receiver answer an
 * error in: { type, title, status, detail } and, for a body the receiver refused member by
 * member, problems[], framed as the service frames its own (lib/platform/problem-response.ts).
 */

/**
 * The title of each status the portal answers, in the reader's language: a PDF link opens the
 * answer in a tab of its own. The receiver's callers are machines, and read them in English.
 */
const PROBLEM_TITLES = defineTexts({
  eng: {
    400: "Bad request",
    401: "Not authenticated",
    403: "Forbidden",
    404: "Not found",
    409: "Conflict",
    413: "Too large",
    415: "Unsupported media type",
    422: "Not valid",
    500: "Internal error",
    502: "The service did not answer",
  },
  fin: {
    400: "Virheellinen pyyntö",
    401: "Et ole kirjautunut",
    403: "Ei sallittu",
    404: "Ei löydy",
    409: "Ristiriita",
    413: "Liian suuri",
    415: "Sisältötyyppiä ei tueta",
    422: "Ei kelpaa",
    500: "Sisäinen virhe",
    502: "Palvelu ei vastannut",
  },
  swe: {
    400: "Felaktig begäran",
    401: "Inte inloggad",
    403: "Inte tillåtet",
    404: "Hittades inte",
    409: "Konflikt",
    413: "För stor",
    415: "Innehållstypen stöds inte",
    422: "Inte giltig",
    500: "Internt fel",
    502: "Tjänsten svarade inte",
  },
  nor: {
    400: "Ugyldig forespørsel",
    401: "Ikke logget inn",
    403: "Ikke tillatt",
    404: "Ikke funnet",
    409: "Konflikt",
    413: "For stor",
    415: "Innholdstypen støttes ikke",
    422: "Ikke gyldig",
    500: "Intern feil",
    502: "Tjenesten svarte ikke",
  },
});

/** A status the portal answers a problem with; one without a title here is a type error, not an untitled answer. */
export type ProblemStatus = keyof (typeof PROBLEM_TITLES)["eng"];

interface ProblemOptions {
  problems?: FieldProblem[];
  headers?: Record<string, string>;
}

export function portalProblem(status: ProblemStatus, detail: string, locale: Locale = "eng", { problems, headers }: ProblemOptions = {}): Response {
  const title = PROBLEM_TITLES[locale][status];
  return problemResponse({ type: "about:blank", title, status, detail, ...(problems ? { problems } : {}) }, headers);
}

/** The title of a 502 whose service answered, with a problem of its own or an answer the portal could not use. */
const SERVICE_ANSWERED_TITLES = defineTexts({
  eng: { title: "The service answered with an error" },
  fin: { title: "Palvelu vastasi virheellä" },
  swe: { title: "Tjänsten svarade med ett fel" },
  nor: { title: "Tjenesten svarte med en feil" },
});

/**
 * A 502 for a call to the service that failed, titled by whether the service answered at all: a
 * problem it answered with is no silence, and an admin who reads "did not answer" looks at the
 * network instead of at what the service said in the detail.
 */
export function serviceFailureProblem(error: unknown, detail: string, locale: Locale): Response {
  // Status 0 is the client's own finding that nothing came back (unreachable, timed out).
  const answered = error instanceof ServiceRequestError && error.status > 0;
  if (!answered) return portalProblem(502, detail, locale);
  return problemResponse({ type: "about:blank", title: SERVICE_ANSWERED_TITLES[locale].title, status: 502, detail });
}
