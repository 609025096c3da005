import { randomUUID } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it, vi } from "vitest";

import { getDb } from "@/lib/db/client";
import type { PortalUser } from "@/lib/portal/auth/session";
import { profileWithToken } from "@/lib/testing/rest";

/*
 * Every route file of the REST interface, the portal's API, the debtor's pages and the operator's
 * endpoints answers each of its methods with Cache-Control: no-store, success and problem alike, unless it chose another value on
 * purpose: a new route file cannot forget the rule, since this walks the folders.
 */

const APP = import.meta.dirname;
const ORGANIZATION = randomUUID();
const user: PortalUser = { id: randomUUID(), organizationId: ORGANIZATION, email: "viewer@example.test", name: "Viewer", role: "admin", locale: "eng" };

// Signed in as a person of an organization with no cases or connections: the portal's routes answer as they would.
vi.mock("@/lib/portal/auth/session", () => ({
  getPortalUser: async () => user,
  userForRoute: async () => ({ user }),
}));

/** The answers that chose their own Cache-Control, by route folder. */
const CHOSEN: Record<string, string> = { "rest/openapi.json": "public, max-age=300" };
/** Route folders whose GET cannot run outside a request of Next itself (NextAuth reads the request's cookies there). */
const NOT_CALLABLE = new Set(["api/auth/[...nextauth]"]);
/** A value for each path parameter: none names anything that exists, so the routes answer 404 as often as 200. */
const PARAMS: Record<string, string> = {
  jobid: "1",
  dispatchid: randomUUID(),
  dispatchId: randomUUID(),
  id: randomUUID(),
  code: "NOSUCH",
  contract_no: "NOSUCH",
  usageplacecode: "NOSUCH",
  date: "2026-01-02",
  kind: "not_found",
  path: "nosuch",
  nextauth: "session",
  token: "nosuchtoken",
};
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Handler = (request: Request, context: { params: Promise<unknown> }) => Promise<Response>;

function routeFolders(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    if (statSync(full).isDirectory()) return routeFolders(full);
    return name === "route.ts" ? [path.relative(APP, directory).split(path.sep).join("/")] : [];
  });
}

const folders = [
  ...routeFolders(path.join(APP, "rest")),
  ...routeFolders(path.join(APP, "api")),
  ...routeFolders(path.join(APP, "d")),
  "healthz",
  "readyz",
  "metrics",
].filter((folder) => !NOT_CALLABLE.has(folder));

let token: string;

beforeAll(async () => {
  token = (await profileWithToken("fin-test")).token;
  await getDb().portalOrganization.create({ data: { id: ORGANIZATION, name: "Cache rule" } });
});

describe("Cache-Control", () => {
  it("walks the REST interface, the portal's API and the debtor's documents", () => {
    expect(folders.filter((folder) => folder.startsWith("rest/")).length).toBeGreaterThan(40);
    expect(folders).toContain("api/portal/cases");
    expect(folders).toContain("d/[token]/invoice.pdf");
  });

  // Every method a route file exports: a refusal of an empty or invalid body is an answer as well.
  it.each(folders)("/%s answers no-store to each of its methods unless it chose otherwise", async (folder) => {
    const routeModule = (await import(`./${folder}/route`)) as Partial<Record<(typeof METHODS)[number], Handler>>;
    const methods = METHODS.filter((method) => routeModule[method]);
    expect(methods.length, folder).toBeGreaterThan(0);
    const params = Object.fromEntries([...folder.matchAll(/\[(?:\.\.\.)?(\w+)\]/g)].map(([, name]) => [name!, PARAMS[name!]!]));
    const pathname = folder.replace(/\[(?:\.\.\.)?(\w+)\]/g, (_, name: string) => PARAMS[name]!);
    const address = folder.startsWith("rest/") ? `http://localhost/fin-test/${pathname}` : `http://localhost/${pathname}`;
    for (const method of methods) {
      const body = method === "GET" || method === "DELETE" ? undefined : "{}";
      const request = new NextRequest(address, { method, body, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" } });
      const response = await routeModule[method]!(request, { params: Promise.resolve(params) });
      // The token is taken, so the answer is the route's own and not the sign-in's refusal.
      if (method === "GET" || folder.startsWith("rest/")) expect(response.status, `${method} ${folder}`).not.toBe(401);
      const cacheControl = response.headers.get("cache-control");
      if (folder in CHOSEN && method === "GET") expect(cacheControl, `${method} ${folder}`).toBe(CHOSEN[folder]);
      else expect(cacheControl?.split(/,\s*/), `${method} ${folder}: ${response.status}`).toContain("no-store");
      await response.body?.cancel();
    }
  });
});
