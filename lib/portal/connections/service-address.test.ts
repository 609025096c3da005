import { describe, expect, it } from "vitest";

import { parseAllowList } from "../../platform/outbound/address-policy";
import { keyed } from "../i18n/messages";

import { serviceAddressProblem } from "./service-address";

const own = { allowed: [], trustedOrigins: new Set(["http://localhost:3000"]) };

describe("serviceAddressProblem", () => {
  it("allows the app itself and a provider's public address", () => {
    expect(serviceAddressProblem("http://localhost:3000/fin-test/rest", own, false)).toBeNull();
    expect(serviceAddressProblem("https://api.provider.example/rest", own, true)).toBeNull();
    expect(serviceAddressProblem("http://test.provider.example/rest", own, false)).toBeNull();
  });

  it("refuses the local network: loopback, private, link-local and carrier ranges, local names", () => {
    for (const address of [
      "http://127.0.0.1:5432/rest",
      "http://localhost:9000/rest",
      "http://10.0.0.5/rest",
      "http://172.20.1.1/rest",
      "http://192.168.1.10/rest",
      "http://169.254.169.254/latest/meta-data",
      "http://100.64.0.1/rest",
      "http://[::1]:3000/rest",
      "http://[fd00::1]/rest",
      "http://[::ffff:10.0.0.1]/rest",
      "http://metadata.google.internal/rest",
      "http://printer.local/rest",
      "http://localhost.:3000/rest",
      "http://[::127.0.0.1]/rest",
      "http://127.0.0.1:3000/rest",
    ]) {
      expect(serviceAddressProblem(address, own, false), address).toBe(keyed("publicAddress"));
    }
  });

  it("lets a test environment reach what the operator allows", () => {
    const allowing = { allowed: parseAllowList("10.20.0.0/16"), trustedOrigins: own.trustedOrigins };
    expect(serviceAddressProblem("http://10.20.0.5:8080/rest", allowing, false)).toBeNull();
    expect(serviceAddressProblem("http://10.21.0.5:8080/rest", allowing, false)).toBe(keyed("publicAddress"));
  });

  it("asks for https in production environments", () => {
    expect(serviceAddressProblem("http://api.provider.example/rest", own, true)).toBe(keyed("httpsInProduction"));
  });
});
