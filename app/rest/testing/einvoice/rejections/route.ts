import { recordEInvoiceRejection } from "@/lib/service/distribution/einvoice-rejections";
import { otherMethodsOf, route } from "@/lib/service/http/route";
import { profileClock } from "@/lib/service/lifecycle/profile-clock";
import { distributionOperations } from "@/lib/spec/operations/distribution";

/** POST /testing/einvoice/rejections: the operator's negative acknowledgement, played in a test environment. */
export const POST = route(distributionOperations.rejectEInvoice, async ({ environment, db, clock, principal, body }) => {
  const context = { environment, profile: principal.profile, clock: profileClock(clock, principal.profile, environment) };
  return Response.json(await recordEInvoiceRejection(db, context, body), { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethodsOf(distributionOperations.rejectEInvoice.path);
