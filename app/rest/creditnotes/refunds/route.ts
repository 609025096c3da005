import { authenticate } from "@/lib/service/auth/verify-token";
import { jsonBody } from "@/lib/service/http/json-body";
import { otherMethods, restHandler } from "@/lib/service/http/rest-handler";
import { profileClock } from "@/lib/service/lifecycle/profile-clock";
import { refundCreditNote } from "@/lib/service/payments/refund-credit-note";
import { refundRequestSchema } from "@/lib/spec/payment-requests";

/** POST /creditnotes/refunds: what is left of a credit note paid back to the end customer. */
export const POST = restHandler(async ({ request, environment, db, clock: baseClock }) => {
  const principal = await authenticate(db, request.headers.get("authorization"), environment, baseClock);
  const clock = profileClock(baseClock, principal.profile, environment);
  const body = await jsonBody(request, refundRequestSchema);
  const result = await refundCreditNote(db, { environment, profile: principal.profile, at: clock.now() }, body);
  return Response.json(result, { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
