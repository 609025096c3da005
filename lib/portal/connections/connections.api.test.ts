import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ServiceRequestError } from "../../client";
import { getDb } from "../../db/client";
import { addressRefusal } from "../../platform/outbound/address-policy";
import { createTestOrganization } from "../../testing/organization-fixture";
import { keyed } from "../i18n/messages";

import { clientFor, getConnection, saveConnection, verifyConnection } from "./connections";

/*
 * A connection's address is judged when it is saved, by what is written, and again by every
 * request, by the address the connection reaches: a name that resolves into the local network
 * (as localhost does here) never gets a request out of the portal.
 */

let server: Server;
let port: number;
let hits = 0;

beforeAll(async () => {
  server = createServer((_request, response) => {
    hits++;
    response.writeHead(503, { "content-type": "application/problem+json" }).end(JSON.stringify({ title: "Service Unavailable", status: 503 }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const input = (baseUrl: string, environment: "fin-test" | "fin-prod" = "fin-test") => ({
  environment,
  label: "Provider",
  baseUrl,
  cid: `cid-${randomUUID().slice(0, 8)}`,
  apicode: "an-apicode",
});

describe("saving a connection", () => {
  it("refuses local addresses however they are written, the machine's own included", async () => {
    const { organizationId } = await createTestOrganization(getDb(), []);
    const ownAddresses = Object.values(os.networkInterfaces())
      .flat()
      .filter((entry) => entry !== undefined && !entry.internal && addressRefusal(entry.address, { allowed: [] }) !== null)
      .map((entry) => (entry!.family === "IPv6" ? `[${entry!.address.replace(/%.*$/, "")}]` : entry!.address));
    const refused = ["[::127.0.0.1]", "127.0.0.2", "169.254.169.254", "[fe80::1]", ...ownAddresses];
    // A local name is refused outright where no allow list applies; in a test environment the
    // connection judges it by what it resolves to (the tests allow 127.0.0.1).
    for (const [environment, hosts] of [
      ["fin-prod", ["localhost.", ...refused]],
      ["fin-test", refused],
    ] as const) {
      for (const host of hosts) {
        const saving = saveConnection(getDb(), organizationId, input(`http://${host}:3000/${environment}/rest`, environment), randomUUID());
        await expect(saving, `${environment} ${host}`).rejects.toMatchObject({ fieldErrors: { baseUrl: keyed("publicAddress") } });
      }
    }
    expect(await getDb().portalConnection.count({ where: { organizationId } })).toBe(0);
  });
});

describe("checking a connection with its service before it is saved", () => {
  const routed =
    (fetchToken: (request: Request) => Promise<Response>): typeof fetch =>
    async (input, init) => {
      const request = new Request(input, init);
      return new URL(request.url).pathname.endsWith("/token")
        ? fetchToken(new Request("http://localhost/fin-test/rest/token", request))
        : new Response(null, { status: 404 });
    };
  const candidate = (cid: string, apicode: string) => ({
    environment: "fin-test" as const,
    label: "Provider",
    baseUrl: "https://service.example/fin-test/rest",
    cid,
    apicode,
  });

  it("accepts the cid and apicode the service accepts, and says which field is wrong otherwise", async () => {
    const { POST: token } = await import("../../../app/rest/token/route");
    const { profileWithToken } = await import("../../testing/rest");
    const profile = await profileWithToken("fin-test");
    expect(await verifyConnection(candidate(profile.cid, `apicode-${profile.id}`), routed(token))).toBeNull();
    expect(await verifyConnection(candidate(profile.cid, "not-the-apicode"), routed(token))).toEqual({
      apicode: keyed("credentialsRefused"),
    });
  });

  it("puts an address where nothing answers as a service on the address", async () => {
    const unreachable: typeof fetch = () => Promise.reject(new TypeError("fetch failed"));
    expect(await verifyConnection(candidate("cid", "apicode"), unreachable)).toEqual({ baseUrl: expect.stringMatching(/^noServiceHere\?reason=/) });
    // A server that answers, but not as the service's token endpoint does.
    const stranger: typeof fetch = async () => new Response("<html>", { status: 404, headers: { "content-type": "text/html" } });
    expect(await verifyConnection(candidate("cid", "apicode"), stranger)).toEqual({ baseUrl: expect.stringMatching(/^noServiceHere\?reason=/) });
  });
});

describe("a connection's requests", () => {
  it("never reach a production environment through a name that resolves to loopback", async () => {
    const { organizationId, connections } = await createTestOrganization(getDb(), [
      { environment: "fin-prod", baseUrl: `http://localhost:${port}/fin-prod/rest` },
    ]);
    const connection = await getConnection(getDb(), { organizationId, connectionId: connections[0]!.id });
    const before = hits;
    const failure = await clientFor(connection)
      .getReceiver()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ServiceRequestError);
    expect((failure as ServiceRequestError).problem.detail).toMatch(/localhost: 127\.0\.0\.1 is a loopback address/);
    expect(hits).toBe(before);
  });

  it("reach a test environment on an address the operator allows (127.0.0.1 in the tests)", async () => {
    const { organizationId, connections } = await createTestOrganization(getDb(), [
      { environment: "fin-test", baseUrl: `http://localhost:${port}/fin-test/rest` },
    ]);
    const connection = await getConnection(getDb(), { organizationId, connectionId: connections[0]!.id });
    const before = hits;
    await expect(clientFor(connection).getReceiver()).rejects.toMatchObject({ status: 503 });
    expect(hits).toBe(before + 1);
  });
});
