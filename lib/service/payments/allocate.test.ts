import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";

import { allocatePayment, sumOf } from "./allocate";

const cents = fc.bigInt({ min: 0n, max: 10_000_000_00n });
const open = fc.record({ capital: cents, interest: cents, expenses: cents });

describe("allocatePayment", () => {
  it("pays expenses, then interest, then capital", () => {
    const result = allocatePayment({ capital: 10_000n, interest: 300n, expenses: 500n }, 700n);
    expect(result).toEqual({
      paid: { capital: 0n, interest: 200n, expenses: 500n },
      open: { capital: 10_000n, interest: 100n, expenses: 0n },
      unallocated: 0n,
    });
  });

  it("keeps an overpayment unallocated and leaves nothing open", () => {
    const result = allocatePayment({ capital: 1000n, interest: 0n, expenses: 0n }, 1500n);
    expect(result.unallocated).toBe(500n);
    expect(sumOf(result.open)).toBe(0n);
  });

  it("refuses a negative amount", () => {
    expect(() => allocatePayment({ capital: 1n, interest: 0n, expenses: 0n }, -1n)).toThrow(RangeError);
  });

  test.prop([open, cents])("creates and loses nothing, and takes no component below zero", (before, amount) => {
    const { paid, open: after, unallocated } = allocatePayment(before, amount);
    expect(sumOf(paid) + unallocated).toBe(amount);
    expect(sumOf(before)).toBe(sumOf(after) + sumOf(paid));
    for (const key of ["capital", "interest", "expenses"] as const) {
      expect(after[key]).toBeGreaterThanOrEqual(0n);
      expect(paid[key]).toBeGreaterThanOrEqual(0n);
      expect(after[key] + paid[key]).toBe(before[key]);
    }
    expect(unallocated === 0n || sumOf(after) === 0n).toBe(true);
  });

  test.prop([open, cents])("pays a later component only once the earlier ones are settled", (before, amount) => {
    const { paid, open: after } = allocatePayment(before, amount);
    if (paid.interest > 0n) expect(after.expenses).toBe(0n);
    if (paid.capital > 0n) expect(after.interest + after.expenses).toBe(0n);
  });
});
