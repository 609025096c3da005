import type { NextRequest } from "next/server";
import type { z } from "zod";

import { withCacheRule } from "../../platform/cache-control";
import { observeRequest, routePattern } from "../../platform/metrics";
import { problemMessage, problemsFromZod } from "../../spec/problems";
import type { Role } from "../auth/roles";
import { userForRoute, type PortalUser } from "../auth/session";
import type { Locale } from "../i18n/locale";
import { keyed, messageText } from "../i18n/messages";

import { portalProblem } from "./problem-details";

/*
 * A route handler of the portal's own API built on one declaration: the least role that may call
 * it, and the schemas of its path and query. It signs the caller in, checks the role and reads the
 * path and query before the handler runs, and answers each refusal as problem details in the
 * reader's language (401 without a session, 403 for too small a role, 404 for a path that names
 * nothing, 400 naming the query's members, each problem's message too); every answer, the
 * handler's too, follows the caching rule (lib/platform/cache-control.ts). The handler gets the
 * user and typed values and does only the route's own work.
 */

type Output<T> = T extends z.ZodType ? z.output<T> : never;

interface PortalRouteSpec {
  /** The least role that may call the route; each role may do what the ones below it may (roles.ts). */
  role: Role;
  /** The path's parameters: what the schema refuses names nothing, and is answered 404 in notFound's words. */
  params?: { schema: z.ZodType; notFound: (locale: Locale) => string };
  /** The query, by the first value given for each name. */
  query?: z.ZodType;
  /** The detail of a refused query in the route's own words; by default it names the members that are not valid. */
  invalidQuery?: (locale: Locale) => string;
}

type ParamsOf<S> = S extends { params: { schema: infer T } } ? Output<T> : Record<string, never>;
type QueryOf<S> = S extends { query: infer T } ? Output<T> : Record<string, never>;

interface PortalRouteContext<S extends PortalRouteSpec> {
  request: NextRequest;
  user: PortalUser;
  params: ParamsOf<S>;
  query: QueryOf<S>;
}

/** What Next hands a route handler beside the request; a route without a dynamic segment may be called without it. */
interface NextContext {
  params: Promise<Record<string, string | string[] | undefined>>;
}

export function portalRoute<const S extends PortalRouteSpec>(spec: S, handler: (context: PortalRouteContext<S>) => Promise<Response>) {
  return async (request: NextRequest, context?: NextContext): Promise<Response> => {
    const started = performance.now();
    const response = withCacheRule(await answer(spec, handler, request, context));
    observeRequest(routePattern(new URL(request.url).pathname, (await context?.params) ?? {}), request.method, response.status, started);
    return response;
  };
}

async function answer<S extends PortalRouteSpec>(
  spec: S,
  handler: (context: PortalRouteContext<S>) => Promise<Response>,
  request: NextRequest,
  context: NextContext | undefined,
): Promise<Response> {
  const auth = await userForRoute(spec.role);
  if ("response" in auth) return auth.response;
  const { user } = auth;
  let params: unknown = {};
  if (spec.params) {
    const parsed = spec.params.schema.safeParse((await context?.params) ?? {});
    if (!parsed.success) return portalProblem(404, spec.params.notFound(user.locale), user.locale);
    params = parsed.data;
  }
  let query: unknown = {};
  if (spec.query) {
    const parsed = spec.query.safeParse(firstValues(new URL(request.url).searchParams));
    if (!parsed.success) {
      // Each message by its key (a rule of the interface, or the portal's own) in the reader's language, as the detail is.
      const problems = problemsFromZod(parsed.error).map((problem) => ({ ...problem, message: messageText(problemMessage(problem), user.locale) }));
      const names = [...new Set(problems.map((problem) => problem.field).filter((field) => field !== null))];
      const detail = spec.invalidQuery?.(user.locale) ?? messageText(keyed("invalidParameters", { names: names.join(", ") }), user.locale);
      return portalProblem(400, detail, user.locale, { problems });
    }
    query = parsed.data;
  }
  return handler({ request, user, params, query } as PortalRouteContext<S>);
}

/** The query as a record of its names, each with the first value given for it, as URLSearchParams.get reads it. */
function firstValues(search: URLSearchParams): Record<string, string> {
  const values = new Map<string, string>();
  for (const [name, value] of search) if (!values.has(name)) values.set(name, value);
  return Object.fromEntries(values);
}
