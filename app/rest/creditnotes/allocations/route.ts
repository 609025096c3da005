import { authenticate } from "@/lib/service/auth/verify-token";
import { jsonBody } from "@/lib/service/http/json-body";
import { otherMethods, restHandler } from "@/lib/service/http/rest-handler";
import { profileClock } from "@/lib/service/lifecycle/profile-clock";
import { allocateCreditNote } from "@/lib/service/payments/allocate-credit-note";
import { creditAllocationRequestSchema } from "@/lib/spec/payment-requests";

/** POST /creditnotes/allocations: a credit note of the profile allocated to one of its debit invoices. */
export const POST = restHandler(async ({ request, environment, db, clock: baseClock }) => {
  const principal = await authenticate(db, request.headers.get("authorization"), environment, baseClock);
  const clock = profileClock(baseClock, principal.profile, environment);
  const body = await jsonBody(request, creditAllocationRequestSchema);
  const result = await db.$transaction((tx) =>
    allocateCreditNote(
      db,
      tx,
      { environment, profile: principal.profile, at: clock.now(), report: true },
      {
        credit: { jobid: body.creditjobid, billnum: body.creditbillnum },
        target: { jobid: body.refundtojobid, billnum: body.refundtobillnum },
        amount: body.amount,
      },
    ),
  );
  return Response.json(result, { status: 201, headers: { Location: `/${environment.id}/rest/creditnotes/allocations/${result.id}` } });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
