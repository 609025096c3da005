import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";

import { outcomeOf, RETRY_CAP_MS, RETRY_WINDOW_MS, retryAfterMs, retryDelay, tokenOutcomeOf } from "./retry-schedule";

describe("retryDelay", () => {
  test.prop([fc.integer({ min: 1, max: 200 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true })])(
    "stays between 0 and the doubling ceiling, capped at an hour",
    (attempt, random) => {
      const delay = retryDelay(attempt, random);
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThanOrEqual(Math.min(RETRY_CAP_MS, 30_000 * 2 ** (attempt - 1)));
    },
  );

  it("doubles from 30 s", () => {
    expect(retryDelay(1, 0.999999)).toBe(29_999);
    expect(retryDelay(2, 0.5)).toBe(30_000);
    expect(retryDelay(9, 0.5)).toBe(RETRY_CAP_MS / 2);
  });

  it("honours Retry-After within the cap", () => {
    expect(retryDelay(1, 0, 120_000)).toBe(120_000);
    expect(retryDelay(1, 0, 10 * RETRY_CAP_MS)).toBe(RETRY_CAP_MS);
  });

  it("keeps retrying for at least a day even with the shortest waits", () => {
    expect(RETRY_WINDOW_MS).toBeGreaterThanOrEqual(24 * 60 * 60 * 1000);
  });
});

describe("outcomeOf", () => {
  it.each([
    [200, "basic", false, "delivered"],
    [204, "oauth2", false, "delivered"],
    [401, "oauth2", false, "refresh_token"],
    [401, "oauth2", true, "park"],
    [401, "basic", false, "park"],
    [400, "basic", false, "park"],
    [422, "oauth2", false, "park"],
    [408, "basic", false, "retry"],
    [429, "basic", false, "retry"],
    [500, "basic", false, "retry"],
    [503, "oauth2", false, "retry"],
    [302, "basic", false, "park"],
  ] as const)("%i with %s (refreshed %s) is %s", (status, scheme, refreshed, outcome) => {
    expect(outcomeOf(status, scheme, refreshed)).toBe(outcome);
  });
});

describe("retryAfterMs", () => {
  const now = new Date("2026-11-22T10:00:00Z");
  it("reads seconds and dates", () => {
    expect(retryAfterMs("120", now)).toBe(120_000);
    expect(retryAfterMs("Sun, 22 Nov 2026 10:01:00 GMT", now)).toBe(60_000);
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs("soon", now)).toBeUndefined();
  });
});

describe("tokenOutcomeOf", () => {
  it("parks when the token endpoint refuses the credentials, retries what is about the moment", () => {
    for (const status of [400, 401, 403, 404, 302]) expect(tokenOutcomeOf(status)).toBe("park");
    for (const status of [null, 408, 429, 500, 502, 503, 200]) expect(tokenOutcomeOf(status)).toBe("retry");
  });
});
