import { getEnv } from "@/lib/env";
import { listPrintBatch } from "@/lib/service/distribution/list-print-batch";
import { otherMethodsOf, route } from "@/lib/service/http/route";
import { distributionOperations } from "@/lib/spec/operations/distribution";

/** GET /distribution/print-batches/{date}: the profile's documents in that day's print batch. */
export const GET = route(distributionOperations.printBatch, async ({ environment, principal, params }) =>
  Response.json(listPrintBatch(getEnv().DATA_DIR, principal.profile.id, environment, params.date)),
);

export const { POST, PUT, PATCH, DELETE } = otherMethodsOf(distributionOperations.printBatch.path);
