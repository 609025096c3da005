import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { getDb } from "@/lib/db/client";
import { seal } from "@/lib/platform/secrets";

import { GET } from "./route";

/*
 * GET /api/portal/reports/control refuses as the portal's other routes do: problem details in the
 * reader's language, never cached, for no session, no connection, a period the interface would
 * refuse, a service that did not answer and one that answered with a problem of its own.
 */

let session: { userId: string } | null = null;
vi.mock("next-auth", async (importOriginal) => ({ ...(await importOriginal<typeof import("next-auth")>()), getServerSession: async () => session }));

const WITH_CONNECTION = randomUUID();
const WITHOUT = randomUUID();
const ANSWERING = randomUUID();
const users: Record<string, string> = {};
let refusing: Server;

const get = (search = "") => GET(new NextRequest(`http://localhost/api/portal/reports/control?${search}`));

async function problemOf(response: Response) {
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  expect(response.headers.get("cache-control")).toBe("no-store");
  return (await response.json()) as { title: string; status: number; detail: string };
}

beforeAll(async () => {
  const db = getDb();
  for (const [organizationId, locale] of [
    [WITH_CONNECTION, "eng"],
    [WITHOUT, "swe"],
    [ANSWERING, "fin"],
  ] as const) {
    await db.portalOrganization.create({ data: { id: organizationId, name: organizationId } });
    users[organizationId] = randomUUID();
    await db.portalUser.create({
      data: {
        id: users[organizationId]!,
        organizationId,
        email: `${users[organizationId]}@example.test`,
        name: "Viewer",
        passwordHash: "x",
        role: "viewer",
        locale,
      },
    });
  }
  // Nothing listens on the discard port: the service does not answer.
  await db.portalConnection.create({
    data: {
      id: randomUUID(),
      organizationId: WITH_CONNECTION,
      environment: "fin-test",
      label: "Test",
      baseUrl: "http://127.0.0.1:9/rest",
      cid: "c",
      apicodeEncrypted: seal("a"),
    },
  });
  // A service that answers every request with a problem of its own.
  refusing = createServer((_request, response) => {
    response.writeHead(500, { "content-type": "application/problem+json" });
    response.end(JSON.stringify({ type: "about:blank", title: "Internal error", status: 500, detail: "The ledger is being closed." }));
  });
  await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", resolve));
  await db.portalConnection.create({
    data: {
      id: randomUUID(),
      organizationId: ANSWERING,
      environment: "fin-test",
      label: "Test",
      baseUrl: `http://127.0.0.1:${(refusing.address() as AddressInfo).port}/rest`,
      cid: "c",
      apicodeEncrypted: seal("a"),
    },
  });
});

afterAll(() => new Promise<void>((resolve) => refusing.close(() => resolve())));

describe("GET /api/portal/reports/control", () => {
  it("answers a request without a session 401", async () => {
    session = null;
    const response = await get();
    expect(response.status).toBe(401);
    expect(await problemOf(response)).toMatchObject({ status: 401, detail: "Sign in first." });
  });

  it("answers an organization without a connection 404, in the user's language", async () => {
    session = { userId: users[WITHOUT]! };
    const response = await get();
    expect(response.status).toBe(404);
    expect(await problemOf(response)).toEqual({
      type: "about:blank",
      title: "Hittades inte",
      status: 404,
      detail: "Lägg först till en tjänsteanslutning; kontrollistan läses från tjänsten.",
    });
  });

  it("answers a period the interface would refuse 400, naming what is wrong", async () => {
    session = { userId: users[WITH_CONNECTION]! };
    const response = await get("from=2026-12-01&to=2026-11-30");
    expect(response.status).toBe(400);
    expect(await problemOf(response)).toMatchObject({ status: 400, detail: "The period ends before it starts." });
  });

  it("answers 502 when the service does not answer", async () => {
    session = { userId: users[WITH_CONNECTION]! };
    const response = await get("from=2026-11-02&to=2026-11-30");
    expect(response.status).toBe(502);
    const problem = await problemOf(response);
    expect(problem).toMatchObject({ title: "The service did not answer", status: 502 });
    expect(problem.detail).toContain("127.0.0.1:9");
  });

  it("answers 502 titled by what the service answered when it answered with a problem, in the user's language", async () => {
    session = { userId: users[ANSWERING]! };
    const response = await get("from=2026-11-02&to=2026-11-30");
    expect(response.status).toBe(502);
    const problem = await problemOf(response);
    expect(problem).toMatchObject({ title: "Palvelu vastasi virheellä", status: 502 });
    expect(problem.detail).toContain("The ledger is being closed.");
  });
});
