import { authenticate } from "@/lib/service/auth/verify-token";
import { ServiceError } from "@/lib/service/errors";
import { redeliverBatch } from "@/lib/service/events/redeliver-batch";
import { otherMethods, restHandler } from "@/lib/service/http/rest-handler";

/** POST /events/batches/{id}/redeliver: a parked batch goes out again, with the same id, at once. */
export const POST = restHandler(async ({ request, environment, db, clock }) => {
  const principal = await authenticate(db, request.headers.get("authorization"), environment, clock);
  const id = /\/events\/batches\/([^/]+)\/redeliver$/.exec(new URL(request.url).pathname)?.[1] ?? "";
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) {
    throw new ServiceError("not_found", "There is no such batch of this profile.");
  }
  return Response.json(await redeliverBatch(db, principal.profile.id, id.toLowerCase(), clock), { status: 202 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
