import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";

import { exactCents, formatCents, fromCents, invoiceTotals, rowDiscount, rowTotals, type InvoiceTotals, type RowInput } from "./amounts";

/** A decimal string of `units` with `scale` decimals: decimal(-5n, 2) is "-0.05". */
function decimal(units: bigint, scale: number): string {
  const sign = units < 0n ? "-" : "";
  const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, "0");
  return `${sign}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** numerator / denominator rounded to an integer, half away from zero; the oracle the module is checked against. */
function roundHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  const magnitude = (2n * (numerator < 0n ? -numerator : numerator) + denominator) / (2n * denominator);
  return numerator < 0n ? -magnitude : magnitude;
}

interface GeneratedRow {
  input: RowInput;
  /** count × 1000 */
  countMilli: bigint;
  /** unit price in cents */
  amountCents: bigint;
  /** VAT percentage × 100 */
  rateHundredths: bigint;
}

/** A value sent either as a decimal string or as the number it reads as. */
const asStringOrNumber = (text: string) => fc.constantFrom<string | number>(text, Number(text));

const rate = fc.oneof(fc.constantFrom(0, 600, 1000, 1200, 1400, 1500, 2400, 2500, 2550), fc.integer({ min: 0, max: 10_000 }));

const row: fc.Arbitrary<GeneratedRow> = fc
  .record({
    countMilli: fc.integer({ min: -100_000, max: 100_000 }),
    amountCents: fc.integer({ min: -10_000_000, max: 10_000_000 }),
    rateHundredths: rate,
  })
  .chain(({ countMilli, amountCents, rateHundredths }) =>
    fc
      .record({
        count: asStringOrNumber(decimal(BigInt(countMilli), 3)),
        amount: asStringOrNumber(decimal(BigInt(amountCents), 2)),
        taxpr: asStringOrNumber(decimal(BigInt(rateHundredths), 2)),
      })
      .map((input) => ({ input, countMilli: BigInt(countMilli), amountCents: BigInt(amountCents), rateHundredths: BigInt(rateHundredths) })),
  );

const rows = fc.array(row, { maxLength: 12 });

function expectedRow({ countMilli, amountCents, rateHundredths }: GeneratedRow) {
  const net = roundHalfAwayFromZero(countMilli * amountCents, 1000n);
  const vat = roundHalfAwayFromZero(net * rateHundredths, 10_000n);
  return { net, vat };
}

function negate(row: GeneratedRow): GeneratedRow {
  return { ...row, input: { ...row.input, count: decimal(-row.countMilli, 3) }, countMilli: -row.countMilli };
}

function negated(totals: InvoiceTotals): InvoiceTotals {
  return {
    rows: totals.rows.map(({ net, vat, gross }) => ({ net: -net, vat: -vat, gross: -gross })),
    vatBreakdown: totals.vatBreakdown.map(({ rate, net, vat }) => ({ rate, net: -net, vat: -vat })),
    net: -totals.net,
    vat: -totals.vat,
    gross: -totals.gross,
  };
}

describe("exactCents", () => {
  it.each([
    ["19.99", 1999n],
    [19.99, 1999n],
    ["1234.5", 123450n],
    [7, 700n],
    ["-42.10", -4210n],
    [0, 0n],
  ] as const)("turns %j into %s cents", (amount, cents) => {
    expect(exactCents(amount)).toBe(cents);
  });

  it("rounds half a cent away from zero: 0.005 → 1 cent, -0.005 → -1 cent", () => {
    expect(exactCents(0.005)).toBe(1n);
    expect(exactCents("0.005")).toBe(1n);
    expect(exactCents(-0.005)).toBe(-1n);
    expect(exactCents("-0.005")).toBe(-1n);
    expect(exactCents("0.015")).toBe(2n);
    expect(exactCents("0.025")).toBe(3n);
  });

  it("rounds less than half a cent towards zero", () => {
    expect(exactCents("0.0049")).toBe(0n);
    expect(exactCents("-0.0049")).toBe(0n);
    expect(exactCents("0.0051")).toBe(1n);
    expect(exactCents("-0.0051")).toBe(-1n);
  });

  it("rounds the decimal a number is written as, not its binary approximation", () => {
    // 1.005 is stored as 1.00499999999999989…, so Math.round(1.005 * 100) gives 100.
    expect(Math.round(1.005 * 100)).toBe(100);
    expect(exactCents(1.005)).toBe(101n);
    expect(exactCents(2.675)).toBe(268n);
    expect(exactCents(-2.675)).toBe(-268n);
  });

  test.prop([fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n })])("reads a two-decimal amount, as a string or a number, as exactly its cents", (cents) => {
    const text = decimal(cents, 2);
    expect(exactCents(text)).toBe(cents);
    expect(exactCents(Number(text))).toBe(cents);
  });

  test.prop([fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n })])("rounds a three-decimal amount half away from zero", (mills) => {
    expect(exactCents(decimal(mills, 3))).toBe(roundHalfAwayFromZero(mills, 10n));
  });
});

describe("fromCents and formatCents", () => {
  it.each([
    [1999n, 19.99],
    [-5n, -0.05],
    [100n, 1],
    [0n, 0],
    [123n, 1.23],
  ] as const)("fromCents turns %s cents into %s", (cents, amount) => {
    expect(fromCents(cents)).toBe(amount);
  });

  it.each([
    [1999n, "19.99"],
    [5n, "0.05"],
    [-5n, "-0.05"],
    [100n, "1.00"],
    [0n, "0.00"],
    [123456789012345678n, "1234567890123456.78"],
  ] as const)("formatCents writes %s cents as %j, with two decimals and a dot", (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  test.prop([fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n })])("cents survive a trip through major units and back", (cents) => {
    const text = decimal(cents, 2);
    // Object.is tells −0 from 0: a bigint has no −0, so no answer of the interface writes one.
    expect(Object.is(fromCents(cents), Number(text) + 0)).toBe(true);
    expect(exactCents(fromCents(cents))).toBe(cents);
    expect(formatCents(cents)).toBe(text);
    expect(exactCents(formatCents(cents))).toBe(cents);
  });
});

describe("rowTotals", () => {
  it.each([
    // 19.99 × 3 = 59.97 → 5997 cents; VAT 5997 × rate / 100:
    [25.5, 1529n, 7526n], // 1529.235 → 1529
    [24, 1439n, 7436n], // 1439.28 → 1439
    [14, 840n, 6837n], // 839.58 → 840
    [10, 600n, 6597n], // 599.7 → 600
    [0, 0n, 5997n],
  ])("prices 3 × 19.99 at %s per cent as net 5997, VAT %s and gross %s cents", (taxpr, vat, gross) => {
    expect(rowTotals({ count: 3, amount: 19.99, taxpr })).toEqual({ net: 5997n, vat, gross });
    expect(rowTotals({ count: "3", amount: "19.99", taxpr: String(taxpr) })).toEqual({ net: 5997n, vat, gross });
  });

  it("rounds the row's VAT half away from zero: 25 % of 2 cents is 0.5 → 1 cent, and of -2 cents -1 cent", () => {
    expect(rowTotals({ count: 1, amount: "0.02", taxpr: 25 })).toEqual({ net: 2n, vat: 1n, gross: 3n });
    expect(rowTotals({ count: -1, amount: "0.02", taxpr: 25 })).toEqual({ net: -2n, vat: -1n, gross: -3n });
  });

  it("rounds the row's net half away from zero: 0.5 × 0.01 is half a cent → 1 cent", () => {
    expect(rowTotals({ count: "0.5", amount: "0.01", taxpr: 0 })).toEqual({ net: 1n, vat: 0n, gross: 1n });
    expect(rowTotals({ count: "-0.5", amount: "0.01", taxpr: 0 })).toEqual({ net: -1n, vat: 0n, gross: -1n });
  });

  it("rounds the product of count and price, not the price: 3 × 0.333 = 0.999 → 100 cents", () => {
    // VAT 24 % of 100 cents = 24 cents.
    expect(rowTotals({ count: 3, amount: "0.333", taxpr: 24 })).toEqual({ net: 100n, vat: 24n, gross: 124n });
  });

  it("multiplies in decimal: 1 × 1.005 is 100.5 cents → 101", () => {
    expect(rowTotals({ count: 1, amount: 1.005, taxpr: 0 })).toEqual({ net: 101n, vat: 0n, gross: 101n });
  });

  test.prop([row])("net = round(count × price), VAT = round(net × rate / 100), gross = net + VAT, all half away from zero", (generated) => {
    const { net, vat } = expectedRow(generated);
    expect(rowTotals(generated.input)).toEqual({ net, vat, gross: net + vat });
  });
});

describe("row discounts", () => {
  it("takes the discount off count × price before VAT: 10 % off 2 × 100.00 at 25.5 %", () => {
    expect(rowDiscount({ count: 2, amount: "100.00", taxpr: "25.5", discountpr: 10 })).toEqual({ base: 20000n, discount: 2000n, net: 18000n });
    expect(rowTotals({ count: 2, amount: "100.00", taxpr: "25.5", discountpr: "10" })).toEqual({ net: 18000n, vat: 4590n, gross: 22590n });
  });

  it("rounds the discount on its own, half away from zero: 12.5 % of 38.70 is 4.8375 → 4.84, of 0.04 is half a cent → 1 cent", () => {
    expect(rowDiscount({ count: 3, amount: "12.90", taxpr: 10, discountpr: "12.5" })).toEqual({ base: 3870n, discount: 484n, net: 3386n });
    expect(rowDiscount({ count: 1, amount: "0.04", taxpr: 0, discountpr: "12.5" })).toEqual({ base: 4n, discount: 1n, net: 3n });
    expect(rowDiscount({ count: -1, amount: "0.04", taxpr: 0, discountpr: "12.5" })).toEqual({ base: -4n, discount: -1n, net: -3n });
  });

  it("rounds count × price first, then the discount of that: 3 × 0.333 = 1.00, 50 % → 0.50", () => {
    expect(rowDiscount({ count: 3, amount: "0.333", taxpr: 0, discountpr: 50 })).toEqual({ base: 100n, discount: 50n, net: 50n });
  });

  it("treats no discount, null, an empty one and 0 % alike, and 100 % as a row given away", () => {
    const plainRow = rowTotals({ count: 3, amount: "19.99", taxpr: 24 });
    for (const discountpr of [undefined, null, "", 0, "0"]) expect(rowTotals({ count: 3, amount: "19.99", taxpr: 24, discountpr })).toEqual(plainRow);
    expect(rowTotals({ count: 3, amount: "19.99", taxpr: 24, discountpr: 100 })).toEqual({ net: 0n, vat: 0n, gross: 0n });
  });

  it("counts the discounted nets in the invoice's VAT per rate and totals", () => {
    const totals = invoiceTotals([
      { count: 2, amount: "100.00", taxpr: "25.5", discountpr: 10 },
      { count: 1, amount: "-10.00", taxpr: "25.5", discountpr: 5 },
      { count: 3, amount: "12.90", taxpr: 10, discountpr: "12.5" },
    ]);
    expect(totals.vatBreakdown).toEqual([
      { rate: 25.5, net: 17050n, vat: 4348n },
      { rate: 10, net: 3386n, vat: 339n },
    ]);
    expect(totals).toMatchObject({ net: 20436n, vat: 4687n, gross: 25123n });
  });

  test.prop([row, fc.integer({ min: 0, max: 10_000 })])(
    "discount = round(round(count × price) × percent / 100), net = base − discount, VAT on the net",
    (generated, discountHundredths) => {
      const base = roundHalfAwayFromZero(generated.countMilli * generated.amountCents, 1000n);
      const discount = roundHalfAwayFromZero(base * BigInt(discountHundredths), 10_000n);
      const input = { ...generated.input, discountpr: decimal(BigInt(discountHundredths), 2) };
      expect(rowDiscount(input)).toEqual({ base, discount, net: base - discount });
      const vat = roundHalfAwayFromZero((base - discount) * generated.rateHundredths, 10_000n);
      expect(rowTotals(input)).toEqual({ net: base - discount, vat, gross: base - discount + vat });
    },
  );

  it("refuses a row whose amount before the discount is past the largest amount, even when given away", () => {
    expect(() => invoiceTotals([{ count: 1_000_000, amount: 1_000_000, taxpr: 0, discountpr: 100 }])).toThrow(/row 0/);
  });
});

describe("invoiceTotals", () => {
  it("gives zero totals and no VAT lines for no rows", () => {
    expect(invoiceTotals([])).toEqual({ rows: [], vatBreakdown: [], net: 0n, vat: 0n, gross: 0n });
  });

  it("adds up an invoice with the Finnish rates 25.5, 14, 10 and 0 %, one VAT line per rate, highest first", () => {
    const totals = invoiceTotals([
      { count: 3, amount: 19.99, taxpr: 25.5 }, // net 5997, VAT 1529.235 → 1529
      { count: 2, amount: "12.50", taxpr: 14 }, // net 2500, VAT 350
      { count: 1, amount: "9.90", taxpr: "10" }, // net 990, VAT 99
      { count: 1, amount: "100", taxpr: 0 }, // net 10000, VAT 0
      { count: "0.5", amount: "40.00", taxpr: "25.50" }, // net 2000, VAT 510
    ]);
    expect(totals.rows.map((row) => row.vat)).toEqual([1529n, 350n, 99n, 0n, 510n]);
    expect(totals.vatBreakdown).toEqual([
      { rate: 25.5, net: 7997n, vat: 2039n }, // 7997 × 0.255 = 2039.235 → 2039
      { rate: 14, net: 2500n, vat: 350n },
      { rate: 10, net: 990n, vat: 99n },
      { rate: 0, net: 10000n, vat: 0n },
    ]);
    // net 5997 + 2500 + 990 + 10000 + 2000; VAT 2039 + 350 + 99 + 0.
    expect(totals).toMatchObject({ net: 21487n, vat: 2488n, gross: 23975n });
  });

  it("computes VAT once per rate on the rate's total (EN 16931 BR-CO-17), not as the sum of the rows' rounded VAT", () => {
    // Each row: 5 cents × 10 % = 0.5 → 1 cent, 3 cents in all; the rate: 15 cents × 10 % = 1.5 → 2 cents.
    const up = invoiceTotals([1, 2, 3].map(() => ({ count: 1, amount: "0.05", taxpr: 10 })));
    expect(up.rows.reduce((sum, row) => sum + row.vat, 0n)).toBe(3n);
    expect(up).toMatchObject({ vatBreakdown: [{ rate: 10, net: 15n, vat: 2n }], net: 15n, vat: 2n, gross: 17n });
    // Each row: 4 cents × 10 % = 0.4 → 0 cents; the rate: 12 cents × 10 % = 1.2 → 1 cent.
    const down = invoiceTotals([1, 2, 3].map(() => ({ count: 1, amount: "0.04", taxpr: 10 })));
    expect(down.rows.reduce((sum, row) => sum + row.vat, 0n)).toBe(0n);
    expect(down).toMatchObject({ vatBreakdown: [{ rate: 10, net: 12n, vat: 1n }], net: 12n, vat: 1n, gross: 13n });
  });

  it('puts a rate written as 25.5, "25.5" and "25.50" on one VAT line', () => {
    const totals = invoiceTotals([
      { count: 1, amount: 1, taxpr: 25.5 },
      { count: 1, amount: 1, taxpr: "25.5" },
      { count: 1, amount: 1, taxpr: "25.50" },
    ]);
    // 300 × 0.255 = 76.5 → 77.
    expect(totals.vatBreakdown).toEqual([{ rate: 25.5, net: 300n, vat: 77n }]);
  });

  it("nets a credit row against the other rows at its rate", () => {
    const totals = invoiceTotals([
      { count: 1, amount: "100.00", taxpr: 25.5 },
      { count: 1, amount: "-10.00", taxpr: 25.5 },
    ]);
    // 9000 × 0.255 = 2295.
    expect(totals).toMatchObject({ vatBreakdown: [{ rate: 25.5, net: 9000n, vat: 2295n }], net: 9000n, vat: 2295n, gross: 11295n });
  });

  test.prop([rows])("gross = net + VAT, net is the sum of the rows, VAT the sum of the VAT lines", (generated) => {
    const totals = invoiceTotals(generated.map((each) => each.input));
    expect(totals.gross).toBe(totals.net + totals.vat);
    expect(totals.net).toBe(totals.rows.reduce((sum, each) => sum + each.net, 0n));
    expect(totals.net).toBe(totals.vatBreakdown.reduce((sum, line) => sum + line.net, 0n));
    expect(totals.vat).toBe(totals.vatBreakdown.reduce((sum, line) => sum + line.vat, 0n));
    for (const each of totals.rows) expect(each.gross).toBe(each.net + each.vat);
  });

  test.prop([rows])("each VAT line is round(net at the rate × rate / 100), half away from zero, one line per rate, highest rate first", (generated) => {
    const byRate = new Map<bigint, bigint>();
    for (const each of generated) byRate.set(each.rateHundredths, (byRate.get(each.rateHundredths) ?? 0n) + expectedRow(each).net);
    const expected = [...byRate.entries()]
      .sort(([a], [b]) => Number(b - a))
      .map(([rateHundredths, net]) => ({
        rate: Number(rateHundredths) / 100,
        net,
        vat: roundHalfAwayFromZero(net * rateHundredths, 10_000n),
      }));
    expect(invoiceTotals(generated.map((each) => each.input)).vatBreakdown).toEqual(expected);
  });

  test.prop([rows])("the invoice's VAT differs from the sum of the rows' VAT by at most half a cent per row and per rate", (generated) => {
    const totals = invoiceTotals(generated.map((each) => each.input));
    const rowVat = totals.rows.reduce((sum, each) => sum + each.vat, 0n);
    const gap = totals.vat - rowVat;
    expect(2n * (gap < 0n ? -gap : gap)).toBeLessThanOrEqual(BigInt(totals.rows.length + totals.vatBreakdown.length));
  });

  test.prop([rows])("negating every row's count negates every total", (generated) => {
    const totals = invoiceTotals(generated.map((each) => each.input));
    const negatedRows = invoiceTotals(generated.map((each) => negate(each).input));
    expect(negatedRows).toEqual(negated(totals));
  });
});
