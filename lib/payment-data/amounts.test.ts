import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";

import { formatCents, fromCents, invoiceTotals, rowDiscount, rowTotals, toCents, type InvoiceTotals, type RowInput } from "./amounts";

/** −0 and 0 are the same amount of money; JSON, and so every response of the service, writes both as 0. */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

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

describe("toCents", () => {
  it.each([
    ["19.99", 1999],
    [19.99, 1999],
    ["1234.5", 123450],
    [7, 700],
    ["-42.10", -4210],
    [0, 0],
  ] as const)("turns %j into %s cents", (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });

  it("rounds half a cent away from zero: 0.005 → 1 cent, -0.005 → -1 cent", () => {
    expect(toCents(0.005)).toBe(1);
    expect(toCents("0.005")).toBe(1);
    expect(toCents(-0.005)).toBe(-1);
    expect(toCents("-0.005")).toBe(-1);
    expect(toCents("0.015")).toBe(2);
    expect(toCents("0.025")).toBe(3);
  });

  it("rounds less than half a cent towards zero", () => {
    expect(toCents("0.0049")).toBe(0);
    expect(plain(toCents("-0.0049"))).toBe(0);
    expect(toCents("0.0051")).toBe(1);
    expect(toCents("-0.0051")).toBe(-1);
  });

  it("rounds the decimal a number is written as, not its binary approximation", () => {
    // 1.005 is stored as 1.00499999999999989…, so Math.round(1.005 * 100) gives 100.
    expect(Math.round(1.005 * 100)).toBe(100);
    expect(toCents(1.005)).toBe(101);
    expect(toCents(2.675)).toBe(268);
    expect(toCents(-2.675)).toBe(-268);
  });

  test.prop([fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n })])("reads a two-decimal amount, as a string or a number, as exactly its cents", (cents) => {
    const text = decimal(cents, 2);
    expect(toCents(text)).toBe(Number(cents));
    expect(toCents(Number(text))).toBe(Number(cents));
  });

  test.prop([fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n })])("rounds a three-decimal amount half away from zero", (mills) => {
    expect(plain(toCents(decimal(mills, 3)))).toBe(Number(roundHalfAwayFromZero(mills, 10n)));
  });
});

describe("fromCents and formatCents", () => {
  it.each([
    [1999, 19.99],
    [-5, -0.05],
    [100, 1],
    [0, 0],
    [123n, 1.23],
  ] as const)("fromCents turns %s cents into %s", (cents, amount) => {
    expect(fromCents(cents)).toBe(amount);
  });

  it.each([
    [1999, "19.99"],
    [5, "0.05"],
    [-5, "-0.05"],
    [100, "1.00"],
    [0, "0.00"],
    [-0, "0.00"],
    [123456789012345678n, "1234567890123456.78"],
  ] as const)("formatCents writes %s cents as %j, with two decimals and a dot", (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  test.prop([fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n })])("cents survive a trip through major units and back", (cents) => {
    const text = decimal(cents, 2);
    expect(plain(fromCents(Number(cents)))).toBe(Number(text));
    expect(plain(fromCents(cents))).toBe(Number(text));
    expect(toCents(fromCents(Number(cents)))).toBe(Number(cents));
    expect(formatCents(Number(cents))).toBe(text);
    expect(formatCents(cents)).toBe(text);
    expect(toCents(formatCents(cents))).toBe(Number(cents));
  });
});

