import { listBatches } from "@/lib/service/events/list-batches";
import { pageCursor } from "@/lib/service/http/parse-query";
import { otherMethodsOf, route } from "@/lib/service/http/route";
import { eventOperations } from "@/lib/spec/operations/events";

/** GET /events/batches: the profile's batches to its receiver, newest first, by state. */
export const GET = route(eventOperations.listBatches, async ({ db, principal, query }) =>
  Response.json(await listBatches(db, principal.profile.id, { ...query, ...pageCursor(query) })),
);

export const { POST, PUT, PATCH, DELETE } = otherMethodsOf(eventOperations.listBatches.path);
