import { z } from "zod";

import { environmentIdSchema } from "../../spec/environments";
import { eventBatchSchema } from "../../spec/events";

/*
 * The portal's kinds of background job that are rows, beside the service's
 * (lib/service/workers/job-kinds.ts). A received batch waits in PortalEventBatch until it is
 * projected (ingest-batch.ts): the claim reads the row through `payload` once
 * (lib/platform/job-payload.ts), and a row that does not fit is finished with its `failure`
 * instead of being tried at every run for ever. A batch that fails otherwise (the database) is
 * left waiting and tried again at the next run (portal-loops.ts).
 */

/**
 * A message may hold a NUL, which PostgreSQL stores in neither text nor jsonb: the batch, kept as
 * JSON text where a NUL is the six characters \u0000, failed to project on every try. Its events
 * and case get U+FFFD in the NUL's place, on both engines alike. An escaped backslash before "u0000"
 * is text, not a NUL, and is left as it is.
 */
function withoutNul(body: string): string {
  return body.replace(/(?<!\\)((?:\\\\)*)\\u0000/g, "$1\\ufffd");
}

/** The stored envelope, parsed; the parser's own message would quote the body, so only that it is not JSON is said. */
const storedEnvelope = z
  .string()
  .transform((body, ctx) => {
    try {
      return JSON.parse(withoutNul(body)) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "not JSON" });
      return z.NEVER;
    }
  })
  .pipe(eventBatchSchema);

/** A received batch as projection reads it: the envelope as the receiver accepted it (the same schema), and the environment its address named. */
const portalBatchPayloadSchema = z.object({
  body: storedEnvelope,
  environment: environmentIdSchema.nullable(),
});

export const PORTAL_JOB_KINDS = {
  portalBatch: { payload: portalBatchPayloadSchema },
} as const;