describe("rowTotals", () => {
  it.each([
    // 19.99 × 3 = 59.97 → 5997 cents; VAT 5997 × rate / 100:
    [25.5, 1529, 7526], // 1529.235 → 1529
    [24, 1439, 7436], // 1439.28 → 1439
    [14, 840, 6837], // 839.58 → 840
    [10, 600, 6597], // 599.7 → 600
    [0, 0, 5997],
  ])("prices 3 × 19.99 at %s per cent as net 5997, VAT %s and gross %s cents", (taxpr, vat, gross) => {
    expect(rowTotals({ count: 3, amount: 19.99, taxpr })).toEqual({ net: 5997, vat, gross });
    expect(rowTotals({ count: "3", amount: "19.99", taxpr: String(taxpr) })).toEqual({ net: 5997, vat, gross });
  });

  it("rounds the row's VAT half away from zero: 25 % of 2 cents is 0.5 → 1 cent, and of -2 cents -1 cent", () => {
    expect(rowTotals({ count: 1, amount: "0.02", taxpr: 25 })).toEqual({ net: 2, vat: 1, gross: 3 });
    expect(rowTotals({ count: -1, amount: "0.02", taxpr: 25 })).toEqual({ net: -2, vat: -1, gross: -3 });
  });

  it("rounds the row's net half away from zero: 0.5 × 0.01 is half a cent → 1 cent", () => {
    expect(rowTotals({ count: "0.5", amount: "0.01", taxpr: 0 })).toEqual({ net: 1, vat: 0, gross: 1 });
    expect(plain(rowTotals({ count: "-0.5", amount: "0.01", taxpr: 0 }))).toEqual({ net: -1, vat: 0, gross: -1 });
  });

  it("rounds the product of count and price, not the price: 3 × 0.333 = 0.999 → 100 cents", () => {
    // VAT 24 % of 100 cents = 24 cents.
    expect(rowTotals({ count: 3, amount: "0.333", taxpr: 24 })).toEqual({ net: 100, vat: 24, gross: 124 });
  });

  it("multiplies in decimal: 1 × 1.005 is 100.5 cents → 101", () => {
    expect(rowTotals({ count: 1, amount: 1.005, taxpr: 0 })).toEqual({ net: 101, vat: 0, gross: 101 });
  });

  test.prop([row])("net = round(count × price), VAT = round(net × rate / 100), gross = net + VAT, all half away from zero", (generated) => {
    const { net, vat } = expectedRow(generated);
    expect(plain(rowTotals(generated.input))).toEqual({ net: Number(net), vat: Number(vat), gross: Number(net + vat) });
  });
});

