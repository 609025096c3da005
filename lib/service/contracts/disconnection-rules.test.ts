import { describe, expect, it } from "vitest";

import { isBusinessDay } from "../calendar/business-days";

import { cutoffDate, cutoffPayBy, DISCONNECTION_RULES } from "./disconnection-rules";

describe("cutoffDate", () => {
  it("gives Finland two weeks (10 business days) from the warning's posting, the next business day", () => {
    expect(cutoffDate("FIN", DISCONNECTION_RULES.FIN, "2026-11-23")).toBe("2026-12-08");
  });

  it("gives Sweden and Norway three weeks to pay from the letter's arrival, the cut on the business day after", () => {
    // Recommended Monday 23 November: the letter arrives by Thursday 26th, three weeks later is
    // Thursday 17 December, the last day to pay; the cut is Friday the 18th at the earliest.
    for (const country of ["SWE", "NOR"] as const) {
      const cut = cutoffDate(country, DISCONNECTION_RULES[country], "2026-11-23");
      expect(cut).toBe("2026-12-18");
      expect(cutoffPayBy(country, cut)).toBe("2026-12-17");
    }
  });

  it("always falls on a business day, and the day to pay before it too", () => {
    for (const country of ["FIN", "SWE", "NOR"] as const) {
      for (const day of ["2026-12-04", "2026-12-18", "2026-12-21", "2027-03-24", "2027-05-12"]) {
        const cut = cutoffDate(country, DISCONNECTION_RULES[country], day);
        expect(isBusinessDay(country, cut), `${country} ${day}`).toBe(true);
        expect(isBusinessDay(country, cutoffPayBy(country, cut)), `${country} ${day}`).toBe(true);
      }
    }
  });
});
