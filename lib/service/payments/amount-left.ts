import { fromCents } from "../../payment-data/amounts";
import { ruleProblem } from "../../spec/problems";
import { ServiceError } from "../errors";

/*
 * How much of what is left a refund or a credit allocation may take: the amount asked, never more
 * than is left. A refund of a credit note and a refund of a payment share the whole rule; a credit
 * allocation, which also has the invoice's open capital as a limit, uses its conflict.
 */

/** The conflict of an amount above `max`, on `field`, stating the `atMost` rule with `max` in euros. */
export function amountAboveConflict(field: string, detail: string, max: bigint): ServiceError {
  return new ServiceError("conflict", detail, { problems: [ruleProblem(field, "conflict", "atMost", { max: fromCents(max).toFixed(2) })] });
}

/**
 * The amount to pay back: the amount asked, or all that is left when none is asked. Nothing left,
 * or more asked than left, is a conflict that names `amount` when one was asked and otherwise the
 * field that named what is refunded (`idField`): with no amount asked, the thing itself is at fault.
 */
export function amountToRefund(asked: bigint | null | undefined, left: bigint, idField: string, detail: string): bigint {
  const amount = asked ?? left;
  if (left <= 0n || amount > left) throw amountAboveConflict(asked == null ? idField : "amount", detail, left);
  return amount;
}
