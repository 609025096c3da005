import { z } from "zod";

import { exactCents, formatCents, MAX_CENTS } from "../../payment-data/amounts";
import { isIsoDate } from "../../platform/calendar-days";
import { COUNTRIES, ENVIRONMENT_IDS, type Country, type EnvironmentId } from "../../spec/environments";
import { ruleKeyed } from "../../spec/rules";
import { normaliseDecimal } from "../forms/normalise-decimal";
import { keyed } from "../i18n/messages";

import { DELIVERY_FILTERS, type DeliveryFilter } from "./undelivered";

/*
 * The case list's filters, sort and page live in the URL, so a filtered view is a link a credit
 * controller can bookmark or send. The page and the JSON route parse the same search parameters
 * here; a value that does not parse is named per field, so the form can put the message on it.
 */

export const CASE_SORTS = ["updated", "due", "amount", "name"] as const;
export type CaseSort = (typeof CASE_SORTS)[number];
export type SortDirection = "asc" | "desc";

/** The order a column first sorts in when its header is chosen: newest, soonest, largest, A–Z. */
export const DEFAULT_DIRECTION: Record<CaseSort, SortDirection> = { updated: "desc", due: "asc", amount: "desc", name: "asc" };

const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 200;

export interface CaseFilters {
  code?: number;
  jobtype?: number;
  country?: Country;
  environment?: EnvironmentId;
  dueFrom?: string;
  dueTo?: string;
  /** Minor units. */
  amountMin?: bigint;
  amountMax?: bigint;
  /** As typed (trimmed); the query lower-cases it. */
  q?: string;
  /** Invoices waiting on a failed delivery (undelivered.ts), all or only the long undelivered. */
  delivery?: DeliveryFilter;
  /**
   * One connection's cases (its environment and cid), by the connection's id: the query looks the id
   * up within the organization (list-cases.ts), so another organization's id lists nothing.
   */
  connection?: string;
}

export interface CaseListParams extends CaseFilters {
  sort: CaseSort;
  dir: SortDirection;
  /** An opaque keyset cursor: the page after it, or the page before it. */
  after?: string;
  before?: string;
  limit: number;
}

/** The URL's names of the filter fields, in the order the form shows them. */
export const FILTER_FIELDS = [
  "q",
  "code",
  "jobtype",
  "country",
  "environment",
  "connection",
  "delivery",
  "dueFrom",
  "dueTo",
  "amountMin",
  "amountMax",
] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

type ParamErrorCode =
  "code" | "jobtype" | "country" | "environment" | "connection" | "delivery" | "date" | "amount" | "range" | "text" | "sort" | "dir" | "limit";

export interface ParsedCaseListParams {
  params: CaseListParams;
  /** Field name → what was wrong; the field is left out of params. */
  errors: Partial<Record<FilterField | "sort" | "dir" | "limit", ParamErrorCode>>;
  /** The raw values as typed, for refilling the form. */
  raw: Partial<Record<FilterField, string>>;
}

type SearchParamsInput = URLSearchParams | Record<string, string | string[] | undefined>;

function first(input: SearchParamsInput, name: string): string | undefined {
  if (input instanceof URLSearchParams) return input.get(name) ?? undefined;
  const value = input[name];
  return Array.isArray(value) ? value[0] : value;
}

const codeSchema = z.coerce.number().int().min(0).max(99_999);
/** A connection's id as the portal makes them (a UUID) or a test's fixture names one: letters, digits and dashes. */
const connectionSchema = z
  .string()
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/);
const dateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(isIsoDate);

/** A decimal in major units as a clerk types it, to minor units; null when it is not one. */
function parseAmount(text: string): bigint | null {
  const normalised = normaliseDecimal(text);
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return null;
  const cents = exactCents(normalised);
  return cents > MAX_CENTS ? null : cents;
}

