import { describe, expect, it } from "vitest";

import { addDays, daysBetween, todayIn } from "./dates";

describe("dates", () => {
  it("takes today's date in the country's time zone", () => {
    const lateUtc = new Date("2026-11-23T22:30:00Z");
    expect(todayIn("Europe/Helsinki", lateUtc)).toBe("2026-11-24");
    expect(todayIn("Europe/Oslo", lateUtc)).toBe("2026-11-23");
  });

  it("adds days across months, years and daylight saving changes", () => {
    expect(addDays("2026-11-23", 14)).toBe("2026-12-07");
    expect(addDays("2026-12-25", 14)).toBe("2027-01-08");
    expect(addDays("2026-03-20", 14)).toBe("2026-04-03");
    expect(addDays("2026-02-30", 1)).toBeNull();
    expect(addDays("23.11.2026", 1)).toBeNull();
  });

  it("counts the days between two dates, daylight saving changes and leap days included", () => {
    expect(daysBetween("2026-11-23", "2026-12-07")).toBe(14);
    expect(daysBetween("2026-03-20", "2026-04-03")).toBe(14);
    expect(daysBetween("2028-02-28", "2028-03-01")).toBe(2);
    expect(daysBetween("2026-12-07", "2026-11-23")).toBe(-14);
    expect(daysBetween("2026-02-30", "2026-03-01")).toBeNull();
    for (let days = 0; days < 400; days += 7) expect(daysBetween("2026-01-31", addDays("2026-01-31", days)!)).toBe(days);
  });
});
