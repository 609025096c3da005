import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { datasetItemSchema } from "../../spec/dataset-item";

import { checkPaymentPlan, paymentPlanOf } from "./payment-plan";

describe("payment plans", () => {
  it("reads explicit instalments in date order", () => {
    const plan = paymentPlanOf(
      {
        payplan: {
          instalment: [
            { date: "2026-05-01", amount: "20.00" },
            { date: "2026-04-01", amount: 30 },
          ],
        },
      },
      5000n,
    );
    expect(plan).toEqual([
      { date: "2026-04-01", amount: 3000n },
      { date: "2026-05-01", amount: 2000n },
    ]);
  });

  it("builds instalments from payplanamount, payplancount and payplaninterval; the last one takes the rest", () => {
    const plan = paymentPlanOf({ paydate: "2026-01-31", payplanamount: "40.00", payplancount: 3, payplaninterval: 1 }, 10_050n);
    expect(plan).toEqual([
      { date: "2026-01-31", amount: 4000n },
      { date: "2026-02-28", amount: 4000n },
      { date: "2026-03-31", amount: 2050n },
    ]);
    expect(paymentPlanOf({ paydate: "2026-01-31" }, 10_000n)).toBeNull();
    // Past the interface's limits intake refuses the job; anything it accepted is followed.
    expect(paymentPlanOf({ paydate: "2026-01-31", payplanamount: "1.00", payplancount: 601 }, 10_000n)).toBeNull();
    expect(paymentPlanOf({ payplan: { instalment: [] } }, 10_000n)).toBeNull();
  });

  it("always covers the whole capital exactly", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 48 }), (capital, share, count) => {
        const plan = paymentPlanOf({ paydate: "2026-01-15", payplanamount: share / 100, payplancount: count, payplaninterval: 1 }, BigInt(capital))!;
        expect(plan.reduce((sum, row) => sum + row.amount, 0n)).toBe(BigInt(capital));
        expect(plan.every((row) => row.amount > 0n)).toBe(true);
      }),
    );
  });

  it("is followed while no more is open than the instalments to come", () => {
    const plan = [
      { date: "2026-04-01", amount: 5000n },
      { date: "2026-05-01", amount: 5000n },
    ];
    expect(checkPaymentPlan(plan, 10_000n, "2026-04-10", 14)).toEqual({ followed: true, reviewOn: "2026-04-16" });
    expect(checkPaymentPlan(plan, 10_000n, "2026-04-16", 14)).toEqual({ followed: false, missed: plan[0] });
    expect(checkPaymentPlan(plan, 5000n, "2026-04-16", 14)).toEqual({ followed: true, reviewOn: "2026-05-16" });
    expect(checkPaymentPlan(plan, 1n, "2026-05-16", 14)).toEqual({ followed: false, missed: plan[1] });
  });

  it("follows every plan the interface accepts, up to 600 monthly instalments", () => {
    const item = { paydate: "2026-01-31", payplanamount: "1.00", payplancount: 400, payplaninterval: 1 };
    expect(datasetItemSchema.safeParse({ ...item, jobtype: 0 }).success).toBe(true);
    const plan = paymentPlanOf(item, 100_000n)!;
    expect(plan).toHaveLength(400);
    expect(plan.at(-1)).toEqual({ date: "2059-04-30", amount: 100_000n - 399n * 100n });
  });
});
