import { lockFor } from "../../db/advisory-lock";
import type { Db, Tx } from "../../db/client";
import { fromCents } from "../../payment-data/amounts";
import { today } from "../../platform/clock";
import { orderedId } from "../../platform/ordered-id";
import { DRAFT_STATUS } from "../../spec/codes";
import type { Environment } from "../../spec/environments";
import { emitEvents } from "../events/emit-events";
import { chargeInterestTo } from "../lifecycle/accrue-interest";
import { CASE_SELECT, caseEntryRow, caseIdentity, CLOSED_CODES, moveCase, type CaseRow } from "../lifecycle/case-state";
import { CREDIT_LOSS_CODE, creditlossEvent, creditLossModelOf, writtenOff } from "../lifecycle/credit-loss";

import { allocatePayment, sumOf, ZERO, type Breakdown } from "./allocate";
import { findCaseByReference } from "./match-reference";

/*
 * Booking a payment: find the case it pays, charge the interest accrued up to the day it was paid,
 * split it over what is open (allocate.ts), write the ledger rows, the open amounts, the payment
 * event and, when nothing is left open, the move to 101 Paid — all in the caller's transaction, so
 * a payment is booked wholly or not at all.
 */

type PaymentSource = "bank" | "bypass" | "simulated" | "manual" | "online";

export interface IncomingPayment {
  environment: Environment;
  /** Only this profile's cases (a statement or a call of the profile's own endpoint). */
  profileId?: string | null;
  /** The case named directly (bypass, manual, simulation by jobid); otherwise the reference decides. */
  jobId?: number | null;
  reference?: string | null;
  /** Minor units, positive. */
  amount: bigint;
  currency: string;
  paymentDate: string;
  accountDate: string;
  settlementDate?: string | null;
  source: PaymentSource;
  payerName?: string | null;
  message?: string | null;
  bankEntryRef?: string | null;
  statementId?: string | null;
  at: Date;
}

export interface BookedPayment {
  paymentId: string;
  status: "booked" | "unmatched";
  jobId: number | null;
  reference: string | null;
  amount: bigint;
  paid: Breakdown;
  open: Breakdown;
  unallocated: bigint;
}

type CaseWithCid = CaseRow & { customertype: number; currency: string; profile: { cid: string } };

async function lockedCase(tx: Tx, environment: string, jobId: number, profileId?: string | null): Promise<CaseWithCid | null> {
  // Two payments to one case must not both split the same open amounts.
  await lockFor(tx, `case:${jobId}`);
  return tx.job.findFirst({
    where: { id: jobId, environment, ...(profileId ? { profileId } : {}), jobtype: { not: 301 } },
    select: { ...CASE_SELECT, customertype: true, currency: true, profile: { select: { cid: true } } },
  });
}

export async function bookPayment(db: Db, tx: Tx, input: IncomingPayment): Promise<BookedPayment> {
  const scope = { environment: input.environment.id, profileId: input.profileId, currency: input.currency };
  const jobId = input.jobId ?? (input.reference ? await findCaseByReference(tx, scope, input.reference) : null);
  const found = jobId === null ? null : await lockedCase(tx, input.environment.id, jobId, input.profileId);
  const row = unmatchedPaymentRow(input, found?.profileId ?? input.profileId ?? null);
  const paymentId = row.id;
  if (!found || found.currency !== input.currency) {
    await tx.payment.create({ data: row });
    return { paymentId, status: "unmatched", jobId: null, reference: row.reference, amount: input.amount, paid: ZERO, open: ZERO, unallocated: input.amount };
  }
  // The payment row is written once, booked, after its allocation is known.
  return applyToCase(db, tx, found, { ...input, paymentId }, (booked) => tx.payment.create({ data: { ...row, ...booked } }));
}

/**
 * A payment's row as it is before it pays a case: unmatched, all of it unallocated. A payment that
 * finds its case is written with this row and its allocation; an import writes its unmatched ones
 * together.
 */
