import { randomUUID } from "node:crypto";

import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it, vi } from "vitest";

import { getDb } from "../../db/client";
import type { PortalUser } from "../auth/session";

/*
 * GET /api/portal/cases refuses a filter it cannot use in the user's language, problems[] as well
 * as the detail: a Finnish user reads why each parameter was refused in Finnish.
 */

let current: PortalUser | null = null;
vi.mock("@/lib/portal/auth/session", () => ({
  userForRoute: async () => (current ? { user: current } : { response: new Response(null, { status: 401 }) }),
}));
const { GET } = await import("../../../app/api/portal/cases/route");

const ORG = randomUUID();

beforeAll(async () => {
  await getDb().portalOrganization.create({ data: { id: ORG, name: ORG } });
});

describe("GET /api/portal/cases", () => {
  it("names each refused parameter in problems[] in the user's language", async () => {
    current = { id: "u", organizationId: ORG, email: "v@example.test", name: "V", role: "viewer", locale: "fin" };
    const response = await GET(new NextRequest("http://localhost/api/portal/cases?amountMin=x&dueFrom=2026-02-30&sort=size&limit=500"));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { detail: string; problems: { field: string | null; message: string }[] };
    expect(body.detail).toBe("Nämä parametrit eivät kelpaa: dueFrom, amountMin, sort, limit.");
    expect(body.problems.map(({ field, message }) => ({ field, message }))).toEqual([
      { field: "dueFrom", message: "Anna päivämäärä muodossa VVVV-KK-PP." },
      { field: "amountMin", message: "Anna summa, esim. 125,50." },
      { field: "sort", message: "Valitse jokin näistä: updated, due, amount, name." },
      { field: "limit", message: "Anna kokonaisluku väliltä 1–200." },
    ]);
  });

  it("answers the page when every parameter is valid", async () => {
    current = { id: "u", organizationId: ORG, email: "v@example.test", name: "V", role: "viewer", locale: "fin" };
    const response = await GET(new NextRequest("http://localhost/api/portal/cases?amountMin=12,50&sort=due"));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ rows: [] });
  });

  it("leaves the count out for count=0 and refuses a count that is neither 0 nor 1", async () => {
    current = { id: "u", organizationId: ORG, email: "v@example.test", name: "V", role: "viewer", locale: "fin" };
    const counted = await GET(new NextRequest("http://localhost/api/portal/cases"));
    expect(await counted.json()).toMatchObject({ count: 0 });
    const uncounted = await GET(new NextRequest("http://localhost/api/portal/cases?count=0"));
    expect(await uncounted.json()).toMatchObject({ count: null });
    const refused = await GET(new NextRequest("http://localhost/api/portal/cases?count=yes"));
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { problems: { field: string | null; message: string }[] };
    expect(body.problems.map(({ field, message }) => ({ field, message }))).toEqual([{ field: "count", message: "Valitse jokin näistä: 0, 1." }]);
  });
});
