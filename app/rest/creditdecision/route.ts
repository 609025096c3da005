import { creditDecision } from "@/lib/service/credit/credit-decision";
import { otherMethodsOf, route } from "@/lib/service/http/route";
import { profileClock } from "@/lib/service/lifecycle/profile-clock";
import { creditOperations } from "@/lib/spec/operations/credit";

/** POST /creditdecision: accept, accept with conditions or reject an amount of credit; logged. */
export const POST = route(creditOperations.decision, async ({ environment, db, clock, principal, body }) => {
  const context = { environment, profile: principal.profile, clock: profileClock(clock, principal.profile, environment) };
  return Response.json(await creditDecision(db, context, body));
});

export const { GET, PUT, PATCH, DELETE } = otherMethodsOf(creditOperations.decision.path);
