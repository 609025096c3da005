import { fromCents } from "@/lib/payment-data/amounts";
import { ServiceError } from "@/lib/service/errors";
import { otherMethodsOf, route } from "@/lib/service/http/route";
import { profileClock } from "@/lib/service/lifecycle/profile-clock";
import { allocateUnmatchedPayment, breakdownMessage } from "@/lib/service/payments/book-payment";
import { paymentOperations } from "@/lib/spec/operations/payments";

/** POST /payments/{id}/allocate: an unmatched payment of the profile booked to one of its cases. */
export const POST = route(paymentOperations.allocate, async ({ environment, db, clock: baseClock, principal, params, body }) => {
  const clock = profileClock(baseClock, principal.profile, environment);
  const paymentId = params.id;
  const result = await db.$transaction((tx) =>
    allocateUnmatchedPayment(db, tx, { environment, profileId: principal.profile.id, paymentId, jobId: body.jobid, at: clock.now() }),
  );
  if (result === "payment_not_found") throw new ServiceError("not_found", `There is no payment ${paymentId} of this profile.`);
  if (result === "case_not_found") {
    throw new ServiceError("not_found", `There is no job ${body.jobid} of this profile.`, {
      problems: [{ field: "jobid", code: "not_found", message: "no such job of this profile" }],
    });
  }
  if (result === "already_booked") throw new ServiceError("conflict", `Payment ${paymentId} is booked already.`);
  if (result === "refunded") throw new ServiceError("conflict", `Payment ${paymentId} was paid back to the payer.`);
  if (result === "currency_differs") {
    throw new ServiceError("conflict", "The payment and the invoice are in different currencies.", {
      problems: [{ field: "jobid", code: "conflict", message: "is in another currency" }],
    });
  }
  return Response.json({
    paymentId: result.paymentId,
    status: result.status,
    jobid: result.jobId,
    amount: fromCents(result.amount),
    unallocated: fromCents(result.unallocated),
    amountbreakdown: breakdownMessage(result.paid),
    openamountbreakdown: breakdownMessage(result.open),
  });
});

export const { GET, PUT, PATCH, DELETE } = otherMethodsOf(paymentOperations.allocate.path);
