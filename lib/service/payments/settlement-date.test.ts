import { describe, expect, it } from "vitest";

import { settlementDateOf } from "./settlement-date";

describe("settlementDateOf", () => {
  it("is the next business day after the account date in the country's bank calendar", () => {
    expect(settlementDateOf("FIN", "2026-11-23")).toBe("2026-11-24");
    // Friday → Monday.
    expect(settlementDateOf("FIN", "2026-11-20")).toBe("2026-11-23");
    // 24–26 December are bank holidays in Finland, 31 December is not.
    expect(settlementDateOf("FIN", "2026-12-23")).toBe("2026-12-28");
    expect(settlementDateOf("FIN", "2026-12-30")).toBe("2026-12-31");
    // New Year's Eve is a bank holiday in Sweden and Norway.
    expect(settlementDateOf("SWE", "2026-12-30")).toBe("2027-01-04");
    expect(settlementDateOf("NOR", "2026-12-30")).toBe("2027-01-04");
  });
});
