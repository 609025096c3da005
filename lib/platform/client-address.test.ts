import { describe, expect, it } from "vitest";

import { clientAddress } from "./client-address";

describe("clientAddress", () => {
  it("reads the entry the trusted proxies vouch for, from the right", () => {
    expect(clientAddress("203.0.113.9", 0)).toBe("203.0.113.9");
    // A client's own header before a proxy that appends: the proxy's entry counts, not the forged one.
    expect(clientAddress("1.1.1.1, 203.0.113.9", 0)).toBe("203.0.113.9");
    expect(clientAddress("1.1.1.1, 203.0.113.9, 10.0.0.2", 1)).toBe("203.0.113.9");
    expect(clientAddress("203.0.113.9", 3)).toBe("203.0.113.9");
  });

  it("treats mapped IPv4 as IPv4 and says unknown when there is nothing", () => {
    expect(clientAddress("::ffff:203.0.113.9", 0)).toBe("203.0.113.9");
    expect(clientAddress("2001:DB8::1", 0)).toBe("2001:db8::1");
    expect(clientAddress(undefined, 0)).toBe("unknown");
    expect(clientAddress(" , ", 0)).toBe("unknown");
  });
});
