import { CUTOFF_WARNING } from "../../spec/codes";
import type { Country } from "../../spec/environments";
import { nextBusinessDay } from "../calendar/business-days";
import { addDays, laterOf } from "../calendar/dates";

import { CLOSED_CODES, currentDueDate } from "./case-state";
import { checkPaymentPlan, type Instalment } from "./payment-plan";
import { LIFECYCLE_RULES, noticeDue } from "./rules";

/*
 * What the sweep does with one case on one day: a pure function of the case and the date, so every
 * rule can be tested without a database. It never looks at a case's history beyond the columns
 * below, and every answer puts the next look strictly after today (or never), so a sweep that runs
 * until no case is due always ends.
 */

export interface CaseFacts {
  jobstatus: number;
  paydate: string | null;
  currentPaydate: string | null;
  /** null until the lifecycle first took the case in (jobs posted as reminder or collection). */
  phaseSince: string | null;
  sensible: boolean;
  onHold: boolean;
  openTotal: bigint;
  /**
   * Nothing open but late-payment interest: what a debtor leaves who paid a notice's printed total on
   * its due date, the interest of the days between the notice and the payment. No fee or letter is
   * in proportion to it (513/1999 4 §, good collection practice in all three countries), so the case
   * waits for a person's decision or a payment instead of moving on.
   */
  interestOnly?: boolean;
  plan: readonly Instalment[] | null;
  /**
   * Job.sentOn: the day the service sent the invoice (distribution/record-outcomes.ts, or intake for
   * one the customer prints), null while it has not. An invoice is reminded only once sent, and
   * no earlier after its sending than after its due date: a reminder and its fee presuppose an
   * invoice the debtor got (invoiceSentOn tells the interest's day apart from this one).
   */
  sentOn: string | null;
  /** A case in 150 (cut-off warning): the phase it left for the warning, to return to on the interruption day. */
  returnCode?: number | null;
  /**
   * A job posted as collection (2): the first day its collection may begin (rules.ts
   * collectionMayBeginOn, from its `noticedate`), or null when it may begin as soon as it is taken in.
   */
  collectionFrom?: string | null;
}

export type Step =
  | { kind: "wait"; reviewOn: string | null }
  /** A job posted as reminder or collection starts its phase: a due date, no move. */
  | { kind: "start"; currentPaydate: string; reviewOn: string }
  | {
      kind: "move";
      toCode: number;
      fee: "reminder_fee" | "collection_fee" | null;
      pendingDocument: "reminder" | "collection" | null;
      currentPaydate: string | null;
      reviewOn: string | null;
    };

/** The invoice phase: sent (0) or a contract invoice (300), before any notice. */
export const INVOICE_CODES: ReadonlySet<number> = new Set([0, 300]);

/**
 * Whether a case whose document is sent again waits for that send's delivery before the lifecycle
 * looks at it: an invoice resent as itself (after a refused e-invoice or a returned letter) still has
 * the failed send's day as sentOn, and the debtor, who never got it, would be reminded with a fee if
 * the resend waited or failed for good. Its delivery has the lifecycle look again
 * (distribution/record-outcomes.ts recordSentOn).
 */
export const resendAwaitsDelivery = (code: number, letter: string): boolean => INVOICE_CODES.has(code) && letter === "original";

/** How long a case whose letter came back waits in address verification (89) before its address is in error (71). */
export const ADDRESS_WAIT_DAYS = 14;
/** Waiting for a returned letter's address: verification (89), then error (71) (distribution/returned-mail.ts). */
export const ADDRESS_PHASES: ReadonlySet<number> = new Set([89, 71]);

/**
 * The day late-payment interest first runs from (the day after it), when none has been charged yet.
 * While the case is an invoice its due date is the current one: a due date the principal moved
 * before any notice went out is the day the debtor became late. Once a notice set its own term,
 * the invoice's original due date stays the start of the delay.
 */
export const interestStart = (facts: Pick<CaseFacts, "jobstatus" | "paydate" | "currentPaydate">, terms: DueDateTerms): string | null =>
  lateInterestStart(INVOICE_CODES.has(facts.jobstatus) ? currentDueDate(facts) : facts.paydate, terms);

