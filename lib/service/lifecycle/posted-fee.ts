import { exactCents, formatCents } from "../../payment-data/amounts";
import type { Country } from "../../spec/environments";
import { ruleProblem, type FieldProblem } from "../../spec/problems";

import { agreedRateOf, chargedRateOn } from "./overdue-rate";
import { paymentPlanOf } from "./payment-plan";
import { collectionFee, LIFECYCLE_RULES, reminderFeesCap } from "./rules";

/*
 * The fee a job posted as reminder (1) or collection (2) brings, its `noticefee` ("Principal's notice
 * costs"): the reminder fees the principal charged before it handed the claim over. The job's letter
 * prints it (documents/invoice-document.ts), so the case owes it from intake on as a fee the service
 * charged itself: intake books it as an expense of the case in the transaction that stores the job
 * (intake/store-jobs.ts, a `posted_fee` CaseEntry), payments take it with the other costs, events
 * count it, and a Swedish business debtor's förseningsersättning counts it as charged
 * (sweep-lifecycle.ts historyOf, rules.ts collectionFee). A `noticefee` on an invoice is something
 * else, the fee the debtor agreed to for a later reminder (sweep-lifecycle.ts agreedReminderFees),
 * and is booked only when the sweep reminds.
 *
 * Intake refuses a posted fee above the caps the service's own reminder fees obey (postedFeeProblem):
 * sent, the letter would claim a fee the law does not allow, and booked at the cap it would ask for
 * more than the case holds, so the total the letter prints would no longer settle the case.
 */

const NOTICE_DATES = ["noticedate", "noticedate2", "noticedate3", "noticedate4"] as const;

/** The members a posted fee is read from: a job's members as accepted, or its stored data. */
type FeeData = Partial<Record<(typeof NOTICE_DATES)[number] | "xmldate" | "paydate", unknown>> & { noticefee?: unknown; customertype?: unknown };

const dateOf = (value: unknown): string | null => (typeof value === "string" && value ? value : null);

/** The fee a job of `jobtype` with these members books at intake, in minor units: its `noticefee` for a reminder or collection, else nothing. */
export function postedFeeOf(jobtype: number, data: unknown): bigint {
  if (jobtype !== 1 && jobtype !== 2) return 0n;
  const fee = (data as FeeData | null)?.noticefee;
  return typeof fee === "number" || (typeof fee === "string" && fee.trim() !== "") ? exactCents(fee) : 0n;
}

/**
 * The reminders a posted fee can be for, one date each, whose caps apply: a reminder job's own
 * letter is one (the principal charges its fee), and each earlier notice it names by date
 * (noticedate to noticedate4) one more; a collection job's fee is for the notices it names, and for
 * one where it names none (Sweden does not ask the date), since a reminder fee presupposes a
 * reminder. Each reminder is capped by the fee table in force on its own date. A reminder job's own
 * letter is dated xmldate; without it, the latest notice it names, else its due date; a collection
 * job's undated notice its due date (no reminder went before it). Null where no date is known: the
 * job then lacks its minimum data, which is refused on its own.
 */
export function postedFeeBasis(jobtype: 1 | 2, data: unknown): string[] | null {
  const item = (data ?? {}) as FeeData;
  const named = NOTICE_DATES.map((member) => dateOf(item[member])).filter((date): date is string => date !== null);
  const latest = named.length > 0 ? named.reduce((last, day) => (day > last ? day : last)) : null;
  const fallback = jobtype === 1 ? (dateOf(item.xmldate) ?? latest ?? dateOf(item.paydate)) : named.length === 0 ? dateOf(item.paydate) : null;
  if (jobtype === 1 || named.length === 0) return fallback === null ? null : [...named, fallback];
  return named;
}

/**
 * The problem of a reminder or collection job whose `noticefee` is more than the law lets the
 * principal have charged for its reminders in the environment's country, for the debtor's kind
 * (customertype 1 a business, any other a consumer, as the sweep charges them); null when it is
 * within the cap, or the job brings no fee.
 */
export function postedFeeProblem(item: { jobtype?: unknown; customertype?: unknown } & FeeData, country: Country): FieldProblem | null {
  const jobtype = Number(item.jobtype);
  if (jobtype !== 1 && jobtype !== 2) return null;
  const fee = postedFeeOf(jobtype, item);
  if (fee === 0n) return null;
  const dates = postedFeeBasis(jobtype, item);
  if (!dates) return null;
  const rules = LIFECYCLE_RULES[country];
  const cap = reminderFeesCap(country, Number(item.customertype) === 1, dates);
  if (fee <= cap) return null;
  // The message tells the principal how a larger fee is claimed: by dating each earlier reminder.
  return ruleProblem("noticefee", "invalid", "atMostReminderFees", {
    max: formatCents(cap),
    reminders: Math.min(dates.length, rules.maxReminderFees),
    most: rules.maxReminderFees,
    law: rules.reminderFeeLaw,
  });
}

/**
 * The collection fee of a job posted as collection (2): the fee the service charges for the
 * collection letter it sends, by the rule and on the day its own collection letter is charged
 * (rules.ts collectionFee): a Finnish payment demand's 513/1999 10 a § or 10 e § fee by capital, a
 * Swedish inkassokrav's inkassoavgift or a business debtor's förseningsersättning less the reminder
 * fee posted with the job, a Norwegian betalingsoppfordring's fee. A collection handed over by the
 * principal is the same letter as one the sweep moves a case to, which is charged it; posted, it
 * was charged nothing. None for another jobtype, nothing to collect, or a job that brings a payment
 * plan: the plan states what is owed (payment-plan.ts).
 *
 * Charged on `date`, the day its letter is made available: at intake, when an approved draft
 * starts, or when a Norwegian collection held until the inkassovarsel's term has run begins
 * (intake/case-start.ts, sweep-lifecycle.ts). The letter prints it (documents/invoice-document.ts)
 * and the case books it as a `collection_fee` entry that day, so the total printed settles the case.
 */
export function postedCollectionFee(country: Country, jobtype: number, data: unknown, capital: bigint, date: string): bigint {
  if (jobtype !== 2 || capital <= 0n || paymentPlanOf(data, capital) !== null) return 0n;
  const business = Number((data as FeeData | null)?.customertype) === 1;
  return collectionFee({
    country,
    business,
    date,
    capital,
    feesCarried: postedFeeOf(2, data),
    interestOwed: (chargedRateOn(country, business, agreedRateOf(data), date) ?? 0) > 0,
  });
}
