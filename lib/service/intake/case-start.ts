import { INVOICE_JOBTYPES, type Jobtype } from "../../spec/codes";
import type { Country } from "../../spec/environments";
import { laterOf } from "../calendar/dates";
import { decideStep } from "../lifecycle/decide-step";
import { paymentPlanOf } from "../lifecycle/payment-plan";
import { postedCollectionFee } from "../lifecycle/posted-fee";
import { collectionMayBeginOn } from "../lifecycle/rules";

import { opensCase } from "./opens-case";

/*
 * Where a job's case starts: at intake, or when a draft is approved (lifecycle/case-actions.ts),
 * by one rule, so an approved draft goes on exactly as the same job posted that day would.
 */

interface StartFacts {
  jobtype: number;
  gross: bigint;
  paydate: string | null;
  sensible: boolean;
  onHold: boolean;
  sendtype: string | null;
  billdate: string | null;
  /** The job's members (or its stored data): a payment plan among them is entered by the sweep. */
  data: unknown;
}

interface CaseStart {
  currentPaydate: string | null;
  phaseSince: string | null;
  reviewOn: string | null;
  /** The document the distribution worker sends; none when the customer prints it itself. */
  pendingDocument: "original" | null;
  /**
   * The day the invoice counts as sent (Job.sentOn, lifecycle/decide-step.ts invoiceSentOn): for one
   * the customer prints itself, the later of its bill date and today, the earliest it can have gone
   * out (stored or approved today; dated later, not before its date); null for the rest, whose
   * delivered send writes it (distribution/record-outcomes.ts).
   */
  sentOn: string | null;
  /**
   * The collection fee of a job posted as collection, charged today as its letter is made
   * available (lifecycle/posted-fee.ts postedCollectionFee); 0 for the rest, and for a collection
   * held until it may begin, charged on that day by the sweep.
   */
  collectionFee: bigint;
}

/**
 * A job becomes a case: its due date is the day the lifecycle sweep first looks at it
 * (lifecycle/rules.ts decides there what follows). Letters are no case; a credit note (nothing to
 * collect) neither. A Connect invoice (300) is never looked at by the sweep (decide-step.ts).
 */
export function caseStart(facts: StartFacts, country: Country, today: string): CaseStart {
  const isCase = opensCase(facts.jobtype, facts.gross);
  const from = facts.jobtype === 2 ? collectionMayBeginOn(country, noticeDateOf(facts.data)) : null;
  if (isCase && from !== null && from > today) {
    // Collection may not begin yet (rules.ts collectionMayBeginOn): the case waits for that day, its
    // letter unsent, and the sweep's first look then starts it and sends the letter (decide-step.ts).
    return { currentPaydate: facts.paydate, phaseSince: null, reviewOn: facts.onHold ? null : from, pendingDocument: null, sentOn: null, collectionFee: 0n };
  }
  const start = isCase && !facts.onHold ? noticeStart(facts, country, today) : null;
  return {
    currentPaydate: start?.currentPaydate ?? facts.paydate,
    phaseSince: start ? today : null,
    reviewOn: start?.reviewOn ?? (isCase && !facts.onHold && facts.jobtype !== 300 ? facts.paydate : null),
    pendingDocument: facts.sendtype === "print" ? null : "original",
    sentOn: facts.sendtype === "print" && INVOICE_JOBTYPES.includes(facts.jobtype as Jobtype) ? laterOf(facts.billdate ?? today, today) : null,
    // Its letter goes (or is printed) now, on hold or not, and claims the fee.
    collectionFee: isCase ? postedCollectionFee(country, facts.jobtype, facts.data, facts.gross, today) : 0n,
  };
}

/**
 * A job posted as reminder (1) or collection (2) gets its due date here, by the rule the sweep's
 * first look applies (lifecycle/decide-step.ts): its own due date when that lies ahead, else the
 * country's term in business days from today. Deciding it at intake makes the date the letter
 * prints and the date the case escalates from one value, whenever the letter is rendered. A job
 * with a payment plan is left to the sweep, which enters the plan instead.
 */
function noticeStart(facts: StartFacts, country: Country, today: string): { currentPaydate: string; reviewOn: string } | null {
  if (facts.jobtype !== 1 && facts.jobtype !== 2) return null;
  if (paymentPlanOf(facts.data, facts.gross)) return null;
  const step = decideStep(
    country,
    {
      jobstatus: facts.jobtype,
      paydate: facts.paydate,
      currentPaydate: facts.paydate,
      phaseSince: null,
      sensible: facts.sensible,
      onHold: false,
      openTotal: facts.gross,
      plan: null,
      // A posted reminder or collection follows an invoice the customer sent itself.
      sentOn: null,
    },
    today,
  );
  return step.kind === "start" ? { currentPaydate: step.currentPaydate, reviewOn: step.reviewOn } : null;
}

/** The `noticedate` of a job's members or stored data, where it has one. */
export function noticeDateOf(data: unknown): string | null {
  const value = (data as { noticedate?: unknown } | null)?.noticedate;
  return typeof value === "string" && value ? value : null;
}
