import { describe, expect, it } from "vitest";

import { mayRetry, retryDelayMs, type RetryPolicy } from "./retry-policy";

describe("retry policies", () => {
  const doubling: RetryPolicy = { kind: "exponential", baseMs: 1_000, capMs: 10_000, jitter: false, maxAttempts: 5 };

  it("doubles from the base up to the cap", () => {
    expect([1, 2, 3, 4, 5, 6].map((attempt) => retryDelayMs(doubling, attempt))).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000]);
  });

  it("with full jitter waits between 0 and the doubled ceiling", () => {
    const jittered: RetryPolicy = { ...doubling, jitter: true };
    expect(retryDelayMs(jittered, 3, () => 0)).toBe(0);
    expect(retryDelayMs(jittered, 3, () => 0.5)).toBe(2_000);
    expect(retryDelayMs(jittered, 3, () => 0.999999)).toBe(3_999);
  });

  it("walks a table and stays on its last delay", () => {
    const table: RetryPolicy = { kind: "table", delaysMs: [10, 30, 60] };
    expect([1, 2, 3, 4, 9].map((attempt) => retryDelayMs(table, attempt))).toEqual([10, 30, 60, 60, 60]);
  });

  it("ends after the attempts or the window the policy names", () => {
    expect(mayRetry(doubling, 4)).toBe(true);
    expect(mayRetry(doubling, 5)).toBe(false);
    const windowed: RetryPolicy = { kind: "exponential", baseMs: 1, capMs: 1, jitter: true, windowMs: 60_000 };
    const first = new Date("2026-11-23T10:00:00Z");
    expect(mayRetry(windowed, 40, first, new Date("2026-11-23T10:00:59Z"))).toBe(true);
    expect(mayRetry(windowed, 2, first, new Date("2026-11-23T10:01:00Z"))).toBe(false);
  });
});
