import type { Db } from "../../db/client";
import { fromCents } from "../../payment-data/amounts";
import { LIFECYCLE_CODES } from "../../spec/codes";
import type { InvoiceView } from "../../spec/contracts";
import { govidLookupHash } from "../intake/store-jobs";

import { badCursor, decodeCursor, encodeCursor } from "./cursor";

/*
 * The invoice query: a customer's invoices, reminders and collections with this profile, found by
 * the principal's customer number or by the customer's personal or business id. The id is
 * matched by its keyed hash only (Job.nationalIdHash), so it is never stored, logged or answered.
 */

export interface InvoiceQuery {
  profileId: string;
  custnum?: string;
  govid?: string;
  limit: number;
  cursor?: string;
}

/** Letters are documents, not receivables. */
const LETTER_JOBTYPE = 301;

export async function queryInvoices(db: Db, query: InvoiceQuery): Promise<{ invoices: InvoiceView[]; next_cursor: string | null }> {
  const after = query.cursor === undefined ? 0 : Number(decodeCursor(query.cursor, "cursor"));
  if (!Number.isSafeInteger(after) || after < 0) throw badCursor("cursor");
  const customer = query.custnum !== undefined ? { custnum: query.custnum } : { nationalIdHash: govidLookupHash(query.govid!) };
  const rows = await db.job.findMany({
    where: { profileId: query.profileId, ...customer, id: { gt: after }, NOT: { jobtype: LETTER_JOBTYPE } },
    select: {
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
    },
    orderBy: { id: "asc" },
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    invoices: page.map((job) => ({
      jobid: job.id,
      jobtype: job.jobtype,
      billnum: job.billnum,
      documentid: job.ownref,
      reference: job.reference,
      billdate: job.billdate,
      paydate: job.paydate,
      currentpaydate: job.currentPaydate ?? job.paydate,
      jobstatus: job.jobstatus,
      status: LIFECYCLE_CODES[job.jobstatus as keyof typeof LIFECYCLE_CODES] ?? null,
      amount: fromCents(job.grossAmount),
      opencapital: fromCents(job.openCapital),
      interest: fromCents(job.openInterest),
      expenses: fromCents(job.openExpenses),
      openamount: fromCents(job.openCapital + job.openInterest + job.openExpenses),
      currency: job.currency,
    })),
    next_cursor: rows.length > query.limit ? encodeCursor(String(page.at(-1)!.id)) : null,
  };
}
