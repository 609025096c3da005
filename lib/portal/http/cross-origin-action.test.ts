import { describe, expect, it } from "vitest";

import { isCrossOriginAction } from "./cross-origin-action";

const action = (headers: Record<string, string>) => new Headers({ "next-action": "7f00", host: "portal.example.fi", ...headers });

describe("isCrossOriginAction", () => {
  it("refuses an action called from another origin, or from an opaque one", () => {
    expect(isCrossOriginAction(action({ origin: "https://evil.example" }))).toBe(true);
    expect(isCrossOriginAction(action({ origin: "null" }))).toBe(true);
    expect(isCrossOriginAction(action({ origin: "https://portal.example.fi:8443" }))).toBe(true);
  });

  it("lets the same origin through, by Host or by a proxy's X-Forwarded-Host", () => {
    expect(isCrossOriginAction(action({ origin: "https://portal.example.fi" }))).toBe(false);
    expect(isCrossOriginAction(action({ origin: "https://app.example.fi", "x-forwarded-host": "app.example.fi, portal.example.fi" }))).toBe(false);
  });

  it("leaves requests without Origin, and requests that call no action, to Next.js", () => {
    expect(isCrossOriginAction(action({}))).toBe(false);
    expect(isCrossOriginAction(new Headers({ host: "portal.example.fi", origin: "https://evil.example" }))).toBe(false);
  });
});
