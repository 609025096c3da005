import { authenticate } from "@/lib/service/auth/verify-token";
import { ServiceError } from "@/lib/service/errors";
import { jsonBody } from "@/lib/service/http/json-body";
import { otherMethods, restHandler } from "@/lib/service/http/rest-handler";
import { profileClock } from "@/lib/service/lifecycle/profile-clock";
import { simulatePayment } from "@/lib/service/payments/simulate-payment";
import { testingPaymentRequestSchema } from "@/lib/spec/payment-requests";

/** POST /testing/payments: a bank payment simulated in a test environment, on the profile's clock. */
export const POST = restHandler(async ({ request, environment, db, clock }) => {
  // Production has no such endpoint at all, for anyone.
  if (!environment.isTest) throw new ServiceError("not_found", "There is no such endpoint in a production environment.");
  const principal = await authenticate(db, request.headers.get("authorization"), environment, clock);
  const body = await jsonBody(request, testingPaymentRequestSchema);
  const result = await simulatePayment(db, { environment, profileId: principal.profile.id, clock: profileClock(clock, principal.profile, environment) }, body);
  return Response.json(result, { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
