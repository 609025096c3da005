import type { Profile } from "../../db/generated/sqlite/client";
import type { Cents } from "../../payment-data/amounts";
import { openPersonalIds } from "../../platform/personal-ids";
import type { DatasetItem } from "../../spec/dataset-item";
import type { Country, Environment } from "../../spec/environments";
import { ratePeriods } from "../lifecycle/reference-rates";
import { render } from "../render/render-pool";

import { creditorOf } from "./creditor";
import { addDays } from "./einvoice/shared";
import { buildInvoiceDocument, type InvoiceDocument } from "./invoice-document";
import { filenameFor } from "./job-pdf";

/*
 * The document a job sends: its own (the invoice, reminder or collection letter it came as, or a
 * letter's PDF) or a notice the lifecycle asked for on its case. A notice is drawn from the case as
 * it stands now (open capital, fees and interest on the Job row), not from the amounts the job
 * came with: a partly paid invoice is reminded of what is still open.
 */

/** The document a Job.pendingDocument / Dispatch.document names. */
export type DocumentName = "original" | "reminder" | "collection";

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
  data: unknown;
}

export interface JobDocument {
  /** The document model: parties, amounts, numbers (for a letter only its parties are meaningful). */
  document: InvoiceDocument;
  /** The PDF as it goes out: for post, a letter carries its address page when it needs one. */
  pdf: Uint8Array;
  filename: string;
  isLetter: boolean;
}

export interface JobDocumentInput {
  job: DocumentJob;
  which: DocumentName;
  profile: Pick<Profile, "creditor" | "name" | "businessId">;
  environment: Environment;
  /** The calendar day of the profile's clock in the environment's time zone. */
  today: string;
  /** A letter's own PDF (jobtype 301). */
  letter: Uint8Array | null;
  /** Printed and posted: a letter gets the address page the envelope window needs. */
  forPost: boolean;
  /** The date the case was reminded on, shown on a collection letter. */
  remindedOn?: string | null;
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * The yearly rate the lifecycle charges late-payment interest at on the day (the reference rate
 * with the statutory margin, lib/service/lifecycle/reference-rates.ts), in percent: the rate the
 * case's open interest was computed with, which is what the debtor must be shown.
 */
function statutoryRate(country: Country, business: boolean, day: string): number | null {
  const period = ratePeriods(country, business, day, day).at(-1);
  return period ? period.basisPoints / 100 : null;
}

/**
 * A reminder or collection letter of a case. It claims what is open now; the payment reference
 * stays the case's own so the payment is matched to it. The debtor gets the due date the
 * lifecycle set when it lies ahead, else two weeks from the notice, as the documents of reminder
 * jobs do.
 */
export function noticeDocument(base: InvoiceDocument, job: DocumentJob, kind: "reminder" | "collection", today: string, remindedOn: string | null): InvoiceDocument {
  const capital = Number(job.openCapital) as Cents;
  const fee = Number(job.openExpenses) as Cents;
  const interest = Number(job.openInterest) as Cents;
  const originalDueDate = job.paydate ?? base.reminder?.originalDueDate ?? null;
  const dueDate = job.currentPaydate && job.currentPaydate > today ? job.currentPaydate : addDays(today, 14);
  return {
    ...base,
    kind,
    date: today,
    dueDate,
    rows: [],
    vatBreakdown: [],
    totals: { net: 0, vat: 0, gross: 0 },
    amountDue: capital + fee + interest,
    reminder: {
      originalNumber: job.billnum,
      originalDate: base.reminder?.originalDate ?? (base.kind === "invoice" ? base.date : null),
      originalDueDate,
      noticeDate: kind === "collection" ? (remindedOn ?? base.reminder?.noticeDate ?? null) : null,
      capital,
      fee,
      interest,
      interestRate: interest > 0 ? statutoryRate(base.country, job.customertype === 1, today) : base.overdueInterestRate,
      // Late-payment interest runs from the original due date, whatever due date a notice gave.
      interestDays: originalDueDate ? Math.max(0, daysBetween(originalDueDate, today)) : 0,
    },
  };
}

/** The document model of what the job is to send. */
export function jobDocumentModel(input: Omit<JobDocumentInput, "letter" | "forPost">): InvoiceDocument {
  const { job, environment } = input;
  const base = buildInvoiceDocument({
    item: openPersonalIds(job.data as DatasetItem),
    jobid: job.id,
    billnum: job.billnum,
    reference: job.reference,
    country: environment.country,
    creditor: creditorOf(input.profile, environment.country),
    today: input.today,
    noticeDueDate: job.phaseSince ? job.currentPaydate : null,
  });
  return input.which === "original" ? base : noticeDocument(base, job, input.which, input.today, input.remindedOn ?? null);
}

/** The document and its PDF, rendered on the render pool's threads. */
export async function jobDocument(input: JobDocumentInput): Promise<JobDocument> {
  const { job } = input;
  const item = openPersonalIds(job.data as DatasetItem);
  const document = jobDocumentModel(input);
  if (job.jobtype === 301) {
    if (!input.letter) throw new Error(`letter ${job.id} has no PDF stored`);
    const pdf = input.forPost ? (await render("letterForPrint", input.letter, document.seller, document.buyer, { doubleSided: item.doublesided === 1 })).pdf : input.letter;
    return { document, pdf, filename: filenameFor(item, null, `letter-${job.id}`), isLetter: true };
  }
  const pdf = await render("invoicePdf", document);
  // A notice has its own name: the customer's pdfname belongs to the original.
  const filename = input.which === "original" ? filenameFor(item, document, String(job.id)) : filenameFor({ ...item, pdfname: null }, document, String(job.id));
  return { document, pdf, filename, isLetter: false };
}
