import type { Profile } from "../../db/generated/sqlite/client";
import { getEnv, type FinnishCollector } from "../../env";
import { openPersonalIds } from "../../platform/personal-ids";
import type { DatasetItem } from "../../spec/dataset-item";
import type { Environment } from "../../spec/environments";
import type { SentDocumentName } from "../../spec/sent-documents";
import { daysBetween, laterOf } from "../calendar/dates";
import { cutoffPayBy } from "../contracts/disconnection-rules";
import { hasDebtorLink, onlineLinkOf } from "../debtor/link-token";
import { dueDateTerms, lateInterestStart, type DueDateTerms } from "../lifecycle/decide-step";
import { computeInterest, splitOverPeriods } from "../lifecycle/interest";
import { agreedRateOf, chargedRateOn } from "../lifecycle/overdue-rate";
import { noticeDue } from "../lifecycle/rules";
import { render } from "../render/render-pool";

import { creditorOf } from "./creditor";
import { basisOf, buildInvoiceDocument, collectorOf, periodLine, type CutoffPart, type InvoiceDocument, type NoticeFee } from "./invoice-document";
import { filenameFor } from "./job-pdf";

/*
 * The document a job sends: its own (the invoice, reminder or collection letter it came as, or a
 * letter's PDF) or a notice the lifecycle asked for on its case. A notice is drawn from the case as
 * it stands now (open capital, fees and interest on the Job row), not from the amounts the job
 * came with: a partly paid invoice is reminded of what is still open.
 */

/** The document a Job.pendingDocument / Dispatch.document names. */
export type DocumentName = SentDocumentName;

/** A notice of a case: a reminder, a collection letter or a cut-off warning. */
type NoticeKind = Exclude<DocumentName, "original">;

/** The job columns a document is made from. */
export interface DocumentJob {
  id: number;
  jobtype: number;
  customertype: number;
  billnum: string | null;
  reference: string | null;
  paydate: string | null;
  currentPaydate: string | null;
  /** Set once the case was taken in (at intake for a posted notice): currentPaydate is then its due date. */
  phaseSince: string | null;
  openCapital: bigint;
  openInterest: bigint;
  openExpenses: bigint;
  /** A credit note's is below zero: it has no debtor link. */
  grossAmount: bigint;
  /** The day the service sent the invoice (Job.sentOn): where a notice's interest starts when due dates were not agreed (lifecycle/decide-step.ts dueDateTerms). */
  sentOn: string | null;
  data: unknown;
}

/** What a notice needs of the case's ledger besides the Job row. */
export interface NoticeLedger {
  /** The day interest is charged through (the last interest row's date); null when none was charged. */
  interestChargedTo: string | null;
  /** The fees charged on the case, oldest first: a posted_fee is the one its reminder or collection job was posted with (lifecycle/posted-fee.ts). */
  fees: readonly { kind: "reminder_fee" | "collection_fee" | "posted_fee"; date: string; amount: bigint }[];
  /**
   * The due date the case had when it left the invoice phase (distribution/load-dispatches.ts
   * interestDueDates): the ledger's interest runs from it (lifecycle/decide-step.ts interestStart),
   * which is a moved due date when one was moved before any notice. Absent: the invoice's own.
   */
  interestDue?: string | null;
}

export interface JobDocument {
  /** The document model: parties, amounts, numbers (for a letter only its parties are meaningful). */
  document: InvoiceDocument;
  /** The PDF as it goes out: for post, a letter carries its address page when it needs one. */
  pdf: Uint8Array;
  filename: string;
  isLetter: boolean;
}

interface JobDocumentInput {
  job: DocumentJob;
  which: DocumentName;
  /** `dueDateAgreed` decides where a notice's interest starts (lifecycle/decide-step.ts lateInterestStart): no caller may leave it to a default. */
  profile: Pick<Profile, "creditor" | "name" | "businessId" | "dueDateAgreed">;
  environment: Environment;
  /** The calendar day of the profile's clock in the environment's time zone. */
  today: string;
  /** A letter's own PDF (jobtype 301). */
  letter: Uint8Array | null;
  /** Printed and posted: a letter gets the address page the envelope window needs. */
  forPost: boolean;
  /** The date the case was reminded on, shown on a collection letter. */
  remindedOn?: string | null;
  /** The case's interest and fee rows, for a notice (none: interest from the due date, costs as one sum). */
  ledger?: NoticeLedger | null;
  /** A cut-off warning's usage place, day and other invoices (distribution/load-dispatches.ts). */
  cutoff?: CutoffPart | null;
}

/**
 * How far a case's charged interest may be from one count over the whole span and still be shown by
 * rate: each charge (a move of the sweep, a payment) was rounded to the cent on its own, so a few
 * charges and the count ahead can differ from a single rounding by a cent or two.
 */
