import { lockFor } from "../../db/advisory-lock";
import type { Db, Tx } from "../../db/client";
import { signalAfterCommit } from "../../db/commit-signals";
import { today as todayIn, type Clock } from "../../platform/clock";
import { ACTION_FROM, ENFORCEMENT_NEXT, inProceedings, PROCEEDINGS, type CaseAction, type CaseActionInput } from "../../spec/case-actions";
import { CUTOFF_WARNING, DRAFT_STATUS, LIFECYCLE_CODES, startCode } from "../../spec/codes";
import type { Environment } from "../../spec/environments";
import { phasesBeforeWarning } from "../contracts/cutoff-warnings";
import { ServiceError } from "../errors";
import { emitEvents } from "../events/emit-events";
import { caseStart, noticeDateOf } from "../intake/case-start";

import { chargeInterestTo } from "./accrue-interest";
import { CASE_SELECT, CLOSED_CODES, currentDueDate, moveCase, writeCaseEntry, type CaseRow } from "./case-state";
import { creditlossEvent, creditLossModelOf } from "./credit-loss";
import { profileClock } from "./profile-clock";
import { collectionMayBeginOn, noticeDue } from "./rules";

/*
 * What a person decides about a case through POST /jobs/{jobid}/status. Each action is allowed from
 * some phases only; the answer to any other is a 409 that names the phase. Holding, disputing and
 * the debtor's insolvency proceedings remember where the case was (its CaseMove into 100, 80 or the
 * proceedings), so release, resolve-dispute and end-proceedings return it there.
 *
 * A draft (11) is approved into the phase its jobtype starts in, with its document sent and its
 * case started as the same job posted that day (intake/case-start.ts), or discarded (102).
 */

/** Phases the sweep moves by itself; a case returned to one of them is looked at again today. */
const AUTOMATIC = new Set([0, 300, 1, 2, 41, 203]);

export interface ActionResult {
  jobid: number;
  action: CaseAction;
  fromcode: number;
  code: number;
  status: string | null;
  reviewon: string | null;
}

