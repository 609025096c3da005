import { describe, expect, it } from "vitest";

import { ServiceError } from "../errors";

import { amountToRefund } from "./amount-left";

function conflictOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof ServiceError) return { kind: error.kind, detail: error.message, problems: error.problems };
    throw error;
  }
  throw new Error("no conflict");
}

describe("amountToRefund", () => {
  it("takes the amount asked, or all that is left when none is asked", () => {
    expect(amountToRefund(2500n, 10000n, "paymentId", "")).toBe(2500n);
    expect(amountToRefund(10000n, 10000n, "paymentId", "")).toBe(10000n);
    expect(amountToRefund(undefined, 10000n, "paymentId", "")).toBe(10000n);
    expect(amountToRefund(null, 10000n, "paymentId", "")).toBe(10000n);
  });

  it("refuses more than is left, naming the amount asked", () => {
    expect(conflictOf(() => amountToRefund(10001n, 10000n, "paymentId", "100.00 left"))).toEqual({
      kind: "conflict",
      detail: "100.00 left",
      problems: [{ field: "amount", code: "conflict", message: "must be at most 100.00", rule: "atMost", params: { max: "100.00" } }],
    });
  });

  it("refuses when nothing is left, naming the id when no amount was asked", () => {
    expect(conflictOf(() => amountToRefund(undefined, 0n, "creditjobid", "0 left")).problems).toEqual([
      { field: "creditjobid", code: "conflict", message: "must be at most 0.00", rule: "atMost", params: { max: "0.00" } },
    ]);
    expect(conflictOf(() => amountToRefund(0n, 0n, "creditjobid", "0 left")).problems?.[0]?.field).toBe("amount");
  });
});
