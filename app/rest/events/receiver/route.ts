import { ServiceError } from "@/lib/service/errors";
import { deleteReceiver, getReceiver, putReceiver } from "@/lib/service/events/receivers";
import { otherMethodsOf, route } from "@/lib/service/http/route";
import { eventOperations } from "@/lib/spec/operations/events";

/** PUT /events/receiver: where the profile's status events go, and with which credentials. */
export const PUT = route(eventOperations.putReceiver, async ({ db, clock, principal, body }) => {
  const { created, receiver } = await putReceiver(db, principal.profile.id, body, clock);
  return Response.json(receiver, { status: created ? 201 : 200 });
});

export const GET = route(eventOperations.getReceiver, async ({ db, principal }) => {
  const receiver = await getReceiver(db, principal.profile.id);
  if (!receiver) throw new ServiceError("not_found", "This profile has no event receiver; PUT one, or poll GET /events.");
  return Response.json(receiver);
});

export const DELETE = route(eventOperations.deleteReceiver, async ({ db, principal }) => {
  if (!(await deleteReceiver(db, principal.profile.id))) throw new ServiceError("not_found", "This profile has no event receiver.");
  return new Response(null, { status: 204 });
});

export const { POST, PATCH } = otherMethodsOf(eventOperations.putReceiver.path);
