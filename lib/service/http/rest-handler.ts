import { randomUUID } from "node:crypto";

import { getDb, type Db } from "../../db/client";
import { getEnv } from "../../env";
import { errorFields, log } from "../../log";
import { withCacheRule, withHeaders } from "../../platform/cache-control";
import { systemClock, type Clock } from "../../platform/clock";
import { metrics, routeShape } from "../../platform/metrics";
import { problemResponse } from "../../platform/problem-response";
import { environment as environmentById, isEnvironmentId, type Environment } from "../../spec/environments";
import { PROBLEM_KINDS, problemTypeUri, type ProblemDetails } from "../../spec/problem-details";
import { ServiceError } from "../errors";

/*
 * The frame of every REST route handler: resolve the environment, run the handler, and turn errors
 * into RFC 9457 problem details through the one table in ../errors.ts, and give every answer the
 * interface's caching rule (../../platform/cache-control.ts). Handlers stay thin: parse, authorise,
 * call the domain, answer.
 */

export interface RestContext {
  request: Request;
  environment: Environment;
  db: Db;
  clock: Clock;
  requestId: string;
}

/**
 * The environment a request was sent to. /{environment}/rest/… reaches the same route handlers as
 * /rest/… through a rewrite (next.config.mjs), and the handler still sees the path the client
 * requested, so the environment is read from the path itself and cannot be chosen any other way.
 */
function resolveEnvironment(request: Request): Environment {
  const prefix = new URL(request.url).pathname.match(/^\/([a-z]{3}-[a-z]{4})\/rest(\/|$)/)?.[1];
  if (prefix === undefined) return environmentById(getEnv().DEFAULT_ENVIRONMENT);
  if (!isEnvironmentId(prefix)) throw new ServiceError("not_found", `There is no environment ${prefix}.`);
  return environmentById(prefix);
}

/** The RFC 9457 body of an error: the REST answer's, and the one an SFTP package's answer file holds. */
export function problemBody(error: ServiceError, instance?: string): ProblemDetails {
  const { status, title } = PROBLEM_KINDS[error.kind];
  const body: ProblemDetails = { type: problemTypeUri(error.kind), title, status, detail: error.message, ...(instance ? { instance } : {}) };
  if (error.problems?.length) body.problems = error.problems;
  return body;
}

function errorResponse(error: ServiceError, requestId: string): Response {
  return problemResponse(problemBody(error, `urn:request:${requestId}`), { "X-Request-Id": requestId, ...error.headers });
}

/** Errors of the database that pass: a busy SQLite file, a PostgreSQL serialization failure. */
function isTransient(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /SQLITE_BUSY|database is locked|could not serialize|deadlock detected|Timed out fetching a new connection|ECONNREFUSED/i.test(text);
}

export function restHandler(handler: (context: RestContext) => Promise<Response>) {
  return async (request: Request): Promise<Response> => {
    const started = performance.now();
    const response = withCacheRule(await answer(request));
    metrics().httpDuration.observe(
      { route: routeShape(new URL(request.url).pathname), method: request.method, status: String(response.status) },
      (performance.now() - started) / 1000,
    );
    return response;
  };

  async function answer(request: Request): Promise<Response> {
    const requestId = randomUUID();
    try {
      const environment = resolveEnvironment(request);
      const response = await handler({ request, environment, db: getDb(), clock: systemClock, requestId });
      // A redirect's headers cannot be set: it is rebuilt, not answered with a 500.
      return withHeaders(response, { "X-Request-Id": requestId });
    } catch (error) {
      if (error instanceof ServiceError) return errorResponse(error, requestId);
      if (isTransient(error)) {
        log.warn("transient failure", { requestId, path: new URL(request.url).pathname, ...errorFields(error) });
        return errorResponse(
          new ServiceError("unavailable", "The service is busy; retry the request shortly.", { headers: { "Retry-After": "2" } }),
          requestId,
        );
      }
      log.error("request failed", { requestId, path: new URL(request.url).pathname, ...errorFields(error) });
      return errorResponse(new ServiceError("internal", "Something went wrong on our side; the request id identifies it to support."), requestId);
    }
  }
}
