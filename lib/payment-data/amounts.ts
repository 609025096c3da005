/*
 * Money is integer minor units (cents, öre, øre) inside the service; the interface speaks major
 * units with two decimals. Rounding is half away from zero at the cent, the rule of EN 16931 and of
 * Nordic bookkeeping practice:
 *
 *   row base  = round(count × unit price)                  (before the row's discount)
 *   discount  = round(row base × discount % / 100)        (0 when the row has none)
 *   row net   = row base − discount
 *   row VAT   = round(row net × rate / 100)                (shown on the row)
 *   VAT       = Σ over rates of round(Σ row nets at the rate × rate / 100)
 *   net       = Σ row nets
 *   gross     = net + VAT
 *
 * VAT is computed once per rate on the rate's total (EN 16931 BR-CO-17), so the invoice total can
 * differ by a cent or two from the sum of the rows' VAT shown on a long invoice; the per-rate
 * breakdown printed on the invoice is the authoritative one.
 *
 * The discount is rounded on its own, once per row, and taken off the rounded base, so the PDF, the
 * Finvoice (RowDiscountAmount) and the Peppol line allowance (Amount = BaseAmount × percent / 100,
 * PEPPOL-EN16931-R040) all show the same cents and each row's net is exactly base − discount.
 *
 * The arithmetic is exact: decimals become integers scaled by a power of ten (BigInt), so nothing
 * passes through binary floating point. It used big.js first; at 1000 invoices a request that cost
 * 20–30 ms, native BigInt about a tenth of it.
 *
 * Every amount is a `bigint` of minor units, the type of the ledger's columns too, so an amount goes
 * from a case to its documents, e-invoices and payment codes without a conversion; a JS number or
 * decimal text is made only at the edges (docs/decisions/0001-money-in-minor-units.md).
 */

const POWERS: bigint[] = Array.from({ length: 40 }, (_, i) => 10n ** BigInt(i));
const pow10 = (exponent: number): bigint => POWERS[exponent] ?? 10n ** BigInt(exponent);

const DECIMAL = /^([+-])?(\d+)(?:\.(\d+))?$/;

/** A decimal as an exact integer and the power of ten it is scaled by: "12.345" → 12345n, 3. */
export function exactDecimal(value: number | string): { units: bigint; scale: number } {
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new RangeError(`${value} is not a finite number`);
    text = String(value);
    // Tiny numbers print with an exponent (1e-7); toFixed writes them out.
    if (/e/i.test(text)) text = value.toFixed(20).replace(/0+$/, "").replace(/\.$/, "");
  } else {
    text = value.trim();
  }
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`${JSON.stringify(value)} is not a decimal number`);
  const [, sign, whole = "0", fraction = ""] = match;
  const units = BigInt(whole + fraction);
  return { units: sign === "-" ? -units : units, scale: fraction.length };
}

/** numerator / denominator rounded to an integer, half away from zero. */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twice >= (denominator < 0n ? -denominator : denominator)) {
    return quotient + (numerator < 0n === denominator < 0n ? 1n : -1n);
  }
  return quotient;
}

/** A scaled decimal rounded to cents. */
function centsOf(units: bigint, scale: number): bigint {
  return scale <= 2 ? units * pow10(2 - scale) : divideRounded(units, pow10(scale - 2));
}

/** An amount in major units as exact cents, half away from zero past the cent: "1.005" → 101n. */
export function exactCents(amount: number | string): bigint {
  const { units, scale } = exactDecimal(amount);
  return centsOf(units, scale);
}

/** Cents as the major units the interface's JSON speaks: 123450n → 1234.5. */
export function fromCents(cents: bigint): number {
  // Integer division by 100 is correctly rounded, so this is the double nearest to the decimal; a
  // bigint has no −0, so neither has the answer.
  return Number(cents) / 100;
}

/** "1234.50" for display and for XML: always two decimals, dot as the separator. */
export function formatCents(cents: bigint): string {
  const magnitude = cents < 0n ? -cents : cents;
  const text = `${magnitude / 100n}.${String(magnitude % 100n).padStart(2, "0")}`;
  return cents < 0n ? `-${text}` : text;
}

