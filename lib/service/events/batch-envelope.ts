import type { Tx } from "../../db/client";

import type { EventType } from "./emit-events";

/*
 * The body of one POST to the receiver. It is built again from the outbox on every attempt, from
 * the batch's fixed id, created_at and seq range, so each retry sends the same envelope without
 * keeping a copy of it.
 */

interface BatchEnvelope {
  created_at: string;
  id: string;
  data: Partial<Record<EventType, unknown[]>>;
}

/** The data arrays of some events, in seq order within each array; only the types present. */
export function groupByType(events: readonly { type: string; message: unknown }[]): Partial<Record<EventType, unknown[]>> {
  const data: Partial<Record<EventType, unknown[]>> = {};
  for (const event of events) (data[event.type as EventType] ??= []).push(event.message);
  return data;
}

export async function batchEnvelope(tx: Tx, batch: { id: string; profileId: string; fromSeq: number; toSeq: number; createdAt: Date }): Promise<BatchEnvelope> {
  const events = await tx.event.findMany({
    where: { profileId: batch.profileId, seq: { gte: batch.fromSeq, lte: batch.toSeq } },
    orderBy: { seq: "asc" },
    select: { type: true, message: true },
  });
  return { created_at: batch.createdAt.toISOString(), id: batch.id, data: groupByType(events) };
}
