import { ServiceError } from "@/lib/service/errors";
import { otherMethodsOf, route } from "@/lib/service/http/route";
import { deleteApikeyReceiver, getApikeyReceiver, putApikeyReceiver } from "@/lib/service/profiles/apikey-receivers";
import { profileOperations } from "@/lib/spec/operations/profiles";

/** PUT /profile/apikeyreceiver: where the apicodes of the profiles this partner creates are delivered. */
export const PUT = route(profileOperations.putApikeyReceiver, async ({ db, clock, principal, body }) => {
  const { created, receiver } = await putApikeyReceiver(db, principal.profile, body, clock);
  return Response.json(receiver, { status: created ? 201 : 200 });
});

export const GET = route(profileOperations.getApikeyReceiver, async ({ db, principal }) => {
  const receiver = await getApikeyReceiver(db, principal.profile);
  if (!receiver) throw new ServiceError("not_found", "This profile has no apicode receiver; support issues the apicodes of the profiles it creates.");
  return Response.json(receiver);
});

export const DELETE = route(profileOperations.deleteApikeyReceiver, async ({ db, clock, principal }) => {
  if (!(await deleteApikeyReceiver(db, principal.profile, clock.now()))) throw new ServiceError("not_found", "This profile has no apicode receiver.");
  return new Response(null, { status: 204 });
});

export const { POST, PATCH } = otherMethodsOf(profileOperations.putApikeyReceiver.path);
