/*
 * The caching rule of every answer the REST interface and the portal's API give, success and problem
 * alike: Cache-Control: no-store, unless the handler set a Cache-Control of its own (the OpenAPI
 * document may be cached for a while). Their answers are a tenant's data, a token or a state that
 * moves, so a cache between the caller and the server must never keep one; the rule is applied
 * where every answer passes, so no handler can forget it.
 */

export const NO_STORE = "no-store";

/** The answer with Cache-Control: no-store unless it has a Cache-Control already. */
export function withCacheRule(response: Response): Response {
  if (response.headers.has("Cache-Control")) return response;
  return withHeaders(response, { "Cache-Control": NO_STORE });
}

/**
 * The answer with these headers set. A fetched answer or Response.redirect() has immutable headers,
 * and setting one throws: that answer is rebuilt, same status, body and other headers.
 */
export function withHeaders(response: Response, set: Record<string, string>): Response {
  try {
    for (const [name, value] of Object.entries(set)) response.headers.set(name, value);
    return response;
  } catch {
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(set)) headers.set(name, value);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

/** A route handler whose every answer follows the rule (for the route files that are not built on route()). */
export function uncached<A extends unknown[]>(handler: (...args: A) => Response | Promise<Response>): (...args: A) => Promise<Response> {
  return async (...args) => withCacheRule(await handler(...args));
}
