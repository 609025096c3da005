import Big from "big.js";

/*
 * Money is integer minor units (cents, öre, øre) inside the service; the interface speaks major
 * units with two decimals. Rounding is half away from zero at the cent, the rule of EN 16931 and of
 * Nordic bookkeeping practice:
 *
 *   row net   = round(count × unit price)
 *   row VAT   = round(row net × rate / 100)                (shown on the row)
 *   VAT       = Σ over rates of round(Σ row nets at the rate × rate / 100)
 *   net       = Σ row nets
 *   gross     = net + VAT
 *
 * VAT is computed once per rate on the rate's total (EN 16931 BR-CO-17), so the invoice total can
 * differ by a cent or two from the sum of the rows' VAT shown on a long invoice; the per-rate
 * breakdown printed on the invoice is the authoritative one.
 */

const HALF_AWAY_FROM_ZERO = 1; // Big.roundHalfUp: "rounds away from zero if equidistant"

export type Cents = number;

/** Big's -0 (a tiny negative amount rounded away) as a plain 0, so totals never print "-0.00". */
const plain = (value: Big): number => value.toNumber() + 0;

export function toCents(amount: number | string): Cents {
  return plain(new Big(amount).times(100).round(0, HALF_AWAY_FROM_ZERO));
}

export function fromCents(cents: Cents | bigint): number {
  return new Big(String(cents)).div(100).toNumber();
}

/** "1234.50" for display and for XML: always two decimals, dot as the separator. */
export function formatCents(cents: Cents | bigint): string {
  return new Big(String(cents)).div(100).toFixed(2);
}

export interface RowInput {
  count: number | string;
  /** Unit price excluding VAT, major units. */
  amount: number | string;
  /** VAT percentage, 0–100. */
  taxpr: number | string;
}

export interface RowTotals {
  net: Cents;
  vat: Cents;
  gross: Cents;
}

export interface VatLine {
  rate: number;
  net: Cents;
  vat: Cents;
}

export interface InvoiceTotals {
  rows: RowTotals[];
  vatBreakdown: VatLine[];
  net: Cents;
  vat: Cents;
  gross: Cents;
}

export function rowTotals(row: RowInput): RowTotals {
  const net = new Big(row.count).times(row.amount).times(100).round(0, HALF_AWAY_FROM_ZERO);
  const vat = net.times(row.taxpr).div(100).round(0, HALF_AWAY_FROM_ZERO);
  return { net: plain(net), vat: plain(vat), gross: plain(net.plus(vat)) };
}

export function invoiceTotals(rows: readonly RowInput[]): InvoiceTotals {
  const perRow = rows.map(rowTotals);
  const byRate = new Map<string, Big>();
  rows.forEach((row, index) => {
    const key = new Big(row.taxpr).toString();
    byRate.set(key, (byRate.get(key) ?? new Big(0)).plus(perRow[index]!.net));
  });
  const vatBreakdown = [...byRate.entries()]
    .map(([rate, net]) => ({
      rate: Number(rate),
      net: plain(net),
      vat: plain(net.times(rate).div(100).round(0, HALF_AWAY_FROM_ZERO)),
    }))
    .sort((a, b) => b.rate - a.rate);
  const net = perRow.reduce((sum, row) => sum + row.net, 0);
  const vat = vatBreakdown.reduce((sum, line) => sum + line.vat, 0);
  return { rows: perRow, vatBreakdown, net, vat, gross: net + vat };
}
