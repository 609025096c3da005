import { otherMethodsOf, route } from "@/lib/service/http/route";
import { profileClock } from "@/lib/service/lifecycle/profile-clock";
import { reportBypass } from "@/lib/service/payments/bypass-payment";
import { paymentOperations } from "@/lib/spec/operations/payments";

/** POST /payments/bypass: a payment the principal received directly, or capital it cancels. */
export const POST = route(paymentOperations.bypass, async ({ environment, db, clock, principal, body }) => {
  const result = await reportBypass(db, { environment, profile: principal.profile, clock: profileClock(clock, principal.profile, environment) }, body);
  return Response.json(result, { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethodsOf(paymentOperations.bypass.path);
