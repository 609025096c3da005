/*
 * How a payment is split over what a case has open: expenses first, then interest, then capital.
 * - Finland: the order of the Interest Act (korkolaki 633/1982) § 10, which the Debt Collection Act
 *   (laki saatavien perinnästä 513/1999) keeps for collection costs.
 * - Sweden and Norway: no statute prescribes an order for these invoices; costs, interest, capital
 *   is the creditors' and collection agencies' settled practice, applied unless agreed otherwise.
 * A payment never takes a component below zero: what no open receivable takes stays unallocated.
 */

export interface Breakdown {
  capital: bigint;
  interest: bigint;
  expenses: bigint;
}

export interface Allocation {
  /** What the payment paid, by component (all ≥ 0). */
  paid: Breakdown;
  /** What is open after the payment. */
  open: Breakdown;
  /** The part of the payment nothing open took. */
  unallocated: bigint;
}

export const ZERO: Breakdown = { capital: 0n, interest: 0n, expenses: 0n };

const min = (a: bigint, b: bigint) => (a < b ? a : b);
const nonNegative = (value: bigint) => (value > 0n ? value : 0n);

export function allocatePayment(open: Breakdown, amount: bigint): Allocation {
  if (amount < 0n) throw new RangeError("a payment amount is never negative");
  let left = amount;
  const take = (available: bigint) => {
    const part = min(nonNegative(available), left);
    left -= part;
    return part;
  };
  const expenses = take(open.expenses);
  const interest = take(open.interest);
  const capital = take(open.capital);
  return {
    paid: { capital, interest, expenses },
    open: { capital: open.capital - capital, interest: open.interest - interest, expenses: open.expenses - expenses },
    unallocated: left,
  };
}

export const sumOf = (parts: Breakdown): bigint => parts.capital + parts.interest + parts.expenses;