describe("row discounts", () => {
  it("takes the discount off count × price before VAT: 10 % off 2 × 100.00 at 25.5 %", () => {
    expect(rowDiscount({ count: 2, amount: "100.00", taxpr: "25.5", discountpr: 10 })).toEqual({ base: 20000, discount: 2000, net: 18000 });
    expect(rowTotals({ count: 2, amount: "100.00", taxpr: "25.5", discountpr: "10" })).toEqual({ net: 18000, vat: 4590, gross: 22590 });
  });

  it("rounds the discount on its own, half away from zero: 12.5 % of 38.70 is 4.8375 → 4.84, of 0.04 is half a cent → 1 cent", () => {
    expect(rowDiscount({ count: 3, amount: "12.90", taxpr: 10, discountpr: "12.5" })).toEqual({ base: 3870, discount: 484, net: 3386 });
    expect(rowDiscount({ count: 1, amount: "0.04", taxpr: 0, discountpr: "12.5" })).toEqual({ base: 4, discount: 1, net: 3 });
    expect(plain(rowDiscount({ count: -1, amount: "0.04", taxpr: 0, discountpr: "12.5" }))).toEqual({ base: -4, discount: -1, net: -3 });
  });

  it("rounds count × price first, then the discount of that: 3 × 0.333 = 1.00, 50 % → 0.50", () => {
    expect(rowDiscount({ count: 3, amount: "0.333", taxpr: 0, discountpr: 50 })).toEqual({ base: 100, discount: 50, net: 50 });
  });

  it("treats no discount, null, an empty one and 0 % alike, and 100 % as a row given away", () => {
    const plainRow = rowTotals({ count: 3, amount: "19.99", taxpr: 24 });
    for (const discountpr of [undefined, null, "", 0, "0"]) expect(rowTotals({ count: 3, amount: "19.99", taxpr: 24, discountpr })).toEqual(plainRow);
    expect(rowTotals({ count: 3, amount: "19.99", taxpr: 24, discountpr: 100 })).toEqual({ net: 0, vat: 0, gross: 0 });
  });

  it("counts the discounted nets in the invoice's VAT per rate and totals", () => {
    const totals = invoiceTotals([
      { count: 2, amount: "100.00", taxpr: "25.5", discountpr: 10 },
      { count: 1, amount: "-10.00", taxpr: "25.5", discountpr: 5 },
      { count: 3, amount: "12.90", taxpr: 10, discountpr: "12.5" },
    ]);
    expect(totals.vatBreakdown).toEqual([
      { rate: 25.5, net: 17050, vat: 4348 },
      { rate: 10, net: 3386, vat: 339 },
    ]);
    expect(totals).toMatchObject({ net: 20436, vat: 4687, gross: 25123 });
  });

  test.prop([row, fc.integer({ min: 0, max: 10_000 })])(
    "discount = round(round(count × price) × percent / 100), net = base − discount, VAT on the net",
    (generated, discountHundredths) => {
      const base = roundHalfAwayFromZero(generated.countMilli * generated.amountCents, 1000n);
      const discount = roundHalfAwayFromZero(base * BigInt(discountHundredths), 10_000n);
      const input = { ...generated.input, discountpr: decimal(BigInt(discountHundredths), 2) };
      expect(plain(rowDiscount(input))).toEqual({ base: Number(base), discount: Number(discount), net: Number(base - discount) });
      const vat = roundHalfAwayFromZero((base - discount) * generated.rateHundredths, 10_000n);
      expect(plain(rowTotals(input))).toEqual({ net: Number(base - discount), vat: Number(vat), gross: Number(base - discount + vat) });
    },
  );

  it("refuses a row whose amount before the discount is past the largest amount, even when given away", () => {
    expect(() => invoiceTotals([{ count: 1_000_000, amount: 1_000_000, taxpr: 0, discountpr: 100 }])).toThrow(/row 0/);
  });
});

