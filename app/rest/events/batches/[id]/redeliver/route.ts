import { redeliverBatch } from "@/lib/service/events/redeliver-batch";
import { otherMethodsOf, route } from "@/lib/service/http/route";
import { eventOperations } from "@/lib/spec/operations/events";

/** POST /events/batches/{id}/redeliver: a parked batch goes out again, with the same id, at once. */
export const POST = route(eventOperations.redeliver, async ({ db, clock, principal, params }) =>
  Response.json(await redeliverBatch(db, principal.profile.id, params.id, clock), { status: 202 }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethodsOf(eventOperations.redeliver.path);
