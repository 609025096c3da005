import { describe, expect, it } from "vitest";

import { invoiceTotals } from "@/lib/payment-data/amounts";

import { formTotals } from "./form-totals";
import { normaliseDecimal } from "./normalise-decimal";

describe("formTotals", () => {
  it("computes each row and the invoice as the service does, in cents", () => {
    const rows = [
      { count: "3", amount: "33,33", taxpr: "25.5" },
      { count: "1", amount: "0.005", taxpr: "14" },
      { count: "2,5", amount: "10", taxpr: "25.5" },
    ];
    const totals = formTotals(rows);
    const service = invoiceTotals([
      { count: "3", amount: "33.33", taxpr: "25.5" },
      { count: "1", amount: "0.005", taxpr: "14" },
      { count: "2.5", amount: "10", taxpr: "25.5" },
    ]);
    expect(totals.rows).toEqual(service.rows.map((row) => ({ ...row, discount: 0n })));
    expect({ net: totals.net, vat: totals.vat, gross: totals.gross }).toEqual({ net: service.net, vat: service.vat, gross: service.gross });
    // 99.99 at 25.5 % is 25.50 (25.497…), 0.005 rounds half away from zero to 0.01.
    expect(totals.rows[0]).toEqual({ net: 9999n, vat: 2550n, gross: 12549n, discount: 0n });
    expect(totals.rows[1]).toEqual({ net: 1n, vat: 0n, gross: 1n, discount: 0n });
    expect(totals.vatBreakdown).toEqual([
      { rate: 25.5, net: 12499n, vat: 3187n },
      { rate: 14, net: 1n, vat: 0n },
    ]);
    expect(totals.gross).toBe(12499n + 3187n + 1n);
  });

  it("counts a row still being typed as nothing, and keeps the others", () => {
    const totals = formTotals([
      { count: "2,", amount: "10", taxpr: "24" },
      { count: "1", amount: "", taxpr: "24" },
      { count: "1", amount: "10", taxpr: "24" },
    ]);
    expect(totals.rows).toEqual([null, null, { net: 1000n, vat: 240n, gross: 1240n, discount: 0n }]);
    expect(totals.gross).toBe(1240n);
  });

  it("takes each row's discount off before VAT, rounded as the service rounds it, typed with a comma or a dot", () => {
    const rows = [
      { count: "2", amount: "100", taxpr: "25.5", discountpr: "10" },
      { count: "3", amount: "12,90", taxpr: "10", discountpr: "12,5" },
      { count: "1", amount: "20", taxpr: "14", discountpr: "" },
    ];
    const totals = formTotals(rows);
    const service = invoiceTotals([
      { count: "2", amount: "100", taxpr: "25.5", discountpr: "10" },
      { count: "3", amount: "12.90", taxpr: "10", discountpr: "12.5" },
      { count: "1", amount: "20", taxpr: "14" },
    ]);
    expect({ net: totals.net, vat: totals.vat, gross: totals.gross }).toEqual({ net: service.net, vat: service.vat, gross: service.gross });
    // 10 % of 200.00; 12.5 % of 38.70 is 4.8375 → 4.84.
    expect(totals.rows).toEqual([
      { net: 18000n, vat: 4590n, gross: 22590n, discount: 2000n },
      { net: 3386n, vat: 339n, gross: 3725n, discount: 484n },
      { net: 2000n, vat: 280n, gross: 2280n, discount: 0n },
    ]);
    expect(totals.discount).toBe(2484n);
    expect(totals.gross).toBe(28595n);
  });

  it("gives a row with a discount the service would refuse no totals", () => {
    for (const discountpr of ["101", "-5", "12.345", "ten", "10,"]) {
      expect(formTotals([{ count: "1", amount: "10", taxpr: "24", discountpr }]).rows, discountpr).toEqual([null]);
    }
    expect(formTotals([{ count: "1", amount: "10", taxpr: "24", discountpr: "100" }]).rows).toEqual([{ net: 0n, vat: 0n, gross: 0n, discount: 1000n }]);
  });

  it("says when the amounts are past what the service handles", () => {
    expect(formTotals([{ count: "1000000", amount: "1000000", taxpr: "0" }]).tooLarge).toBe(true);
  });
});

describe("normaliseDecimal", () => {
  it.each([
    ["1 234,50", "1234.50"],
    ["12,5", "12.5"],
    [" 3 ", "3"],
    ["+4.25", "4.25"],
    ["\u22125,5", "-5.5"],
    ["1.234,5", "1.234,5"],
    ["abc", "abc"],
  ])("%j → %j", (typed, normalised) => {
    expect(normaliseDecimal(typed)).toBe(normalised);
  });
});
