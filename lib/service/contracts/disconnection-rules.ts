import type { Country } from "../../spec/environments";
import { addBusinessDays, businessDayOnOrBefore, nextBusinessDay } from "../calendar/business-days";
import { addDays, laterOf } from "../calendar/dates";

/*
 * When an unpaid energy invoice allows the supply to be cut, by country. The service recommends a
 * disconnection (a `disconnect` event); the network or supply company decides and acts, so these
 * are the earliest moments the law allows, not orders.
 *
 * Finland, Electricity Market Act (sähkömarkkinalaki 588/2013) §§ 102–103: supply may be
 * interrupted for an unpaid invoice only after a payment reminder sent after the due date, and the
 * interruption must be announced at least two weeks before it; for a consumer not before five
 * weeks (viisi viikkoa) from the due date. A case in debt collection (jobstatus 2 or a later
 * collection phase) has had its reminder. Hence: recommend once the oldest unpaid invoice is 35
 * days past due, with the interruption day at least 10 business days (two weeks) ahead, and for a
 * consumer never before due date + 35 days. (The longer protection of a consumer whose failure
 * to pay is caused by serious illness, unemployment or a comparable reason is something only the
 * principal can know; it keeps such a usage place out by not registering it, or by putting the
 * cases on hold.)
 *
 * Sweden, Electricity Act (ellagen 1997:857) ch. 11 §§ 4–6: a consumer must be asked to pay within
 * at least three weeks of being served the request, and the social welfare board informed; no cut
 * before that. Norway, the supply regulation on disconnection for non-payment (forskrift om
 * kraftomsetning og nettjenester): written notice at least three weeks before the cut. Both:
 * recommended once the oldest unpaid invoice is 35 days past due; the warning goes by post, so
 * the three weeks run from its arrival, counted as three business days after the recommendation
 * (the print batch's day and two days of post), and the cut is at the earliest the business day
 * after the due date that leaves those three weeks (cutoffDate).
 */

export interface DisconnectionRules {
  /** Days past the original due date of the oldest unpaid invoice before a disconnect is recommended. */
  thresholdDays: number;
  /** Business days between the recommendation and the earliest disconnection day. */
  noticeBusinessDays: number;
  /** For a consumer, no disconnection before the due date plus this many days. */
  consumerMinimumDays: number;
  /** An open total below this (minor units) never disconnects anyone. */
  minimumOpenCents: bigint;
  /** Business days from the recommendation until the warning letter is with the customer (print batch and post). */
  postalBusinessDays?: number;
  /** Calendar days the customer has to pay, from the letter's arrival, before the cut. */
  payWithinDaysOfReceipt?: number;
}

export const DISCONNECTION_RULES: Record<Country, DisconnectionRules> = {
  FIN: { thresholdDays: 35, noticeBusinessDays: 10, consumerMinimumDays: 35, minimumOpenCents: 1n },
  SWE: { thresholdDays: 35, noticeBusinessDays: 15, consumerMinimumDays: 35, minimumOpenCents: 1n, postalBusinessDays: 3, payWithinDaysOfReceipt: 21 },
  NOR: { thresholdDays: 35, noticeBusinessDays: 15, consumerMinimumDays: 35, minimumOpenCents: 1n, postalBusinessDays: 3, payWithinDaysOfReceipt: 21 },
};

/**
 * The earliest interruption day of a disconnection recommended (or its warning sent) on `day`: the
 * notice from the letter's posting, the next business day, and where the law counts the time to
 * pay from the letter's arrival, the business
 * day after a due date that leaves that time (the warning's due date is the business day before the
 * cut, documents/job-documents.ts). Always a business day.
 */
export function cutoffDate(country: Country, rules: DisconnectionRules, day: string): string {
  // The warning is posted with the next day's print run at the latest: the notice runs from then.
  const notice = addBusinessDays(country, addBusinessDays(country, day, 1), rules.noticeBusinessDays);
  if (!rules.payWithinDaysOfReceipt) return notice;
  const arrival = addBusinessDays(country, day, rules.postalBusinessDays ?? 0);
  const payBy = nextBusinessDay(country, addDays(arrival, rules.payWithinDaysOfReceipt));
  return laterOf(notice, addBusinessDays(country, payBy, 1));
}

/** Why a warning was not sent: its day had come too near for the notice the law wants (distribution/deliver-dispatch.ts). */
export const tooNearText = (disconnectionDate: string) =>
  `The interruption day ${disconnectionDate} is too near to give the customer time to pay: the cut-off warning was not sent, and the disconnection must not go ahead on that day.`;

/** The problem code of such a warning, kept on its dispatch: the disconnection sweep plans the episode's day again by it (evaluate-disconnections.ts). */
export const TOO_LATE_CODE = "too_late";

/*
 * Collection phases in which the debt is established and being collected. Disputed (80), protested
 * (12, 14), under review (81), payment plan (41), debt rescheduling (6), restructuring (110),
 * bankruptcy (111) and estate inventory (68) are left out: cutting supply over a contested debt or
 * during an agreed or court-ordered arrangement is what the consumer rules exist to prevent.
 */
export const DEBT_PHASES: readonly number[] = [2, 15, 16, 17, 55, 61, 63, 65, 67, 85, 112, 121, 150, 203, 214];

/**
 * Closed phases that end a disconnection episode: paid, terminated, credited, and written off or
 * sold (103, 108), after which the principal no longer collects the debt through the service.
 */
export const SETTLED_PHASES: ReadonlySet<number> = new Set([101, 102, 103, 104, 108]);

/**
 * The last day to pay a cut-off warning: the business day before the interruption day, so a
 * payment made on it reaches the creditor's account in time.
 */
export const cutoffPayBy = (country: Country, disconnectionDate: string): string => businessDayOnOrBefore(country, addDays(disconnectionDate, -1));
