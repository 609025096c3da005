import { lockFor } from "../../db/advisory-lock";
import type { Tx } from "../../db/client";
import { fromCents } from "../../payment-data/amounts";
import { DRAFT_STATUS } from "../../spec/codes";
import { ServiceError } from "../errors";
import { CASE_SELECT, caseIdentity, CLOSED_CODES, type CaseRow } from "../lifecycle/case-state";

import { findProfileCase, type CaseRef } from "./find-case";

/*
 * A credit note is a job with a negative gross: what it credits is that amount, positive. What is
 * left of it is the credit less what stands allocated to debit invoices and what was refunded.
 */

export type CreditNoteRow = CaseRow & { grossAmount: bigint; currency: string; data: unknown };

export async function lockedCreditNote(tx: Tx, profileId: string, ref: CaseRef, field = "creditjobid"): Promise<CreditNoteRow> {
  const id = await findProfileCase(tx, profileId, ref, field);
  // Allocations and refunds of one credit note must not both spend the same remainder.
  await lockFor(tx, `credit:${id}`);
  const row = await tx.job.findUniqueOrThrow({ where: { id }, select: { ...CASE_SELECT, grossAmount: true, currency: true, data: true } });
  if (row.grossAmount >= 0n) {
    throw new ServiceError("conflict", `Job ${id} is not a credit note: its total is not negative.`, {
      problems: [{ field, code: "conflict", message: "is not a credit note (its gross is not negative)" }],
    });
  }
  if (row.jobstatus === DRAFT_STATUS) {
    throw new ServiceError("conflict", `Credit note ${id} is a draft; approve it first.`, {
      problems: [{ field, code: "conflict", message: "the credit note is a draft" }],
    });
  }
  if (CLOSED_CODES.has(row.jobstatus) && row.jobstatus !== 104) {
    throw new ServiceError("conflict", `Credit note ${id} is closed (lifecycle code ${row.jobstatus}).`, {
      problems: [{ field, code: "conflict", message: "the credit note is closed" }],
    });
  }
  return row;
}

export async function creditRemaining(tx: Tx, credit: CreditNoteRow): Promise<bigint> {
  const spent = await tx.creditAllocation.aggregate({ where: { creditJobId: credit.id, action: { in: ["allocated", "refunded"] } }, _sum: { amount: true } });
  return -credit.grossAmount - (spent._sum.amount ?? 0n);
}

/** IBAN shown in events: country and check digits and the last four, the rest masked. */
export function maskIban(iban: string): string {
  return iban.length <= 8 ? "*".repeat(iban.length) : `${iban.slice(0, 4)}${"*".repeat(iban.length - 8)}${iban.slice(-4)}`;
}

export function creditnoteMessage(
  cid: string,
  credit: CaseRow,
  type: "allocated" | "unallocated" | "refunded",
  at: Date,
  amount: bigint,
  extra: { target?: CaseRow; refundiban?: string; refunddate?: string } = {},
): Record<string, unknown> {
  const target = extra.target;
  return {
    cid,
    ...caseIdentity(credit),
    type,
    time: at.toISOString(),
    amount: fromCents(amount),
    allocations: target ? [{ jobid: target.id, invoicenumber: target.billnum, amount: fromCents(amount) }] : [],
    ...(target ? { targetjobid: target.id, targetinvoicenumber: target.billnum } : {}),
    ...(extra.refundiban ? { refundiban: extra.refundiban, refunddate: extra.refunddate } : {}),
  };
}
