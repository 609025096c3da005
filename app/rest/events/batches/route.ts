import { authenticate } from "@/lib/service/auth/verify-token";
import { listBatches } from "@/lib/service/events/list-batches";
import { pageCursor, parseQuery } from "@/lib/service/http/parse-query";
import { otherMethods, restHandler } from "@/lib/service/http/rest-handler";
import { batchesQuerySchema } from "@/lib/spec/event-queries";

/** GET /events/batches: the profile's batches to its receiver, newest first, by state. */
export const GET = restHandler(async ({ request, environment, db, clock }) => {
  const principal = await authenticate(db, request.headers.get("authorization"), environment, clock);
  const query = parseQuery(request, batchesQuerySchema);
  return Response.json(await listBatches(db, principal.profile.id, { ...query, ...pageCursor(query) }), { headers: { "Cache-Control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
