import { describe, expect, it } from "vitest";

import { afterFailure, lockDuration, type ThrottlePolicy } from "./failure-throttle";

const WINDOWED: ThrottlePolicy = { freeFailures: 3, maxLockMs: 10_000, windowMs: 60_000 };
const UNTIL_SUCCESS: ThrottlePolicy = { freeFailures: 3, maxLockMs: 10_000 };
const at = (seconds: number) => new Date(Date.UTC(2026, 10, 27, 12, 0, seconds));

describe("lockDuration", () => {
  it("is free up to the free failures, then doubles from a second up to the ceiling", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map((failures) => lockDuration(WINDOWED, failures))).toEqual([0, 0, 1000, 2000, 4000, 8000, 10_000, 10_000]);
  });
});

describe("afterFailure", () => {
  it("starts a count at the first failure, without a lock", () => {
    expect(afterFailure(WINDOWED, null, at(0))).toEqual({ failures: 1, windowStartsAt: at(0), lockedUntil: null, updatedAt: at(0) });
  });

  it("counts on within the window from its start and locks from the failure's time", () => {
    const state = afterFailure(WINDOWED, { failures: 3, windowStartsAt: at(0) }, at(59));
    expect(state).toEqual({ failures: 4, windowStartsAt: at(0), lockedUntil: new Date(at(59).getTime() + 2000), updatedAt: at(59) });
  });

  it("starts again once the window has passed", () => {
    expect(afterFailure(WINDOWED, { failures: 9, windowStartsAt: at(0) }, at(60))).toEqual({
      failures: 1,
      windowStartsAt: at(60),
      lockedUntil: null,
      updatedAt: at(60),
    });
  });

  it("without a window counts on however old the first failure is", () => {
    const state = afterFailure(UNTIL_SUCCESS, { failures: 2, windowStartsAt: at(0) }, new Date(at(0).getTime() + 86_400_000));
    expect(state.failures).toBe(3);
    expect(state.windowStartsAt).toEqual(at(0));
    expect(state.lockedUntil).toEqual(new Date(at(0).getTime() + 86_400_000 + 1000));
  });
});
