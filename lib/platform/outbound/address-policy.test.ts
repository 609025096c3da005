import { describe, expect, it } from "vitest";

import { addressRefusal, parseAllowList, urlRefusal, type AddressPolicy } from "./address-policy";

const closed: AddressPolicy = { allowed: [], trustedOrigins: new Set(["http://localhost:3000"]) };

describe("addressRefusal", () => {
  it("lets public unicast addresses through", () => {
    for (const address of ["8.8.8.8", "193.166.3.2", "2001:4860:4860::8888", "2a00:1450:400f:80d::200e"]) {
      expect(addressRefusal(address, closed), address).toBeNull();
    }
  });

  it("refuses loopback, private, link-local, carrier-grade NAT and reserved ranges, in every spelling", () => {
    const cases: [string, RegExp][] = [
      ["127.0.0.1", /loopback/],
      ["127.255.0.9", /loopback/],
      ["10.0.0.1", /private/],
      ["172.16.5.4", /private/],
      ["192.168.1.1", /private/],
      ["169.254.169.254", /link-local/],
      ["100.64.0.1", /carrier-grade/],
      ["0.0.0.0", /unspecified/],
      ["255.255.255.255", /broadcast/],
      ["224.0.0.1", /multicast/],
      ["192.0.2.1", /reserved/],
      ["::1", /loopback/],
      ["::", /unspecified/],
      ["fe80::1", /link-local/],
      ["fe80::1%eth0", /link-local/],
      ["fd00::1", /private/],
      ["::ffff:127.0.0.1", /loopback/],
      ["::ffff:7f00:1", /loopback/],
      ["::ffff:a9fe:a9fe", /link-local/],
      // IPv4-compatible (deprecated), NAT64 and 6to4 forms embed another address: never public.
      ["::7f00:1", /reserved/],
      ["::127.0.0.1", /loopback|reserved/],
      ["64:ff9b::7f00:1", /reserved/],
      ["2002:7f00:1::", /reserved/],
      ["[::1]", /loopback/],
    ];
    for (const [address, why] of cases) expect(addressRefusal(address, closed), address).toMatch(why);
  });

  it("lets the operator's allow list through, matching mapped addresses as IPv4", () => {
    const policy = { allowed: parseAllowList("127.0.0.1, 10.20.0.0/16, fd00::/8"), trustedOrigins: new Set<string>() };
    expect(addressRefusal("127.0.0.1", policy)).toBeNull();
    expect(addressRefusal("::ffff:127.0.0.1", policy)).toBeNull();
    expect(addressRefusal("10.20.3.4", policy)).toBeNull();
    expect(addressRefusal("fd12::1", policy)).toBeNull();
    expect(addressRefusal("127.0.0.2", policy)).toMatch(/loopback/);
    expect(addressRefusal("10.21.0.1", policy)).toMatch(/private/);
  });
});

describe("parseAllowList", () => {
  it("reads addresses and ranges and refuses anything else", () => {
    expect(parseAllowList("")).toEqual([]);
    expect(parseAllowList("127.0.0.1,::1")).toHaveLength(2);
    expect(() => parseAllowList("localhost")).toThrow();
    expect(() => parseAllowList("10.0.0.0/40")).toThrow();
  });
});

describe("urlRefusal", () => {
  it("judges the written host: addresses, local names, the app's own origin", () => {
    const refused = [
      "http://127.0.0.1:5432/",
      "http://[::1]:3000/",
      "http://[::127.0.0.1]/",
      "http://0x7f.1/",
      "http://2130706433/",
      "http://169.254.169.254/latest/meta-data",
      "http://localhost:9000/",
      "http://localhost.:9000/",
      "http://db/",
      "http://metadata.google.internal/",
      "http://printer.local/",
      "http://app.localhost/",
    ];
    for (const address of refused) expect(urlRefusal(new URL(address), closed), address).not.toBeNull();
    expect(urlRefusal(new URL("http://localhost:3000/api/webhooks/events"), closed)).toBeNull();
    expect(urlRefusal(new URL("https://hooks.example.com/events"), closed)).toBeNull();
  });

  it("leaves local names to the connection when an allow list could admit them", () => {
    const policy = { allowed: parseAllowList("127.0.0.1"), trustedOrigins: new Set<string>() };
    expect(urlRefusal(new URL("http://localhost:4000/"), policy)).toBeNull();
    expect(urlRefusal(new URL("http://127.0.0.2:4000/"), policy)).toMatch(/loopback/);
  });
});