export async function applyCaseAction(
  db: Db,
  base: Clock,
  profile: { id: string; cid: string; clockOffsetSeconds: number },
  environment: Environment,
  jobid: number,
  input: CaseActionInput,
  /** Who acted: the API user (api), or the debtor on the online service (online). */
  cause: "api" | "online" = "api",
): Promise<ActionResult> {
  const clock = profileClock(base, profile, environment);
  const at = clock.now();
  const date = todayIn(clock, environment.rules.timeZone);
  return db.$transaction(async (tx) => {
    await lockFor(tx, `case:${jobid}`);
    const job = await tx.job.findFirst({
      where: { id: jobid, profileId: profile.id, environment: environment.id },
      select: {
        ...CASE_SELECT,
        jobtype: true,
        grossAmount: true,
        sensible: true,
        onHold: true,
        sendtype: true,
        billdate: true,
        data: true,
        customertype: true,
        pendingDocument: true,
      },
    });
    if (!job) throw new ServiceError("not_found", `There is no job ${jobid} of this profile.`);
    const row: CaseRow = job;
    const refuse = (why: string) =>
      new ServiceError("conflict", `${input.action} is not possible while the case is in phase ${row.jobstatus} (${phaseName(row.jobstatus)}): ${why}.`, {
        problems: [{ field: "action", code: "conflict", message: `not allowed from phase ${row.jobstatus}` }],
      });

    if (input.creditlosstype === "suspected" || input.reason) {
      if (input.action !== "creditloss")
        throw invalid("reason and creditlosstype belong to the creditloss action only.", input.reason ? "reason" : "creditlosstype");
    }
    let toCode: number;
    if (input.action === "enforcement") {
      const next = ENFORCEMENT_NEXT[row.jobstatus];
      if (next === undefined) throw refuse("enforcement follows a court filing (63) or a judgment waiting for transfer (65)");
      toCode = next;
    } else {
      if (!ACTION_FROM[input.action].includes(row.jobstatus))
        throw refuse(CLOSED_CODES.has(row.jobstatus) ? "the case is closed" : `allowed from ${ACTION_FROM[input.action].join(", ")}`);
      toCode = await targetOf(tx, row, job.jobtype, input.action);
    }

    // How the receiver hears of a credit loss is the profile's choice (credit-loss.ts).
    const lossModel = input.action === "creditloss" ? await creditLossModelOf(tx, profile.id) : null;
    if (input.action === "creditloss" && input.creditlosstype === "suspected") {
      if (environment.country !== "SWE") throw invalid("A suspected credit loss is reported in Sweden only.", "creditlosstype");
      if (lossModel === "status") {
        throw invalid(
          "This profile reports credit losses by lcstatus 103 (creditlossmodel status), which has no suspected credit loss; the creditloss messages of creditlossmodel timebased do.",
          "creditlosstype",
        );
      }
      await emitEvents(db, tx, [creditlossEvent(environment.id, profile, row, "suspected", input.reason ?? "OTHER", at, row)]);
      return { jobid, action: input.action, fromcode: row.jobstatus, code: row.jobstatus, status: phaseName(row.jobstatus), reviewon: null };
    }

    if (input.action === "approve") return approveDraft(db, tx, job, { cid: profile.cid, environment, date, at, note: input.note });

    let moved = row;
    const entersProceedings = inProceedings(toCode) && !inProceedings(row.jobstatus);
    if (entersProceedings) {
      // The claim as it stands the day the proceedings begin: interest up to then, none while they last.
      moved = await chargeInterestTo(tx, { ...row, customertype: job.customertype }, environment.country, date, at);
    }
    if (input.action === "end-proceedings") {
      // Interest runs again from the day they end, not over them: a charge of nothing marks where the next one starts.
      await writeCaseEntry(tx, { jobId: row.id, profileId: profile.id, component: "interest", amount: 0n, kind: "interest", date, at });
    }
    if (input.action === "discard" && (row.openCapital !== 0n || row.openExpenses !== 0n)) {
      // A draft's capital was counted as posted when it came in (reports/control-list.ts), and the fee a
      // reminder or collection was posted with booked then (intake/store-jobs.ts): each leaves by its own movement.
      for (const [component, amount] of [
        ["capital", row.openCapital],
        ["expenses", row.openExpenses],
      ] as const) {
        if (amount !== 0n) await writeCaseEntry(tx, { jobId: row.id, profileId: profile.id, component, amount: -amount, kind: "discarded", date, at });
      }
      await tx.job.update({ where: { id: row.id }, data: { openCapital: 0n, openExpenses: 0n } });
      moved = { ...row, openCapital: 0n, openExpenses: 0n };
    }
    if (input.action === "creditloss") {
      // The receivable is written off: each open component leaves the case with an entry of its own.
      const components = [
        ["capital", row.openCapital],
        ["interest", row.openInterest],
        ["expenses", row.openExpenses],
      ] as const;
      for (const [component, amount] of components) {
        if (amount === 0n) continue;
        await writeCaseEntry(tx, { jobId: row.id, profileId: profile.id, component, amount: -amount, kind: "creditloss", date, at });
      }
      await tx.job.update({ where: { id: row.id }, data: { openCapital: 0n, openInterest: 0n, openExpenses: 0n } });
      moved = { ...row, openCapital: 0n, openInterest: 0n, openExpenses: 0n };
    }

    const reviewOn: string | null = AUTOMATIC.has(toCode) ? date : null;
    const returning = input.action === "release" || input.action === "resolve-dispute" || input.action === "end-proceedings";
    const letterWaits = returning && toCode === 2 && (await postedLetterWaits(tx, environment, job));
    if (returning && !letterWaits) {
      // A debtor who waited on a hold or a dispute gets a fresh term before the next step.
      const notice = toCode === 1 ? "reminder" : toCode === 2 ? "collection" : null;
      if (notice !== null) {
        const due = noticeDue(environment.country, notice, date);
        if (!row.currentPaydate || row.currentPaydate < due) moved = { ...moved, currentPaydate: due };
        await tx.job.update({ where: { id: row.id }, data: { currentPaydate: moved.currentPaydate } });
      }
    }
    if (input.action === "hold" || input.action === "release") await tx.job.update({ where: { id: row.id }, data: { onHold: input.action === "hold" } });

    // Back in 2 before collection may begin: the receiver hears which day it does (sweep-lifecycle.ts sends 2 again then).
    const begins = letterWaits ? collectionMayBeginOn(environment.country, noticeDateOf(job.data)) : null;
    const extra = {
      ...(input.note ? { note: input.note } : {}),
      ...(input.action === "creditloss" ? { reason: input.reason ?? "OTHER" } : {}),
      ...(begins !== null && begins > date ? { collectionbegins: begins } : {}),
    };
    await moveCase(db, tx, moved, { cid: profile.cid, toCode, cause, date, at, reviewOn, extra, lcstatus: lossModel !== "timebased" });
    // Its letter never went: the sweep's first look starts the case, on the day it may begin, and sends it.
    if (letterWaits) await tx.job.update({ where: { id: row.id }, data: { phaseSince: null } });
    if (lossModel === "timebased") await emitEvents(db, tx, [creditlossEvent(environment.id, profile, row, "creditloss", input.reason ?? "OTHER", at, row)]);
    return {
      jobid,
      action: input.action,
      fromcode: row.jobstatus,
      code: toCode,
      status: phaseName(toCode),
      reviewon: CLOSED_CODES.has(toCode) ? null : reviewOn,
    };
  });
}

