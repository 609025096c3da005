import type { Db, Tx } from "../../db/client";
import { signalAfterCommit } from "../../db/commit-signals";
import type { Cents } from "../../payment-data/amounts";
import type { CutoffPart } from "../documents/invoice-document";
import { CASE_SELECT, CLOSED_CODES, moveCase } from "../lifecycle/case-state";

import { contractData, type DisconnectionState } from "./contract-data";
import { contractNumbersOfJob } from "./contracts-of-job";

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
export const WARNED_PHASES: ReadonlySet<number> = new Set([2, 15, 16, 203]);

/**
 * Sends the warnings of a disconnection just recommended: each still-open case of the episode gets
 * the notice `cutoff` to send (by post, distribution/channels.ts) and, from a WARNED_PHASES phase,
 * moves to 150 until the interruption day. Runs in the recommendation's transaction.
 */
export async function warnOfCutoff(
  db: Db,
  tx: Tx,
  context: { profileId: string; cid: string; state: DisconnectionState; date: string; at: Date },
): Promise<number> {
  const { state } = context;
  const jobs = await tx.job.findMany({
    where: { id: { in: state.jobids }, profileId: context.profileId, closedAt: null },
    select: { ...CASE_SELECT, pendingDocument: true },
  });
  let warned = 0;
  for (const job of jobs) {
    if (CLOSED_CODES.has(job.jobstatus)) continue;
    // A notice still waiting (today's collection letter) is replaced: the warning claims the same, and more.
    if (job.pendingDocument !== "original") {
      await tx.job.update({ where: { id: job.id }, data: { pendingDocument: "cutoff" } });
      warned += 1;
    }
    if (WARNED_PHASES.has(job.jobstatus)) {
      await moveCase(db, tx, job, {
        cid: context.cid,
        toCode: 150,
        cause: "sweep",
        date: context.date,
        at: context.at,
        reviewOn: state.disconnectiondate,
        extra: { disconnectiondate: state.disconnectiondate },
      });
    }
  }
  if (warned > 0) await signalAfterCommit(tx, "documents");
  return warned;
}

/**
 * What each job's cut-off warning says of its usage place: the contract whose pending
 * disconnection names the job, its day, and the episode's other open invoices. A job whose
 * disconnection was withdrawn meanwhile (paid, reconnected, the contract ended) has none, and its
 * warning is not sent. Tenant scope: contracts and jobs of the job's own profile only.
 */
export async function cutoffPartsOf(db: Db, jobs: readonly { id: number; profileId: string; data: unknown }[]): Promise<Map<number, CutoffPart>> {
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
        others: others.map((other) => ({
          number: other.billnum,
          dueDate: other.paydate,
          open: Number(other.openCapital + other.openInterest + other.openExpenses) as Cents,
        })),
      });
      break;
    }
  }
  return parts;
}
