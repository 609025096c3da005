import { creditInfo } from "@/lib/service/credit/credit-info";
import { otherMethodsOf, route } from "@/lib/service/http/route";
import { profileClock } from "@/lib/service/lifecycle/profile-clock";
import { creditOperations } from "@/lib/spec/operations/credit";

/** POST /creditinfo: what the environment's cases and the bureau say of a person or company; logged. */
export const POST = route(creditOperations.info, async ({ environment, db, clock, principal, body }) => {
  const context = { environment, profile: principal.profile, clock: profileClock(clock, principal.profile, environment) };
  return Response.json(await creditInfo(db, context, body));
});

export const { GET, PUT, PATCH, DELETE } = otherMethodsOf(creditOperations.info.path);
