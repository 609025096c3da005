import { AmountTooLargeError, invoiceTotals, type InvoiceTotals, type RowTotals } from "@/lib/payment-data/amounts";

import { normaliseDecimal } from "./normalise-decimal";

/*
 * Live totals of an invoice form, by the service's own arithmetic (invoiceTotals: integer cents,
 * half away from zero, VAT per rate on the rate's total), so what the clerk sees is what the
 * service will compute. A row still being typed ("2," or empty) has no totals and counts as zero.
 */

export interface FormRow {
  count: string;
  amount: string;
  taxpr: string;
}

export interface FormTotals {
  /** null for a row that is not yet a number in every column. */
  rows: (RowTotals | null)[];
  vatBreakdown: InvoiceTotals["vatBreakdown"];
  net: number;
  vat: number;
  gross: number;
  /** The amounts are past what the service handles. */
  tooLarge: boolean;
}

const NUMBER = /^-?\d{1,15}(\.\d{1,10})?$/;

function parsedRow(row: FormRow) {
  const count = normaliseDecimal(row.count);
  const amount = normaliseDecimal(row.amount);
  const taxpr = normaliseDecimal(row.taxpr);
  if (![count, amount, taxpr].every((value) => NUMBER.test(value))) return null;
  const rate = Number(taxpr);
  if (rate < 0 || rate > 100) return null;
  return { count, amount, taxpr };
}

export function formTotals(rows: readonly FormRow[]): FormTotals {
  const parsed = rows.map(parsedRow);
  const complete = parsed.filter((row) => row !== null);
  try {
    const totals = invoiceTotals(complete);
    let next = 0;
    const perRow = parsed.map((row) => (row === null ? null : totals.rows[next++]!));
    return { rows: perRow, vatBreakdown: totals.vatBreakdown, net: totals.net, vat: totals.vat, gross: totals.gross, tooLarge: false };
  } catch (error) {
    if (!(error instanceof AmountTooLargeError)) throw error;
    return { rows: parsed.map(() => null), vatBreakdown: [], net: 0, vat: 0, gross: 0, tooLarge: true };
  }
}
