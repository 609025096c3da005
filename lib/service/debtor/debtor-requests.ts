import { lockFor } from "../../db/advisory-lock";
import type { Db } from "../../db/client";
import { formatCents } from "../../payment-data/amounts";
import { systemClock, type Clock } from "../../platform/clock";
import { saidOf, stated, type Said } from "../../spec/problems";
import { isBusinessDay } from "../calendar/business-days";
import { isIsoDate } from "../calendar/dates";
import { ServiceError } from "../errors";
import { chargeInterestTo } from "../lifecycle/accrue-interest";
import { applyCaseAction } from "../lifecycle/case-actions";
import { CASE_SELECT, moveCase, openTotal } from "../lifecycle/case-state";
import { checkPaymentPlan, monthlyInstalments, storedInstalments } from "../lifecycle/payment-plan";
import { LIFECYCLE_RULES } from "../lifecycle/rules";
import { moveDueDateIn } from "../payments/update-due-date";

import { EXTENSION_PHASES, MIN_INSTALMENT, movableAfter, openDebtorLink, PLAN_PHASES, type DebtorCase } from "./debtor-case";

/*
 * What a debtor may ask for on the online service, within what the creditor allows
 * (GET /profile/settings: onlineextensiondays, onlinedisputes). Each reaches the API user as an event:
 * a due date moved is a duedateupdate with source online, a dispute an lcstatus 80 whose note is the
 * debtor's message. The token is the debtor's credential; every request reads the case afresh by it.
 */

/** Longest dispute message: what the lcstatus note carries (lib/spec/case-actions.ts). */
const DISPUTE_MESSAGE_MAX = 500;

async function caseOf(db: Db, token: string, base: Clock): Promise<DebtorCase> {
  const link = await openDebtorLink(db, token, base);
  if (link.state !== "found") throw new ServiceError("not_found", "This link does not open a case.");
  return link.debtorCase;
}

/** Why a request was refused, as a code the debtor's page words in the debtor's language (page-texts.ts). */
export type RefusalCode = "not_offered" | "not_a_date" | "too_early" | "too_late" | "not_business_day" | "empty" | "too_long" | "instalments";

/** A refused request, with the code the page words it by beside the interface's problem. */
export class RefusedRequest extends ServiceError {
  constructor(
    readonly refusal: RefusalCode,
    field: string | null,
    said: string | Said,
  ) {
    const conflict = refusal === "not_offered";
    const words = saidOf(said);
    super(conflict ? "conflict" : "invalid_request", words.message, { problems: [{ field, code: conflict ? "conflict" : "invalid", ...words }] });
  }
}

const invalid = (field: string, refusal: RefusalCode, said: string | Said) => new RefusedRequest(refusal, field, said);

const notOffered = (message: string) => new RefusedRequest("not_offered", null, message);

export async function extendDueDate(db: Db, token: string, date: string, base: Clock = systemClock) {
  const debtorCase = await caseOf(db, token, base);
  const until = debtorCase.offers.extendUntil;
  if (!until) throw notOffered("The due date of this case cannot be moved on the online service.");
  if (!isIsoDate(date)) throw invalid("currentpaydate", "not_a_date", "must be a date (YYYY-MM-DD)");
  const earliest = movableAfter(debtorCase);
  if (date <= earliest) throw invalid("currentpaydate", "too_early", `must be after ${earliest}`);
  if (date > until) throw invalid("currentpaydate", "too_late", `must be ${until} or earlier`);
  // A due date on a bank holiday would move to the next business day in every bank; the debtor picks one that is not.
  if (!isBusinessDay(debtorCase.environment.country, date)) throw invalid("currentpaydate", "not_business_day", "must be a business day");
  return moveDueDateOnline(db, debtorCase, date);
}

/**
 * The move itself, under the case's lock: the page was read before it, so what allowed the move
 * is checked again on the case as it is now (once per case, an invoice or a reminder, not on hold,
 * no plan made meanwhile).
 */