export interface RowInput {
  count: number | string;
  /** Unit price excluding VAT, major units. */
  amount: number | string;
  /** VAT percentage, 0–100. */
  taxpr: number | string;
  /** Discount percentage off count × amount, 0–100; none when absent. */
  discountpr?: number | string | null;
}

/** A row's amount before and after its discount, in cents. */
interface RowDiscount {
  /** round(count × unit price): the amount the discount is taken from. */
  base: bigint;
  /** What the discount takes off; 0n without one. Same sign as the base. */
  discount: bigint;
  /** base − discount. */
  net: bigint;
}

export interface RowTotals {
  net: bigint;
  vat: bigint;
  gross: bigint;
}

export interface VatLine {
  rate: number;
  net: bigint;
  vat: bigint;
}

export interface InvoiceTotals {
  rows: RowTotals[];
  vatBreakdown: VatLine[];
  net: bigint;
  vat: bigint;
  gross: bigint;
}

/** A row's base, discount and net in cents, by the same rounding as its totals. */
export function rowDiscount(row: RowInput): RowDiscount {
  const count = exactDecimal(row.count);
  const price = exactDecimal(row.amount);
  const base = centsOf(count.units * price.units, count.scale + price.scale);
  if (row.discountpr === undefined || row.discountpr === null || row.discountpr === "") return { base, discount: 0n, net: base };
  const percent = exactDecimal(row.discountpr);
  const discount = divideRounded(base * percent.units, 100n * pow10(percent.scale));
  return { base, discount, net: base - discount };
}

/** VAT of a net amount in cents at a rate in percent, rounded to the cent. */
function vatOf(net: bigint, rate: { units: bigint; scale: number }): bigint {
  return divideRounded(net * rate.units, 100n * pow10(rate.scale));
}

/**
 * The largest amount the service handles: 99 999 999 999.99 in any currency. Rows and totals past
 * it are refused; below it every amount is an exact JavaScript number and fits a PostgreSQL bigint.
 */
export const MAX_CENTS = 9_999_999_999_999n;

export class AmountTooLargeError extends RangeError {
  /** The row whose amount is too large, or null for the invoice's total. */
  readonly row: number | null;
  constructor(row: number | null) {
    super(row === null ? "the invoice's total is too large" : `the amount of row ${row} is too large`);
    this.row = row;
  }
}

const within = (cents: bigint) => (cents < 0n ? -cents : cents) <= MAX_CENTS;

export function rowTotals(row: RowInput): RowTotals {
  const { base, net } = rowDiscount(row);
  const vat = vatOf(net, exactDecimal(row.taxpr));
  if (!within(net + vat) || !within(base)) throw new AmountTooLargeError(0);
  return { net, vat, gross: net + vat };
}

export function invoiceTotals(rows: readonly RowInput[]): InvoiceTotals {
  const perRow: RowTotals[] = [];
  const byRate = new Map<number, { rate: { units: bigint; scale: number }; net: bigint }>();
  let total = 0n;
  for (const [index, row] of rows.entries()) {
    const rate = exactDecimal(row.taxpr);
    const { base, net } = rowDiscount(row);
    const vat = vatOf(net, rate);
    // The base is printed and sent too (before the discount), so it has to fit as well as the net.
    if (!within(base) || !within(net + vat)) throw new AmountTooLargeError(index);
    total += net + vat;
    if (!within(total)) throw new AmountTooLargeError(null);
    perRow.push({ net, vat, gross: net + vat });
    const key = Number(rate.units) / Number(pow10(rate.scale));
    const line = byRate.get(key);
    if (line) line.net += net;
    else byRate.set(key, { rate, net });
  }
  const vatBreakdown = [...byRate.entries()].map(([rate, line]) => ({ rate, net: line.net, vat: vatOf(line.net, line.rate) })).sort((a, b) => b.rate - a.rate);
  const net = perRow.reduce((sum, row) => sum + row.net, 0n);
  const vat = vatBreakdown.reduce((sum, line) => sum + line.vat, 0n);
  return { rows: perRow, vatBreakdown, net, vat, gross: net + vat };
}