export function unmatchedPaymentRow(input: IncomingPayment, profileId: string | null = input.profileId ?? null) {
  return {
    id: orderedId(input.at.getTime()),
    environment: input.environment.id,
    profileId,
    reference: input.reference ?? null,
    amount: input.amount,
    currency: input.currency,
    paymentDate: input.paymentDate,
    accountDate: input.accountDate,
    settlementDate: input.settlementDate ?? null,
    source: input.source,
    status: "unmatched",
    unallocated: input.amount,
    payerName: input.payerName ?? null,
    message: input.message ?? null,
    bankEntryRef: input.bankEntryRef ?? null,
    statementId: input.statementId ?? null,
    createdAt: input.at,
  };
}

/**
 * An unmatched payment of the profile booked to one of its cases by hand. The payment keeps its
 * source; only its case and allocation change.
 */
export async function allocateUnmatchedPayment(
  db: Db,
  tx: Tx,
  input: { environment: Environment; profileId: string; paymentId: string; jobId: number; at: Date },
): Promise<BookedPayment | "payment_not_found" | "case_not_found" | "already_booked" | "refunded" | "currency_differs"> {
  await lockFor(tx, `payment:${input.paymentId}`);
  const payment = await tx.payment.findFirst({ where: { id: input.paymentId, environment: input.environment.id, profileId: input.profileId } });
  if (!payment) return "payment_not_found";
  if (payment.status === "refunded") return "refunded";
  if (payment.status !== "unmatched") return "already_booked";
  const found = await lockedCase(tx, input.environment.id, input.jobId, input.profileId);
  if (!found) return "case_not_found";
  if (found.currency !== payment.currency) return "currency_differs";
  const booking = {
    environment: input.environment,
    paymentId: payment.id,
    reference: payment.reference,
    amount: payment.amount,
    currency: payment.currency,
    paymentDate: payment.paymentDate,
    accountDate: payment.accountDate,
    settlementDate: payment.settlementDate,
    source: payment.source as PaymentSource,
    at: input.at,
  };
  return applyToCase(db, tx, found, booking, (booked) => tx.payment.update({ where: { id: payment.id }, data: booked }));
}

type Booking = Pick<
  IncomingPayment,
  "environment" | "reference" | "amount" | "currency" | "paymentDate" | "accountDate" | "settlementDate" | "source" | "at"
> & { paymentId: string };

const COMPONENTS = ["expenses", "interest", "capital"] as const;

export function breakdownMessage(parts: Breakdown) {
  return { capital: fromCents(parts.capital), interest: fromCents(parts.interest), expenses: fromCents(parts.expenses) };
}

type BookedFields = { status: "booked"; profileId: string; jobId: number; unallocated: bigint };

