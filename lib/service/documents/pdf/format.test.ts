import { describe, expect, it } from "vitest";

import { formatDate } from "./format";

describe("formatDate", () => {
  it("writes a date as each document language's readers write it", () => {
    expect(formatDate("2026-12-06", "fi-FI")).toBe("6.12.2026");
    expect(formatDate("2026-12-06", "sv-SE")).toBe("2026-12-06");
    expect(formatDate("2026-12-06", "nb-NO")).toBe("06.12.2026");
    expect(formatDate("2026-01-31", "nb-NO")).toBe("31.01.2026");
    expect(formatDate("2026-12-06", "en-GB")).toBe("06/12/2026");
    expect(formatDate(null, "nb-NO")).toBe("");
  });
});