export async function moveDueDateOnline(db: Db, debtorCase: DebtorCase, date: string) {
  const context = { environment: debtorCase.environment, profile: debtorCase.profile, clock: debtorCase.clock };
  return db.$transaction((tx) =>
    moveDueDateIn(db, tx, context, debtorCase.jobId, { currentpaydate: date }, { source: "online", reason: null }, async (tx, job) => {
      const [moved, planned] = await Promise.all([
        tx.dueDateChange.count({ where: { jobId: job.id, source: "online" } }),
        tx.paymentPlan.count({ where: { jobId: job.id } }),
      ]);
      if (moved > 0 || planned > 0 || job.onHold || !EXTENSION_PHASES.has(job.jobstatus)) {
        throw notOffered("The due date of this case cannot be moved on the online service now.");
      }
    }),
  );
}

export async function disputeCase(db: Db, token: string, message: string, base: Clock = systemClock) {
  const debtorCase = await caseOf(db, token, base);
  if (!debtorCase.offers.dispute) throw notOffered("This case cannot be disputed on the online service.");
  const note = message.trim();
  if (note === "") throw invalid("message", "empty", "must say what is wrong");
  if (note.length > DISPUTE_MESSAGE_MAX) throw invalid("message", "too_long", stated("maxLength", { max: DISPUTE_MESSAGE_MAX }));
  // The base clock: applyCaseAction puts the profile's own clock on it.
  return applyCaseAction(db, base, debtorCase.profile, debtorCase.environment, debtorCase.jobId, { action: "dispute", note }, "online");
}

/**
 * A payment plan the debtor makes alone, within the profile's onlineplaninstalments: the interest
 * accrued to today is charged, what is then open is split into `count` monthly instalments
 * (payment-plan.ts), and the case moves to 41. From there the lifecycle follows the plan as it
 * follows a posted one: a missed instalment moves the case to 203 and back to collection.
 */
export async function makePaymentPlan(db: Db, token: string, count: number, base: Clock = systemClock) {
  const debtorCase = await caseOf(db, token, base);
  const upTo = debtorCase.offers.planUpTo;
  if (upTo === null) throw notOffered("A payment plan cannot be made for this case on the online service.");
  if (!Number.isInteger(count) || count < 2 || count > upTo) throw invalid("instalments", "instalments", `must be a whole number from 2 to ${upTo}`);
  const { environment, profile, jobId, clock, today } = debtorCase;
  const at = clock.now();
  return db.$transaction(async (tx) => {
    await lockFor(tx, `case:${jobId}`);
    // Read again under the lock: a payment or a sweep may have moved the case since the page was read.
    const job = await tx.job.findFirst({ where: { id: jobId, profileId: profile.id }, select: { ...CASE_SELECT, customertype: true, onHold: true } });
    const planned = await tx.paymentPlan.count({ where: { jobId } });
    if (!job || job.onHold || planned > 0 || !PLAN_PHASES.has(job.jobstatus)) throw notOffered("A payment plan cannot be made for this case now.");
    // In a plan the case accrues nothing more: what ran since the due date is charged now, an
    // overdue invoice not yet reminded included, or it would never be.
    const charged = await chargeInterestTo(tx, job, environment.country, today, at, true);
    const total = openTotal(charged);
    if (total < MIN_INSTALMENT * BigInt(count)) throw invalid("instalments", "instalments", "each instalment must be at least one unit of the currency");
    const plan = monthlyInstalments(environment.country, total, count, today);
    await tx.paymentPlan.create({ data: { jobId, profileId: profile.id, source: "online", instalments: storedInstalments(plan), createdAt: at } });
    await tx.job.update({ where: { id: jobId }, data: { currentPaydate: plan[0]!.date } });
    const check = checkPaymentPlan(plan, total, today, LIFECYCLE_RULES[environment.country].paymentPlanGraceDays);
    const currency = debtorCase.currency;
    const note =
      `Payment plan made by the debtor online: ${count} monthly instalments of ${formatCents(plan[0]!.amount)} ${currency} from ${plan[0]!.date}, ` +
      `the last ${formatCents(plan.at(-1)!.amount)} ${currency} on ${plan.at(-1)!.date}.`;
    await moveCase(
      db,
      tx,
      { ...charged, currentPaydate: plan[0]!.date },
      {
        cid: profile.cid,
        toCode: 41,
        cause: "online",
        date: today,
        at,
        reviewOn: check.followed ? check.reviewOn : today,
        extra: { note },
      },
    );
    return { jobid: jobId, instalments: plan };
  });
}
