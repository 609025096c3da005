import { correctAddress } from "@/lib/service/distribution/returned-mail";
import { otherMethodsOf, route } from "@/lib/service/http/route";
import { profileClock } from "@/lib/service/lifecycle/profile-clock";
import { distributionOperations } from "@/lib/spec/operations/distribution";

/** POST /jobs/{jobid}/address: the debtor's corrected address; a returned letter goes again to it. */
export const POST = route(distributionOperations.correctAddress, async ({ environment, db, clock, principal, params, body }) => {
  const context = { environment, profile: principal.profile, clock: profileClock(clock, principal.profile, environment) };
  return Response.json(await correctAddress(db, context, params.jobid, body));
});

export const { GET, PUT, PATCH, DELETE } = otherMethodsOf(distributionOperations.correctAddress.path);
