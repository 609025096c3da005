import { randomUUID } from "node:crypto";

import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";

import { getDb } from "../../db/client";
import { collectMetrics } from "../../platform/metrics";
import type { Role } from "../auth/roles";

import { portalRoute } from "./portal-route";

/*
 * The portal's route helper refuses before the handler runs, each refusal as problem details in
 * the reader's language and never cached: no session, too small a role, a path that names nothing
 * and a query member that is not valid. The session is the signed-in user's id, as NextAuth gives it.
 */

let session: { userId: string } | null = null;
vi.mock("next-auth", async (importOriginal) => ({ ...(await importOriginal<typeof import("next-auth")>()), getServerSession: async () => session }));

const ORGANIZATION = randomUUID();
const users = {} as Record<Role, string>;
let ran = 0;

const GET = portalRoute(
  {
    role: "clerk",
    params: { schema: z.object({ id: z.string().regex(/^\d+$/) }), notFound: (locale) => (locale === "fin" ? "Ei tällaista." : "No such thing.") },
    query: z.object({ country: z.enum(["FIN", "SWE", "NOR"]), limit: z.coerce.number().int().max(50).default(10) }),
  },
  async ({ user, params, query }) => {
    ran++;
    return Response.json({ user: user.email, id: params.id, country: query.country, limit: query.limit });
  },
);

const get = (search: string, id = "7") => GET(new NextRequest(`http://localhost/api/portal/things/${id}?${search}`), { params: Promise.resolve({ id }) });

async function problemOf(response: Response) {
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  expect(response.headers.get("cache-control")).toBe("no-store");
  return (await response.json()) as { type: string; title: string; status: number; detail: string; problems?: { field: string | null }[] };
}

beforeAll(async () => {
  const db = getDb();
  await db.portalOrganization.create({ data: { id: ORGANIZATION, name: "Route helper" } });
  for (const role of ["viewer", "clerk", "admin"] as const) {
    users[role] = randomUUID();
    await db.portalUser.create({
      data: {
        id: users[role],
        organizationId: ORGANIZATION,
        email: `${role}-${users[role]}@example.test`,
        name: role,
        passwordHash: "x",
        role,
        locale: role === "viewer" ? "fin" : "eng",
      },
    });
  }
});

describe("portalRoute", () => {
  it("answers a request without a session 401, as problem details, without running the handler", async () => {
    session = null;
    const response = await get("country=FIN");
    expect(response.status).toBe(401);
    expect(await problemOf(response)).toEqual({ type: "about:blank", title: "Not authenticated", status: 401, detail: "Sign in first." });
    expect(ran).toBe(0);
  });

  it("answers a role below the route's 403 in the user's language", async () => {
    session = { userId: users.viewer };
    const response = await get("country=FIN");
    expect(response.status).toBe(403);
    expect(await problemOf(response)).toMatchObject({ type: "about:blank", title: "Ei sallittu", status: 403 });
    expect(ran).toBe(0);
  });

  it("answers a query member that is not valid 400, naming the member", async () => {
    session = { userId: users.clerk };
    const response = await get("country=DEU&limit=20");
    expect(response.status).toBe(400);
    const problem = await problemOf(response);
    expect(problem).toMatchObject({ title: "Bad request", status: 400, detail: "These parameters are not valid: country." });
    expect(problem.problems?.map((each) => each.field)).toEqual(["country"]);

    const both = await problemOf(await get("limit=500"));
    expect(both.detail).toBe("These parameters are not valid: country, limit.");
    expect(both.problems?.map((each) => each.field)).toEqual(["country", "limit"]);
    expect(ran).toBe(0);
  });

  it("answers a path its schema refuses 404, in the route's words", async () => {
    session = { userId: users.admin };
    const response = await get("country=FIN", "abc");
    expect(response.status).toBe(404);
    expect(await problemOf(response)).toMatchObject({ status: 404, detail: "No such thing." });
    expect(ran).toBe(0);
  });

  it("runs the handler for a role at or above the route's with the parsed path and query, its answer not cached", async () => {
    session = { userId: users.admin };
    // The first value of a repeated name counts, as URLSearchParams.get reads it.
    const response = await get("country=SWE&country=NOR&limit=12&other=kept-out");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ user: expect.stringMatching(/^admin-/), id: "7", country: "SWE", limit: 12 });
    session = { userId: users.clerk };
    expect(await (await get("country=FIN")).json()).toMatchObject({ country: "FIN", limit: 10 });
    expect(ran).toBe(2);
  });

  it("keeps a Cache-Control the handler chose", async () => {
    session = { userId: users.clerk };
    const chosen = portalRoute({ role: "viewer" }, async () => new Response("x", { headers: { "cache-control": "private, max-age=60" } }));
    expect((await chosen(new NextRequest("http://localhost/api/portal/chosen"))).headers.get("cache-control")).toBe("private, max-age=60");
  });

  it("times each answer under the route's pattern, the path's parameters by name, never their values", async () => {
    session = { userId: users.clerk };
    expect((await get("country=FIN", "4815162342")).status).toBe(200);
    expect((await get("country=XXX", "4815162342")).status).toBe(400);
    const { text } = await collectMetrics();
    expect(text).toMatch(/^http_request_duration_seconds_count\{route="\/api\/portal\/things\/\[id\]",method="GET",status="200"\} [1-9]/m);
    expect(text).toMatch(/^http_request_duration_seconds_count\{route="\/api\/portal\/things\/\[id\]",method="GET",status="400"\} [1-9]/m);
    expect(text).not.toContain("4815162342");
    expect(text).not.toContain(ORGANIZATION);
    expect(text).not.toContain("example.test");
  });
});
