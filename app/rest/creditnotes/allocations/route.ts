import { otherMethodsOf, route } from "@/lib/service/http/route";
import { profileClock } from "@/lib/service/lifecycle/profile-clock";
import { allocateCreditNote } from "@/lib/service/payments/allocate-credit-note";
import { paymentOperations } from "@/lib/spec/operations/payments";

/** POST /creditnotes/allocations: a credit note of the profile allocated to one of its debit invoices. */
export const POST = route(paymentOperations.allocateCreditNote, async ({ environment, db, clock, principal, body }) => {
  const at = profileClock(clock, principal.profile, environment).now();
  const result = await db.$transaction((tx) =>
    allocateCreditNote(
      db,
      tx,
      { environment, profile: principal.profile, at, report: true },
      {
        credit: { jobid: body.creditjobid, billnum: body.creditbillnum },
        target: { jobid: body.refundtojobid, billnum: body.refundtobillnum },
        amount: body.amount,
      },
    ),
  );
  return Response.json(result, { status: 201, headers: { Location: `/${environment.id}/rest/creditnotes/allocations/${result.id}` } });
});

export const { GET, PUT, PATCH, DELETE } = otherMethodsOf(paymentOperations.allocateCreditNote.path);
