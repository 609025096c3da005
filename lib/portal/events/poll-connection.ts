import { createHash } from "node:crypto";

import type { ServiceClient } from "../../client";
import type { Db } from "../../db/client";
import { eventBatchSchema } from "../../spec/events";
import { markContact, type Connection } from "../connections/connections";
import { keyed } from "../i18n/messages";

import { describeServiceFailure } from "./describe-service-failure";
import { ingestBatch } from "./ingest-batch";

/*
 * Status events by polling, for a connection whose service cannot reach the receiver: GET /events
 * from the connection's cursor, each page stored as a batch through the same ingestion as pushed
 * ones. The page and the new cursor are written in one transaction, and the cursor only moves if
 * it is still where this poll started, so two pollers (two app instances) never store a page
 * twice or skip one.
 */

/** What polling needs of the typed client. */
export type PollingClient = Pick<ServiceClient, "pollEvents">;

interface PollOutcome {
  stored: number;
  pages: number;
  /** Set when the poll stopped on a failure; also recorded as the connection's receiverError. */
  error?: string;
}

const POLL_PAGE_SIZE = 500;

/** Another poller moved the cursor first: its page stands, this one is dropped. */
class CursorMoved extends Error {}

/**
 * A page's batch id: the same page polled again (a crash before the cursor was saved, a second
 * instance) gets the same id and is stored once.
 */
function pollBatchId(connectionId: string, after: string | null, next: string): string {
  const digest = createHash("sha256")
    .update(`${after ?? ""}\u0000${next}`)
    .digest("base64url")
    .slice(0, 32);
  return `poll:${connectionId}:${digest}`;
}

export async function pollConnection(
  db: Db,
  connection: Connection,
  client: PollingClient,
  options: { maxPages?: number; until?: string; now?: () => Date } = {},
): Promise<PollOutcome> {
  const now = options.now ?? (() => new Date());
  const maxPages = options.maxPages ?? 20;
  const outcome: PollOutcome = { stored: 0, pages: 0 };
  const where = { id: connection.id, organizationId: connection.organizationId };
  for (;;) {
    const row = await db.portalConnection.findFirst({ where, select: { pollCursor: true } });
    if (!row) return outcome;
    const after = row.pollCursor;
    if (options.until !== undefined && after === options.until) return outcome;
    let page: Awaited<ReturnType<PollingClient["pollEvents"]>>;
    try {
      page = await client.pollEvents({ ...(after ? { cursor: after } : {}), limit: POLL_PAGE_SIZE });
    } catch (error) {
      outcome.error = describeServiceFailure(error);
      await db.portalConnection.updateMany({ where, data: { receiverError: keyed("pollingFailed", { reason: outcome.error }) } });
      return outcome;
    }
    outcome.pages += 1;
    await markContact(db, where, now());
    const envelope = eventBatchSchema.safeParse({ created_at: now().toISOString(), id: pollBatchId(connection.id, after, page.next), data: page.data });
    if (!envelope.success) {
      // A page the portal can never store: polling stops here until someone looks, rather than skip it.
      outcome.error = keyed("pollingStopped");
      await db.portalConnection.updateMany({ where, data: { receiverError: outcome.error } });
      return outcome;
    }
    const messages = Object.values(envelope.data.data).reduce<number>((sum, list) => sum + (Array.isArray(list) ? list.length : 0), 0);
    const moveCursor = async (tx: Pick<Db, "portalConnection">) => {
      const moved = await tx.portalConnection.updateMany({ where: { ...where, pollCursor: after }, data: { pollCursor: page.next, receiverError: null } });
      if (moved.count !== 1) throw new CursorMoved();
    };
    if (messages === 0) {
      // Nothing new; a service may still move the cursor past messages polling does not offer.
      if (page.next !== after) {
        try {
          await moveCursor(db);
        } catch (error) {
          if (!(error instanceof CursorMoved)) throw error;
        }
      }
      return outcome;
    }
    try {
      const result = await ingestBatch(db, {
        organizationId: connection.organizationId,
        envelope: envelope.data,
        source: "poll",
        environment: connection.environment.id,
        afterStore: moveCursor,
      });
      outcome.stored += result.stored;
      // The page was stored before (the cursor went back, or a crash came between the two): its
      // messages are there, so the cursor moves on past it instead of asking for it forever.
      if (result.duplicate) await moveCursor(db);
    } catch (error) {
      if (error instanceof CursorMoved) return outcome;
      throw error;
    }
    if (!page.more || outcome.pages >= maxPages) return outcome;
    if (options.until !== undefined && page.next === options.until) return outcome;
  }
}