const ROUNDING_CENTS = 3n;
const absolute = (value: bigint) => (value < 0n ? -value : value);

/**
 * A reminder or collection letter of a case. It claims what is open now; the payment reference
 * stays the case's own so the payment is matched to it. The debtor gets the due date the
 * lifecycle set when it lies ahead, else the law's term from the notice (lifecycle/rules.ts
 * noticeDue): a reminder sent after its case went on to collection, or a case whose due date
 * passed with no re-term at sending, is still owed the whole term (in Finland 10 days from the
 * letter's latest delivery, 513/1999 4 § and 5 §; two weeks from the letter was shorter).
 *
 * Interest is counted to that due date: the ledger charges it day by day up to the day a payment
 * comes (lifecycle/accrue-interest.ts), so a notice that showed interest only to its own date left
 * a debtor who paid its total on the due date owing the days between, and the case went on to the
 * next letter and its fee. Paid on the due date, the total settles the case exactly; paid earlier,
 * the difference stays unallocated on the payment, to be refunded. The costs are listed one by one.
 */
function noticeDocument(
  base: InvoiceDocument,
  job: DocumentJob,
  {
    kind,
    today,
    remindedOn,
    ledger,
    cutoff,
    terms,
    finnishCollector,
  }: {
    kind: NoticeKind;
    today: string;
    remindedOn: string | null;
    ledger: NoticeLedger | null;
    cutoff: CutoffPart | null;
    terms: DueDateTerms;
    finnishCollector: FinnishCollector;
  },
): InvoiceDocument {
  if (kind === "cutoff" && !cutoff) throw new Error(`the cut-off warning of job ${job.id} has no usage place`);
  const capital = job.openCapital;
  const fee = job.openExpenses;
  const originalDueDate = job.paydate ?? base.reminder?.originalDueDate ?? null;
  // A cut-off warning is paid by the day before the supply may be cut (and has a usage place, above);
  // a reminder or collection letter keeps the case's term.
  const cutoffDue = cutoff ? laterOf(cutoffPayBy(base.country, cutoff.disconnectionDate), today) : null;
  const dueDate =
    cutoffDue ??
    (job.currentPaydate && job.currentPaydate > today ? job.currentPaydate : noticeDue(base.country, kind === "collection" ? "collection" : "reminder", today));
  const business = job.customertype === 1;
  // The rate the case charges: the agreed one within the law's limits, else the law's (lifecycle/overdue-rate.ts).
  const agreed = agreedRateOf(job.data);
  // Where the case's interest starts (lifecycle/decide-step.ts): the one rule the sweep and payments
  // charge by, from the due date the case had when it was first charged, out of the invoice phase.
  // The invoice's own due date stays printed as such: a letter that counted from it after the due date
  // was moved showed days the ledger never charged, and no rate line added up to its interest.
  const interestFrom = lateInterestStart(ledger?.interestDue ?? originalDueDate, terms);
  const from = ledger?.interestChargedTo ?? interestFrom;
  const counted = job.openCapital > 0n && from && dueDate > from ? computeInterest(base.country, business, job.openCapital, from, dueDate, agreed) : null;
  const ahead = counted?.amount ?? 0n;
  const interest = job.openInterest + ahead;
  // The rate the case is charged at (computeInterest above), in the header as in the interest line: a
  // header that kept the invoice's agreed rate beside a line at another rate contradicted itself.
  const chargedRate = chargedRateOn(base.country, business, agreed, dueDate) ?? base.overdueInterestRate;
  // The interest as lines of rate and days, one per rate, only where rate × days gives it: the days
  // ahead when no charged interest is open (what was charged before was paid), or the whole span
  // while the charged interest is what the open capital earned over it (to the cents each charge
  // rounded). After a payment that took part of the interest, a change of capital or days when no
  // interest ran (a plan, a hold), no rate and day count gives the ledger's interest, and a debtor or
  // a lawyer checking a line would find it wrong: the notice then gives the interest as one amount.
  const whole = interestFrom && capital > 0n ? computeInterest(base.country, business, capital, interestFrom, dueDate, agreed) : null;
  const span = interest <= 0n ? null : job.openInterest === 0n ? counted : whole && absolute(whole.amount - interest) <= ROUNDING_CENTS ? whole : null;
  const lines = span ? splitOverPeriods(interest, span.periods).map(periodLine) : [];
  const noticeDate = kind === "reminder" ? null : (remindedOn ?? base.reminder?.noticeDate ?? null);
  const fees = itemisedFees(ledger?.fees ?? [], fee);
  return {
    ...base,
    kind,
    overdueInterestRate: chargedRate,
    date: today,
    dueDate,
    cutoff: kind === "cutoff" ? cutoff : null,
    // A case's payment demand is the collector's, whatever document the case began with.
    collector: collectorOf(kind, base.country, finnishCollector),
    rows: [],
    vatBreakdown: [],
    totals: { net: 0n, vat: 0n, gross: 0n },
    amountDue: capital + fee + interest,
    reminder: {
      originalNumber: job.billnum,
      originalDate: base.reminder?.originalDate ?? (base.kind === "invoice" ? base.date : null),
      originalDueDate,
      noticeDate,
      // A job posted as a reminder was sent by the service as one; a case's reminder has its move's date
      // or its fee, and a job posted with a reminder fee (the "posted" line) had the principal's reminder.
      reminded:
        noticeDate !== null || base.kind === "reminder" || fees.some((line) => (line.kind === "reminder" || line.kind === "posted") && line.amount > 0n),
      consumer: job.customertype === 2,
      basis: base.reminder?.basis ?? basisOf(base.rows.map((row) => row.description)),
      capital,
      fee,
      fees,
      interest,
      interestRate: chargedRate,
      // Late-payment interest runs from the due date of the invoice phase (or the later day
      // lateInterestStart gives), whatever due date a notice gave.
      interestDays: interestFrom ? Math.max(0, daysBetween(interestFrom, dueDate)) : 0,
      interestPeriods: lines,
      interestThrough: interest > 0n ? dueDate : null,
      interestFrom,
    },
  };
}

