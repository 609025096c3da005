import { randomUUID } from "node:crypto";

import { lockCases } from "../../db/advisory-lock";
import type { Db, Tx } from "../../db/client";
import { signalAfterCommit } from "../../db/commit-signals";
import { CUTOFF_WARNING } from "../../spec/codes";
import type { EnvironmentId } from "../../spec/environments";
import { reportedChannel } from "../distribution/queue-dispatches";
import type { CutoffPart } from "../documents/invoice-document";
import { CASE_SELECT, CLOSED_CODES, moveCases, openTotal } from "../lifecycle/case-state";
import { lockJobRows } from "../lifecycle/raw-query";

import { contractData, type DisconnectionState } from "./contract-data";
import { contractNumbersOfJob } from "./contracts-of-job";
import { TOO_LATE_CODE } from "./disconnection-rules";

/*
 * The cut-off warning (lifecycle code 150). The laws that let an energy supplier cut supply for an
 * unpaid invoice want the customer told in writing first, with the day it may happen
 * (sähkömarkkinalaki 588/2013 102 §, ellagen 1997:857 11 kap. 4 §; disconnection-rules.ts): so
 * the sweep that recommends a disconnection (evaluate-disconnections.ts) sends, in the same
 * transaction, one warning per unpaid invoice of the usage place, each with its own claim and payment
 * reference and naming the others, so each can be paid as it stands.
 *
 * A case worked by the collection process itself waits in 150 until the interruption day and then
 * returns to where it was (lifecycle/decide-step.ts). A case a court, an enforcement authority or a
 * person handles (63, 65, 112, 85 …) keeps its phase: its warning goes all the same, since the law
 * asks for it whatever stage the debt is at.
 */

/** Phases a case leaves for 150 while its warning runs: those the collection process works by itself or waits in for a person's next step. */
const WARNED_PHASES: ReadonlySet<number> = new Set([2, 15, 16, 203]);

/**
 * The episode's cases, locked for the recommendation's transaction before it writes any event: in
 * id order, `case:` as payments lock them, and their rows on PostgreSQL (which the sweep skips while
 * held). The still-open ones, as they stand under the lock.
 */
export async function lockEpisode(db: Db, tx: Tx, profileId: string, state: DisconnectionState) {
  const ids = await lockCases(tx, state.jobids);
  if (ids.length === 0) return [];
  await lockJobRows(db, tx, ids);
  const jobs = await tx.job.findMany({
    where: { id: { in: ids }, profileId, closedAt: null },
    select: { ...CASE_SELECT, customertype: true },
    orderBy: { id: "asc" },
  });
  return jobs.filter((job) => !CLOSED_CODES.has(job.jobstatus) && openTotal(job) > 0n);
}

/**
 * Sends the warnings of a disconnection just recommended, to the cases lockEpisode locked: each gets
 * a `cutoff` dispatch of its own, by post (a Dispatch row beside whatever notice the case already
 * waits to send, so a collection letter whose fee was charged still goes), and a case in a
 * WARNED_PHASES phase moves to 150 until the interruption day, its lcstatus after the `disconnect`
 * that caused it.
 */
export async function warnOfCutoff(
  db: Db,
  tx: Tx,
  open: Awaited<ReturnType<typeof lockEpisode>>,
  context: { profileId: string; cid: string; environment: EnvironmentId; state: DisconnectionState; date: string; at: Date },
): Promise<number> {
  const { state } = context;
  for (const job of open) {
    await tx.dispatch.create({
      data: {
        id: randomUUID(),
        jobId: job.id,
        document: "cutoff",
        profileId: context.profileId,
        environment: context.environment,
        // The law wants it in writing at the customer's address (distribution/channels.ts).
        sendtype: "post",
        distributionChannel: reportedChannel("post", job.customertype, context.environment),
        status: "pending",
        createdAt: context.at,
      },
    });
  }
  await moveCases(
    db,
    tx,
    open
      .filter((job) => WARNED_PHASES.has(job.jobstatus))
      .map((job) => ({
        row: job,
        move: {
          cid: context.cid,
          toCode: CUTOFF_WARNING,
          cause: "sweep",
          date: context.date,
          at: context.at,
          reviewOn: state.disconnectiondate,
          extra: { disconnectiondate: state.disconnectiondate },
        },
      })),
  );
  if (open.length > 0) await signalAfterCommit(tx, "documents");
  return open.length;
}

