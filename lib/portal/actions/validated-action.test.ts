import { describe, expect, it } from "vitest";
import { z } from "zod";

import { formFieldPath, problemFieldErrors, zodFieldErrors } from "./validated-action";

describe("field errors", () => {
  it("names the service's member paths as the forms do", () => {
    expect(formFieldPath("payrow[0].taxpr")).toBe("payrow.0.taxpr");
    expect(formFieldPath("customer_info.business_id")).toBe("customer_info.business_id");
    expect(formFieldPath("secondarysendtype[1].evoice[2]")).toBe("secondarysendtype.1.evoice.2");
  });

  it("keeps the first problem of a field and leaves out the job-wide ones", () => {
    expect(
      problemFieldErrors([
        { field: "paydate", message: "must be a real date" },
        { field: "paydate", message: "must not be before billdate" },
        { field: null, message: "the job as a whole" },
        { field: "payrow[1].count", message: "is required" },
      ]),
    ).toEqual({ paydate: "must be a real date", "payrow.1.count": "is required" });
  });

  it("keys zod issues by their dotted path", () => {
    const schema = z.object({ rows: z.array(z.object({ amount: z.number() })) });
    const result = schema.safeParse({ rows: [{ amount: 1 }, { amount: "x" }] });
    expect(result.success).toBe(false);
    if (!result.success) expect(Object.keys(zodFieldErrors(result.error))).toEqual(["rows.1.amount"]);
  });
});
