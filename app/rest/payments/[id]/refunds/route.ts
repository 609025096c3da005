import { otherMethodsOf, route } from "@/lib/service/http/route";
import { profileClock } from "@/lib/service/lifecycle/profile-clock";
import { refundPayment } from "@/lib/service/payments/refund-payment";
import { paymentOperations } from "@/lib/spec/operations/payments";

/** POST /payments/{id}/refunds: what a payment left unallocated, paid back to the payer. */
export const POST = route(paymentOperations.refund, async ({ environment, db, clock, principal, params, body }) => {
  const at = profileClock(clock, principal.profile, environment).now();
  const result = await refundPayment(db, { environment, profile: principal.profile, at }, { paymentId: params.id, ...body });
  return Response.json(result, { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethodsOf(paymentOperations.refund.path);
