import fc from "fast-check";
import { describe, expect, it } from "vitest";

import type { Country } from "../../spec/environments";
import { addDays } from "../calendar/dates";

import { computeInterest, splitOverPeriods } from "./interest";
import { agreedRateOf, chargedRatePeriods } from "./overdue-rate";

/*
 * The rate a debtor owes by country, debtor kind and agreement. In 2026 H1 the statutory rates are
 * Finland 9.5 % (businesses 10.5 %), Sweden 10 %, Norway 12 % (reference-rates.test.ts).
 */
const STATUTORY: Record<Country, { consumer: number; business: number }> = {
  FIN: { consumer: 950, business: 1050 },
  SWE: { consumer: 1000, business: 1000 },
  NOR: { consumer: 1200, business: 1200 },
};

// 1000.00 for the 30 days 2026-02-01 … 2026-03-02.
const rateOf = (country: Country, business: boolean, agreed: number | null) => {
  const result = computeInterest(country, business, 100_000n, "2026-01-31", "2026-03-02", agreed);
  expect(result.periods.length).toBe(1);
  return { basisPoints: result.periods[0]!.basisPoints, amount: result.amount };
};
const amountAt = (basisPoints: number) => BigInt(Math.round((100_000 * basisPoints * 30) / (365 * 10_000)));

describe("the overdue-interest rate a debtor owes", () => {
  const cases: [Country, "consumer" | "business", number | null, number][] = [
    // No agreed rate: the statutory one.
    ["FIN", "consumer", null, 950],
    ["FIN", "business", null, 1050],
    ["SWE", "consumer", null, 1000],
    ["SWE", "business", null, 1000],
    ["NOR", "consumer", null, 1200],
    ["NOR", "business", null, 1200],
    // Lower than the statutory rate: the agreed one for every debtor.
    ["FIN", "consumer", 4, 400],
    ["FIN", "business", 4, 400],
    ["SWE", "consumer", 4, 400],
    ["SWE", "business", 4, 400],
    ["NOR", "consumer", 4, 400],
    ["NOR", "business", 4, 400],
    // Equal to it: the same.
    ["FIN", "consumer", 9.5, 950],
    ["NOR", "consumer", 12, 1200],
    // Higher: businesses owe what they agreed; Finnish and Norwegian consumers the statutory rate;
    // Swedish consumers what they agreed in advance.
    ["FIN", "consumer", 16, 950],
    ["FIN", "business", 16, 1600],
    ["SWE", "consumer", 16, 1600],
    ["SWE", "business", 16, 1600],
    ["NOR", "consumer", 16, 1200],
    ["NOR", "business", 16, 1600],
  ];
  it.each(cases)("%s %s debtor, agreed %s percent: %s basis points", (country, kind, agreed, expected) => {
    const { basisPoints, amount } = rateOf(country, kind === "business", agreed);
    expect(basisPoints).toBe(expected);
    expect(amount).toBe(amountAt(expected));
    if (agreed === null) expect(basisPoints).toBe(STATUTORY[country][kind]);
  });

  it.each(["FIN", "SWE", "NOR"] as const)("charges nothing at an agreed rate of 0 (%s), whoever the debtor", (country) => {
    for (const business of [false, true]) {
      const result = computeInterest(country, business, 100_000n, "2026-01-31", "2026-03-02", 0);
      expect(result.amount).toBe(0n);
      expect(result.periods.map((period) => period.basisPoints)).toEqual([0]);
    }
  });

  it("keeps an agreed rate fixed across a half-year, and caps a Finnish consumer's by each half-year's statutory rate", () => {
    // Statutory Finnish consumer rate: 10.5 % to 2025-06-30, 9.5 % from 2025-07-01.
    expect(chargedRatePeriods("FIN", true, 10, "2025-06-21", "2025-07-10")).toEqual([{ from: "2025-06-21", to: "2025-07-10", basisPoints: 1000 }]);
    expect(chargedRatePeriods("FIN", false, 10, "2025-06-21", "2025-07-10")).toEqual([
      { from: "2025-06-21", to: "2025-06-30", basisPoints: 1000 },
      { from: "2025-07-01", to: "2025-07-10", basisPoints: 950 },
    ]);
    expect(chargedRatePeriods("SWE", false, 10, "2025-06-21", "2025-07-10")).toEqual([{ from: "2025-06-21", to: "2025-07-10", basisPoints: 1000 }]);
  });

  it("counts an agreed rate of four decimals exactly, rounded once", () => {
    // 1 000 000.00 at 7.1234 % for 365 days: 71 234.00 exactly.
    expect(computeInterest("SWE", true, 100_000_000n, "2025-01-01", "2026-01-01", 7.1234).amount).toBe(7_123_400n);
    // 1000.00 at 8.0001 % for 30 days: 6.5754… → 6.58.
    expect(computeInterest("FIN", true, 100_000n, "2026-01-31", "2026-03-02", 8.0001).amount).toBe(658n);
  });

  it("reads the agreed rate from the job's data", () => {
    expect(agreedRateOf({ overdueinterest: 11.5 })).toBe(11.5);
    expect(agreedRateOf({ overdueinterest: 0 })).toBe(0);
    expect(agreedRateOf({ overdueinterest: "7.25" })).toBe(7.25);
    expect(agreedRateOf({})).toBeNull();
    expect(agreedRateOf(null)).toBeNull();
  });

  it("splits an amount over its periods so that the lines add up to it and each is its own days at its own rate", () => {
    const result = computeInterest("FIN", false, 365_000n, "2025-06-20", "2025-07-10", null);
    expect(splitOverPeriods(result.amount, result.periods).map((line) => [line.basisPoints, line.days, line.amount])).toEqual([
      [1050, 10, 1050n],
      [950, 10, 950n],
    ]);
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10_000_000_00n }),
        fc.integer({ min: 0, max: 900 }),
        fc.integer({ min: 1, max: 700 }),
        (capital, offset, length) => {
          const from = addDays("2024-01-01", offset);
          const counted = computeInterest("FIN", false, capital, from, addDays(from, length), null);
          const lines = splitOverPeriods(counted.amount, counted.periods);
          expect(lines.reduce((sum, line) => sum + line.amount, 0n)).toBe(counted.amount);
          for (const line of lines) {
            const own = computeInterest("FIN", false, capital, addDays(line.from, -1), line.to, null).amount;
            expect(line.amount - own <= 1n && own - line.amount <= 1n).toBe(true);
          }
        },
      ),
    );
  });
});