/**
 * What decides where late-payment interest starts besides the due date: whether the due date was
 * agreed in advance (the profile's `duedateagreed`, Profile.dueDateAgreed) and the day the invoice
 * was sent, which is what the three acts count the 30 days from (korkolaki 633/1982 7 §, räntelagen
 * 1975:635 4 § första stycket, forsinkelsesrenteloven § 2 første ledd; rules.ts unagreedDueInterest).
 */
export type DueDateTerms = { agreed: true } | { agreed: false; country: Country; sentOn: string | null };

/** What tells when a job's invoice was sent: columns of the Job row the sweep, a payment and a document read anyway. */
export interface InvoiceSending {
  jobtype: number;
  billdate: string | null;
  /** Job.sentOn: the day the service sent the invoice (distribution/record-outcomes.ts), or null while not sent. */
  sentOn: string | null;
}

const AGREED_DUE_DATE: DueDateTerms = { agreed: true };

/**
 * The day a job's invoice counts as sent, or null while it has not been. The service's own send
 * (Job.sentOn): an invoice dated 1 May but held as a draft until 20 May, or refused by the e-invoice
 * operator or returned by the post and resent, reached the debtor by the later send, and counting
 * from the bill date would start interest weeks early. A reminder or collection posted as such
 * (jobtype 1, 2) follows an invoice the customer sent itself: the service's letter is not that
 * invoice, and its bill date is the only day known.
 *
 * For an invoice (0, 300, 602) null means the service has not sent it: held as a draft, waiting in
 * distribution, or every send failed. The debtor never got it, so where due dates were not agreed no
 * interest runs (lateInterestStart answers null): none of the three acts lets the 30 days start
 * before the invoice was sent. A printed invoice (sendtype print) has the day it was stored or
 * approved, the earliest the customer can have sent it (intake/case-start.ts); one stored before
 * migration 0043 with no delivered send has its bill date, as it had before the column.
 *
 * An invoice waiting for its resend keeps the day of the send that failed until the resend is
 * delivered (distribution/record-outcomes.ts): the case accrues nothing while it waits (89 and 71
 * are not charged, a refused invoice is not reminded), and a resend that fails for good leaves the
 * first day. The acts name the day the creditor sent the invoice, and that is the day kept;
 * räntelagen 4 § adds that no interest runs for the time before the invoice reached the debtor,
 * which the service cannot know of a letter: the day of sending is kept to for all three countries.
 */
export const invoiceSentOn = (job: InvoiceSending): string | null => (job.jobtype === 1 || job.jobtype === 2 ? job.billdate : job.sentOn);

/** The terms of a case of a profile whose `duedateagreed` is `agreed`, in `country`, whose invoice was sent as `job` tells. */
export const dueDateTerms = (agreed: boolean, country: Country, job: InvoiceSending): DueDateTerms =>
  agreed ? AGREED_DUE_DATE : { agreed: false, country, sentOn: invoiceSentOn(job) };

/**
 * The one rule of the day late-payment interest runs from (the day after it), given the due date
 * it would run from were the due date agreed. Agreed in advance: the due date. Otherwise the later
 * of the due date and the day the country's days after sending have run (rules.ts
 * unagreedDueInterest: 30 in all three): a debtor is never late before the due date the invoice
 * gave, nor owes interest before the law's days have run. The day the days run out is treated as a
 * due date is, interest counting from the day after it. Not sent (no day of sending, invoiceSentOn):
 * null, no interest at all, for the days have not begun to run; every caller charges nothing then.
 */
export function lateInterestStart(due: string | null, terms: DueDateTerms): string | null {
  if (!due || terms.agreed) return due;
  if (!terms.sentOn) return null;
  return laterOf(due, addDays(terms.sentOn, LIFECYCLE_RULES[terms.country].unagreedDueInterest.daysAfterSending));
}

