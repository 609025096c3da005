import type { Db } from "../../db/client";
import { encodeCursor } from "../../platform/page-cursor";
import type { InvoiceView } from "../../spec/contracts";
import { CURSOR_TAGS, readSeqCursor } from "../http/read-cursor";
import { govidLookupHashes } from "../intake/store-jobs";
import { invoiceView, SUMMARY_SELECT } from "../jobs/job-views";

/*
 * The invoice query: a customer's invoices, reminders and collections with this profile, found by
 * the principal's customer number or by the customer's personal or business id. The id is
 * matched by its keyed hash only (Job.nationalIdHash), so it is never stored, logged or answered.
 */

interface InvoiceQuery {
  profileId: string;
  custnum?: string;
  govid?: string;
  /** The profile's today: a short Swedish personnummer's century is counted to it. */
  today: string;
  limit: number;
  cursor?: string;
}

/** Letters are documents, not receivables. */
const LETTER_JOBTYPE = 301;

export async function queryInvoices(db: Db, query: InvoiceQuery): Promise<{ invoices: InvoiceView[]; next_cursor: string | null }> {
  const after = query.cursor === undefined ? 0 : readSeqCursor(CURSOR_TAGS.keyed, query.cursor, "cursor");
  const customer = query.custnum !== undefined ? { custnum: query.custnum } : { nationalIdHash: { in: govidLookupHashes(query.govid!, query.today) } };
  const rows = await db.job.findMany({
    where: { profileId: query.profileId, ...customer, id: { gt: after }, NOT: { jobtype: LETTER_JOBTYPE } },
    select: SUMMARY_SELECT,
    orderBy: { id: "asc" },
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    invoices: page.map(invoiceView),
    next_cursor: rows.length > query.limit ? encodeCursor(CURSOR_TAGS.keyed, page.at(-1)!.id) : null,
  };
}
