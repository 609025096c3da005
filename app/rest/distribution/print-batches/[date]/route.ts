import { getEnv } from "@/lib/env";
import { authenticate } from "@/lib/service/auth/verify-token";
import { listPrintBatch, parsePrintBatchDate } from "@/lib/service/distribution/list-print-batch";
import { otherMethods, restHandler } from "@/lib/service/http/rest-handler";

/** GET /distribution/print-batches/{date}: the profile's documents in that day's print batch. */
export const GET = restHandler(async ({ request, environment, db, clock }) => {
  const principal = await authenticate(db, request.headers.get("authorization"), environment, clock);
  const raw = /\/distribution\/print-batches\/([^/]*)$/.exec(new URL(request.url).pathname)?.[1] ?? "";
  const date = parsePrintBatchDate(raw);
  return Response.json(listPrintBatch(getEnv().DATA_DIR, principal.profile.id, environment, date));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
