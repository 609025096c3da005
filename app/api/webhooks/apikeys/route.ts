import { getDb } from "@/lib/db/client";
import { errorFields, log } from "@/lib/log";
import { uncached } from "@/lib/platform/cache-control";
import { mediaTypeOf } from "@/lib/platform/media-type";
import { timedRoute } from "@/lib/platform/metrics";
import { receiveApikey } from "@/lib/portal/onboarding/receive-apikey";
import { receiverCaller, receiverJson, receiverProblem } from "@/lib/portal/receiver/receiver-http";
import { apikeyMessageSchema } from "@/lib/spec/apikey-receiver";
import { problemsFromZod } from "@/lib/spec/problems";

/*
 * The portal's apicode receiver: a partner connection's service POSTs the apicode of a profile
 * onboarded through it (lib/service/profiles/apikey-delivery.ts), with the organization's receiver
 * credentials, and the profile becomes a connection (lib/portal/onboarding/receive-apikey.ts).
 * 2xx: kept; 4xx: never send this again; 5xx: try again later. The apicode is never logged.
 */

export const dynamic = "force-dynamic";

/** One message of a few hundred bytes. */
const MAX_BODY_BYTES = 16 * 1024;

export const POST = timedRoute(
  "/api/webhooks/apikeys",
  uncached(async (request: Request): Promise<Response> => {
    const db = getDb();
    const caller = await receiverCaller(db, request, "apicode");
    if (caller instanceof Response) return caller;

    const connectionId = new URL(request.url).searchParams.get("connection");
    if (!connectionId) return receiverProblem(404, "The address names no connection (?connection=…); register the receiver again from the portal.");
    const mediaType = mediaTypeOf(request.headers);
    if (mediaType && mediaType !== "application/json") return receiverProblem(415, "The apicode must be sent as application/json.");
    const body = await receiverJson(
      request,
      MAX_BODY_BYTES,
      `The body is larger than ${MAX_BODY_BYTES / 1024} KiB; an apicode message is a few hundred bytes.`,
    );
    if (body instanceof Response) return body;
    const value = body.value;
    const parsed = apikeyMessageSchema.safeParse(value);
    if (!parsed.success) return receiverProblem(422, "The body is not an apicode message.", { problems: problemsFromZod(parsed.error) });

    try {
      const outcome = await receiveApikey(db, { organizationId: caller.organizationId, partnerConnectionId: connectionId, message: parsed.data });
      if (!outcome.ok) return receiverProblem(outcome.status, outcome.detail);
      return Response.json({ connection: outcome.connectionId, created: outcome.created });
    } catch (error) {
      log.error("apicode receiver could not store a connection", { organizationId: caller.organizationId, cid: parsed.data.cid, ...errorFields(error) });
      return receiverProblem(500, "The connection could not be stored; send the apicode again later.");
    }
  }),
);
