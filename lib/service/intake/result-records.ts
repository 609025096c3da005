import { fromCents } from "../../payment-data/amounts";
import type { JobResult } from "../../spec/jobs";

import type { RejectedJob, ValidJob } from "./validate-job";

/* The result record of one job, as POST /jobs answers it. */

export interface NumberedJob {
  job: ValidJob;
  jobid: number;
  billnum: string | null;
  reference: string | null;
}

/**
 * A rejected job's text as it is echoed, stored with the answer and sent in its `rejected` event:
 * a NUL or half of a surrogate pair (the reasons a job may be rejected) becomes U+FFFD, which
 * PostgreSQL's jsonb can hold; the problem names the member that held it.
 */
const UNSTORABLE = /\u0000|\p{Cs}/gu;

function stringOf(value: unknown): string | null {
  if (typeof value === "string") return value.replace(UNSTORABLE, "\uFFFD").trim() || null;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return null;
}

function numberOf(value: unknown): number | null {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return null;
}

export function acceptedResult({ job, jobid, billnum, reference }: NumberedJob): JobResult {
  return {
    accepted: 1,
    amount: job.amount === null ? null : fromCents(job.amount),
    billnum,
    billcode: reference,
    error: null,
    evoicetype: job.evoicetype,
    jobid,
    jobstatus: String(job.jobstatus),
    jobtype: String(job.jobtype),
    notice: job.notices.length > 0 ? job.notices.join(" ") : null,
    origbillnum: job.item.origbillnum ?? null,
    ownref: job.item.ownref ?? null,
    print: null,
    receiver: job.receiver,
    reference,
    sendtype: job.item.sendtype ?? null,
  };
}

/** A rejected job's record echoes what it can of what was sent, so the caller can tell it apart. */
export function rejectedResult(job: RejectedJob): JobResult {
  const raw = (typeof job.raw === "object" && job.raw !== null ? job.raw : {}) as Record<string, unknown>;
  const receiver = stringOf(raw.customertype) === "1" ? stringOf(raw.company) : (stringOf(raw.person) ?? stringOf(raw.company));
  return {
    accepted: 0,
    amount: numberOf(raw.amount),
    billnum: stringOf(raw.billnum),
    billcode: stringOf(raw.billcode),
    error: {
      code: job.problems[0]!.code,
      message: job.problems.map((problem) => (problem.field ? `${problem.field}: ${problem.message}` : problem.message)).join("; "),
      problems: job.problems,
    },
    evoicetype: null,
    jobid: null,
    jobstatus: null,
    jobtype: stringOf(raw.jobtype),
    notice: null,
    origbillnum: stringOf(raw.origbillnum),
    ownref: stringOf(raw.ownref),
    print: null,
    receiver,
    reference: stringOf(raw.billcode),
    sendtype: stringOf(raw.sendtype),
  };
}
