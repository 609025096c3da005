import { randomUUID } from "node:crypto";

import type { Db } from "../../db/client";
import { systemClock, today as todayIn, type Clock } from "../../platform/clock";
import { environment as environmentById, isEnvironmentId } from "../../spec/environments";
import { ServiceError } from "../errors";
import { profileClock } from "../lifecycle/profile-clock";
import { bookPayment } from "../payments/book-payment";
import { settlementDateOf } from "../payments/settlement-date";

import { openDebtorLink } from "./debtor-case";
import { onlineLinkOf } from "./link-token";
import { providerFor } from "./payment-provider";

/*
 * Paying on the pay page: the debtor begins a payment of what is to be paid now (what is open,
 * interest to the day included; in a payment plan, the next instalment) and is handed to the
 * payment provider (payment-provider.ts). A second click within half an hour continues the same
 * payment. A payment that arrives for a case closed meanwhile is booked all the same, as a bank's
 * would be, and what no receivable takes is left unallocated for the creditor to pay back. The
 * provider's answer completes it: paid books the payment on the case as a bank payment would be
 * booked (source online, paid on the day the debtor approved it, booked today on the profile's
 * clock), cancelled books nothing. A payment completes once:
 * a confirmation that comes twice, or after a cancel, changes nothing.
 */

/** How long a begun payment is the one a new click continues: a provider's session lasts about as long. */
const REUSE_STARTED_MS = 30 * 60_000;

export async function beginOnlinePayment(db: Db, token: string, base: Clock = systemClock): Promise<{ paymentId: string; redirectUrl: string }> {
  const link = await openDebtorLink(db, token, base);
  if (link.state !== "found") throw new ServiceError("not_found", "This link does not open a case.");
  const debtorCase = link.debtorCase;
  if (!debtorCase.offers.pay)
    throw new ServiceError("conflict", "This case cannot be paid online now: nothing is open, or the debtor's insolvency proceedings suspend it.");
  const provider = providerFor(debtorCase.environment);
  if (!provider) {
    throw new ServiceError(
      "unavailable",
      "Online payment is not available: no payment provider is configured for this environment. Pay by bank transfer with the reference shown.",
    );
  }
  const amount = debtorCase.payable.amount;
  // A payment begun a moment ago (a second tab, the back button) is the same payment, not a second charge.
  const recent = await db.onlinePayment.findFirst({
    where: {
      jobId: debtorCase.jobId,
      status: "started",
      provider: provider.name,
      amount,
      createdAt: { gte: new Date(debtorCase.clock.now().getTime() - REUSE_STARTED_MS) },
    },
    orderBy: { createdAt: "desc" },
    select: { id: true },
  });
  const paymentId = recent?.id ?? randomUUID();
  if (!recent) {
    await db.onlinePayment.create({
      data: {
        id: paymentId,
        jobId: debtorCase.jobId,
        profileId: debtorCase.profile.id,
        environment: debtorCase.environment.id,
        amount,
        currency: debtorCase.currency,
        provider: provider.name,
        status: "started",
        createdAt: debtorCase.clock.now(),
      },
    });
  }
  const { redirectUrl } = await provider.begin({
    paymentId,
    amount,
    currency: debtorCase.currency,
    reference: debtorCase.reference,
    returnUrl: onlineLinkOf(debtorCase.jobId),
  });
  return { paymentId, redirectUrl };
}

interface CompletedPayment {
  status: "paid" | "cancelled";
  amount: bigint;
  currency: string;
  /** This call booked it (false: it was completed before). */
  changed: boolean;
}

/** The provider's answer for a payment of this job; `jobId` keeps one case's link from completing another's payment. */
export async function completeOnlinePayment(
  db: Db,
  jobId: number,
  paymentId: string,
  outcome: "paid" | "cancelled",
  base: Clock = systemClock,
  /** The day the debtor approved it, as the provider reports it; the day it is completed by default. */
  paidOn?: string,
): Promise<CompletedPayment> {
  return db.$transaction(async (tx) => {
    const payment = await tx.onlinePayment.findFirst({ where: { id: paymentId, jobId } });
    if (!payment) throw new ServiceError("not_found", "There is no such payment of this case.");
    if (!isEnvironmentId(payment.environment)) throw new Error(`online payment ${paymentId} has an unknown environment`);
    const environment = environmentById(payment.environment);
    const profile = await tx.profile.findUniqueOrThrow({ where: { id: payment.profileId }, select: { clockOffsetSeconds: true } });
    const clock = profileClock(base, profile, environment);
    // Only the first answer counts: the conditional update is the claim.
    const claimed = await tx.onlinePayment.updateMany({ where: { id: paymentId, status: "started" }, data: { status: outcome, completedAt: clock.now() } });
    if (claimed.count === 0)
      return { status: payment.status === "paid" ? "paid" : "cancelled", amount: payment.amount, currency: payment.currency, changed: false };
    if (outcome === "paid") {
      const day = todayIn(clock, environment.rules.timeZone);
      const booked = await bookPayment(db, tx, {
        environment,
        profileId: payment.profileId,
        jobId,
        amount: payment.amount,
        currency: payment.currency,
        paymentDate: paidOn && paidOn < day ? paidOn : day,
        accountDate: day,
        settlementDate: settlementDateOf(environment.country, day),
        source: "online",
        at: clock.now(),
      });
      await tx.onlinePayment.update({ where: { id: paymentId }, data: { paymentId: booked.paymentId } });
    }
    return { status: outcome, amount: payment.amount, currency: payment.currency, changed: true };
  });
}

/** A payment of this job as the provider's page shows it; null when the job has no such payment. */
export async function onlinePaymentOf(db: Db, jobId: number, paymentId: string) {
  return db.onlinePayment.findFirst({ where: { id: paymentId, jobId }, select: { id: true, amount: true, currency: true, status: true, provider: true } });
}