export function decideStep(country: Country, facts: CaseFacts, today: string): Step {
  const rules = LIFECYCLE_RULES[country];
  const current = currentDueDate(facts);
  // A cut-off warning's case is looked at on the interruption day (its reviewOn) and goes back to
  // where collection stood (contracts/cutoff-warnings.ts), whatever is open: that phase decides
  // whether to wait. The warning was its letter, so no fee.
  if (facts.jobstatus === CUTOFF_WARNING && !facts.onHold) {
    return { kind: "move", toCode: facts.returnCode ?? 2, fee: null, pendingDocument: null, currentPaydate: null, reviewOn: addDays(today, 1) };
  }
  if (facts.onHold || facts.jobstatus === 100 || CLOSED_CODES.has(facts.jobstatus) || facts.openTotal <= 0n || facts.interestOnly || !current)
    return { kind: "wait", reviewOn: null };
  const after = (date: string, days: number) => later(addDays(date, days + 1), today);
  const firstLook = facts.phaseSince === null;

  // A collection posted while the notice before it still gives the debtor time (Norway's
  // inkassovarsel) waits for the day it may begin, whether it came in then or was released from a
  // hold; a payment plan posted with it is entered on that day too.
  if (firstLook && facts.jobstatus === 2 && facts.collectionFrom && today < facts.collectionFrom) return { kind: "wait", reviewOn: facts.collectionFrom };

  if (firstLook && facts.plan && [0, 300, 1, 2].includes(facts.jobstatus)) return planStep(country, facts, today, 41);

  // A Connect invoice (jobtype 300) is only distributed: its payment goes to the customer's own
  // account, so the service cannot know it is late. The customer posts a reminder (jobtype 1) when
  // it is, and that case goes on to collection by itself (the specification's Connect model).
  if (facts.jobstatus === 300) return { kind: "wait", reviewOn: null };

  if (INVOICE_CODES.has(facts.jobstatus)) {
    // sensible: a person decides whether this debtor is reminded at all.
    if (facts.sensible) return { kind: "wait", reviewOn: null };
    // Not sent (a send waiting or failed, a draft just approved): the debtor never got the invoice and
    // owes no reminder nor its fee. The case is not looked at daily: the delivery that writes sentOn
    // sets reviewOn as well (distribution/record-outcomes.ts recordSentOn), so a send that fails for
    // good leaves it for a person instead of being read every day, and a late one is seen at once.
    if (!facts.sentOn) return { kind: "wait", reviewOn: null };
    // Sent after its due date (a draft approved late, a send retried): the debtor still gets the
    // country's days from the day it went before a reminder, as from a due date.
    const remindOn = addDays(laterOf(current, facts.sentOn), rules.reminderAfterDays);
    if (today < remindOn) return { kind: "wait", reviewOn: remindOn };
    const due = noticeDue(country, "reminder", today);
    return { kind: "move", toCode: 1, fee: "reminder_fee", pendingDocument: "reminder", currentPaydate: due, reviewOn: after(due, rules.graceDays) };
  }

  if (facts.jobstatus === 1) {
    if (firstLook) {
      const due = postedNoticeDue(country, 1, current, today);
      return { kind: "start", currentPaydate: due, reviewOn: after(due, rules.graceDays) };
    }
    const due = current;
    if (today <= addDays(due, rules.graceDays)) return { kind: "wait", reviewOn: after(due, rules.graceDays) };
    return toCollection(country, today);
  }

  if (facts.jobstatus === 2) {
    if (firstLook) {
      const due = postedNoticeDue(country, 2, current, today);
      return { kind: "start", currentPaydate: due, reviewOn: after(due, rules.legalAfterDays) };
    }
    const due = current;
    if (today <= addDays(due, rules.legalAfterDays)) return { kind: "wait", reviewOn: after(due, rules.legalAfterDays) };
    // The collection letters went unanswered: a person now weighs a court action (63) or other steps.
    return { kind: "move", toCode: 16, fee: null, pendingDocument: null, currentPaydate: null, reviewOn: null };
  }

  if (facts.jobstatus === 41) return facts.plan ? planStep(country, facts, today, null) : { kind: "wait", reviewOn: null };

  // A returned letter's case waits for the debtor's corrected address (distribution/returned-mail.ts);
  // unanswered, its address is in error (71) and a person decides.
  if (facts.jobstatus === 89) {
    const until = addDays(facts.phaseSince ?? today, ADDRESS_WAIT_DAYS);
    if (today < until) return { kind: "wait", reviewOn: until };
    return { kind: "move", toCode: 71, fee: null, pendingDocument: null, currentPaydate: null, reviewOn: null };
  }

  // A broken plan returns to collection the day after it was found broken, with a new letter.
  if (facts.jobstatus === 203) return { ...toCollection(country, today), fee: null };

  return { kind: "wait", reviewOn: null };
}

/**
 * The due date of a job posted as reminder (1) or collection (2): its own when it gives at least
 * the country's term (rules.ts noticeDue) from the day it is taken in, else that term's due date, so
 * a principal's due date never shortens what the law gives the debtor. The letter prints this date
 * and the case escalates from it (intake stores it, lifecycle/decide-step's first look and the
 * documents' previews compute it).
 */