describe("invoiceTotals", () => {
  it("gives zero totals and no VAT lines for no rows", () => {
    expect(invoiceTotals([])).toEqual({ rows: [], vatBreakdown: [], net: 0, vat: 0, gross: 0 });
  });

  it("adds up an invoice with the Finnish rates 25.5, 14, 10 and 0 %, one VAT line per rate, highest first", () => {
    const totals = invoiceTotals([
      { count: 3, amount: 19.99, taxpr: 25.5 }, // net 5997, VAT 1529.235 → 1529
      { count: 2, amount: "12.50", taxpr: 14 }, // net 2500, VAT 350
      { count: 1, amount: "9.90", taxpr: "10" }, // net 990, VAT 99
      { count: 1, amount: "100", taxpr: 0 }, // net 10000, VAT 0
      { count: "0.5", amount: "40.00", taxpr: "25.50" }, // net 2000, VAT 510
    ]);
    expect(totals.rows.map((row) => row.vat)).toEqual([1529, 350, 99, 0, 510]);
    expect(totals.vatBreakdown).toEqual([
      { rate: 25.5, net: 7997, vat: 2039 }, // 7997 × 0.255 = 2039.235 → 2039
      { rate: 14, net: 2500, vat: 350 },
      { rate: 10, net: 990, vat: 99 },
      { rate: 0, net: 10000, vat: 0 },
    ]);
    // net 5997 + 2500 + 990 + 10000 + 2000; VAT 2039 + 350 + 99 + 0.
    expect(totals).toMatchObject({ net: 21487, vat: 2488, gross: 23975 });
  });

  it("computes VAT once per rate on the rate's total (EN 16931 BR-CO-17), not as the sum of the rows' rounded VAT", () => {
    // Each row: 5 cents × 10 % = 0.5 → 1 cent, 3 cents in all; the rate: 15 cents × 10 % = 1.5 → 2 cents.
    const up = invoiceTotals([1, 2, 3].map(() => ({ count: 1, amount: "0.05", taxpr: 10 })));
    expect(up.rows.reduce((sum, row) => sum + row.vat, 0)).toBe(3);
    expect(up).toMatchObject({ vatBreakdown: [{ rate: 10, net: 15, vat: 2 }], net: 15, vat: 2, gross: 17 });
    // Each row: 4 cents × 10 % = 0.4 → 0 cents; the rate: 12 cents × 10 % = 1.2 → 1 cent.
    const down = invoiceTotals([1, 2, 3].map(() => ({ count: 1, amount: "0.04", taxpr: 10 })));
    expect(down.rows.reduce((sum, row) => sum + row.vat, 0)).toBe(0);
    expect(down).toMatchObject({ vatBreakdown: [{ rate: 10, net: 12, vat: 1 }], net: 12, vat: 1, gross: 13 });
  });

  it('puts a rate written as 25.5, "25.5" and "25.50" on one VAT line', () => {
    const totals = invoiceTotals([
      { count: 1, amount: 1, taxpr: 25.5 },
      { count: 1, amount: 1, taxpr: "25.5" },
      { count: 1, amount: 1, taxpr: "25.50" },
    ]);
    // 300 × 0.255 = 76.5 → 77.
    expect(totals.vatBreakdown).toEqual([{ rate: 25.5, net: 300, vat: 77 }]);
  });

  it("nets a credit row against the other rows at its rate", () => {
    const totals = invoiceTotals([
      { count: 1, amount: "100.00", taxpr: 25.5 },
      { count: 1, amount: "-10.00", taxpr: 25.5 },
    ]);
    // 9000 × 0.255 = 2295.
    expect(totals).toMatchObject({ vatBreakdown: [{ rate: 25.5, net: 9000, vat: 2295 }], net: 9000, vat: 2295, gross: 11295 });
  });

  test.prop([rows])("gross = net + VAT, net is the sum of the rows, VAT the sum of the VAT lines", (generated) => {
    const totals = invoiceTotals(generated.map((each) => each.input));
    expect(totals.gross).toBe(totals.net + totals.vat);
    expect(totals.net).toBe(totals.rows.reduce((sum, each) => sum + each.net, 0));
    expect(totals.net).toBe(totals.vatBreakdown.reduce((sum, line) => sum + line.net, 0));
    expect(totals.vat).toBe(totals.vatBreakdown.reduce((sum, line) => sum + line.vat, 0));
    for (const each of totals.rows) expect(each.gross).toBe(each.net + each.vat);
  });

  test.prop([rows])("each VAT line is round(net at the rate × rate / 100), half away from zero, one line per rate, highest rate first", (generated) => {
    const byRate = new Map<bigint, bigint>();
    for (const each of generated) byRate.set(each.rateHundredths, (byRate.get(each.rateHundredths) ?? 0n) + expectedRow(each).net);
    const expected = [...byRate.entries()]
      .sort(([a], [b]) => Number(b - a))
      .map(([rateHundredths, net]) => ({
        rate: Number(rateHundredths) / 100,
        net: Number(net),
        vat: Number(roundHalfAwayFromZero(net * rateHundredths, 10_000n)),
      }));
    expect(plain(invoiceTotals(generated.map((each) => each.input)).vatBreakdown)).toEqual(expected);
  });

  test.prop([rows])("the invoice's VAT differs from the sum of the rows' VAT by at most half a cent per row and per rate", (generated) => {
    const totals = invoiceTotals(generated.map((each) => each.input));
    const rowVat = totals.rows.reduce((sum, each) => sum + each.vat, 0);
    expect(Math.abs(totals.vat - rowVat)).toBeLessThanOrEqual((totals.rows.length + totals.vatBreakdown.length) / 2);
  });

  test.prop([rows])("negating every row's count negates every total", (generated) => {
    const totals = invoiceTotals(generated.map((each) => each.input));
    const negatedRows = invoiceTotals(generated.map((each) => negate(each).input));
    expect(plain(negatedRows)).toEqual(plain(negated(totals)));
  });
});
