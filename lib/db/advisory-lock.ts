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
