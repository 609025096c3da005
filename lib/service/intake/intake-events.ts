import { today } from "../../platform/clock";
import type { Environment } from "../../spec/environments";
import type { JobResult } from "../../spec/jobs";
import { distributionChannelOf } from "../distribution/channels";
import type { NewEvent } from "../events/emit-events";
import { lcstatusMessage, type CaseRow } from "../lifecycle/case-state";
import { collectionMayBeginOn } from "../lifecycle/rules";

import type { NumberedJob } from "./result-records";
import type { CheckedJob, ValidJob } from "./validate-job";

/*
 * What intake tells the receiver: a delivery event per job, `received` for an accepted one (with
 * the intake notices as notes) and `rejected` for a refused one (with its problems as errors), so
 * a receiver learns of every document it sent, also of those an integration never looked at the
 * answer of. An accepted job is then a case at its first lifecycle code (the jobstatus of its
 * result record: the jobtype, or 100 on hold), sent as an lcstatus with its due dates and open
 * capital: a receiver that did not post the job itself (a portal beside an ERP) knows its code and
 * amounts from the start, not from its first move weeks later.
 */

export function intakeEvents(
  profile: { id: string; cid: string },
  environment: Environment,
  jobs: readonly CheckedJob[],
  results: readonly JobResult[],
  numbered: ReadonlyMap<number, NumberedJob>,
  cases: ReadonlyMap<number, CaseRow>,
  now: Date,
): NewEvent[] {
  const statustime = now.toISOString();
  const day = today({ now: () => now }, environment.rules.timeZone);
  return jobs.flatMap((job, position): NewEvent[] => {
    const result = results[position]!;
    const base = { environment: environment.id, profileId: profile.id, type: "delivery" as const, createdAt: now };
    if (job.ok) {
      const entry = numbered.get(job.index)!;
      const stored = cases.get(entry.jobid)!;
      const received: NewEvent = {
        ...base,
        jobId: entry.jobid,
        message: {
          jobid: entry.jobid,
          cid: profile.cid,
          distributionchannel: channelOf(job, environment),
          documentid: job.item.ownref ?? null,
          invoicenumber: entry.billnum,
          status: "received",
          statustime,
          description: null,
          notes: job.notices.map((note) => ({ note })),
          errors: [],
        },
      };
      // A collection held until it may begin (case-start.ts) says so: its code is 2, but nothing is collected before that day.
      const from = stored.jobstatus === 2 ? collectionMayBeginOn(environment.country, job.item.noticedate) : null;
      const held = from !== null && from > day ? { collectionbegins: from } : {};
      const opened: NewEvent = {
        ...base,
        type: "lcstatus",
        jobId: entry.jobid,
        message: { ...lcstatusMessage(profile.cid, stored, stored.jobstatus, now), ...held },
      };
      return [received, opened];
    }
    const rejected: NewEvent = {
      ...base,
      jobId: null,
      message: {
        jobid: null,
        cid: profile.cid,
        distributionchannel: null,
        documentid: result.ownref,
        invoicenumber: result.billnum,
        status: "rejected",
        statustime,
        description: `Job ${job.index} of the request was rejected: ${result.error?.message ?? "invalid"}`,
        notes: [],
        errors: job.problems.map((problem) => ({ code: problem.code, field: problem.field, message: problem.message })),
      },
    };
    return [rejected];
  });
}

function channelOf(job: ValidJob, environment: Environment) {
  return distributionChannelOf(job.item.sendtype ?? null, job.item.customertype ?? 0, environment.country);
}