async function applyToCase(
  db: Db,
  tx: Tx,
  unchargedCase: CaseWithCid,
  booking: Booking,
  savePayment: (booked: BookedFields) => Promise<unknown>,
): Promise<BookedPayment> {
  // Interest runs until the day it is paid, on the capital open until then (lifecycle/accrue-interest.ts).
  const found = await chargeInterestTo(tx, unchargedCase, booking.environment.country, booking.paymentDate, booking.at);
  // A draft was never sent: money paid to its reference is not yet owed and waits as unallocated too.
  const closed = CLOSED_CODES.has(found.jobstatus) || found.jobstatus === DRAFT_STATUS;
  // A case written off takes a payment as a recovery of what was written off (lifecycle/credit-loss.ts).
  const lost = found.jobstatus === CREDIT_LOSS_CODE ? await writtenOff(tx, found.id) : null;
  const before: Breakdown = { capital: found.openCapital, interest: found.openInterest, expenses: found.openExpenses };
  // Any other closed case takes nothing more: the whole payment waits as unallocated (to be refunded or moved).
  const allocation = lost
    ? allocatePayment(lost, booking.amount)
    : closed
      ? { paid: ZERO, open: before, unallocated: booking.amount }
      : allocatePayment(before, booking.amount);
  const { paid, unallocated } = allocation;
  const open = lost ? before : allocation.open;
  // Written before the ledger rows that name it.
  await savePayment({ status: "booked", profileId: found.profileId, jobId: found.id, unallocated });
  const date = booking.paymentDate;
  const kind = booking.source === "bypass" ? "bypass_payment" : "payment";
  const entry = (component: keyof Breakdown, amount: bigint, entryKind: string) =>
    caseEntryRow({ jobId: found.id, profileId: found.profileId, component, amount, kind: entryKind, paymentId: booking.paymentId, date, at: booking.at });
  const entries = COMPONENTS.filter((component) => paid[component] > 0n).flatMap((component) =>
    lost ? [entry(component, paid[component], "creditloss_recovery"), entry(component, -paid[component], kind)] : [entry(component, -paid[component], kind)],
  );
  if (entries.length > 0) {
    await tx.caseEntry.createMany({ data: entries });
    if (!lost) await tx.job.update({ where: { id: found.id }, data: { openCapital: open.capital, openInterest: open.interest, openExpenses: open.expenses } });
  }
  const row: CaseRow = { ...found, openCapital: open.capital, openInterest: open.interest, openExpenses: open.expenses };
  await emitEvents(db, tx, [
    {
      environment: booking.environment.id,
      profileId: found.profileId,
      jobId: found.id,
      type: "payment",
      message: {
        cid: found.profile.cid,
        ...caseIdentity(found),
        time: booking.at.toISOString(),
        amount: fromCents(booking.amount),
        paydate: booking.paymentDate,
        paymentdate: booking.paymentDate,
        accountdate: booking.accountDate,
        settlementdate: booking.settlementDate ?? null,
        openamount: fromCents(sumOf(open)),
        amountbreakdown: breakdownMessage(paid),
        openamountbreakdown: breakdownMessage(open),
        unallocatedamount: fromCents(unallocated),
      },
      createdAt: booking.at,
    },
  ]);
  if (lost && sumOf(paid) > 0n) await reportRecovery(db, tx, found, booking, allocation.open);
  if (!closed && sumOf(paid) > 0n && sumOf(open) === 0n) {
    await moveCase(db, tx, row, {
      cid: found.profile.cid,
      toCode: 101,
      cause: "payment",
      date: today({ now: () => booking.at }, booking.environment.rules.timeZone),
      at: booking.at,
      reviewOn: null,
    });
  }
  return {
    paymentId: booking.paymentId,
    status: "booked",
    jobId: found.id,
    reference: booking.reference ?? null,
    amount: booking.amount,
    paid,
    open,
    unallocated,
  };
}

/**
 * A recovery told to the receiver: under the time-based model a creditloss change with what is
 * still written off (reason NOCHANGE: the loss stands, smaller); under the status model the payment
 * event alone says it. A loss recovered whole leaves the case paid (101).
 */
async function reportRecovery(db: Db, tx: Tx, found: CaseWithCid, booking: Booking, stillLost: Breakdown) {
  const environment = booking.environment;
  if ((await creditLossModelOf(tx, found.profileId)) === "timebased") {
    const amounts = { openCapital: stillLost.capital, openInterest: stillLost.interest, openExpenses: stillLost.expenses };
    await emitEvents(db, tx, [
      creditlossEvent(environment.id, { id: found.profileId, cid: found.profile.cid }, found, "change", "NOCHANGE", booking.at, amounts),
    ]);
  }
  if (sumOf(stillLost) === 0n) {
    const date = today({ now: () => booking.at }, environment.rules.timeZone);
    await moveCase(db, tx, found, { cid: found.profile.cid, toCode: 101, cause: "payment", date, at: booking.at, reviewOn: null });
  }
}
