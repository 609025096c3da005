import { getDb } from "@/lib/db/client";
import { errorFields, log } from "@/lib/log";
import { uncached } from "@/lib/platform/cache-control";
import { mediaTypeOf } from "@/lib/platform/media-type";
import { timedRoute } from "@/lib/platform/metrics";
import { receiveBatch } from "@/lib/portal/events/ingest-batch";
import { receiverCaller, receiverJson, receiverProblem } from "@/lib/portal/receiver/receiver-http";
import { environmentIdSchema } from "@/lib/spec/environments";
import { eventBatchSchema } from "@/lib/spec/events";
import { problemsFromZod } from "@/lib/spec/problems";

/*
 * The portal's status-event receiver. A service POSTs batches of at most 500 messages with HTTP
 * Basic or a bearer token from /api/webhooks/token. The answer tells the sender what to do next:
 * 2xx stored (or stored before: a repeated batch changes nothing), 4xx never send this again
 * (not JSON, not an envelope, too large, wrong credentials), 5xx try again later (the database
 * could not take it). Authentication comes before the body is read, so nobody without
 * credentials can make the portal read 16 MiB.
 */

export const dynamic = "force-dynamic";

/** 500 messages of a few hundred bytes each fit many times over; anything near this is not a batch. */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

export const POST = timedRoute(
  "/api/webhooks/events",
  uncached(async (request: Request): Promise<Response> => {
    const db = getDb();
    const caller = await receiverCaller(db, request, "batch");
    if (caller instanceof Response) return caller;

    // The address the portal registers names the environment, so a cid used in two environments
    // still finds its cases (lib/portal/events/ingest-batch.ts).
    const hint = new URL(request.url).searchParams.get("environment");
    const environment = hint === null ? undefined : environmentIdSchema.safeParse(hint);
    if (environment && !environment.success)
      return receiverProblem(400, `environment=${hint} is not an environment (fin-test, fin-prod, swe-test, swe-prod, nor-test, nor-prod).`);

    const mediaType = mediaTypeOf(request.headers);
    if (mediaType && mediaType !== "application/json" && !mediaType.endsWith("+json"))
      return receiverProblem(415, "The batch must be sent as application/json.");

    const body = await receiverJson(
      request,
      MAX_BODY_BYTES,
      `The body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB; a batch holds at most 500 messages.`,
    );
    if (body instanceof Response) return body;
    const value = body.value;
    const parsed = eventBatchSchema.safeParse(value);
    if (!parsed.success)
      return receiverProblem(422, "The body is not a status-event batch: { created_at, id, data } with at most 500 messages.", {
        problems: problemsFromZod(parsed.error),
      });

    try {
      // Kept as received, in one row; the background thread stores its messages and moves the cases
      // (lib/portal/events/ingest-batch.ts), so this thread answers without projecting 500 messages.
      const result = await receiveBatch(db, { organizationId: caller.organizationId, envelope: parsed.data, source: "push", environment: environment?.data });
      return Response.json(result.duplicate ? { duplicate: true } : { stored: result.stored });
    } catch (error) {
      log.error("receiver could not store a batch", { organizationId: caller.organizationId, batchId: parsed.data.id, ...errorFields(error) });
      return receiverProblem(500, "The batch could not be stored; send it again later.");
    }
  }),
);
