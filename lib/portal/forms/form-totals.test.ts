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
    expect(totals.rows).toEqual(service.rows.map((row) => ({ ...row, discount: 0 })));
    expect({ net: totals.net, vat: totals.vat, gross: totals.gross }).toEqual({ net: service.net, vat: service.vat, gross: service.gross });
    // 99.99 at 25.5 % is 25.50 (25.497…), 0.005 rounds half away from zero to 0.01.
    expect(totals.rows[0]).toEqual({ net: 9999, vat: 2550, gross: 12549, discount: 0 });
    expect(totals.rows[1]).toEqual({ net: 1, vat: 0, gross: 1, discount: 0 });
    expect(totals.vatBreakdown).toEqual([
      { rate: 25.5, net: 12499, vat: 3187 },
      { rate: 14, net: 1, vat: 0 },
    ]);
    expect(totals.gross).toBe(12499 + 3187 + 1);
  });

  it("counts a row still being typed as nothing, and keeps the others", () => {
    const totals = formTotals([
      { count: "2,", amount: "10", taxpr: "24" },
      { count: "1", amount: "", taxpr: "24" },
      { count: "1", amount: "10", taxpr: "24" },
    ]);
    expect(totals.rows).toEqual([null, null, { net: 1000, vat: 240, gross: 1240, discount: 0 }]);
    expect(totals.gross).toBe(1240);
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
      { net: 18000, vat: 4590, gross: 22590, discount: 2000 },
      { net: 3386, vat: 339, gross: 3725, discount: 484 },
      { net: 2000, vat: 280, gross: 2280, discount: 0 },
    ]);
    expect(totals.discount).toBe(2484);
    expect(totals.gross).toBe(28595);
  });

  it("gives a row with a discount the service would refuse no totals", () => {
    for (const discountpr of ["101", "-5", "12.345", "ten", "10,"]) {
      expect(formTotals([{ count: "1", amount: "10", taxpr: "24", discountpr }]).rows, discountpr).toEqual([null]);
    }
    expect(formTotals([{ count: "1", amount: "10", taxpr: "24", discountpr: "100" }]).rows).toEqual([{ net: 0, vat: 0, gross: 0, discount: 1000 }]);
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
