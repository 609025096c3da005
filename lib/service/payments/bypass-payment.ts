import { lockFor } from "../../db/advisory-lock";
import type { Db } from "../../db/client";
import { fromCents } from "../../payment-data/amounts";
import { today, type Clock } from "../../platform/clock";
import { orderedId } from "../../platform/ordered-id";
import type { Environment } from "../../spec/environments";
import { ruleProblem } from "../../spec/problems";
import { ServiceError } from "../errors";
import { CASE_SELECT, CLOSED_CODES, moveCase, openTotal, writeCaseEntry, type CaseRow } from "../lifecycle/case-state";

import { breakdownMessage, bookPayment } from "./book-payment";
import { findProfileCase, type CaseRef } from "./find-case";
import { settlementDateOf } from "./settlement-date";

/*
 * What the principal reports itself: a payment the debtor made directly to it (a bypass payment,
 * booked like any payment), or capital it no longer claims (a capital cancellation: a discount, a
 * settled complaint). A cancellation lowers only capital and never below zero; it is no payment,
 * so it sends no payment event. When it leaves nothing open the case closes: 101 Paid when the
 * debtor has paid part of it (the rest was waived), 102 Job terminated when nothing was ever paid
 * (the principal withdrew the whole claim).
 */

interface BypassInput extends CaseRef {
  /** Minor units, positive. */
  amount: bigint;
  paymentdate: string;
  type: "payment" | "capitalcancellation";
  message?: string | null;
}

export interface BypassResult {
  paymentId: string;
  jobid: number;
  type: BypassInput["type"];
  amount: number;
  jobstatus: number;
  unallocated: number;
  openamount: number;
  amountbreakdown: { capital: number; interest: number; expenses: number };
  openamountbreakdown: { capital: number; interest: number; expenses: number };
}

interface Context {
  environment: Environment;
  profile: { id: string; cid: string };
  clock: Clock;
}

export async function reportBypass(db: Db, context: Context, input: BypassInput): Promise<BypassResult> {
  const now = context.clock.now();
  const businessDay = today(context.clock, context.environment.rules.timeZone);
  if (input.paymentdate > businessDay) {
    throw new ServiceError("invalid_request", "The payment date is in the future.", {
      problems: [{ field: "paymentdate", code: "invalid", message: `must be ${businessDay} or earlier` }],
    });
  }
  return db.$transaction(async (tx) => {
    const jobId = await findProfileCase(tx, context.profile.id, input);
    if (input.type === "payment") {
      const job = await tx.job.findUniqueOrThrow({ where: { id: jobId }, select: { currency: true } });
      const booked = await bookPayment(db, tx, {
        environment: context.environment,
        profileId: context.profile.id,
        jobId,
        amount: input.amount,
        currency: job.currency,
        paymentDate: input.paymentdate,
        accountDate: businessDay,
        settlementDate: settlementDateOf(context.environment.country, businessDay),
        source: "bypass",
        message: input.message ?? null,
        at: now,
      });
      const after = await tx.job.findUniqueOrThrow({ where: { id: jobId }, select: { jobstatus: true } });
      return {
        paymentId: booked.paymentId,
        jobid: jobId,
        type: input.type,
        amount: fromCents(input.amount),
        jobstatus: after.jobstatus,
        unallocated: fromCents(booked.unallocated),
        openamount: fromCents(booked.open.capital + booked.open.interest + booked.open.expenses),
        amountbreakdown: breakdownMessage(booked.paid),
        openamountbreakdown: breakdownMessage(booked.open),
      };
    }

    await lockFor(tx, `case:${jobId}`);
    const found = await tx.job.findUniqueOrThrow({ where: { id: jobId }, select: { ...CASE_SELECT, currency: true } });
    if (CLOSED_CODES.has(found.jobstatus)) {
      throw new ServiceError("conflict", `Job ${jobId} is closed (lifecycle code ${found.jobstatus}); there is no capital to cancel.`, {
        problems: [{ field: "jobid", code: "conflict", message: "the case is closed" }],
      });
    }
    if (input.amount > found.openCapital) {
      throw new ServiceError("conflict", `The cancellation (${fromCents(input.amount)}) is more than the open capital (${fromCents(found.openCapital)}).`, {
        problems: [ruleProblem("amount", "conflict", "atMostOpenCapital", { max: fromCents(found.openCapital).toFixed(2) })],
      });
    }
    const paymentId = orderedId(now.getTime());
    await tx.payment.create({
      data: {
        id: paymentId,
        environment: context.environment.id,
        profileId: context.profile.id,
        jobId,
        amount: input.amount,
        currency: found.currency,
        paymentDate: input.paymentdate,
        accountDate: businessDay,
        source: "capital_cancellation",
        status: "booked",
        message: input.message ?? null,
        createdAt: now,
      },
    });
    await writeCaseEntry(tx, {
      jobId,
      profileId: context.profile.id,
      component: "capital",
      amount: -input.amount,
      kind: "capital_cancellation",
      paymentId,
      date: input.paymentdate,
      at: now,
    });
    const row: CaseRow = { ...found, openCapital: found.openCapital - input.amount };
    await tx.job.update({ where: { id: jobId }, data: { openCapital: row.openCapital } });
    let jobstatus = found.jobstatus;
    if (openTotal(row) === 0n) {
      const paidBefore = await tx.caseEntry.count({ where: { jobId, kind: { in: ["payment", "bypass_payment"] } } });
      jobstatus = paidBefore > 0 ? 101 : 102;
      await moveCase(db, tx, row, { cid: context.profile.cid, toCode: jobstatus, cause: "api", date: businessDay, at: now, reviewOn: null });
    }
    const open = { capital: row.openCapital, interest: row.openInterest, expenses: row.openExpenses };
    return {
      paymentId,
      jobid: jobId,
      type: input.type,
      amount: fromCents(input.amount),
      jobstatus,
      unallocated: 0,
      openamount: fromCents(openTotal(row)),
      amountbreakdown: breakdownMessage({ capital: input.amount, interest: 0n, expenses: 0n }),
      openamountbreakdown: breakdownMessage(open),
    };
  });
}
