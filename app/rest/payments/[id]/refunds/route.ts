import { authenticate } from "@/lib/service/auth/verify-token";
import { ServiceError } from "@/lib/service/errors";
import { jsonBody } from "@/lib/service/http/json-body";
import { otherMethods, restHandler } from "@/lib/service/http/rest-handler";
import { profileClock } from "@/lib/service/lifecycle/profile-clock";
import { refundPayment } from "@/lib/service/payments/refund-payment";
import { paymentRefundRequestSchema } from "@/lib/spec/payment-requests";

/** POST /payments/{id}/refunds: what a payment left unallocated, paid back to the payer. */
export const POST = restHandler(async ({ request, environment, db, clock: baseClock }) => {
  const principal = await authenticate(db, request.headers.get("authorization"), environment, baseClock);
  const clock = profileClock(baseClock, principal.profile, environment);
  const paymentId = /\/payments\/([0-9a-f-]{36})\/refunds$/.exec(new URL(request.url).pathname)?.[1];
  const body = await jsonBody(request, paymentRefundRequestSchema);
  if (!paymentId) throw new ServiceError("not_found", "There is no such payment of this profile.");
  const result = await refundPayment(db, { environment, profile: principal.profile, at: clock.now() }, { paymentId, ...body });
  return Response.json(result, { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
