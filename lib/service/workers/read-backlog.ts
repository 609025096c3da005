import type { Db } from "../../db/client";

/*
 * What background work is waiting, per queue: how much and how long the oldest has waited. Read by
 * /metrics (queue_depth, queue_oldest_age_seconds) and /readyz. Each figure is an indexed count and
 * minimum; no tenant is named.
 */

export interface QueueBacklog {
  queue: "documents" | "dispatches" | "mail" | "event-batches" | "apikey-deliveries" | "portal-batches";
  depth: number;
  /** Seconds the oldest item has waited; 0 when the queue is empty. */
  oldestAgeSeconds: number;
}

const ageOf = (oldest: Date | null | undefined, now: Date) => (oldest ? Math.max(0, (now.getTime() - oldest.getTime()) / 1000) : 0);

export async function readBacklog(db: Db, now: Date): Promise<QueueBacklog[]> {
  const [documents, originals, dispatches, mail, batches, apikeys, received] = await Promise.all([
    db.job.count({ where: { pendingDocument: { not: null } } }),
    // A notice waits from when the lifecycle asked for it, which no column keeps: the age is the originals'.
    db.job.aggregate({ where: { pendingDocument: "original" }, _min: { createdAt: true } }),
    db.dispatch.aggregate({ where: { status: "pending" }, _count: { _all: true }, _min: { createdAt: true } }),
    db.mailMessage.aggregate({ where: { status: "pending" }, _count: { _all: true }, _min: { createdAt: true } }),
    db.eventBatch.aggregate({ where: { status: "pending" }, _count: { _all: true }, _min: { createdAt: true } }),
    // Onboarded profiles' apicodes not yet taken by their partner's receiver (lib/service/profiles/apikey-delivery.ts).
    db.apikeyDelivery.aggregate({ where: { status: "pending" }, _count: { _all: true }, _min: { createdAt: true } }),
    // The portal's received batches not yet stored as events and cases (lib/portal/events/ingest-batch.ts).
    db.portalEventBatch.aggregate({ where: { projectedAt: null }, _count: { _all: true }, _min: { receivedAt: true } }),
  ]);
  return [
    { queue: "documents", depth: documents, oldestAgeSeconds: ageOf(originals._min.createdAt, now) },
    { queue: "dispatches", depth: dispatches._count._all, oldestAgeSeconds: ageOf(dispatches._min.createdAt, now) },
    { queue: "mail", depth: mail._count._all, oldestAgeSeconds: ageOf(mail._min.createdAt, now) },
    { queue: "event-batches", depth: batches._count._all, oldestAgeSeconds: ageOf(batches._min.createdAt, now) },
    { queue: "apikey-deliveries", depth: apikeys._count._all, oldestAgeSeconds: ageOf(apikeys._min.createdAt, now) },
    { queue: "portal-batches", depth: received._count._all, oldestAgeSeconds: ageOf(received._min.receivedAt, now) },
  ];
}
