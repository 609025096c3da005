import type { z } from "zod";

import { mediaTypeOf } from "../platform/media-type";
import { problemDetailsSchema, type ProblemDetails } from "../spec/problem-details";
import { tokenErrorSchema } from "../spec/token";

import { CLIENT_PROBLEM_TYPES, ServiceRequestError } from "./service-request-error";

/*
 * Reading the service's answers: bodies checked against the interface's schemas, so an answer the
 * interface does not describe (a proxy's HTML page, another version of the service) fails here
 * with a clear error instead of somewhere deep in the portal.
 */

export interface CallSite {
  method: string;
  path: string;
}

export function isProblemAnswer(response: Response): boolean {
  return mediaTypeOf(response.headers) === "application/problem+json";
}

function retryAfterSeconds(response: Response): number | null {
  const value = response.headers.get("retry-after");
  if (value === null) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

export function unexpectedAnswer(site: CallSite, status: number, detail: string, cause?: unknown): ServiceRequestError {
  return new ServiceRequestError({
    ...site,
    status,
    problem: { type: CLIENT_PROBLEM_TYPES.unexpectedAnswer, title: "Unexpected answer from the service", status, detail },
    cause,
  });
}

function issuesText(error: z.ZodError): string {
  const shown = error.issues.slice(0, 3).map((issue) => `${issue.path.map(String).join(".") || "(body)"} ${issue.message}`);
  const more = error.issues.length > shown.length ? ` and ${error.issues.length - shown.length} more` : "";
  return `${shown.join("; ")}${more}`;
}

async function readJsonValue(response: Response, site: CallSite): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw unexpectedAnswer(site, response.status, `The answer (${mediaTypeOf(response.headers) || "no Content-Type"}) is not JSON.`, error);
  }
}

/** A JSON answer checked against its schema. */
export async function readJson<T extends z.ZodType>(response: Response, site: CallSite, schema: T): Promise<z.output<T>> {
  const value = await readJsonValue(response, site);
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw unexpectedAnswer(site, response.status, `The answer does not have the shape the interface describes: ${issuesText(parsed.error)}.`, parsed.error);
  }
  return parsed.data;
}

/**
 * A JSON answer the interface's schemas do not export a schema for (the testing endpoints): only
 * checked to be a JSON object, typed by the service's own declaration.
 */
export async function readJsonObject<T>(response: Response, site: CallSite): Promise<T> {
  const value = await readJsonValue(response, site);
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw unexpectedAnswer(site, response.status, "The answer is not a JSON object.");
  }
  return value as T;
}

export async function readPdf(response: Response, site: CallSite): Promise<Uint8Array> {
  const type = mediaTypeOf(response.headers);
  if (type !== "application/pdf") throw unexpectedAnswer(site, response.status, `Expected a PDF, got ${type || "an answer without Content-Type"}.`);
  return new Uint8Array(await response.arrayBuffer());
}

/** The error of a failed answer: the service's problem details, or a description of what came instead. */
export async function errorOf(response: Response, site: CallSite): Promise<ServiceRequestError> {
  const status = response.status;
  const retryAfter = retryAfterSeconds(response);
  const text = await response.text().catch(() => "");
  let value: unknown = undefined;
  try {
    value = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: described below
  }
  const problem = problemDetailsSchema.safeParse(value);
  if (problem.success) return new ServiceRequestError({ ...site, status, problem: problem.data, retryAfterSeconds: retryAfter });
  const fallback: ProblemDetails = {
    type: "about:blank",
    title: response.statusText || `HTTP ${status}`,
    status,
    detail: `The service answered ${status} without problem details${text ? ` (${mediaTypeOf(response.headers) || "no Content-Type"})` : ""}.`,
  };
  return new ServiceRequestError({ ...site, status, problem: fallback, retryAfterSeconds: retryAfter });
}

/** The error of a refused POST /token: the specification's { errorId, errorText }, named for people. */
export async function tokenErrorOf(response: Response, site: CallSite, cid: string): Promise<ServiceRequestError> {
  if (response.status !== 400 || isProblemAnswer(response)) return errorOf(response, site);
  const retryAfter = retryAfterSeconds(response);
  const body = tokenErrorSchema.safeParse(await readJsonValue(response, site).catch(() => undefined));
  if (!body.success) return unexpectedAnswer(site, 400, "POST /token refused the request without { errorId, errorText }.");
  const wait = body.data.errorId === 3 && retryAfter !== null ? ` Try again in ${retryAfter} s.` : "";
  return new ServiceRequestError({
    ...site,
    status: 400,
    problem: {
      type: CLIENT_PROBLEM_TYPES.tokenRefused,
      title: "The service refused the credentials",
      status: 400,
      detail: `No token for cid ${cid}: ${body.data.errorText} (errorId ${body.data.errorId}).${wait}`,
    },
    errorId: body.data.errorId,
    retryAfterSeconds: retryAfter,
  });
}

/**
 * The file name of a Content-Disposition header: the exact RFC 8187 `filename*` when present,
 * else the plain `filename`.
 */
export function dispositionFilename(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    const charset = extended[1]!.trim().toLowerCase();
    const value = extended[2]!.trim();
    try {
      if (charset === "utf-8" || charset === "") return decodeURIComponent(value);
      // ISO-8859-1 is the only other charset RFC 8187 requires; each %XX is one character.
      return value.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    } catch {
      // a malformed escape: fall back to the plain name
    }
  }
  const quoted = /(?:^|;)\s*filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted) return quoted[1]!.replace(/\\(.)/g, "$1");
  const token = /(?:^|;)\s*filename\s*=\s*([^;\s]+)/i.exec(header);
  return token ? token[1]! : null;
}
