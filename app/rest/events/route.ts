import { authenticate } from "@/lib/service/auth/verify-token";
import { pollEvents } from "@/lib/service/events/poll-events";
import { pageCursor, parseQuery } from "@/lib/service/http/parse-query";
import { otherMethods, restHandler } from "@/lib/service/http/rest-handler";
import { pollQuerySchema } from "@/lib/spec/event-queries";

/** GET /events: status updates by polling, after an opaque cursor, with or without a receiver. */
export const GET = restHandler(async ({ request, environment, db, clock }) => {
  const principal = await authenticate(db, request.headers.get("authorization"), environment, clock);
  const query = parseQuery(request, pollQuerySchema);
  return Response.json(await pollEvents(db, principal.profile.id, { ...query, ...pageCursor(query) }), { headers: { "Cache-Control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
