import { describe, expect, it } from "vitest";

import { addDays } from "../calendar/dates";

import { halfYearsBehind, INTEREST_MARGIN, ratePeriods, REFERENCE_RATES, roundUpToHalfPoint } from "./reference-rates";

const row = (country: "FIN" | "SWE" | "NOR", from: string) => REFERENCE_RATES[country].find((rate) => rate.from === from);

describe("reference rates derived by each country's rule", () => {
  it("rounds up to the next half point, as korkolaki 12 § and räntelagen 9 § say", () => {
    expect([0, 1, 215, 250, 251, 299, 300, 315, 425].map(roundUpToHalfPoint)).toEqual([0, 50, 250, 250, 300, 300, 300, 350, 450]);
  });

  it("Finland: the ECB's rate before the half-year rounded up; delay interest + 7 points, between businesses + 8", () => {
    // Suomen Pankki's notices: 4.5 % for 1.7.–31.12.2024, 2.5 % for 1.1.–30.6.2026 (9.5 % and 10.5 %).
    expect(row("FIN", "2024-07-01")).toMatchObject({ basisPoints: 450 });
    expect(row("FIN", "2025-01-01")).toMatchObject({ basisPoints: 350 });
    expect(row("FIN", "2026-01-01")).toMatchObject({
      basisPoints: 250,
      source: expect.stringMatching(/^korkolaki 12 §, 1\.1\.–30\.6\.2026: 2\.15 % on 2025-12-31/),
    });
    // The ECB's rise to 2.40 % in June 2026 rounds up to the same 2.5 % for the second half.
    expect(row("FIN", "2026-07-01")).toMatchObject({
      basisPoints: 250,
      source: expect.stringMatching(/^korkolaki 12 §, 1\.7\.–31\.12\.2026: 2\.4 % on 2026-06-30/),
    });
    expect(halfYearsBehind("FIN", "2026-11-27")).toBe(0);
    expect(ratePeriods("FIN", false, "2026-03-01", "2026-03-31")).toEqual([{ from: "2026-03-01", to: "2026-03-31", basisPoints: 950 }]);
    expect(ratePeriods("FIN", true, "2026-03-01", "2026-03-31")).toEqual([{ from: "2026-03-01", to: "2026-03-31", basisPoints: 1050 }]);
  });

  it("Sweden: Riksbanken's policy rate at the end of the previous half-year rounded up; + 8 points", () => {
    // 1.75 % on 31.12.2025 makes 2 %; 3.75 % on 30.6.2024 makes 4 %.
    expect(row("SWE", "2026-01-01")).toMatchObject({ basisPoints: 200 });
    expect(row("SWE", "2024-07-01")).toMatchObject({ basisPoints: 400 });
    // The cut to 2.5 % announced on 19.12.2024 applied only from 8.1.2025: 2.75 % stood on
    // 31.12.2024, so the Riksbank's reference rate for 1.1.–30.6.2025 is 3 % (11 % dröjsmålsränta).
    expect(row("SWE", "2025-01-01")).toMatchObject({
      basisPoints: 300,
      source: expect.stringMatching(/^räntelagen 9 §, 1\.1\.–30\.6\.2025: 2\.75 % on 2024-12-31 .*announced 7 November 2024/),
    });
    expect(ratePeriods("SWE", false, "2025-03-01", "2025-03-31")).toEqual([{ from: "2025-03-01", to: "2025-03-31", basisPoints: 1100 }]);
    expect(row("SWE", "2025-07-01")).toMatchObject({ basisPoints: 200 });
    expect(INTEREST_MARGIN.SWE).toEqual({ consumer: 800, business: 800 });
  });

  it("Norway: Norges Bank's policy rate on the half-year's first day + 8 points, unrounded", () => {
    // FOR-2024-12-19-3279 § 1: 12.5 % from 1.1.2025.
    expect(row("NOR", "2025-01-01")).toMatchObject({ basisPoints: 1250 });
    expect(row("NOR", "2025-07-01")).toMatchObject({ basisPoints: 1225 });
    expect(row("NOR", "2026-01-01")).toMatchObject({ basisPoints: 1200, source: expect.stringMatching(/^forsinkelsesrenteloven § 3/) });
    expect(INTEREST_MARGIN.NOR).toEqual({ consumer: 0, business: 0 });
  });

  it("splits a span at each half-year and continues the last rate past the checked tables", () => {
    expect(ratePeriods("FIN", false, "2025-06-20", "2025-07-10")).toEqual([
      { from: "2025-06-20", to: "2025-06-30", basisPoints: 1050 },
      { from: "2025-07-01", to: "2025-07-10", basisPoints: 950 },
    ]);
    expect(ratePeriods("NOR", false, "2026-09-01", "2026-09-30")).toEqual([{ from: "2026-09-01", to: "2026-09-30", basisPoints: 1200 }]);
  });

  it("counts the half-years begun that a bank table does not reach yet", () => {
    for (const country of ["FIN", "SWE", "NOR"] as const) {
      const last = REFERENCE_RATES[country].at(-1)!.from;
      expect(halfYearsBehind(country, addDays(last, 1))).toBe(0);
      const next = last.endsWith("-01-01") ? `${last.slice(0, 4)}-07-01` : `${Number(last.slice(0, 4)) + 1}-01-01`;
      expect(halfYearsBehind(country, addDays(next, -1))).toBe(0);
      expect(halfYearsBehind(country, next)).toBe(1);
      expect(halfYearsBehind(country, addDays(next, 400))).toBe(3);
    }
  });
});
