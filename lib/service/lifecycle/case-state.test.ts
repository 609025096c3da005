import { describe, expect, it } from "vitest";

import { currentDueDate } from "./case-state";

describe("currentDueDate", () => {
  it("is the date the case was moved to, else the invoice's own", () => {
    expect(currentDueDate({ paydate: "2026-03-01", currentPaydate: "2026-03-20" })).toBe("2026-03-20");
    expect(currentDueDate({ paydate: "2026-03-01", currentPaydate: null })).toBe("2026-03-01");
    expect(currentDueDate({ paydate: null, currentPaydate: null })).toBeNull();
  });
});
