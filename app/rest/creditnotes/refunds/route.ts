import { otherMethodsOf, route } from "@/lib/service/http/route";
import { profileClock } from "@/lib/service/lifecycle/profile-clock";
import { refundCreditNote } from "@/lib/service/payments/refund-credit-note";
import { paymentOperations } from "@/lib/spec/operations/payments";

/** POST /creditnotes/refunds: what is left of a credit note paid back to the end customer. */
export const POST = route(paymentOperations.refundCreditNote, async ({ environment, db, clock, principal, body }) => {
  const at = profileClock(clock, principal.profile, environment).now();
  return Response.json(await refundCreditNote(db, { environment, profile: principal.profile, at }, body), { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethodsOf(paymentOperations.refundCreditNote.path);
