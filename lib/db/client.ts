import { getEnv } from "../env";

import { PrismaClient as PostgresClient } from "./generated/postgres/client";
import { PrismaClient as SqliteClient, type Prisma } from "./generated/sqlite/client";
import { TappedPgAdapter } from "./postgres-adapter";
import { SerialisedSqliteAdapter } from "./sqlite-adapter";
import { sqliteFilePath } from "./sqlite-file-path";

/*
 * One Prisma client for the engine DATABASE_URL names. Both generated clients come from the same
 * models (prisma/schema.prisma), so the SQLite client's type describes either; code that needs an
 * engine-specific statement asks `engine` first.
 */

export type Db = SqliteClient;
/** A client or an open transaction: data functions take either, so callers decide the transaction. */
export type Tx = Prisma.TransactionClient | Db;
export type { Prisma };

export type Engine = "sqlite" | "postgres";

/*
 * The adapter of a SQLite client, kept on the client under a registered symbol rather than in a
 * module-level map: Next.js bundles instrumentation and route handlers separately, so this module
 * can exist twice in one process while the client is shared through globalThis.
 */
const SQLITE_ADAPTER = Symbol.for("nordic-receivables.sqlite-adapter");

export function createDb(url: string): Db {
  if (url.startsWith("file:")) {
    const adapter = new SerialisedSqliteAdapter(sqliteFilePath(url));
    // Transactions queue for the one connection, so give them time to get their turn.
    const client = new SqliteClient({ adapter, transactionOptions: { maxWait: 15_000, timeout: 30_000 } });
    Object.defineProperty(client, SQLITE_ADAPTER, { value: adapter });
    return client;
  }
  const adapter = new TappedPgAdapter({ connectionString: url, max: 10 });
  return new PostgresClient({ adapter, transactionOptions: { maxWait: 10_000, timeout: 30_000 } }) as unknown as Db;
}

const globalForDb = globalThis as unknown as { __db?: { url: string; client: Db } };

/** The process's client, created on first use and kept across Next.js dev reloads. */
export function getDb(): Db {
  const url = getEnv().DATABASE_URL;
  if (globalForDb.__db?.url !== url) {
    globalForDb.__db = { url, client: createDb(url) };
  }
  return globalForDb.__db.client;
}

/** The raw better-sqlite3 connection of a SQLite client (see SerialisedSqliteAdapter.connection). */
export function sqliteConnection(db: Db) {
  return (db as unknown as Record<symbol, SerialisedSqliteAdapter | undefined>)[SQLITE_ADAPTER]?.connection;
}

export function getEngine(): Engine {
  return getEnv().DATABASE_ENGINE;
}

/** Disconnects the process's client (tests, CLI commands). */
export async function closeDb(): Promise<void> {
  const current = globalForDb.__db;
  globalForDb.__db = undefined;
  await current?.client.$disconnect();
}
