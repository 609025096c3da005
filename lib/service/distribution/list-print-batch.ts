import type { Environment } from "../../spec/environments";
import { printBatchDocumentSchema, type PrintBatchResponse } from "../../spec/print-batches";

import { readManifest } from "./send/print-batch";

/*
 * GET /distribution/print-batches/{date}: what of a profile's post went into a day's print batch.
 * The batch itself is the environment's (every profile's letters travel together to the print
 * house), so a profile sees only its own documents in it, and never the files' locations.
 */

export function listPrintBatch(dataDir: string, profileId: string, environment: Environment, date: string): PrintBatchResponse {
  const manifest = readManifest(dataDir, environment.id, date);
  const documents = (manifest?.documents ?? [])
    .filter((entry) => entry.profileId === profileId)
    // Only the interface's members: the line's file and dispatch stay the service's.
    .map((entry) => printBatchDocumentSchema.parse(entry));
  return { environment: environment.id, date, documents };
}
