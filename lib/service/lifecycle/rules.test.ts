import { describe, expect, it } from "vitest";

import { collectionFee, LIFECYCLE_RULES, reminderFee } from "./rules";

describe("fees", () => {
  it("caps the Finnish reminder fee at 5 € and three reminders", () => {
    expect(reminderFee("FIN", false, "2026-03-01", 0)).toBe(500n);
    expect(reminderFee("FIN", false, "2026-03-01", 2)).toBe(500n);
    expect(reminderFee("FIN", false, "2026-03-01", 3)).toBe(0n);
  });

  it("sets the Finnish collection fee by the size of the consumer claim", () => {
    expect(collectionFee("FIN", false, "2026-03-01", 10_000n)).toBe(1400n);
    expect(collectionFee("FIN", false, "2026-03-01", 10_001n)).toBe(2400n);
    expect(collectionFee("FIN", false, "2026-03-01", 100_000n)).toBe(2400n);
    expect(collectionFee("FIN", false, "2026-03-01", 100_001n)).toBe(5000n);
    expect(collectionFee("FIN", true, "2026-03-01", 5_000n)).toBe(4000n);
  });

  it("charges the Swedish påminnelseavgift once and the inkassokrav or förseningsersättning", () => {
    expect(reminderFee("SWE", false, "2026-03-01", 0)).toBe(6000n);
    expect(reminderFee("SWE", false, "2026-03-01", 1)).toBe(0n);
    expect(collectionFee("SWE", false, "2026-03-01", 1n)).toBe(18_000n);
    expect(collectionFee("SWE", true, "2026-03-01", 1n)).toBe(45_000n);
  });

  it("takes the Norwegian fee in force on the day", () => {
    expect(reminderFee("NOR", false, "2024-12-31", 0)).toBe(7000n);
    expect(reminderFee("NOR", false, "2025-01-01", 0)).toBe(3500n);
    expect(collectionFee("NOR", false, "2024-06-01", 1n)).toBe(21_000n);
    expect(collectionFee("NOR", false, "2026-06-01", 1n)).toBe(10_500n);
    expect(reminderFee("NOR", false, "2026-06-01", 2)).toBe(0n);
  });

  it("never sends a reminder earlier than the law allows", () => {
    expect(LIFECYCLE_RULES.FIN.reminderAfterDays).toBeGreaterThanOrEqual(14);
    expect(LIFECYCLE_RULES.NOR.reminderAfterDays).toBeGreaterThanOrEqual(14);
  });
});
