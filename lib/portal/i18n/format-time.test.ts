import { describe, expect, it } from "vitest";

import { formatDate, formatTime, readerTimeZone } from "./format-time";

describe("formatTime", () => {
  it("shows a moment in the reader's zone and names the zone, the same for every page", () => {
    const moment = "2026-11-25T12:05:00Z";
    expect(formatTime(moment, "eng")).toBe("25 Nov 2026, 14:05 EET");
    expect(formatTime(moment, "swe")).toMatch(/^25 nov\. 2026 13:05 CET$/);
    expect(formatTime(moment, "nor")).toMatch(/^25\. nov\. 2026, 13:05 CET$/);
    expect(formatTime(moment, "fin")).toBe("25.11.2026 klo 14.05 UTC+2");
    // Summer time is named as such.
    expect(formatTime("2026-07-01T12:05:00Z", "eng")).toBe("1 Jul 2026, 15:05 EEST");
    expect(formatTime(new Date(moment), "eng")).toBe(formatTime(moment, "eng"));
  });

  it("answers nothing for nothing and an unreadable time as it came", () => {
    expect(formatTime(null, "eng")).toBeNull();
    expect(formatTime("yesterday", "eng")).toBe("yesterday");
  });

  it("follows the user's language to the zone of its country", () => {
    expect([readerTimeZone("eng"), readerTimeZone("fin"), readerTimeZone("swe"), readerTimeZone("nor")]).toEqual([
      "Europe/Helsinki",
      "Europe/Helsinki",
      "Europe/Stockholm",
      "Europe/Oslo",
    ]);
  });
});

describe("formatDate", () => {
  it("writes a calendar date in the reader's format, with no zone to shift it", () => {
    expect(formatDate("2026-12-31", "eng")).toBe("31 Dec 2026");
    expect(formatDate("2026-12-31", "fin")).toBe("31.12.2026");
    expect(formatDate("not a date", "eng")).toBe("not a date");
  });
});
