import { authenticate } from "@/lib/service/auth/verify-token";
import { jsonBody } from "@/lib/service/http/json-body";
import { otherMethods, restHandler } from "@/lib/service/http/rest-handler";
import { profileClock } from "@/lib/service/lifecycle/profile-clock";
import { reportBypass } from "@/lib/service/payments/bypass-payment";
import { bypassRequestSchema } from "@/lib/spec/payment-requests";

/** POST /payments/bypass: a payment the principal received directly, or capital it cancels. */
export const POST = restHandler(async ({ request, environment, db, clock: baseClock }) => {
  const principal = await authenticate(db, request.headers.get("authorization"), environment, baseClock);
  const clock = profileClock(baseClock, principal.profile, environment);
  const body = await jsonBody(request, bypassRequestSchema);
  const result = await reportBypass(db, { environment, profile: principal.profile, clock }, body);
  return Response.json(result, { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
