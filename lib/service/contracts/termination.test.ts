import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";

import { fixedClock } from "../../platform/clock";

import { parseTerminationTerm, terminationDateAfter, terminationFor } from "./termination";

describe("termination terms", () => {
  it("reads ISO durations and short forms into the ISO form", () => {
    expect(parseTerminationTerm("P1M")).toEqual({ iso: "P1M", unit: "M", count: 1 });
    expect(parseTerminationTerm("14D")).toEqual({ iso: "P14D", unit: "D", count: 14 });
    expect(parseTerminationTerm(" 2w ")).toEqual({ iso: "P2W", unit: "W", count: 2 });
    expect(parseTerminationTerm("p1y")).toEqual({ iso: "P1Y", unit: "Y", count: 1 });
  });

  it("refuses what it cannot compute", () => {
    for (const value of ["", "P", "1", "P1M2D", "one month", "P-1M", "P1H", "PT1M", "P11Y", "P400M"]) expect(parseTerminationTerm(value)).toBeNull();
  });

  it("counts calendar months, ending on the last day of a shorter month", () => {
    expect(terminationDateAfter("2026-01-31", parseTerminationTerm("P1M")!)).toBe("2026-02-28");
    expect(terminationDateAfter("2028-01-31", parseTerminationTerm("1M")!)).toBe("2028-02-29");
    expect(terminationDateAfter("2026-11-22", parseTerminationTerm("14D")!)).toBe("2026-12-06");
    expect(terminationDateAfter("2026-12-20", parseTerminationTerm("P2W")!)).toBe("2027-01-03");
    expect(terminationDateAfter("2028-02-29", parseTerminationTerm("P1Y")!)).toBe("2029-02-28");
  });

  it("gives notice today in the environment's calendar when no notice day is known", () => {
    // 23:30 UTC on 30 November is already 1 December in Helsinki.
    const clock = fixedClock("2026-11-30T23:30:00Z");
    expect(terminationFor({ terminationTerm: "P1M" }, clock, "Europe/Helsinki")).toEqual({ termination_date: "2027-01-01", terminationterm: "P1M" });
    expect(terminationFor({ terminationTerm: "P1M", noticeDate: "2026-10-15" }, clock, "Europe/Helsinki")).toEqual({
      termination_date: "2026-11-15",
      terminationterm: "P1M",
    });
    expect(terminationFor({ terminationTerm: "until further notice" }, clock, "Europe/Helsinki")).toBeNull();
  });

  test.prop([fc.date({ min: new Date("2000-01-01"), max: new Date("2090-12-31"), noInvalidDate: true }), fc.integer({ min: 1, max: 999 })])(
    "a day term always ends exactly that many days later",
    (start, days) => {
      const from = start.toISOString().slice(0, 10);
      const end = terminationDateAfter(from, parseTerminationTerm(`${days}D`)!);
      expect((Date.parse(end) - Date.parse(from)) / 86_400_000).toBe(days);
    },
  );
});
