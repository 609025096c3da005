import { authenticate } from "@/lib/service/auth/verify-token";
import { listBatches } from "@/lib/service/events/list-batches";
import { batchesQuerySchema, parseQuery } from "@/lib/service/events/rest-schemas";
import { otherMethods, restHandler } from "@/lib/service/http/rest-handler";

/** GET /events/batches: the profile's batches to its receiver, newest first, by state. */
export const GET = restHandler(async ({ request, environment, db, clock }) => {
  const principal = await authenticate(db, request.headers.get("authorization"), environment, clock);
  const query = parseQuery(batchesQuerySchema, request);
  return Response.json(await listBatches(db, principal.profile.id, query), { headers: { "Cache-Control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
