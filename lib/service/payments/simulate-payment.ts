import type { Db } from "../../db/client";
import { fromCents } from "../../payment-data/amounts";
import { today, type Clock } from "../../platform/clock";
import type { Environment } from "../../spec/environments";
import { ServiceError } from "../errors";

import { breakdownMessage, bookPayment } from "./book-payment";
import { compactReference } from "./match-reference";
import { settlementDateOf } from "./settlement-date";

/*
 * A test environment's stand-in for the bank: a payment "arrives" as a bank payment would, on the
 * profile's own clock, and is matched by reference (or to the named job) within the profile.
 */

interface SimulatedPaymentInput {
  reference?: string | null;
  jobid?: number | null;
  amount: bigint;
  paymentdate?: string | null;
}

export async function simulatePayment(db: Db, context: { environment: Environment; profileId: string; clock: Clock }, input: SimulatedPaymentInput) {
  if (!context.environment.isTest) throw new ServiceError("not_found", "Simulated payments exist only in test environments.");
  const businessDay = today(context.clock, context.environment.rules.timeZone);
  const paymentDate = input.paymentdate ?? businessDay;
  if (paymentDate > businessDay) {
    throw new ServiceError("invalid_request", "The payment date is in the future on this profile's clock.", {
      problems: [{ field: "paymentdate", code: "invalid", message: `must be ${businessDay} or earlier` }],
    });
  }
  return db.$transaction(async (tx) => {
    let currency: string = context.environment.rules.currency;
    if (input.jobid !== undefined && input.jobid !== null) {
      const job = await tx.job.findFirst({ where: { id: input.jobid, profileId: context.profileId, jobtype: { not: 301 } }, select: { currency: true } });
      if (!job)
        throw new ServiceError("not_found", `There is no job ${input.jobid} of this profile.`, {
          problems: [{ field: "jobid", code: "not_found", message: "no such job of this profile" }],
        });
      currency = job.currency;
    }
    const booked = await bookPayment(db, tx, {
      environment: context.environment,
      profileId: context.profileId,
      jobId: input.jobid ?? null,
      reference: input.reference ? compactReference(input.reference) : null,
      amount: input.amount,
      currency,
      paymentDate,
      accountDate: businessDay,
      settlementDate: settlementDateOf(context.environment.country, businessDay),
      source: "simulated",
      at: context.clock.now(),
    });
    return {
      paymentId: booked.paymentId,
      status: booked.status,
      jobid: booked.jobId,
      amount: fromCents(booked.amount),
      unallocated: fromCents(booked.unallocated),
      amountbreakdown: breakdownMessage(booked.paid),
      openamountbreakdown: booked.status === "booked" ? breakdownMessage(booked.open) : null,
    };
  });
}
