import { pollEvents } from "@/lib/service/events/poll-events";
import { pageCursor } from "@/lib/service/http/parse-query";
import { otherMethodsOf, route } from "@/lib/service/http/route";
import { eventOperations } from "@/lib/spec/operations/events";

/** GET /events: status updates by polling, after an opaque cursor, with or without a receiver. */
export const GET = route(eventOperations.poll, async ({ db, principal, query }) =>
  Response.json(await pollEvents(db, principal.profile.id, { ...query, ...pageCursor(query) })),
);

export const { POST, PUT, PATCH, DELETE } = otherMethodsOf(eventOperations.poll.path);
