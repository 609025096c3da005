import { randomUUID } from "node:crypto";

import { lockFor } from "../../db/advisory-lock";
import type { Db, Tx } from "../../db/client";
import { today, type Clock } from "../../platform/clock";
import { CUTOFF_WARNING } from "../../spec/codes";
import type { Environment } from "../../spec/environments";
import { ServiceError } from "../errors";
import { emitEvents, type NewEvent } from "../events/emit-events";
import { CASE_SELECT, caseIdentity, CLOSED_CODES, currentDueDate } from "../lifecycle/case-state";
import { ADDRESS_PHASES } from "../lifecycle/decide-step";
import { lockJobRows } from "../lifecycle/raw-query";

/*
 * An open case's due date moves (an agreed extension, a corrected invoice): asked by the principal
 * over the REST interface, or made by a person at the provider's customer service for the end
 * customer or for another reason (npm run case:duedate), or by the debtor on the online service
 * (lib/service/debtor/debtor-requests.ts). The original paydate stays; currentpaydate
 * changes, and the lifecycle sweep's next look moves with it, never to a day already past. A case
 * the sweep is not watching (on hold, waiting for a person) keeps reviewOn empty. Each move is
 * recorded with who made it and why (DueDateChange) and reported in a duedateupdate event whose
 * source says where it came from.
 */

interface DueDateInput {
  currentpaydate: string;
  contract?: string[] | null;
}

/**
 * Where a move comes from: the API user, the debtor, a refused e-invoice's resend, or the provider
 * with the reason: a named person at customer service, or the service itself (SERVICE_CHANGED_BY),
 * so that a provider's move always says who made it.
 */
type DueDateOrigin =
  | { source: "restapi" }
  | { source: "online"; reason: string | null }
  | { source: "einvoice_error"; reason: string }
  | { source: "aspa_end_customer_request" | "aspa_other_reason"; changedBy: string; reason: string };

/**
 * Who moved a due date when no person did: distribution, when a reminder or collection letter sent
 * later than its case moved gives the law's term from its own day and the case takes it
 * (distribution/record-outcomes.ts). Not a name a person at customer service is recorded by.
 */
export const SERVICE_CHANGED_BY = "system:distribution";

interface ContractData {
  contract?: Array<{ contract_no?: unknown }>;
}

export async function updateDueDate(
  db: Db,
  context: { environment: Environment; profile: { id: string; cid: string }; clock: Clock },
  jobid: number,
  input: DueDateInput,
  origin: DueDateOrigin = { source: "restapi" },
) {
  const businessDay = today(context.clock, context.environment.rules.timeZone);
  if (input.currentpaydate < businessDay) {
    throw new ServiceError("invalid_request", "The new due date is in the past.", {
      problems: [{ field: "currentpaydate", code: "invalid", message: `must be ${businessDay} or later` }],
    });
  }
  return db.$transaction((tx) => moveDueDateIn(db, tx, context, jobid, input, origin));
}

/** The case as a move reads it under its lock, for a caller's own rules (the debtor's: debtor/debtor-requests.ts). */
type DueDateGuard = (tx: Tx, job: { id: number; jobstatus: number; onHold: boolean }) => Promise<void>;

/**
 * updateDueDate inside the caller's transaction (a resent e-invoice moves it with the resend). A
 * `guard` runs on the case as read under its lock and refuses by throwing.
 */
export async function moveDueDateIn(
  db: Db,
  tx: Tx,
  context: { environment: Environment; profile: { id: string; cid: string }; clock: Clock },
  jobid: number,
  input: DueDateInput,
  origin: DueDateOrigin,
  guard?: DueDateGuard,
) {
  // Two moves of one case at once would both record the same date as the one before theirs.
  await lockFor(tx, `case:${jobid}`);
  // The sweep holds the row, not the advisory lock, while it moves a case: on PostgreSQL the row is
  // locked here too, so the case is read as the sweep left it and the change is dated after its move
  // (a notice finds the due date a case left the invoice phase with by the changes before that move).
  await lockJobRows(db, tx, [jobid]);
  const at = context.clock.now();
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
  await guard?.(tx, job);
  const watched = job.reviewOn !== null && !job.onHold;
  // A case waiting for a returned letter's address keeps its own clock (distribution/returned-mail.ts),
  // and one under a cut-off warning its interruption day (contracts/cutoff-warnings.ts).
  const ownClock = ADDRESS_PHASES.has(job.jobstatus) || job.jobstatus === CUTOFF_WARNING;
  const reviewOn = ownClock ? job.reviewOn : watched ? input.currentpaydate : null;
  await tx.job.update({ where: { id: jobid }, data: { currentPaydate: input.currentpaydate, reviewOn } });
  const previousDate = currentDueDate(job) ?? input.currentpaydate;
  const { event, contract } = await recordDueDateChange(tx, {
    environment: context.environment,
    profile: context.profile,
    job,
    previousDate,
    currentPaydate: input.currentpaydate,
    origin,
    contract: input.contract,
    at,
  });
  await emitEvents(db, tx, [event]);
  return { jobid, paydate: job.paydate, currentpaydate: input.currentpaydate, reviewOn, contract, previousDate };
}

/**
 * A move of a case's due date already written on its job, as every move is recorded: its
 * DueDateChange row (who and why) and the duedateupdate event reporting it, with the contract numbers
 * given or those of the job, both dated `at`, on the profile's clock (lifecycle/profile-clock.ts):
 * a notice's interest reads the changes dated before the case's first charge
 * (distribution/load-dispatches.ts interestDueDates). The event is returned for the caller to emit,
 * in its own order among its events.
 */
export async function recordDueDateChange(
  tx: Tx,
  change: {
    environment: Environment;
    profile: { id: string; cid: string };
    job: { id: number; billnum: string | null; ownref: string | null; data: unknown };
    previousDate: string;
    currentPaydate: string;
    origin: DueDateOrigin;
    contract?: string[] | null;
    at: Date;
  },
): Promise<{ event: NewEvent; contract: string[] }> {
  const { environment, profile, job, origin, at } = change;
  await tx.dueDateChange.create({
    data: {
      id: randomUUID(),
      jobId: job.id,
      profileId: profile.id,
      source: origin.source,
      previousDate: change.previousDate,
      currentPaydate: change.currentPaydate,
      changedBy: "changedBy" in origin ? origin.changedBy : null,
      reason: "reason" in origin ? origin.reason : null,
      createdAt: at,
    },
  });
  const contract =
    change.contract ??
    ((job.data as ContractData | null)?.contract ?? []).map((item) => item.contract_no).filter((value): value is string => typeof value === "string");
  const message = { cid: profile.cid, ...caseIdentity(job), currentpaydate: change.currentPaydate, source: origin.source, contract };
  return { event: { environment: environment.id, profileId: profile.id, jobId: job.id, type: "duedateupdate", message, createdAt: at }, contract };
}
