import { subscribe } from "node:diagnostics_channel";
import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

import { observeRequest } from "./metrics";

/*
 * Every request the app answers is timed in http_request_duration_seconds, once. The REST service
 * (restHandler), the portal's API (portalRoute) and the webhook receivers (timedRoute) time their
 * own answers, with labels of their own; everything else (the portal's and the debtor's
 * server-rendered pages, sign-in, onboarding, the API reference, /healthz, /readyz, /metrics, the
 * OpenAPI document, next-auth) never passed a wrapper, so a slow portal page went unseen. Those are
 * timed here, at the HTTP server, from the request's arrival to its last byte, by the diagnostics
 * channels Node announces each request and each finished response on. The label is the page's
 * route pattern from the build's routes manifest ("/cases/[id]"), never the path itself; a path no
 * route matches (a 404 of a made-up path) is "other". Next.js's own files (/_next/…) are not timed.
 */

const INSTALLED = Symbol.for("nordic-receivables.request-timing");

/** Paths whose handlers time themselves (see above); the environment prefix of /{env}/rest is dropped first. */
const SELF_TIMED = [/^\/rest\/(?!openapi\.json$)/, /^\/api\/portal\//, /^\/api\/webhooks\//];

interface Route {
  page: string;
  regex: RegExp;
}

/** The app's routes as the build lists them: static pages by path, dynamic ones by their patterns. */
export function routesOf(manifest: { staticRoutes?: { page: string }[]; dynamicRoutes?: { page: string; regex: string }[] }): {
  statics: Set<string>;
  dynamics: Route[];
} {
  return {
    statics: new Set((manifest.staticRoutes ?? []).map((route) => route.page)),
    dynamics: (manifest.dynamicRoutes ?? []).map((route) => ({ page: route.page, regex: new RegExp(route.regex) })),
  };
}

/** The label of a request's path, or null for one its own handler times or Next.js's own files. */
export function labelOf(url: string | undefined, routes: ReturnType<typeof routesOf>): string | null {
  const pathname = (url ?? "/").split("?")[0]!.replace(/^\/[a-z]{3}-[a-z]{4}(?=\/rest(\/|$))/, "") || "/";
  if (pathname.startsWith("/_next/") || SELF_TIMED.some((pattern) => pattern.test(pathname))) return null;
  const trimmed = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
  if (routes.statics.has(trimmed)) return trimmed;
  return routes.dynamics.find((route) => route.regex.test(pathname))?.page ?? "other";
}

function readRoutes(): ReturnType<typeof routesOf> {
  // eslint-disable-next-line no-restricted-properties -- the build folder next.config.mjs chose, read as Next.js reads it
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  try {
    return routesOf(JSON.parse(readFileSync(path.join(process.cwd(), distDir, "routes-manifest.json"), "utf8")));
  } catch {
    // No build (a test's own server): every path is "other", still bounded.
    return routesOf({});
  }
}

/** From now on every request the process's HTTP servers answer is timed as above; once per process. */
export function timeRequests(routes: ReturnType<typeof routesOf> = readRoutes()): void {
  const global = globalThis as { [INSTALLED]?: true };
  if (global[INSTALLED]) return;
  global[INSTALLED] = true;
  const started = new WeakMap<IncomingMessage, number>();
  subscribe("http.server.request.start", (message) => {
    started.set((message as { request: IncomingMessage }).request, performance.now());
  });
  subscribe("http.server.response.finish", (message) => {
    const { request, response } = message as { request: IncomingMessage; response: ServerResponse };
    const start = started.get(request);
    if (start === undefined) return;
    const route = labelOf(request.url, routes);
    if (route !== null) observeRequest(route, request.method ?? "GET", response.statusCode, start);
  });
}
