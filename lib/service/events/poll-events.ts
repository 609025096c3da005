import type { Db } from "../../db/client";
import { encodeCursor } from "../../platform/page-cursor";
import { POLLING_TYPES, type PollingType } from "../../spec/event-queries";
import { CURSOR_TAGS, readSeqCursor } from "../http/read-cursor";

import { groupByType } from "./batch-envelope";
import type { EventType } from "./emit-events";

/*
 * Status updates by polling. The specification says polling offers fewer kinds than push: the
 * case-level messages are offered (delivery, lcstatus, payment, creditnote, duedateupdate,
 * creditloss), and the service's receiverproposal (how a customer is invoiced next); contract
 * changes, utility disconnects and reconnects and the telecom messages are pushed only, as they
 * drive actions the receiver has to take at once.
 */

interface PollAnswer {
  data: Partial<Record<EventType, unknown[]>>;
  next_cursor: string;
  /** Deprecated name of next_cursor. */
  next: string;
  more: boolean;
}

export async function pollEvents(
  db: Db,
  profileId: string,
  query: { after?: string; afterField?: string; limit: number; types?: readonly PollingType[] },
): Promise<PollAnswer> {
  const after = query.after === undefined ? 0 : readSeqCursor(CURSOR_TAGS.events, query.after, query.afterField ?? "after");
  const types = query.types && query.types.length > 0 ? query.types : POLLING_TYPES;
  const rows = await db.event.findMany({
    where: { profileId, seq: { gt: after }, type: { in: [...types] } },
    orderBy: { seq: "asc" },
    take: query.limit + 1,
    select: { seq: true, type: true, message: true },
  });
  const more = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  // An empty page keeps the cursor where it was, so the client asks again from the same place.
  const next = encodeCursor(CURSOR_TAGS.events, page.at(-1)?.seq ?? after);
  return { data: groupByType(page), next_cursor: next, next, more };
}
