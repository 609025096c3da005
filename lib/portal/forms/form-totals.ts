import { AmountTooLargeError, invoiceTotals, rowDiscount, type InvoiceTotals, type RowInput, type RowTotals } from "@/lib/payment-data/amounts";

import { normaliseDecimal } from "./normalise-decimal";

/*
 * Live totals of an invoice form, by the service's own arithmetic (invoiceTotals: integer cents,
 * half away from zero, a row's discount rounded on its own and taken off before VAT, VAT per rate
 * on the rate's total), so what the clerk sees is what the service will compute. A row still being typed ("2," or empty) has no totals and counts as zero.
 * The amounts are bigint cents as everywhere in the service; only formatMoney turns them into text.
 */

interface FormRow {
  count: string;
  amount: string;
  taxpr: string;
  /** Percent off count × amount; empty for none. */
  discountpr?: string;
}

interface FormRowTotals extends RowTotals {
  /** What the row's discount takes off (0n without one), rounded as the service rounds it. */
  discount: bigint;
}

interface FormTotals {
  /** null for a row that is not yet a number in every column. */
  rows: (FormRowTotals | null)[];
  /** All the rows' discounts together. */
  discount: bigint;
  vatBreakdown: InvoiceTotals["vatBreakdown"];
  net: bigint;
  vat: bigint;
  gross: bigint;
  /** The amounts are past what the service handles. */
  tooLarge: boolean;
}

const NUMBER = /^-?\d{1,15}(\.\d{1,10})?$/;

/** A percentage as the service takes it: 0–100 with at most two decimals. */
const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;

function parsedRow(row: FormRow): RowInput | null {
  const count = normaliseDecimal(row.count);
  const amount = normaliseDecimal(row.amount);
  const taxpr = normaliseDecimal(row.taxpr);
  const discountpr = normaliseDecimal(row.discountpr ?? "");
  if (![count, amount, taxpr].every((value) => NUMBER.test(value))) return null;
  const rate = Number(taxpr);
  if (rate < 0 || rate > 100) return null;
  if (discountpr === "") return { count, amount, taxpr };
  // A discount the service would refuse gives the row no totals rather than other ones.
  if (!PERCENT.test(discountpr) || Number(discountpr) > 100) return null;
  return { count, amount, taxpr, discountpr };
}

export function formTotals(rows: readonly FormRow[]): FormTotals {
  const parsed = rows.map(parsedRow);
  const complete = parsed.filter((row) => row !== null);
  try {
    const totals = invoiceTotals(complete);
    let next = 0;
    const perRow = parsed.map((row) => (row === null ? null : { ...totals.rows[next++]!, discount: rowDiscount(row).discount }));
    const discount = perRow.reduce((sum, row) => sum + (row?.discount ?? 0n), 0n);
    return { rows: perRow, discount, vatBreakdown: totals.vatBreakdown, net: totals.net, vat: totals.vat, gross: totals.gross, tooLarge: false };
  } catch (error) {
    if (!(error instanceof AmountTooLargeError)) throw error;
    return { rows: parsed.map(() => null), discount: 0n, vatBreakdown: [], net: 0n, vat: 0n, gross: 0n, tooLarge: true };
  }
}
