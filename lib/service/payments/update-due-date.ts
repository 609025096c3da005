import type { Db } from "../../db/client";
import { today, type Clock } from "../../platform/clock";
import type { Environment } from "../../spec/environments";
import { ServiceError } from "../errors";
import { emitEvents } from "../events/emit-events";
import { CASE_SELECT, caseIdentity, CLOSED_CODES } from "../lifecycle/case-state";

/*
 * The principal moves an open case's due date (an agreed extension, a corrected invoice). The
 * original paydate stays; currentpaydate changes, and the lifecycle sweep's next look moves with
 * it, never to a day already past. A case the sweep is not watching (on hold, waiting for a
 * person) keeps reviewOn empty.
 */

export interface DueDateInput {
  currentpaydate: string;
  contract?: string[] | null;
}

interface ContractData {
  contract?: Array<{ contract_no?: unknown }>;
}

export async function updateDueDate(
  db: Db,
  context: { environment: Environment; profile: { id: string; cid: string }; clock: Clock },
  jobid: number,
  input: DueDateInput,
) {
  const businessDay = today(context.clock, context.environment.rules.timeZone);
  if (input.currentpaydate < businessDay) {
    throw new ServiceError("invalid_request", "The new due date is in the past.", {
      problems: [{ field: "currentpaydate", code: "invalid", message: `must be ${businessDay} or later` }],
    });
  }
  const at = context.clock.now();
  return db.$transaction(async (tx) => {
    const job = await tx.job.findFirst({
      where: { id: jobid, profileId: context.profile.id, jobtype: { not: 301 } },
      select: { ...CASE_SELECT, reviewOn: true, onHold: true, data: true },
    });
    if (!job) throw new ServiceError("not_found", `There is no job ${jobid} of this profile.`);
    if (CLOSED_CODES.has(job.jobstatus)) {
      throw new ServiceError("conflict", `Job ${jobid} is closed (lifecycle code ${job.jobstatus}); its due date no longer matters.`, {
        problems: [{ field: "jobid", code: "conflict", message: "the case is closed" }],
      });
    }
    const watched = job.reviewOn !== null && !job.onHold;
    const reviewOn = watched ? input.currentpaydate : null;
    await tx.job.update({ where: { id: jobid }, data: { currentPaydate: input.currentpaydate, reviewOn } });
    const contract =
      input.contract ??
      ((job.data as ContractData | null)?.contract ?? []).map((item) => item.contract_no).filter((value): value is string => typeof value === "string");
    const message = { cid: context.profile.cid, ...caseIdentity(job), currentpaydate: input.currentpaydate, source: "restapi", contract };
    await emitEvents(db, tx, [
      { environment: context.environment.id, profileId: context.profile.id, jobId: jobid, type: "duedateupdate", message, createdAt: at },
    ]);
    return { jobid, paydate: job.paydate, currentpaydate: input.currentpaydate, reviewOn, contract };
  });
}
