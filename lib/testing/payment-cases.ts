import { POST as postJobs } from "../../app/rest/jobs/route";
import { getDb } from "../db/client";

import { envelope, invoice } from "./jobs";
import { call, json } from "./rest";

/*
 * For the payment API tests: invoices of a round amount (no VAT) with a chosen reference, and the
 * events a case got.
 */

interface PostedCase {
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

/**
 * A job's events in order, without the lcstatus intake sent when it took the job in (its opening
 * code, tested in app/rest/jobs/jobs-cases.api.test.ts): what the case did since. A job without
 * that opening event is an error here.
 */
export async function eventsOf(jobId: number, type?: string) {
  const events = await getDb().event.findMany({ where: { jobId }, orderBy: { seq: "asc" } });
  const opening = events.findIndex((event) => event.type === "lcstatus");
  if (opening < 0) throw new Error(`job ${jobId} has no opening lcstatus from intake`);
  return events
    .filter((event, index) => index !== opening && (!type || event.type === type))
    .map((event) => ({ type: event.type, message: event.message as Record<string, unknown> }));
}

export const caseOf = (jobId: number) => getDb().job.findUniqueOrThrow({ where: { id: jobId } });
