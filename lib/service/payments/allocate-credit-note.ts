import { randomUUID } from "node:crypto";

import { lockFor } from "../../db/advisory-lock";
import type { Db, Tx } from "../../db/client";
import { fromCents } from "../../payment-data/amounts";
import { today } from "../../platform/clock";
import { DRAFT_STATUS } from "../../spec/codes";
import type { Environment } from "../../spec/environments";
import { saidOf, type Said } from "../../spec/problems";
import { ServiceError } from "../errors";
import { emitEvents } from "../events/emit-events";
import { CASE_SELECT, CLOSED_CODES, moveCase, openTotal, writeCaseEntry, type CaseRow } from "../lifecycle/case-state";

import { amountAboveConflict } from "./amount-left";
import { creditnoteMessage, creditRemaining, lockedCreditNote } from "./credit-note";
import { findProfileCase, type CaseRef } from "./find-case";

/*
 * A credit note allocated to a debit invoice lowers the invoice's capital: it corrects the sale
 * itself, so unlike a payment it takes capital, not costs or interest first. The credit note's
 * own case moves to 104 Credit invoice; the debit invoice to 101 Paid when nothing is left open.
 * Removing an allocation puts the capital back and, when the allocation had closed the invoice,
 * reopens it in the phase it was in.
 */

export interface CreditContext {
  environment: Environment;
  profile: { id: string; cid: string };
  at: Date;
  /** False for allocations the client gave at intake: the specification leaves those unreported. */
  report: boolean;
}

interface AllocationResult {
  id: string;
  creditjobid: number;
  targetjobid: number;
  amount: number;
  remaining: number;
  targetopencapital: number;
  targetjobstatus: number;
}

const conflict = (field: string, detail: string, said: string | Said) =>
  new ServiceError("conflict", detail, { problems: [{ field, code: "conflict", ...saidOf(said) }] });

export async function allocateCreditNote(
  db: Db,
  tx: Tx,
  context: CreditContext,
  input: { credit: CaseRef; target: CaseRef; amount?: bigint | null },
): Promise<AllocationResult> {
  const credit = await lockedCreditNote(tx, context.profile.id, input.credit, input.credit.jobid != null ? "creditjobid" : "creditbillnum");
  const targetField = input.target.jobid != null ? "refundtojobid" : "refundtobillnum";
  const targetId = await findProfileCase(tx, context.profile.id, input.target, targetField);
  if (targetId === credit.id) throw conflict(targetField, "A credit note cannot be allocated to itself.", "is the credit note itself");
  await lockFor(tx, `case:${targetId}`);
  const target = await tx.job.findUniqueOrThrow({ where: { id: targetId }, select: { ...CASE_SELECT, currency: true, grossAmount: true } });
  if (target.grossAmount <= 0n) throw conflict(targetField, `Job ${targetId} is no debit invoice.`, "is not a debit invoice");
  if (target.jobstatus === DRAFT_STATUS) throw conflict(targetField, `Job ${targetId} is a draft; approve it first.`, "the debit invoice is a draft");
  if (CLOSED_CODES.has(target.jobstatus)) {
    throw conflict(targetField, `Job ${targetId} is closed (lifecycle code ${target.jobstatus}).`, "the debit invoice is closed");
  }
  if (target.currency !== credit.currency) {
    throw conflict(targetField, `The credit note is in ${credit.currency}, the invoice in ${target.currency}.`, "is in another currency");
  }
  const remaining = await creditRemaining(tx, credit);
  if (remaining <= 0n) throw conflict("creditjobid", `Credit note ${credit.id} is used up.`, "has nothing left to allocate");
  const amount = input.amount ?? (remaining < target.openCapital ? remaining : target.openCapital);
  if (amount <= 0n) throw conflict(targetField, `Job ${targetId} has no open capital.`, "has no open capital");
  if (amount > remaining) {
    throw amountAboveConflict("amount", `The credit note has ${fromCents(remaining)} left to allocate.`, remaining);
  }
  if (amount > target.openCapital) {
    throw amountAboveConflict("amount", `The invoice has ${fromCents(target.openCapital)} of open capital.`, target.openCapital);
  }

  const date = today({ now: () => context.at }, context.environment.rules.timeZone);
  const id = randomUUID();
  await tx.creditAllocation.create({
    data: { id, profileId: context.profile.id, creditJobId: credit.id, targetJobId: targetId, action: "allocated", amount, createdAt: context.at },
  });
  await writeCaseEntry(tx, {
    jobId: targetId,
    profileId: context.profile.id,
    component: "capital",
    amount: -amount,
    kind: "credit_note",
    date,
    at: context.at,
  });
  const targetRow: CaseRow = { ...target, openCapital: target.openCapital - amount };
  await tx.job.update({ where: { id: targetId }, data: { openCapital: targetRow.openCapital } });
  if (context.report) {
    await emitEvents(db, tx, [
      {
        environment: context.environment.id,
        profileId: context.profile.id,
        jobId: credit.id,
        type: "creditnote",
        message: creditnoteMessage(context.profile.cid, credit, "allocated", context.at, amount, { target: targetRow }),
        createdAt: context.at,
      },
    ]);
  }
  if (credit.jobstatus !== 104) {
    await moveCase(db, tx, credit, { cid: context.profile.cid, toCode: 104, cause: "credit", date, at: context.at, reviewOn: null });
  }
  let targetjobstatus = target.jobstatus;
  if (openTotal(targetRow) === 0n) {
    targetjobstatus = 101;
    await moveCase(db, tx, targetRow, { cid: context.profile.cid, toCode: 101, cause: "credit", date, at: context.at, reviewOn: null });
  }
  return {
    id,
    creditjobid: credit.id,
    targetjobid: targetId,
    amount: fromCents(amount),
    remaining: fromCents(remaining - amount),
    targetopencapital: fromCents(targetRow.openCapital),
    targetjobstatus,
  };
}

