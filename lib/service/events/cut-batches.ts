import { randomUUID } from "node:crypto";

import type { Db } from "../../db/client";
import type { Clock } from "../../platform/clock";
import { MAX_MESSAGES_PER_BATCH } from "../../spec/events";

/*
 * Cuts a receiver's new events into batches of at most 500 messages. The batch's id and created_at
 * are fixed here, so every attempt sends the same envelope and the receiver can dedupe by id.
 */

/** How many events one pass reads; the next pass of the dispatcher takes the rest. */
const EVENTS_PER_PASS = MAX_MESSAGES_PER_BATCH * 40;

export async function cutBatches(db: Db, receiver: { id: string; profileId: string }, owner: string, clock: Clock): Promise<number> {
  // Only the lease holder cuts, and the position moves only from where it was read, so two cutters
  // can never put one event in two batches.
  return db.$transaction(async (tx) => {
    const current = await tx.eventReceiver.findFirst({ where: { id: receiver.id, leaseOwner: owner }, select: { batchedThroughSeq: true } });
    if (!current) return 0;
    const events = await tx.event.findMany({
      where: { profileId: receiver.profileId, seq: { gt: current.batchedThroughSeq } },
      orderBy: { seq: "asc" },
      select: { seq: true },
      take: EVENTS_PER_PASS,
    });
    if (events.length === 0) return 0;
    const now = clock.now();
    const batches = [];
    for (let start = 0; start < events.length; start += MAX_MESSAGES_PER_BATCH) {
      const chunk = events.slice(start, start + MAX_MESSAGES_PER_BATCH);
      batches.push({
        id: randomUUID(),
        receiverId: receiver.id,
        profileId: receiver.profileId,
        fromSeq: chunk[0]!.seq,
        toSeq: chunk.at(-1)!.seq,
        count: chunk.length,
        status: "pending",
        nextAttemptAt: now,
        createdAt: now,
      });
    }
    const moved = await tx.eventReceiver.updateMany({
      where: { id: receiver.id, leaseOwner: owner, batchedThroughSeq: current.batchedThroughSeq },
      data: { batchedThroughSeq: events.at(-1)!.seq },
    });
    if (moved.count !== 1) return 0;
    await tx.eventBatch.createMany({ data: batches });
    return batches.length;
  });
}