async function targetOf(tx: Tx, row: CaseRow, jobtype: number, action: Exclude<CaseAction, "enforcement">): Promise<number> {
  switch (action) {
    case "approve":
      return startCode(jobtype);
    case "discard":
      return 102;
    case "reschedule":
      return 6;
    case "restructuring":
      return 110;
    case "bankruptcy":
      return 111;
    case "postcollection":
      return 17;
    case "end-proceedings": {
      // Bankruptcy may follow a failed restructuring: the case goes back to where collection stood.
      const entered = await tx.caseMove.findFirst({
        where: { jobId: row.id, toCode: { in: [...PROCEEDINGS] }, fromCode: { notIn: [...PROCEEDINGS] } },
        orderBy: { at: "desc" },
        select: { fromCode: true },
      });
      return entered?.fromCode === CUTOFF_WARNING ? (await phasesBeforeWarning(tx, [row.id])).get(row.id)! : (entered?.fromCode ?? startCode(jobtype));
    }
    case "hold":
      return 100;
    case "dispute":
      return 80;
    case "terminate":
      return 102;
    case "legal":
      return 63;
    case "creditloss":
      return 103;
    case "release":
    case "resolve-dispute": {
      const entered = await tx.caseMove.findFirst({
        // An approved draft on hold came from 11, and a case back from proceedings from them: neither is a phase to return to.
        where: { jobId: row.id, toCode: action === "release" ? 100 : 80, fromCode: { notIn: [DRAFT_STATUS, ...PROCEEDINGS] } },
        orderBy: { at: "desc" },
        select: { fromCode: true },
      });
      // A job posted with putonhold = 1 never had another phase: it starts where its jobtype starts.
      // A hold or dispute broke off a cut-off warning's wait: the case returns to where collection stood.
      return entered?.fromCode === CUTOFF_WARNING ? (await phasesBeforeWarning(tx, [row.id])).get(row.id)! : (entered?.fromCode ?? startCode(jobtype));
    }
  }
}

/**
 * Whether a collection posted before it could begin (rules.ts collectionMayBeginOn) still has its
 * letter to send: held at intake (intake/case-start.ts), then held or disputed before its day came.
 * The sweep asks the same of a case it first looks at (sweep-lifecycle.ts firstLooksOf).
 */
