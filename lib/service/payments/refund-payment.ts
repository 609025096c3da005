import { randomUUID } from "node:crypto";

import { lockFor } from "../../db/advisory-lock";
import type { Db } from "../../db/client";
import { fromCents } from "../../payment-data/amounts";
import { today } from "../../platform/clock";
import { seal } from "../../platform/secrets";
import { saidOf, type Said } from "../../spec/problems";
import { ServiceError } from "../errors";

import { amountToRefund } from "./amount-left";
import { maskIban } from "./credit-note";
import { refundIbanOf, type RefundContext } from "./refund-credit-note";

/*
 * What a payment left unallocated, paid back to the payer: an overpayment's rest, a payment to a
 * closed case, or an unmatched payment nobody can place (paid back whole: a part of it could not
 * be booked to a case afterwards). The payer's account is kept sealed and shown masked. A refund
 * changes no case, so it sends no status event: the answer reports it, and the payment's
 * `unallocated` no longer counts what was paid back.
 */

const conflict = (detail: string, field: string, said: string | Said) =>
  new ServiceError("conflict", detail, { problems: [{ field, code: "conflict", ...saidOf(said) }] });

export async function refundPayment(db: Db, context: RefundContext, input: { paymentId: string; refundiban: string; amount?: bigint | null }) {
  const iban = refundIbanOf(input.refundiban);
  return db.$transaction(async (tx) => {
    // Two refunds, or a refund and a manual allocation, must not both take the same money.
    await lockFor(tx, `payment:${input.paymentId}`);
    const payment = await tx.payment.findFirst({ where: { id: input.paymentId, environment: context.environment.id, profileId: context.profile.id } });
    if (!payment) throw new ServiceError("not_found", `There is no payment ${input.paymentId} of this profile.`);
    const refundable = payment.status === "refunded" ? 0n : payment.unallocated;
    const amount = amountToRefund(
      input.amount,
      refundable,
      "paymentId",
      `Payment ${payment.id} has ${fromCents(refundable).toFixed(2)} left unallocated to refund.`,
    );
    if (payment.status === "unmatched" && amount !== payment.amount) {
      throw conflict(
        "An unmatched payment is refunded whole, or booked to a case first (POST /payments/{id}/allocate).",
        "amount",
        `must be ${fromCents(payment.amount).toFixed(2)} or left out`,
      );
    }
    const refundDate = today({ now: () => context.at }, context.environment.rules.timeZone);
    const id = randomUUID();
    await tx.paymentRefund.create({
      data: { id, paymentId: payment.id, profileId: context.profile.id, amount, refundIban: seal(iban), refundDate, createdAt: context.at },
    });
    const left = refundable - amount;
    await tx.payment.update({ where: { id: payment.id }, data: { unallocated: left, ...(payment.status === "unmatched" ? { status: "refunded" } : {}) } });
    return {
      id,
      paymentId: payment.id,
      jobid: payment.jobId,
      amount: fromCents(amount),
      unallocated: fromCents(left),
      refundiban: maskIban(iban),
      refunddate: refundDate,
    };
  });
}
