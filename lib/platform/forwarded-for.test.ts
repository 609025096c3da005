import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

import { describe, expect, it } from "vitest";

import { clientAddress } from "./client-address";
import { appendPeerToForwardedFor, withPeer } from "./forwarded-for";

describe("withPeer", () => {
  it("appends the connected peer, as a proxy would, and is the peer alone when the request had none", () => {
    expect(withPeer(undefined, "203.0.113.9")).toBe("203.0.113.9");
    expect(withPeer(" ", "203.0.113.9")).toBe("203.0.113.9");
    expect(withPeer("6.6.6.6", "203.0.113.9")).toBe("6.6.6.6, 203.0.113.9");
    expect(withPeer(["6.6.6.6", "7.7.7.7"], "203.0.113.9")).toBe("6.6.6.6, 7.7.7.7, 203.0.113.9");
    expect(withPeer("6.6.6.6", undefined)).toBe("6.6.6.6");
  });
});

describe("appendPeerToForwardedFor", () => {
  it("makes a client without a proxy the address it connected from, whatever X-Forwarded-For it writes", async () => {
    appendPeerToForwardedFor();
    appendPeerToForwardedFor(); // a second call adds nothing twice
    const seen: (string | undefined)[] = [];
    const server = createServer((request, response) => {
      seen.push(request.headers["x-forwarded-for"] as string | undefined);
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      await fetch(url, { headers: { "X-Forwarded-For": "6.6.6.6" } });
      await fetch(url);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(seen).toEqual(["6.6.6.6, 127.0.0.1", "127.0.0.1"]);
    // No proxy trusted: the forged entry is not the client; one trusted proxy would vouch for it.
    expect(clientAddress(seen[0], 0)).toBe("127.0.0.1");
    expect(clientAddress(seen[0], 1)).toBe("6.6.6.6");
  });
});
