import type { Db } from "../../db/client";
import { encodeCursor } from "../../platform/page-cursor";
import { BATCH_STATUSES, type BatchView } from "../../spec/event-batches";
import { CURSOR_TAGS, readSeqCursor } from "../http/read-cursor";

/*
 * A profile's batches, newest first, for finding what failed and why. The cursor is the seq the
 * last batch of a page started at; pages stay stable while new batches are added at the front.
 */

type BatchRow = NonNullable<Awaited<ReturnType<Db["eventBatch"]["findFirst"]>>>;

export function batchView(row: BatchRow): BatchView {
  return {
    id: row.id,
    status: row.status as BatchView["status"],
    createdAt: row.createdAt.toISOString(),
    count: row.count,
    attempts: row.attempts,
    nextAttemptAt: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    lastStatus: row.lastStatus,
    lastError: row.lastError,
    lastResponse: row.lastResponse,
  };
}

export async function listBatches(
  db: Db,
  profileId: string,
  query: { status?: (typeof BATCH_STATUSES)[number]; after?: string; afterField?: string; limit: number },
): Promise<{ data: BatchView[]; next_cursor: string | null; next: string | null; more: boolean }> {
  const before = query.after === undefined ? undefined : readSeqCursor(CURSOR_TAGS.batches, query.after, query.afterField ?? "after");
  const rows = await db.eventBatch.findMany({
    where: { profileId, ...(query.status ? { status: query.status } : {}), ...(before === undefined ? {} : { fromSeq: { lt: before } }) },
    orderBy: { fromSeq: "desc" },
    take: query.limit + 1,
  });
  const more = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  const next = page.length > 0 ? encodeCursor(CURSOR_TAGS.batches, page.at(-1)!.fromSeq) : null;
  return { data: page.map(batchView), next_cursor: next, next, more };
}
