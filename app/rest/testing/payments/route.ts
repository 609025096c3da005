import { otherMethodsOf, route } from "@/lib/service/http/route";
import { profileClock } from "@/lib/service/lifecycle/profile-clock";
import { simulatePayment } from "@/lib/service/payments/simulate-payment";
import { paymentOperations } from "@/lib/spec/operations/payments";

/** POST /testing/payments: a bank payment simulated in a test environment, on the profile's clock. */
export const POST = route(paymentOperations.simulate, async ({ environment, db, clock, principal, body }) => {
  const result = await simulatePayment(db, { environment, profileId: principal.profile.id, clock: profileClock(clock, principal.profile, environment) }, body);
  return Response.json(result, { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethodsOf(paymentOperations.simulate.path);