/**
 * The episode's warnings that could not go in time: for each job of the episode, its latest cut-off
 * dispatch since the warnings were first queued, and which of those are still to go (pending) or
 * failed because their day had come too near (TOO_LATE_CODE). Failures of another kind (no address,
 * a withdrawn disconnection) are not re-sent: another letter would fail the same way.
 */
export async function warningsBehind(db: Db, jobids: readonly number[], warnedAt: string): Promise<{ pending: number[]; tooNear: number[] }> {
  const dispatches = await db.dispatch.findMany({
    where: { jobId: { in: [...jobids] }, document: "cutoff", createdAt: { gte: new Date(warnedAt) } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { jobId: true, status: true, errorCode: true },
  });
  const latest = new Map(dispatches.map((dispatch) => [dispatch.jobId, dispatch]));
  const pending: number[] = [];
  const tooNear: number[] = [];
  for (const [jobId, dispatch] of latest) {
    if (dispatch.status === "pending") pending.push(jobId);
    else if (dispatch.status === "error" && dispatch.errorCode === TOO_LATE_CODE) tooNear.push(jobId);
  }
  return { pending, tooNear };
}

/** The phase each case left for its last cut-off warning (150): where it returns when the wait ends or is broken off (2 when none is recorded). */
export async function phasesBeforeWarning(tx: Tx, jobIds: readonly number[]): Promise<Map<number, number>> {
  const phases = new Map<number, number>(jobIds.map((id) => [id, 2]));
  if (jobIds.length === 0) return phases;
  const moves = await tx.caseMove.findMany({
    where: { jobId: { in: [...jobIds] }, toCode: CUTOFF_WARNING, fromCode: { in: [...WARNED_PHASES] } },
    orderBy: { at: "asc" },
    select: { jobId: true, fromCode: true },
  });
  // Oldest first: the last one written wins.
  for (const move of moves) phases.set(move.jobId, move.fromCode!);
  return phases;
}

/**
 * What each job's cut-off warning says of its usage place: the contract whose pending
 * disconnection names the job, its day, and the episode's other open invoices. A job whose
 * disconnection was withdrawn meanwhile (paid, reconnected, the contract ended) has none, and its
 * warning is not sent. Tenant scope: contracts and jobs of the job's own profile only.
 */
export async function cutoffPartsOf(
  db: Db,
  jobs: readonly { id: number; profileId: string; customertype: number; data: unknown }[],
): Promise<Map<number, CutoffPart>> {
  const parts = new Map<number, CutoffPart>();
  for (const job of jobs) {
    const numbers = contractNumbersOfJob(job.data);
    if (numbers.length === 0) continue;
    const contracts = await db.contract.findMany({
      where: { profileId: job.profileId, contractNo: { in: numbers }, usagePlaceCode: { not: null } },
      orderBy: { contractNo: "asc" },
    });
    for (const contract of contracts) {
      const state = contractData(contract).disconnection;
      if (state?.state !== "disconnect" || !state.disconnectiondate || !state.jobids.includes(job.id)) continue;
      const others = await db.job.findMany({
        where: { id: { in: state.jobids.filter((id) => id !== job.id) }, profileId: job.profileId, closedAt: null },
        select: { id: true, billnum: true, paydate: true, openCapital: true, openInterest: true, openExpenses: true },
        orderBy: { id: "asc" },
      });
      parts.set(job.id, {
        usagePlaceCode: contract.usagePlaceCode!,
        contractNumber: contract.contractNo,
        disconnectionDate: state.disconnectiondate,
        consumer: job.customertype === 2,
        others: others.map((other) => ({
          number: other.billnum,
          dueDate: other.paydate,
          open: other.openCapital + other.openInterest + other.openExpenses,
        })),
      });
      break;
    }
  }
  return parts;
}