export async function unallocateCreditNote(db: Db, context: Omit<CreditContext, "report">, allocationId: string) {
  return db.$transaction(async (tx) => {
    const found = await tx.creditAllocation.findFirst({ where: { id: allocationId, profileId: context.profile.id } });
    if (!found || found.targetJobId === null) throw new ServiceError("not_found", `There is no credit note allocation ${allocationId} of this profile.`);
    await lockFor(tx, `credit:${found.creditJobId}`);
    await lockFor(tx, `case:${found.targetJobId}`);
    // Read again under the lock: a concurrent removal of the same allocation must find it gone.
    const allocation = await tx.creditAllocation.findUniqueOrThrow({ where: { id: allocationId } });
    if (allocation.action !== "allocated") throw conflict("id", `Allocation ${allocationId} was removed already.`, "is no longer allocated");
    const target = await tx.job.findUniqueOrThrow({ where: { id: found.targetJobId }, select: CASE_SELECT });
    const credit = await tx.job.findUniqueOrThrow({ where: { id: found.creditJobId }, select: CASE_SELECT });
    const date = today({ now: () => context.at }, context.environment.rules.timeZone);
    let reopenTo: number | null = null;
    if (CLOSED_CODES.has(target.jobstatus)) {
      const last = await tx.caseMove.findFirst({ where: { jobId: target.id }, orderBy: { at: "desc" } });
      if (target.jobstatus !== 101 || last?.cause !== "credit" || last.fromCode === null) {
        throw conflict(
          "id",
          `Job ${target.id} was closed since (lifecycle code ${target.jobstatus}); the allocation can no longer be removed.`,
          "the debit invoice is closed",
        );
      }
      reopenTo = last.fromCode;
    }
    await tx.creditAllocation.update({ where: { id: allocationId }, data: { action: "unallocated" } });
    await writeCaseEntry(tx, {
      jobId: target.id,
      profileId: context.profile.id,
      component: "capital",
      amount: allocation.amount,
      kind: "credit_note",
      date,
      at: context.at,
    });
    const targetRow: CaseRow = { ...target, openCapital: target.openCapital + allocation.amount };
    await tx.job.update({ where: { id: target.id }, data: { openCapital: targetRow.openCapital } });
    await emitEvents(db, tx, [
      {
        environment: context.environment.id,
        profileId: context.profile.id,
        jobId: credit.id,
        type: "creditnote",
        message: creditnoteMessage(context.profile.cid, credit, "unallocated", context.at, allocation.amount, { target: targetRow }),
        createdAt: context.at,
      },
    ]);
    let targetjobstatus = target.jobstatus;
    if (reopenTo !== null) {
      // Back in the phase the credit closed it from; the sweep looks at it today.
      await moveCase(db, tx, targetRow, { cid: context.profile.cid, toCode: reopenTo, cause: "credit", date, at: context.at, reviewOn: date });
      await tx.job.update({ where: { id: target.id }, data: { closedAt: null } });
      targetjobstatus = reopenTo;
    }
    return {
      id: allocationId,
      creditjobid: credit.id,
      targetjobid: target.id,
      amount: fromCents(allocation.amount),
      targetopencapital: fromCents(targetRow.openCapital),
      targetjobstatus,
    };
  });
}