export function postedNoticeDue(country: Country, jobstatus: 1 | 2, due: string | null, today: string): string {
  const minimum = noticeDue(country, jobstatus === 1 ? "reminder" : "collection", today);
  return due && due > minimum ? nextBusinessDay(country, due) : minimum;
}

/** The phase whose notice each document of the sweep's is. */
const NOTICE_PHASE: Readonly<Record<string, 1 | 2>> = { reminder: 1, collection: 2 };

/** What a notice sent later than its case moved makes of the case's due date (noticeTermAtSending). */
export interface NoticeReterm {
  /** Job.currentPaydate as the notice was made from it (distribution reads the case again when it records the send). */
  from: string | null;
  currentPaydate: string;
  /** The sweep's next look, counted from the new due date as the move counted it from the old one. */
  reviewOn: string;
}

/**
 * The due date a notice printed on `handedOver` must carry, when the one its case has gives less than
 * the law's term from that day; null when the case's own is enough or the notice is not the case's
 * current one. The sweep sets a notice's due date on the day the case moves (noticeDue from that
 * day), but the letter is dated and sent the day distribution makes it: after a backlog, an outage
 * or a test clock advanced many days at once, a due date fixed on the move day left a Finnish
 * payment demand two days instead of ten. Dating the letter on the move day instead would not do:
 * every term counts from the day the letter is sent (513/1999 5 §, inkassolagen 5 §, inkassoloven
 * § 9 andre ledd, rules.ts terms), which an earlier date on the letter does not change. So the case is
 * given the term again from the day of sending, on a business day (noticeDue), and the letter prints
 * that date (distribution/load-dispatches.ts, written with the send in record-outcomes.ts).
 *
 * The notice must be the one of the phase the case is in: a reminder of a case in 1, a collection
 * letter of a case in 2, or the letter of a job posted as reminder or collection (jobtype 1, 2) while
 * its case is still in that phase. A notice whose case moved on since (a reminder sent after the case
 * went to collection) leaves the case's due date alone.
 */
export function noticeTermAtSending(
  country: Country,
  facts: { jobtype: number; jobstatus: number; paydate: string | null; currentPaydate: string | null; phaseSince: string | null },
  document: string,
  handedOver: string,
): NoticeReterm | null {
  const posted = facts.jobtype === 1 || facts.jobtype === 2 ? facts.jobtype : null;
  const phase = document === "original" ? (facts.phaseSince !== null ? posted : null) : (NOTICE_PHASE[document] ?? null);
  if (phase === null || facts.jobstatus !== phase) return null;
  const rules = LIFECYCLE_RULES[country];
  const minimum = noticeDue(country, phase === 1 ? "reminder" : "collection", handedOver);
  const due = currentDueDate(facts);
  if (due && due >= minimum) return null;
  // The waits decideStep counts from a reminder's and a collection letter's due date.
  return { from: facts.currentPaydate, currentPaydate: minimum, reviewOn: addDays(minimum, (phase === 1 ? rules.graceDays : rules.legalAfterDays) + 1) };
}

function toCollection(country: Country, today: string): Step & { kind: "move" } {
  const rules = LIFECYCLE_RULES[country];
  const due = noticeDue(country, "collection", today);
  return {
    kind: "move",
    toCode: 2,
    fee: "collection_fee",
    pendingDocument: "collection",
    currentPaydate: due,
    reviewOn: later(addDays(due, rules.legalAfterDays + 1), today),
  };
}

function planStep(country: Country, facts: CaseFacts, today: string, enteringCode: 41 | null): Step {
  const check = checkPaymentPlan(facts.plan!, facts.openTotal, today, LIFECYCLE_RULES[country].paymentPlanGraceDays);
  if (!check.followed) {
    return { kind: "move", toCode: 203, fee: null, pendingDocument: null, currentPaydate: null, reviewOn: addDays(today, 1) };
  }
  if (enteringCode === null) return { kind: "wait", reviewOn: check.reviewOn };
  const next = facts.plan!.find((row) => row.date >= today) ?? facts.plan!.at(-1)!;
  return { kind: "move", toCode: enteringCode, fee: null, pendingDocument: null, currentPaydate: next.date, reviewOn: check.reviewOn };
}

const later = (date: string, today: string) => (date > today ? date : addDays(today, 1));
