import { describe, expect, it } from "vitest";

import { tickStep } from "./bar-chart";

describe("tickStep", () => {
  it("steps by 1, 2 or 5 times a power of ten, about four steps to the top", () => {
    expect(tickStep(100_000)).toBe(50_000);
    expect(tickStep(123_456)).toBe(50_000);
    expect(tickStep(7_000)).toBe(2_000);
    expect(tickStep(0.9)).toBe(0.5);
    expect(tickStep(0)).toBe(1);
  });

  it("counts in whole steps", () => {
    expect(tickStep(1, true)).toBe(1);
    expect(tickStep(3, true)).toBe(1);
    expect(tickStep(40, true)).toBe(10);
  });
});
