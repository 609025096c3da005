import { describe, expect, it } from "vitest";

import { addBusinessDays, isBusinessDay } from "./business-days";

describe("business days", () => {
  it("skips weekends and each country's public and bank holidays", () => {
    expect(isBusinessDay("2026-11-23", "FI")).toBe(true);
    expect(isBusinessDay("2026-11-22", "FI")).toBe(false); // Sunday
    expect(isBusinessDay("2026-12-24", "FI")).toBe(false); // Christmas Eve: banks closed
    expect(isBusinessDay("2026-12-06", "FI")).toBe(false); // Independence Day (a Sunday anyway)
    expect(isBusinessDay("2026-05-17", "NO")).toBe(false); // Constitution Day
    expect(isBusinessDay("2026-06-06", "SE")).toBe(false); // National Day
    expect(isBusinessDay("2026-12-07", "FI")).toBe(true);
  });

  it("counts forward from the day after", () => {
    expect(addBusinessDays("2026-11-20", 1, "FI")).toBe("2026-11-23"); // Friday + 1 = Monday
    expect(addBusinessDays("2026-11-23", 10, "FI")).toBe("2026-12-07");
    // 24–26 and 31 December 2026, 1 and 6 January 2027 and the weekends are not business days in Finland.
    expect(addBusinessDays("2026-12-21", 10, "FI")).toBe("2027-01-11");
    expect(addBusinessDays("2026-11-23", 0, "FI")).toBe("2026-11-23");
  });
});
