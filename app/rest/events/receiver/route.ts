import { authenticate } from "@/lib/service/auth/verify-token";
import { ServiceError } from "@/lib/service/errors";
import { deleteReceiver, getReceiver, putReceiver } from "@/lib/service/events/receivers";
import { mediaType, readJson } from "@/lib/service/http/read-body";
import { otherMethods, restHandler } from "@/lib/service/http/rest-handler";
import { receiverRequestSchema } from "@/lib/spec/event-receiver";
import { problemsFromZod } from "@/lib/spec/problems";

const MAX_BODY_BYTES = 16 * 1024;

/** PUT /events/receiver: where the profile's status events go, and with which credentials. */
export const PUT = restHandler(async ({ request, environment, db, clock }) => {
  const principal = await authenticate(db, request.headers.get("authorization"), environment, clock);
  if (mediaType(request) !== "application/json") throw new ServiceError("unsupported_media_type", "Send the receiver as application/json.");
  const { value } = await readJson(request, MAX_BODY_BYTES);
  const parsed = receiverRequestSchema(environment).safeParse(value);
  if (!parsed.success) throw new ServiceError("invalid_request", "The receiver is not valid.", { problems: problemsFromZod(parsed.error) });
  const { created, receiver } = await putReceiver(db, principal.profile.id, parsed.data, clock);
  return Response.json(receiver, { status: created ? 201 : 200 });
});

export const GET = restHandler(async ({ request, environment, db, clock }) => {
  const principal = await authenticate(db, request.headers.get("authorization"), environment, clock);
  const receiver = await getReceiver(db, principal.profile.id);
  if (!receiver) throw new ServiceError("not_found", "This profile has no event receiver; PUT one, or poll GET /events.");
  return Response.json(receiver, { headers: { "Cache-Control": "no-store" } });
});

export const DELETE = restHandler(async ({ request, environment, db, clock }) => {
  const principal = await authenticate(db, request.headers.get("authorization"), environment, clock);
  if (!(await deleteReceiver(db, principal.profile.id))) throw new ServiceError("not_found", "This profile has no event receiver.");
  return new Response(null, { status: 204 });
});

export const { POST, PATCH } = otherMethods("GET", "PUT", "DELETE");
