import { otherMethodsOf, route } from "@/lib/service/http/route";
import { profileClock } from "@/lib/service/lifecycle/profile-clock";
import { unallocateCreditNote } from "@/lib/service/payments/allocate-credit-note";
import { paymentOperations } from "@/lib/spec/operations/payments";

/** DELETE /creditnotes/allocations/{id}: the allocation removed, the invoice's capital open again. */
export const DELETE = route(paymentOperations.unallocateCreditNote, async ({ environment, db, clock, principal, params }) => {
  const at = profileClock(clock, principal.profile, environment).now();
  return Response.json(await unallocateCreditNote(db, { environment, profile: principal.profile, at }, params.id));
});

export const { GET, POST, PUT, PATCH } = otherMethodsOf(paymentOperations.unallocateCreditNote.path);
