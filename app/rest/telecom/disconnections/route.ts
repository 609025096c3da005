import { reportTelecom } from "@/lib/service/contracts/telecom-subscriptions";
import { otherMethodsOf, route } from "@/lib/service/http/route";
import { contractOperations } from "@/lib/spec/operations/contracts";

/** POST /telecom/disconnections: the principal reports that it disconnected a customer's subscription. */
export const POST = route(contractOperations.telecomDisconnection, async ({ environment, db, clock, principal, body }) => {
  const subscription = await reportTelecom(db, { profile: principal.profile, environment, report: body, state: "disconnected", clock });
  return Response.json(subscription, { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethodsOf(contractOperations.telecomDisconnection.path);
