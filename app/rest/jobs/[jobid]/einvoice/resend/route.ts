import { resendEInvoice } from "@/lib/service/distribution/einvoice-rejections";
import { otherMethodsOf, route } from "@/lib/service/http/route";
import { profileClock } from "@/lib/service/lifecycle/profile-clock";
import { distributionOperations } from "@/lib/spec/operations/distribution";

/** POST /jobs/{jobid}/einvoice/resend: a refused e-invoice sent again, fixed; the due date follows. */
export const POST = route(distributionOperations.resendEInvoice, async ({ environment, db, clock, principal, params, body }) => {
  const context = { environment, profile: principal.profile, clock: profileClock(clock, principal.profile, environment) };
  return Response.json(await resendEInvoice(db, context, params.jobid, body));
});

export const { GET, PUT, PATCH, DELETE } = otherMethodsOf(distributionOperations.resendEInvoice.path);