async function postedLetterWaits(
  tx: Tx,
  environment: Environment,
  job: { id: number; jobtype: number; data: unknown; pendingDocument: string | null; sendtype: string | null },
): Promise<boolean> {
  if (job.jobtype !== 2 || job.pendingDocument !== null || job.sendtype === "print") return false;
  if (collectionMayBeginOn(environment.country, noticeDateOf(job.data)) === null) return false;
  return (await tx.dispatch.count({ where: { jobId: job.id } })) === 0;
}

interface DraftRow extends CaseRow {
  jobtype: number;
  grossAmount: bigint;
  sensible: boolean;
  onHold: boolean;
  sendtype: string | null;
  billdate: string | null;
  data: unknown;
}

/**
 * A draft approved: its case starts as the same job posted today would (intake/case-start.ts) and
 * its document goes to the distribution worker. One posted with putonhold starts on hold (100). An
 * invoice whose due date has passed would reach the debtor already late: it is refused until the
 * due date is moved (PATCH /jobs/{jobid}/duedate).
 */
async function approveDraft(
  db: Db,
  tx: Tx,
  job: DraftRow,
  context: { cid: string; environment: Environment; date: string; at: Date; note?: string },
): Promise<ActionResult> {
  const due = currentDueDate(job);
  if ((job.jobtype === 0 || job.jobtype === 300 || job.jobtype === 602) && job.grossAmount > 0n && due !== null && due < context.date) {
    throw new ServiceError(
      "conflict",
      `The draft's due date ${due} has passed; move it with PATCH /jobs/${job.id}/duedate before approving, so the debtor gets a fair term.`,
      { problems: [{ field: "action", code: "conflict", message: "the due date has passed" }] },
    );
  }
  const start = caseStart(
    {
      jobtype: job.jobtype,
      gross: job.grossAmount,
      paydate: due,
      sensible: job.sensible,
      onHold: job.onHold,
      sendtype: job.sendtype,
      billdate: job.billdate,
      data: job.data,
    },
    context.environment.country,
    context.date,
  );
  const toCode = job.onHold ? 100 : startCode(job.jobtype);
  // A collection's own fee, charged as its letter goes (posted-fee.ts postedCollectionFee), as intake charges it.
  const row: CaseRow = { ...job, currentPaydate: start.currentPaydate, openExpenses: job.openExpenses + start.collectionFee };
  if (start.collectionFee > 0n)
    await writeCaseEntry(tx, {
      jobId: job.id,
      profileId: job.profileId,
      component: "expenses",
      amount: start.collectionFee,
      kind: "collection_fee",
      date: context.date,
      at: context.at,
    });
  await tx.job.update({
    where: { id: job.id },
    data: { currentPaydate: start.currentPaydate, pendingDocument: start.pendingDocument, sentOn: start.sentOn, openExpenses: row.openExpenses },
  });
  await moveCase(db, tx, row, {
    cid: context.cid,
    toCode,
    cause: "api",
    date: context.date,
    at: context.at,
    reviewOn: start.reviewOn,
    extra: context.note ? { note: context.note } : {},
  });
  // The sweep's first look starts what intake would have (a payment plan): the move does not count as it.
  await tx.job.update({ where: { id: job.id }, data: { phaseSince: start.phaseSince } });
  if (start.pendingDocument) await signalAfterCommit(tx, "documents");
  return { jobid: job.id, action: "approve", fromcode: job.jobstatus, code: toCode, status: phaseName(toCode), reviewon: start.reviewOn };
}

const phaseName = (code: number) => LIFECYCLE_CODES[code as keyof typeof LIFECYCLE_CODES] ?? null;
const invalid = (detail: string, field: string) => new ServiceError("invalid_request", detail, { problems: [{ field, code: "invalid", message: detail }] });
