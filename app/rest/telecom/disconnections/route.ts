import { authenticate } from "@/lib/service/auth/verify-token";
import { parseJsonBody } from "@/lib/service/contracts/parse-request";
import { reportTelecom } from "@/lib/service/contracts/telecom-subscriptions";
import { otherMethods, restHandler } from "@/lib/service/http/rest-handler";
import { telecomReportSchema } from "@/lib/spec/contracts";

/** POST /telecom/disconnections: the principal reports that it disconnected a customer's subscription. */
export const POST = restHandler(async ({ request, environment, db, clock }) => {
  const principal = await authenticate(db, request.headers.get("authorization"), environment, clock);
  const report = await parseJsonBody(request, telecomReportSchema);
  const subscription = await reportTelecom(db, { profile: principal.profile, environment, report, state: "disconnected", clock });
  return Response.json(subscription, { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
