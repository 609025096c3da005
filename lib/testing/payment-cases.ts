import { POST as postJobs } from "../../app/rest/jobs/route";
import { getDb } from "../db/client";

import { envelope, invoice } from "./jobs";
import { call, json } from "./rest";

/*
 * For the payment API tests: invoices of a round amount (no VAT) with a chosen reference, and the
 * events a case got.
 */

export interface PostedCase {
  jobid: number;
  billnum: string;
  reference: string;
}

export async function postInvoice(environment: string, token: string, amount: string, overrides: Record<string, unknown> = {}): Promise<PostedCase> {
  const item = invoice({ payrow: [{ desc: "Service", count: "1", amount, taxpr: "0" }], ...overrides });
  const response = await call(postJobs, `/${environment}/rest/jobs`, { body: envelope(item), token });
  const body = await json<{ result: Array<{ jobid: number | null; billnum: string; reference: string; error: unknown }> }>(response);
  const result = body.result[0]!;
  if (result.jobid === null) throw new Error(`job refused: ${JSON.stringify(result.error)}`);
  return { jobid: result.jobid, billnum: result.billnum, reference: result.reference };
}

export async function eventsOf(jobId: number, type?: string) {
  const events = await getDb().event.findMany({ where: { jobId, ...(type ? { type } : {}) }, orderBy: { seq: "asc" } });
  return events.map((event) => ({ type: event.type, message: event.message as Record<string, unknown> }));
}

export const caseOf = (jobId: number) => getDb().job.findUniqueOrThrow({ where: { id: jobId } });