/**
 * The fees charged as lines, and what payments took off them as one line more, so the lines add up
 * to the costs open. The fee a reminder or collection job was posted with is the reminder fee the
 * principal charged before handing the claim over: a line without a date, for its row's date is the
 * day it was booked, not its reminder's. Costs no fee row accounts for (a notice made without the
 * case's ledger) are such a line too.
 */
function itemisedFees(charged: NoticeLedger["fees"], open: bigint): NoticeFee[] {
  const lines: NoticeFee[] = charged.map((row) =>
    row.kind === "posted_fee"
      ? { kind: "posted", date: null, amount: row.amount }
      : { kind: row.kind === "reminder_fee" ? "reminder" : "collection", date: row.date, amount: row.amount },
  );
  const total = lines.reduce((sum, line) => sum + line.amount, 0n);
  if (total < open) lines.unshift({ kind: "posted", date: null, amount: open - total });
  else if (total > open) lines.push({ kind: "paid", date: null, amount: open - total });
  return lines.filter((line) => line.amount !== 0n);
}

/** The document model of what the job is to send. */
export function jobDocumentModel(input: Omit<JobDocumentInput, "letter" | "forPost">): InvoiceDocument {
  const { job, environment } = input;
  const item = openPersonalIds(job.data as DatasetItem);
  const terms = dueDateTerms(input.profile.dueDateAgreed, environment.country, { jobtype: job.jobtype, billdate: item.billdate ?? null, sentOn: job.sentOn });
  const finnishCollector = getEnv().FI_COLLECTOR;
  const base = buildInvoiceDocument({
    item,
    jobid: job.id,
    billnum: job.billnum,
    reference: job.reference,
    country: environment.country,
    creditor: creditorOf(input.profile, environment.country),
    today: input.today,
    noticeDueDate: job.phaseSince ? job.currentPaydate : null,
    onlineLink: hasDebtorLink(job) ? onlineLinkOf(job.id) : null,
    dueDateAgreed: input.profile.dueDateAgreed,
    finnishCollector,
  });
  return input.which === "original"
    ? base
    : noticeDocument(base, job, {
        kind: input.which,
        today: input.today,
        remindedOn: input.remindedOn ?? null,
        ledger: input.ledger ?? null,
        cutoff: input.cutoff ?? null,
        terms,
        finnishCollector,
      });
}

/** The document and its PDF, rendered on the render pool's threads. */
export async function jobDocument(input: JobDocumentInput): Promise<JobDocument> {
  const { job } = input;
  const item = openPersonalIds(job.data as DatasetItem);
  const document = jobDocumentModel(input);
  if (job.jobtype === 301) {
    if (!input.letter) throw new Error(`letter ${job.id} has no PDF stored`);
    const pdf = input.forPost
      ? (await render("letterForPrint", input.letter, document.seller, document.buyer, { doubleSided: item.doublesided === 1 })).pdf
      : input.letter;
    return { document, pdf, filename: filenameFor(item, null, `letter-${job.id}`), isLetter: true };
  }
  const pdf = await render("invoicePdf", document);
  // A notice has its own name: the customer's pdfname belongs to the original.
  const filename = input.which === "original" ? filenameFor(item, document, String(job.id)) : filenameFor({ ...item, pdfname: null }, document, String(job.id));
  return { document, pdf, filename, isLetter: false };
}
