import { lockFor } from "../../db/advisory-lock";
import { getEngine, type Db, type Prisma, type Tx } from "../../db/client";
import { signalAfterCommit } from "../../db/commit-signals";
import { encodeRows, insertEncodedRows, insertRows, type Column } from "../../db/insert-rows";
import type { EnvironmentId } from "../../spec/environments";
import type { MessageType } from "../../spec/events";

/*
 * The outbox: every status event is written in the same transaction as the change that caused it,
 * so an event is never sent for a change that was rolled back, and never lost for one that was
 * committed. The dispatcher (lib/service/events/dispatch) and the polling endpoint read from here.
 */

export type EventType = MessageType;

export interface NewEvent {
  environment: EnvironmentId;
  profileId: string;
  jobId: number | null;
  type: EventType;
  /** The message as the receiver gets it: with cid, in major units, dates as YYYY-MM-DD. */
  message: Record<string, unknown>;
  createdAt: Date;
}

const EVENT_COLUMNS: Column<NewEvent>[] = [
  { name: "environment", type: "text", value: (event) => event.environment },
  { name: "profileId", type: "text", value: (event) => event.profileId },
  { name: "jobId", type: "int", value: (event) => event.jobId },
  { name: "type", type: "text", value: (event) => event.type },
  { name: "message", type: "json", value: (event) => event.message },
  { name: "createdAt", type: "timestamp", value: (event) => event.createdAt },
];

/**
 * Writes events in the order given (their seq follows that order). `db` must be the client whose
 * transaction `tx` is, called from inside that transaction's callback (see insertRows).
 */
export async function emitEvents(db: Db, tx: Tx, events: readonly NewEvent[]): Promise<void> {
  if (events.length === 0) return;
  const engine = getEngine();
  // Encoded before the statements below: on PostgreSQL they may queue behind rows the transaction is
  // still storing (intake's jobs, sendEncodedRows), and the encoding is done meanwhile. Outside a
  // transaction's callback insertRows has the connection-free way in.
  const encoded = tx !== db && events.length >= 20 ? encodeRows(engine, EVENT_COLUMNS, events) : null;
  // The dispatcher is woken when this transaction commits, not at its next poll.
  await signalAfterCommit(tx, "events");
  // PostgreSQL hands out seq values before commit, so two transactions could commit a profile's
  // seq 11 before its seq 10; a reader that saw 11 would step past 10 for good. Holding a
  // per-profile lock from before the seq is taken until commit makes commit order equal seq order
  // within a profile, which is all the batcher and the polling cursor rely on.
  for (const profileId of [...new Set(events.map((event) => event.profileId))].sort()) await lockFor(tx, `events:${profileId}`);
  if (events.length < 20) {
    // A few rows: Prisma's own create is simpler and fast enough, and needs no shared connection.
    for (const event of events) await tx.event.create({ data: { ...event, message: event.message as Prisma.InputJsonValue } });
    return;
  }
  if (encoded)
    await insertEncodedRows(
      db,
      tx,
      engine,
      "Event",
      EVENT_COLUMNS,
      encoded.map((values) => [values]),
    );
  else await insertRows(db, tx, engine, "Event", EVENT_COLUMNS, [...events]);
}
