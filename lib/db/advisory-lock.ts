import { getEngine, type Tx } from "./client";

/*
 * Serialises transactions that decide on the same thing (a profile's intake, a cid's token
 * attempts, a business id's onboarding). On PostgreSQL this is a transaction-scoped advisory lock
 * on the key; SQLite runs one write transaction at a time already (BEGIN IMMEDIATE), so there it
 * costs nothing. Call it first in the transaction, before the reads it protects.
 */
export async function lockFor(tx: Tx, key: string): Promise<void> {
  if (getEngine() === "postgres") await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${key}))::text`;
}

/**
 * Locks cases (`case:<job id>`) in ascending id order. Every transaction that works on several cases
 * takes their locks this way, all of them before the first one it changes: one that locked case 10,
 * then emitted events (the profile's `events:` lock), then waited for case 5, would deadlock with one
 * holding case 5 and waiting for those events.
 */
export async function lockCases(tx: Tx, jobIds: Iterable<number>): Promise<number[]> {
  const ids = [...new Set(jobIds)].sort((a, b) => a - b);
  for (const id of ids) await lockFor(tx, `case:${id}`);
  return ids;
}
