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
  });

  it("caps a Finnish business debtor's fees by 513/1999 10 e § since 1 May 2022, and the 40 € compensation before", () => {
    expect(reminderFee("FIN", true, "2026-03-01", 0)).toBe(1200n);
    expect(reminderFee("FIN", false, "2026-03-01", 0)).toBe(500n);
    expect(collectionFee("FIN", true, "2026-03-01", 5_000n)).toBe(5000n);
    expect(collectionFee("FIN", true, "2026-03-01", 50_000n)).toBe(5000n);
    expect(collectionFee("FIN", true, "2026-03-01", 50_001n)).toBe(7000n);
    expect(collectionFee("FIN", true, "2026-03-01", 250_000n)).toBe(7000n);
    expect(collectionFee("FIN", true, "2026-03-01", 250_001n)).toBe(9000n);
    expect(collectionFee("FIN", true, "2026-03-01", 1_000_000n)).toBe(9000n);
    expect(collectionFee("FIN", true, "2026-03-01", 1_000_001n)).toBe(11_000n);
    expect(reminderFee("FIN", true, "2022-04-30", 0)).toBe(500n);
    expect(collectionFee("FIN", true, "2022-04-30", 5_000n)).toBe(4000n);
  });

  it("charges the Swedish påminnelseavgift only as agreed, at most 60 kr and once, and the inkassokrav or förseningsersättning", () => {
    // Lag 1981:739 2 §: no agreement when the debt arose, no fee.
    expect(reminderFee("SWE", false, "2026-03-01", 0)).toBe(0n);
    expect(reminderFee("SWE", false, "2026-03-01", 0, 6000n)).toBe(6000n);
    expect(reminderFee("SWE", false, "2026-03-01", 0, 4500n)).toBe(4500n);
    // 4 §: never more than 60 kr, whatever was agreed.
    expect(reminderFee("SWE", false, "2026-03-01", 0, 9900n)).toBe(6000n);
    expect(reminderFee("SWE", false, "2026-03-01", 1, 6000n)).toBe(0n);
    expect(collectionFee("SWE", false, "2026-03-01", 1n)).toBe(18_000n);
    expect(collectionFee("SWE", true, "2026-03-01", 1n)).toBe(45_000n);
  });

  it("takes the Norwegian fee in force on the day: 35 kr and 105 kr since 1 October 2020", () => {
    expect(reminderFee("NOR", false, "2020-09-30", 0)).toBe(7000n);
    expect(reminderFee("NOR", false, "2020-10-01", 0)).toBe(3500n);
    expect(reminderFee("NOR", false, "2024-12-31", 0)).toBe(3500n);
    expect(collectionFee("NOR", false, "2020-09-30", 1n)).toBe(21_000n);
    expect(collectionFee("NOR", false, "2024-06-01", 1n)).toBe(10_500n);
    expect(collectionFee("NOR", false, "2026-06-01", 1n)).toBe(10_500n);
    expect(reminderFee("NOR", false, "2026-06-01", 2)).toBe(0n);
    // The agreed fee matters only where the law asks for one.
    expect(reminderFee("NOR", false, "2026-06-01", 0, 1n)).toBe(3500n);
  });

  it("never sends a reminder earlier than the law allows", () => {
    expect(LIFECYCLE_RULES.FIN.reminderAfterDays).toBeGreaterThanOrEqual(14);
    expect(LIFECYCLE_RULES.NOR.reminderAfterDays).toBeGreaterThanOrEqual(14);
  });
});
