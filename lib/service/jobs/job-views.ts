import type { Db } from "../../db/client";
import { fromCents } from "../../payment-data/amounts";
import { maskPersonalIds } from "../../platform/personal-ids";
import { LIFECYCLE_CODES } from "../../spec/codes";
import type { InvoiceView } from "../../spec/contracts";
import type { Environment } from "../../spec/environments";
import type { JobDetail, JobLookup } from "../../spec/job-detail";
import { currentDueDate } from "../lifecycle/case-state";

/*
 * How a job is shown at the interface: its summary (the invoice query's rows) and, for GET
 * /jobs/{jobid}, the whole of what it is now. Both read the case's columns, never recompute them.
 */

export const SUMMARY_SELECT = {
  id: true,
  jobtype: true,
  billnum: true,
  ownref: true,
  reference: true,
  billdate: true,
  paydate: true,
  currentPaydate: true,
  jobstatus: true,
  grossAmount: true,
  openCapital: true,
  openInterest: true,
  openExpenses: true,
  currency: true,
} as const;

type SummaryRow = {
  id: number;
  jobtype: number;
  billnum: string | null;
  ownref: string | null;
  reference: string | null;
  billdate: string | null;
  paydate: string | null;
  currentPaydate: string | null;
  jobstatus: number;
  grossAmount: bigint;
  openCapital: bigint;
  openInterest: bigint;
  openExpenses: bigint;
  currency: string;
};

export function invoiceView(job: SummaryRow): InvoiceView {
  return {
    jobid: job.id,
    jobtype: job.jobtype,
    billnum: job.billnum,
    documentid: job.ownref,
    reference: job.reference,
    billdate: job.billdate,
    paydate: job.paydate,
    currentpaydate: currentDueDate(job),
    jobstatus: job.jobstatus,
    status: LIFECYCLE_CODES[job.jobstatus as keyof typeof LIFECYCLE_CODES] ?? null,
    amount: fromCents(job.grossAmount),
    opencapital: fromCents(job.openCapital),
    interest: fromCents(job.openInterest),
    expenses: fromCents(job.openExpenses),
    openamount: fromCents(job.openCapital + job.openInterest + job.openExpenses),
    currency: job.currency,
  };
}

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value : null);

const DETAIL_SELECT = { ...SUMMARY_SELECT, customertype: true, sendtype: true, custnum: true, onHold: true, createdAt: true, data: true } as const;

/** A job of the profile in this environment as it is now, or null when the profile has no such job. */
export async function readJob(db: Db, profileId: string, environment: Environment, jobid: number): Promise<JobDetail | null> {
  return (await readJobs(db, profileId, environment, [jobid])).jobs[0] ?? null;
}

/** Many jobs at once (GET /jobs?jobids=…), in the order asked; the ids that are no job of the profile apart. */
export async function readJobs(db: Db, profileId: string, environment: Environment, jobids: readonly number[]): Promise<JobLookup> {
  const rows =
    jobids.length === 0 ? [] : await db.job.findMany({ where: { id: { in: [...jobids] }, profileId, environment: environment.id }, select: DETAIL_SELECT });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    jobs: jobids.flatMap((id) => (byId.has(id) ? [detailOf(byId.get(id)!)] : [])),
    missing: jobids.filter((id) => !byId.has(id)),
  };
}

type DetailRow = SummaryRow & { customertype: number; sendtype: string | null; custnum: string | null; onHold: boolean; createdAt: Date; data: unknown };

function detailOf(job: DetailRow): JobDetail {
  // The stored item holds the govid sealed; what leaves the service is masked.
  const data = maskPersonalIds((job.data ?? {}) as Record<string, unknown>);
  return {
    ...invoiceView(job),
    ownref: job.ownref,
    customertype: job.customertype,
    customer: {
      name: text(data.person) ?? text(data.company),
      address: text(data.address),
      postcode: text(data.postcode),
      city: text(data.city),
      country: text(data.addresscountry),
      email: text(data.email),
      custnum: job.custnum,
      govid: text(data.govid),
    },
    sendtype: job.sendtype,
    onhold: job.onHold,
    created: job.createdAt.toISOString(),
  };
}
