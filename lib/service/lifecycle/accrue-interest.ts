import type { Tx } from "../../db/client";
import type { Country } from "../../spec/environments";

import { CLOSED_CODES, writeCaseEntry, type CaseRow } from "./case-state";
import { dueDateTerms, interestStart, type InvoiceSending } from "./decide-step";
import { computeInterest } from "./interest";
import type { AgreedRate } from "./overdue-rate";

/*
 * Late-payment interest up to a payment. The sweep charges interest on the capital open when a case
 * moves; between moves it accrues day by day on the capital open each day. A payment first charges
 * what accrued since the last charge up to the day it was paid, on the capital open until then, and
 * only then is split over what is open (payments/allocate.ts): otherwise the days since the last
 * move were lost when a payment closed the case, and after a partial payment the earlier days were
 * charged on the lower capital at the next move (korkolaki 633/1982 4 §, räntelagen 1975:635 6 §,
 * forsinkelsesrenteloven 1976 § 2: interest runs on what is unpaid until it is paid).
 *
 * An invoice the lifecycle has not yet reminded (0, 300), a case in a payment plan (41: its plan
 * states what is owed), a draft (11: nothing was sent) and a closed case accrue nothing here. Nor
 * does a case in the debtor's insolvency proceedings (6, 110, 111): the court or administrator
 * decides what the claim as lodged earns, and what the plan or the estate pays is booked as it comes.
 * A case whose letter came back (89, 71) accrues nothing while it waits for the address; the
 * resent letter gives the debtor a fresh term.
 */

const NOT_ACCRUING: ReadonlySet<number> = new Set([0, 300, 41, 11, 6, 110, 111, 89, 71]);

interface AccruingCase extends CaseRow {
  customertype: number;
}

/**
 * Interest accrued since the last charge up to `date`, minor units; 0 when the case accrues none now.
 * `overdueInvoice`: an invoice not yet reminded (0) accrues from its due date too, for a step that
 * stops the lifecycle from charging it later (a payment plan made on an overdue invoice).
 */
export async function interestSinceLastCharge(tx: Tx, row: AccruingCase, country: Country, date: string, overdueInvoice = false): Promise<bigint> {
  const accrues = !NOT_ACCRUING.has(row.jobstatus) || (overdueInvoice && row.jobstatus === 0);
  if (!accrues || CLOSED_CODES.has(row.jobstatus) || row.openCapital <= 0n) return 0n;
  const last = await tx.caseEntry.findFirst({
    where: { jobId: row.id, profileId: row.profileId, kind: "interest" },
    orderBy: { date: "desc" },
    select: { date: true },
  });
  const job = await interestTermsOf(tx, row.id);
  const from = last?.date ?? interestStart(row, dueDateTerms(job.dueDateAgreed, country, job));
  if (!from) return 0n;
  // At the rate the debtor agreed, within the law's limits (overdue-rate.ts).
  return computeInterest(country, row.customertype === 1, row.openCapital, from, date, job.agreedRate).amount;
}

/**
 * What a charge needs of the job beside its case columns, in one read: the rate the debtor agreed
 * (Job.agreedInterestRate), and for the first charge whether the profile agreed its due dates in
 * advance and the day the invoice was sent (decide-step.ts dueDateTerms). A statement's payments each come here.
 */
async function interestTermsOf(tx: Tx, jobId: number): Promise<{ agreedRate: AgreedRate; dueDateAgreed: boolean } & InvoiceSending> {
  const job = await tx.job.findUnique({
    where: { id: jobId },
    select: { agreedInterestRate: true, jobtype: true, billdate: true, sentOn: true, profile: { select: { dueDateAgreed: true } } },
  });
  return {
    agreedRate: job?.agreedInterestRate ?? null,
    dueDateAgreed: job?.profile.dueDateAgreed ?? true,
    jobtype: job?.jobtype ?? 0,
    billdate: job?.billdate ?? null,
    sentOn: job?.sentOn ?? null,
  };
}

/** Charges the interest accrued up to `date` (a ledger entry dated that day); answers the case with it added. */
export async function chargeInterestTo<T extends AccruingCase>(tx: Tx, row: T, country: Country, date: string, at: Date, overdueInvoice = false): Promise<T> {
  const amount = await interestSinceLastCharge(tx, row, country, date, overdueInvoice);
  if (amount <= 0n) return row;
  await writeCaseEntry(tx, { jobId: row.id, profileId: row.profileId, component: "interest", amount, kind: "interest", date, at });
  await tx.job.update({ where: { id: row.id }, data: { openInterest: { increment: amount } } });
  return { ...row, openInterest: row.openInterest + amount };
}
