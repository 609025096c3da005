import type { Db } from "../../db/client";
import type { Clock } from "../../platform/clock";
import type { BatchView } from "../../spec/event-batches";
import { ServiceError } from "../errors";

import { batchView } from "./list-batches";

/*
 * Puts a parked batch back, with the same id, to be sent at once. It is older than the batches
 * sent since, so it goes first and holds the later ones back while it is retried: what the
 * receiver gets stays in seq order from there on.
 */
export async function redeliverBatch(db: Db, profileId: string, batchId: string, clock: Clock): Promise<BatchView> {
  const now = clock.now();
  const { count } = await db.eventBatch.updateMany({
    where: { id: batchId, profileId, status: "failed" },
    data: { status: "pending", nextAttemptAt: now, attempts: 0 },
  });
  const batch = await db.eventBatch.findFirst({ where: { id: batchId, profileId } });
  if (!batch) throw new ServiceError("not_found", `There is no batch ${batchId} of this profile.`);
  if (count === 0) {
    throw new ServiceError("conflict", `Batch ${batchId} is ${batch.status}; only a failed batch can be redelivered.`);
  }
  return batchView(batch);
}