export function parseCaseListParams(input: SearchParamsInput): ParsedCaseListParams {
  const errors: ParsedCaseListParams["errors"] = {};
  const raw: ParsedCaseListParams["raw"] = {};
  const params: CaseListParams = { sort: "updated", dir: "desc", limit: DEFAULT_PAGE_SIZE };

  for (const field of FILTER_FIELDS) {
    const value = first(input, field)?.trim();
    if (value) raw[field] = value;
  }

  if (raw.q !== undefined) {
    if (raw.q.length > 100) errors.q = "text";
    else params.q = raw.q;
  }
  for (const field of ["code", "jobtype"] as const) {
    if (raw[field] === undefined) continue;
    const parsed = codeSchema.safeParse(raw[field]);
    if (parsed.success) params[field] = parsed.data;
    else errors[field] = field;
  }
  if (raw.country !== undefined) {
    if ((COUNTRIES as readonly string[]).includes(raw.country)) params.country = raw.country as Country;
    else errors.country = "country";
  }
  if (raw.environment !== undefined) {
    if ((ENVIRONMENT_IDS as readonly string[]).includes(raw.environment)) params.environment = raw.environment as EnvironmentId;
    else errors.environment = "environment";
  }
  if (raw.connection !== undefined) {
    if (connectionSchema.safeParse(raw.connection).success) params.connection = raw.connection;
    else errors.connection = "connection";
  }
  if (raw.delivery !== undefined) {
    if ((DELIVERY_FILTERS as readonly string[]).includes(raw.delivery)) params.delivery = raw.delivery as DeliveryFilter;
    else errors.delivery = "delivery";
  }
  for (const field of ["dueFrom", "dueTo"] as const) {
    if (raw[field] === undefined) continue;
    if (dateSchema.safeParse(raw[field]).success) params[field] = raw[field];
    else errors[field] = "date";
  }
  if (params.dueFrom && params.dueTo && params.dueFrom > params.dueTo) {
    errors.dueTo = "range";
    delete params.dueTo;
  }
  for (const field of ["amountMin", "amountMax"] as const) {
    if (raw[field] === undefined) continue;
    const cents = parseAmount(raw[field]);
    if (cents === null) errors[field] = "amount";
    else params[field] = cents;
  }
  if (params.amountMin !== undefined && params.amountMax !== undefined && params.amountMin > params.amountMax) {
    errors.amountMax = "range";
    delete params.amountMax;
  }

  const sort = first(input, "sort");
  if (sort !== undefined) {
    if ((CASE_SORTS as readonly string[]).includes(sort)) params.sort = sort as CaseSort;
    else errors.sort = "sort";
  }
  const dir = first(input, "dir");
  if (dir === "asc" || dir === "desc") params.dir = dir;
  else {
    if (dir !== undefined) errors.dir = "dir";
    params.dir = DEFAULT_DIRECTION[params.sort];
  }
  const limit = first(input, "limit");
  if (limit !== undefined) {
    const parsed = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).safeParse(limit);
    if (parsed.success) params.limit = parsed.data;
    else errors.limit = "limit";
  }
  // A cursor that does not decode is dropped by the query (first page): a stale link still works.
  const after = first(input, "after");
  const before = first(input, "before");
  if (after) params.after = after;
  else if (before) params.before = before;

  return { params, errors, raw };
}

/**
 * What each kind of refused parameter breaks, as a keyed message: the form words it on its field and
 * the JSON routes in problems[], both in the reader's language (messageText), from one table.
 */
const PARAM_ERROR_MESSAGES: Record<ParamErrorCode, string> = {
  code: keyed("filterCode"),
  jobtype: keyed("filterJobtype"),
  country: keyed("filterCountry"),
  environment: keyed("filterEnvironment"),
  connection: keyed("noSuchConnection"),
  delivery: ruleKeyed("oneOf", { values: DELIVERY_FILTERS.join(", ") }),
  date: keyed("filterDate"),
  amount: keyed("filterAmount"),
  range: keyed("filterRange"),
  text: keyed("filterText"),
  sort: ruleKeyed("oneOf", { values: CASE_SORTS.join(", ") }),
  dir: ruleKeyed("oneOf", { values: "asc, desc" }),
  limit: keyed("pageSize", { max: MAX_PAGE_SIZE }),
};

