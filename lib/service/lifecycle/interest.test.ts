import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { addDays } from "../calendar/dates";

import { computeInterest, roundHalfAwayFromZero } from "./interest";
import { ratePeriods } from "./reference-rates";

describe("late-payment interest", () => {
  it("charges the Finnish consumer rate (reference + 7) for whole days after the due date", () => {
    // 1000.00 € from 2026-01-31 for 30 days at 2.5 % + 7 = 9.5 % (the ECB's 2.15 % rounded up to
    // a half point, korkolaki 12 §): 1000 × 0.095 × 30 / 365 = 7.808…
    const result = computeInterest("FIN", false, 100_000n, "2026-01-31", "2026-03-02", null);
    expect(result.periods).toEqual([{ from: "2026-02-01", to: "2026-03-02", days: 30, basisPoints: 950 }]);
    expect(result.amount).toBe(781n);
  });

  it("charges business debtors reference + 8 in Finland, + 8 in Sweden for both", () => {
    expect(computeInterest("FIN", true, 100_000n, "2026-01-31", "2026-03-02", null).periods[0]!.basisPoints).toBe(1050);
    expect(computeInterest("SWE", false, 100_000n, "2026-01-31", "2026-03-02", null).periods[0]!.basisPoints).toBe(1000);
    expect(computeInterest("NOR", false, 100_000n, "2026-01-31", "2026-03-02", null).periods[0]!.basisPoints).toBe(1200);
  });

  it("splits a span at the half-year and applies each rate to its own days", () => {
    // 2025-06-21 … 2025-07-10: 10 days at 3.5+7 and 10 days at 2.5+7.
    const result = computeInterest("FIN", false, 365_000n, "2025-06-20", "2025-07-10", null);
    expect(result.periods).toEqual([
      { from: "2025-06-21", to: "2025-06-30", days: 10, basisPoints: 1050 },
      { from: "2025-07-01", to: "2025-07-10", days: 10, basisPoints: 950 },
    ]);
    // 3650 × (0.105 × 10 + 0.095 × 10) / 365 = 20.00
    expect(result.amount).toBe(2000n);
  });

  it("charges nothing for no days or no capital", () => {
    expect(computeInterest("FIN", false, 100_000n, "2026-03-02", "2026-03-02", null).amount).toBe(0n);
    expect(computeInterest("FIN", false, 0n, "2026-01-01", "2026-03-02", null).amount).toBe(0n);
  });

  it("rounds half away from zero", () => {
    expect(roundHalfAwayFromZero(5n, 10n)).toBe(1n);
    expect(roundHalfAwayFromZero(-5n, 10n)).toBe(-1n);
    expect(roundHalfAwayFromZero(4n, 10n)).toBe(0n);
    expect(roundHalfAwayFromZero(15n, 10n)).toBe(2n);
  });

  it("covers every day exactly once whatever the span", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1500 }),
        fc.integer({ min: 1, max: 900 }),
        fc.constantFrom("FIN", "SWE", "NOR" as const),
        (offset, length, country) => {
          const from = addDays("2023-06-01", offset);
          const to = addDays(from, length - 1);
          const periods = ratePeriods(country, false, from, to);
          expect(periods[0]!.from).toBe(from);
          expect(periods.at(-1)!.to).toBe(to);
          for (let i = 1; i < periods.length; i++) expect(periods[i]!.from).toBe(addDays(periods[i - 1]!.to, 1));
        },
      ),
    );
  });

  it("never gains or loses a cent by splitting a span in two", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10_000_000_00n }), fc.integer({ min: 1, max: 700 }), fc.integer({ min: 0, max: 700 }), (capital, total, cut) => {
        const start = "2024-03-10";
        const end = addDays(start, total);
        const middle = addDays(start, Math.min(cut, total));
        const whole = computeInterest("SWE", true, capital, start, end, null).amount;
        const parts = computeInterest("SWE", true, capital, start, middle, null).amount + computeInterest("SWE", true, capital, middle, end, null).amount;
        // Each part is rounded on its own: at most one cent per part from the exact sum.
        expect(parts - whole <= 1n && whole - parts <= 1n).toBe(true);
      }),
    );
  });
});
