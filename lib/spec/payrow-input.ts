import type { RowInput } from "../payment-data/amounts";

import type { Payrow } from "./dataset-item";

/**
 * An accepted invoice row as the arithmetic reads it: a missing number counts as zero and a missing
 * discount as none. Intake's totals and the documents go through this one mapping, so the amounts
 * stored with a job are the ones its PDF and e-invoice print.
 */
export function rowInputOf(row: Payrow): RowInput {
  return { count: row.count ?? 0, amount: row.amount ?? 0, taxpr: row.taxpr ?? 0, discountpr: row.discountpr ?? null };
}
