import { authenticate } from "@/lib/service/auth/verify-token";
import { pollEvents } from "@/lib/service/events/poll-events";
import { parseQuery, pollQuerySchema } from "@/lib/service/events/rest-schemas";
import { otherMethods, restHandler } from "@/lib/service/http/rest-handler";

/** GET /events: status updates by polling, after an opaque cursor, with or without a receiver. */
export const GET = restHandler(async ({ request, environment, db, clock }) => {
  const principal = await authenticate(db, request.headers.get("authorization"), environment, clock);
  const query = parseQuery(pollQuerySchema, request);
  return Response.json(await pollEvents(db, principal.profile.id, query), { headers: { "Cache-Control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
