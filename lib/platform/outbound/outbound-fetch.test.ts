import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { parseAllowList, type AddressPolicy } from "./address-policy";
import { AddressRefusedError, outboundFetchWith } from "./outbound-fetch";

let server: Server;
let port: number;
let hits = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    hits++;
    if (request.url === "/redirect") {
      response.writeHead(302, { location: String(request.headers["x-location"]) }).end();
      return;
    }
    response.end("reached");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const closed: AddressPolicy = { allowed: [], trustedOrigins: new Set() };

async function refusal(promise: Promise<Response>): Promise<AddressRefusedError> {
  const error = await promise.then(
    () => null,
    (caught: Error) => caught,
  );
  expect(error, "the request should have been refused").not.toBeNull();
  expect(error!.cause).toBeInstanceOf(AddressRefusedError);
  return error!.cause as AddressRefusedError;
}

describe("outboundFetchWith", () => {
  it("never connects to a loopback address written as such", async () => {
    const before = hits;
    const fetch = outboundFetchWith(closed);
    expect((await refusal(fetch(`http://127.0.0.1:${port}/`))).message).toMatch(/127\.0\.0\.1 is a loopback address/);
    expect((await refusal(fetch(`http://[::ffff:127.0.0.1]:${port}/`))).message).toMatch(/loopback/);
    expect((await refusal(fetch(`http://[::1]:${port}/`))).message).toMatch(/loopback/);
    expect(hits).toBe(before);
  });

  it("refuses a name by the address it resolves to when connecting, so rebinding cannot pass", async () => {
    // A resolver that answers a public address first and loopback after, as a rebinding attacker's would.
    let lookups = 0;
    const resolve = async (_hostname: string) => (lookups++ === 0 ? [{ address: "93.184.215.14", family: 4 }] : [{ address: "127.0.0.1", family: 4 }]);
    const fetch = outboundFetchWith(closed, resolve);
    await resolve("rebind.example"); // the first answer went to someone's check
    const before = hits;
    expect((await refusal(fetch(`http://rebind.example:${port}/`))).message).toMatch(/rebind\.example: 127\.0\.0\.1 is a loopback address/);
    expect(hits).toBe(before);
  });

  it("refuses a name when any of its addresses is refused", async () => {
    const resolve = async () => [
      { address: "93.184.215.14", family: 4 },
      { address: "10.0.0.7", family: 4 },
    ];
    await refusal(outboundFetchWith(closed, resolve)(`http://mixed.example:${port}/`));
  });

  it("reaches an address on the operator's allow list, and only that", async () => {
    const allowed: AddressPolicy = { allowed: parseAllowList("127.0.0.1"), trustedOrigins: new Set() };
    const fetch = outboundFetchWith(allowed, async () => [{ address: "127.0.0.1", family: 4 }]);
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe("reached");
    expect(await (await fetch(`http://localhost.:${port}/`)).text()).toBe("reached");
    await refusal(fetch(`http://127.0.0.2:${port}/`));
  });

  it("reaches the app's own origin, and checks where its redirects lead", async () => {
    const own: AddressPolicy = { allowed: [], trustedOrigins: new Set([`http://127.0.0.1:${port}`]) };
    const fetch = outboundFetchWith(own);
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe("reached");
    const before = hits;
    await refusal(fetch(`http://127.0.0.1:${port}/redirect`, { headers: { "x-location": `http://localhost:${port}/` } }));
    expect(hits).toBe(before + 1);
  });
});
