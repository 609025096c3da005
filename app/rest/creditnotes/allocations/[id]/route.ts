import { authenticate } from "@/lib/service/auth/verify-token";
import { ServiceError } from "@/lib/service/errors";
import { otherMethods, restHandler } from "@/lib/service/http/rest-handler";
import { profileClock } from "@/lib/service/lifecycle/profile-clock";
import { unallocateCreditNote } from "@/lib/service/payments/allocate-credit-note";

/** DELETE /creditnotes/allocations/{id}: the allocation removed, the invoice's capital open again. */
export const DELETE = restHandler(async ({ request, environment, db, clock: baseClock }) => {
  const principal = await authenticate(db, request.headers.get("authorization"), environment, baseClock);
  const clock = profileClock(baseClock, principal.profile, environment);
  const id = /\/creditnotes\/allocations\/([0-9a-f-]{36})$/.exec(new URL(request.url).pathname)?.[1];
  if (!id) throw new ServiceError("not_found", "There is no such credit note allocation of this profile.");
  const result = await unallocateCreditNote(db, { environment, profile: principal.profile, at: clock.now() }, id);
  return Response.json(result);
});

export const { GET, POST, PUT, PATCH } = otherMethods("DELETE");
