import { describe, expect, it } from "vitest";

import { addDays, daysBetween, isIsoDate } from "./calendar-days";

describe("calendar days", () => {
  it("knows which strings are dates that exist", () => {
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2026-02-29")).toBe(false);
    // Date.UTC would roll these over to 2027-01-01 and 2025-12-15 and take them.
    expect(isIsoDate("2026-13-01")).toBe(false);
    expect(isIsoDate("2026-00-15")).toBe(false);
    expect(isIsoDate("2026-12-6")).toBe(false);
  });

  it("counts the years 0–99 as themselves, where Date.UTC reads them as 1900–1999", () => {
    expect(isIsoDate("0050-02-29")).toBe(false);
    expect(addDays("0099-12-31", 1)).toBe("0100-01-01");
    expect(daysBetween("0004-02-28", "0004-03-01")).toBe(2);
  });
});