/** A refused parameter's message, keyed: messageText says it in the reader's language. */
export const paramErrorMessage = (code: ParamErrorCode): string => PARAM_ERROR_MESSAGES[code];

/**
 * The case list's query as a schema, for the list's JSON routes (lib/portal/http/portal-route.ts):
 * the parameters parseCaseListParams reads, each one it refuses an issue at its name.
 */
export const caseListQuerySchema = z.record(z.string(), z.string()).transform((query, context): CaseListParams => {
  const parsed = parseCaseListParams(query);
  for (const [name, code] of Object.entries(parsed.errors))
    context.issues.push({ code: "custom", path: [name], message: PARAM_ERROR_MESSAGES[code], input: query[name] });
  return parsed.params;
});

/** The URL parameters that describe a view (filters as typed, sort and direction), without the cursor. */
export function viewSearchParams(parsed: ParsedCaseListParams): Record<string, string> {
  const view: Record<string, string> = { ...(parsed.raw as Record<string, string>) };
  if (parsed.params.sort !== "updated") view.sort = parsed.params.sort;
  if (parsed.params.dir !== DEFAULT_DIRECTION[parsed.params.sort]) view.dir = parsed.params.dir;
  if (parsed.params.limit !== DEFAULT_PAGE_SIZE) view.limit = String(parsed.params.limit);
  return view;
}

/**
 * The parsed parameters written back as a query string: only values that parsed, amounts in the
 * interface's form. The list's JSON route is fetched with this, so what refreshes is exactly what
 * the page showed, never a value the page refused.
 */
export function canonicalCaseSearch(params: CaseListParams): string {
  const search = new URLSearchParams();
  if (params.q) search.set("q", params.q);
  if (params.code !== undefined) search.set("code", String(params.code));
  if (params.jobtype !== undefined) search.set("jobtype", String(params.jobtype));
  if (params.country) search.set("country", params.country);
  if (params.environment) search.set("environment", params.environment);
  if (params.connection) search.set("connection", params.connection);
  if (params.delivery) search.set("delivery", params.delivery);
  if (params.dueFrom) search.set("dueFrom", params.dueFrom);
  if (params.dueTo) search.set("dueTo", params.dueTo);
  if (params.amountMin !== undefined) search.set("amountMin", formatCents(params.amountMin));
  if (params.amountMax !== undefined) search.set("amountMax", formatCents(params.amountMax));
  search.set("sort", params.sort);
  search.set("dir", params.dir);
  search.set("limit", String(params.limit));
  if (params.after) search.set("after", params.after);
  if (params.before) search.set("before", params.before);
  return search.toString();
}

/**
 * The search of the list's CSV download: the filters and order that parsed, as canonicalCaseSearch
 * writes them, without the page's size and cursor (the file holds every case). Built from the
 * parsed values, never the raw ones, so a filter the page said it did not apply is not sent to the
 * export either, which would refuse it with 400.
 */
export function caseExportSearch(params: CaseListParams): string {
  const search = new URLSearchParams(canonicalCaseSearch({ ...params, after: undefined, before: undefined }));
  search.delete("limit");
  return search.toString();
}

/** An amount a person types ("125,50", "1 000.00") as cents, more than zero. */
export const positiveAmountInput = z
  .string()
  .trim()
  .min(1, keyed("enterAmount"))
  .transform((value, ctx) => {
    const cents = parseAmount(value);
    if (cents === null || cents <= 0n) {
      ctx.addIssue({ code: "custom", message: keyed("amountAboveZero") });
      return z.NEVER;
    }
    return cents;
  });
