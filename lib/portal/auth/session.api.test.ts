import { randomUUID } from "node:crypto";

import { beforeAll, describe, expect, it, vi } from "vitest";

import { getDb } from "../../db/client";

/* The user behind a session, read by one raw statement on either engine; next-auth's session is the only stand-in. */

let sessionUserId: string | undefined;
vi.mock("next-auth", () => ({ getServerSession: async () => (sessionUserId === undefined ? null : { userId: sessionUserId }) }));

const { getPortalUser, userForRoute } = await import("./session");

const organizationId = randomUUID();
const clerk = { id: randomUUID(), organizationId, email: `clerk-${randomUUID()}@example.test`, name: "Clerk Person", role: "clerk", locale: "swe" };
const odd = { id: randomUUID(), organizationId, email: `odd-${randomUUID()}@example.test`, name: "Odd", role: "owner", locale: "xx" };

beforeAll(async () => {
  const db = getDb();
  await db.portalOrganization.create({ data: { id: organizationId, name: "Session Oy" } });
  await db.portalUser.createMany({ data: [clerk, odd].map((user) => ({ ...user, passwordHash: "not-a-hash" })) });
});

describe("getPortalUser", () => {
  it("reads the session's user, its organization, role and language", async () => {
    sessionUserId = clerk.id;
    expect(await getPortalUser()).toEqual(clerk);
  });

  it("reads an unknown role as viewer and an unknown language as English", async () => {
    sessionUserId = odd.id;
    expect(await getPortalUser()).toEqual({ ...odd, role: "viewer", locale: "eng" });
  });

  it("has no user without a session or for a removed user, and a route answers 401", async () => {
    sessionUserId = undefined;
    expect(await getPortalUser()).toBeNull();
    sessionUserId = randomUUID();
    expect(await getPortalUser()).toBeNull();
    const auth = await userForRoute("viewer");
    expect("response" in auth && auth.response.status).toBe(401);
  });

  it("refuses a role too small for the route with 403", async () => {
    sessionUserId = clerk.id;
    const auth = await userForRoute("admin");
    expect("response" in auth && auth.response.status).toBe(403);
    expect(await userForRoute("clerk")).toEqual({ user: clerk });
  });
});
