import { reportTelecom } from "@/lib/service/contracts/telecom-subscriptions";
import { otherMethodsOf, route } from "@/lib/service/http/route";
import { contractOperations } from "@/lib/spec/operations/contracts";

/** POST /telecom/reconnections: the principal reports that it reconnected a customer's subscription. */
export const POST = route(contractOperations.telecomReconnection, async ({ environment, db, clock, principal, body }) => {
  const subscription = await reportTelecom(db, { profile: principal.profile, environment, report: body, state: "reconnected", clock });
  return Response.json(subscription, { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethodsOf(contractOperations.telecomReconnection.path);
