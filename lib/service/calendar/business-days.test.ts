import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { bankHolidays } from "./bank-holidays";
import { addBusinessDays, isBusinessDay, nextBusinessDay } from "./business-days";
import { addDays, addMonths, dateOfDay, dayNumber, daysBetween, isIsoDate, weekday } from "./dates";

describe("bank holidays", () => {
  it("places Easter by computus", () => {
    for (const country of ["FIN", "SWE", "NOR"] as const) {
      expect(bankHolidays(country, 2025).has("2025-04-20")).toBe(true); // Easter Sunday
      expect(bankHolidays(country, 2026).has("2026-04-05")).toBe(true);
      expect(bankHolidays(country, 2025).has("2025-04-18")).toBe(true); // Good Friday
      expect(bankHolidays(country, 2025).has("2025-04-21")).toBe(true); // Easter Monday
      expect(bankHolidays(country, 2026).has("2026-04-03")).toBe(true);
      expect(bankHolidays(country, 2026).has("2026-04-06")).toBe(true);
      expect(bankHolidays(country, 2025).has("2025-05-29")).toBe(true); // Ascension
    }
  });

  it("knows the Finnish bank days", () => {
    const days = bankHolidays("FIN", 2026);
    for (const day of ["2026-01-01", "2026-01-06", "2026-05-01", "2026-05-14", "2026-06-19", "2026-12-24", "2026-12-25"]) expect(days.has(day)).toBe(true);
    expect(isBusinessDay("FIN", "2026-12-07")).toBe(true); // Independence Day 6 Dec 2026 is a Sunday
    expect(isBusinessDay("FIN", "2025-12-05")).toBe(true);
    expect(isBusinessDay("FIN", "2027-12-06")).toBe(false); // Monday
    expect(isBusinessDay("FIN", "2025-12-31")).toBe(true); // New Year's Eve is a banking day
    expect(isBusinessDay("FIN", "2025-06-20")).toBe(false); // Midsummer Eve 2025
    expect(isBusinessDay("FIN", "2026-06-19")).toBe(false); // Midsummer Eve 2026
  });

  it("knows the Swedish bank days", () => {
    expect(isBusinessDay("SWE", "2025-06-06")).toBe(false); // National Day, a Friday
    expect(isBusinessDay("SWE", "2025-06-20")).toBe(false); // Midsummer Eve
    expect(isBusinessDay("SWE", "2025-12-31")).toBe(false); // New Year's Eve
    expect(isBusinessDay("SWE", "2025-01-06")).toBe(false); // Epiphany
    expect(bankHolidays("SWE", 2025).has("2025-11-01")).toBe(true); // All Saints' Day, a Saturday
    expect(isBusinessDay("SWE", "2025-06-09")).toBe(true); // Whit Monday is no holiday in Sweden
  });

  it("knows the Norwegian bank days", () => {
    expect(isBusinessDay("NOR", "2025-04-17")).toBe(false); // Maundy Thursday
    expect(isBusinessDay("NOR", "2025-06-09")).toBe(false); // Whit Monday
    expect(isBusinessDay("NOR", "2027-05-17")).toBe(false); // Constitution Day, a Monday
    expect(isBusinessDay("NOR", "2025-12-24")).toBe(false);
    expect(isBusinessDay("NOR", "2025-12-31")).toBe(false);
    expect(isBusinessDay("NOR", "2025-06-20")).toBe(true); // no Midsummer holiday in Norway
    expect(isBusinessDay("NOR", "2025-01-06")).toBe(true);
  });
});

describe("business-day arithmetic", () => {
  it("skips weekends and holidays", () => {
    expect(nextBusinessDay("FIN", "2026-06-19")).toBe("2026-06-22");
    expect(addBusinessDays("FIN", "2026-04-02", 1)).toBe("2026-04-07"); // over Easter
    expect(addBusinessDays("FIN", "2026-11-20", 1)).toBe("2026-11-23"); // Friday to Monday
    expect(addBusinessDays("FIN", "2026-11-21", 1)).toBe("2026-11-23"); // Saturday to Monday
    expect(addBusinessDays("FIN", "2026-11-21", 0)).toBe("2026-11-23");
    expect(addBusinessDays("SWE", "2026-12-23", 2)).toBe("2026-12-29");
    expect(addBusinessDays("FIN", "2026-11-23", 10)).toBe("2026-12-07"); // two weeks; 6 Dec is a Sunday
    expect(addBusinessDays("FIN", "2027-11-29", 10)).toBe("2027-12-14"); // 6 Dec 2027 is a Monday
  });

  it("refuses a negative count", () => {
    expect(() => addBusinessDays("FIN", "2026-01-01", -1)).toThrow(RangeError);
  });

  it("does plain date arithmetic", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(daysBetween("2026-01-01", "2026-07-01")).toBe(181);
    expect(isIsoDate("2026-02-30")).toBe(false);
    expect(isIsoDate("2026-02-28")).toBe(true);
  });
});

describe("day numbers", () => {
  it("agree with the calendar across centuries and leap days", () => {
    fc.assert(
      fc.property(fc.integer({ min: -200_000, max: 200_000 }), (days) => {
        const date = new Date(days * 86_400_000).toISOString().slice(0, 10);
        expect(dayNumber(date)).toBe(days);
        expect(dateOfDay(days)).toBe(date);
      }),
    );
    expect(weekday("2026-11-22")).toBe(7);
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2100-02-28", 1)).toBe("2100-03-01");
  });
});
