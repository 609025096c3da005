import { randomUUID } from "node:crypto";

import { electronicFormatIBAN, isValidIBAN } from "ibantools";

import type { Db, Tx } from "../../db/client";
import { fromCents } from "../../payment-data/amounts";
import { today } from "../../platform/clock";
import { seal } from "../../platform/secrets";
import type { Environment } from "../../spec/environments";
import { ServiceError } from "../errors";
import { emitEvents } from "../events/emit-events";
import { moveCase } from "../lifecycle/case-state";

import { amountToRefund } from "./amount-left";
import { creditnoteMessage, creditRemaining, lockedCreditNote, maskIban, type CreditNoteRow } from "./credit-note";

/*
 * What is left of a credit note paid back to the end customer. The account is kept sealed (it is
 * the customer's personal data, needed only by the payout) and shown masked in the event.
 */

export function normaliseIban(value: string): string | null {
  const iban = electronicFormatIBAN(value);
  return iban && isValidIBAN(iban) ? iban : null;
}

/** The refund account of a request in electronic format, or the problem that names `refundiban`. */
export function refundIbanOf(value: string): string {
  const iban = normaliseIban(value);
  if (!iban) {
    throw new ServiceError("invalid_request", "The refund account is not a valid IBAN.", {
      problems: [{ field: "refundiban", code: "invalid", message: "is not a valid IBAN (country, check digits and account number)" }],
    });
  }
  return iban;
}

export interface RefundContext {
  environment: Environment;
  profile: { id: string; cid: string };
  at: Date;
}

export async function refundCreditNote(db: Db, context: RefundContext, input: { creditjobid: number; refundiban: string; amount?: bigint | null }) {
  const iban = refundIbanOf(input.refundiban);
  return db.$transaction(async (tx) => {
    const credit = await lockedCreditNote(tx, context.profile.id, { jobid: input.creditjobid });
    const remaining = await creditRemaining(tx, credit);
    const amount = amountToRefund(input.amount, remaining, "creditjobid", `The credit note has ${fromCents(remaining)} left to refund.`);
    const refund = await recordRefund(db, tx, context, credit, iban, amount);
    return { ...refund, remaining: fromCents(remaining - amount) };
  });
}

/**
 * Records the payout of `amount` of a credit note locked by the caller (lockedCreditNote) to a
 * normalised IBAN, with its `refunded` creditnote event; the credit note moves to 104.
 */
export async function recordRefund(db: Db, tx: Tx, context: RefundContext, credit: CreditNoteRow, iban: string, amount: bigint) {
  const date = today({ now: () => context.at }, context.environment.rules.timeZone);
  const id = randomUUID();
  await tx.creditAllocation.create({
    data: {
      id,
      profileId: context.profile.id,
      creditJobId: credit.id,
      targetJobId: null,
      action: "refunded",
      amount,
      refundIban: seal(iban),
      createdAt: context.at,
    },
  });
  await emitEvents(db, tx, [
    {
      environment: context.environment.id,
      profileId: context.profile.id,
      jobId: credit.id,
      type: "creditnote",
      message: creditnoteMessage(context.profile.cid, credit, "refunded", context.at, amount, { refundiban: maskIban(iban), refunddate: date }),
      createdAt: context.at,
    },
  ]);
  if (credit.jobstatus !== 104) {
    await moveCase(db, tx, credit, { cid: context.profile.cid, toCode: 104, cause: "credit", date, at: context.at, reviewOn: null });
  }
  return { id, creditjobid: credit.id, amount: fromCents(amount), refundiban: maskIban(iban), refunddate: date };
}
