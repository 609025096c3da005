import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type {
  IsolationLevel,
  SqlDriverAdapter,
  SqlDriverAdapterFactory,
  SqlQuery,
  Transaction,
} from "@prisma/driver-adapter-utils";
import { Mutex } from "async-mutex";
import type { Database } from "better-sqlite3";

import { sqliteCommitted, sqliteRolledBack } from "./commit-signals";

/*
 * Prisma's better-sqlite3 adapter runs every query on one connection, but only its transactions
 * take its lock: a query of another request that arrives while an interactive transaction waits on
 * I/O runs inside that transaction, and is lost if the transaction rolls back. A failed COMMIT also
 * leaves the connection inside the transaction with the lock held forever (prisma/orm#29933).
 *
 * This wrapper puts every use of the connection behind one lock, starts transactions with
 * BEGIN IMMEDIATE (so a second process waits on the busy timeout instead of failing at its first
 * write), and rolls back for real when COMMIT fails or the engine gives up on a transaction.
 */

const ENDS_TRANSACTION = /^\s*(COMMIT|ROLLBACK)\b/i;

function serialise(inner: SqlDriverAdapter): SqlDriverAdapter {
  const lock = new Mutex();

  async function rollbackQuietly() {
    // "no transaction is active" after the engine's own successful ROLLBACK is expected. The
    // adapter throws synchronously, so a try block, not .catch(), is what catches it.
    try {
      await inner.executeScript("ROLLBACK");
    } catch {
      // nothing to roll back
    }
  }

  return {
    provider: inner.provider,
    adapterName: `${inner.adapterName}+serialised`,
    queryRaw: (query: SqlQuery) => lock.runExclusive(() => inner.queryRaw(query)),
    executeRaw: (query: SqlQuery) => lock.runExclusive(() => inner.executeRaw(query)),
    executeScript: (script: string) => lock.runExclusive(() => inner.executeScript(script)),
    getConnectionInfo: inner.getConnectionInfo?.bind(inner),
    dispose: () => lock.runExclusive(() => inner.dispose()),

    async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
      if (isolationLevel && isolationLevel !== "SERIALIZABLE") {
        throw new Error(`SQLite transactions are always SERIALIZABLE, not ${isolationLevel}`);
      }
      const release = await lock.acquire();
      let released = false;
      const releaseOnce = () => {
        if (!released) {
          released = true;
          release();
        }
      };
      try {
        await inner.executeScript("BEGIN IMMEDIATE");
      } catch (error) {
        releaseOnce();
        throw error;
      }
      return {
        provider: inner.provider,
        adapterName: inner.adapterName,
        options: { usePhantomQuery: false },
        queryRaw: (query: SqlQuery) => inner.queryRaw(query),
        async executeRaw(query: SqlQuery) {
          try {
            return await inner.executeRaw(query);
          } catch (error) {
            if (ENDS_TRANSACTION.test(query.sql)) {
              sqliteRolledBack();
              try {
                await rollbackQuietly();
              } finally {
                releaseOnce();
              }
            }
            throw error;
          }
        },
        async commit() {
          releaseOnce();
          sqliteCommitted();
        },
        async rollback() {
          sqliteRolledBack();
          try {
            await rollbackQuietly();
          } finally {
            releaseOnce();
          }
        },
      };
    },
  };
}

export class SerialisedSqliteAdapter implements SqlDriverAdapterFactory {
  readonly provider = "sqlite" as const;
  readonly adapterName = "better-sqlite3+serialised";
  readonly #inner: PrismaBetterSQLite3;
  #connection: Database | undefined;

  constructor(file: string, options: { busyTimeoutMs?: number } = {}) {
    this.#inner = new PrismaBetterSQLite3({ url: file, timeout: options.busyTimeoutMs ?? 10_000 });
  }

  async connect(): Promise<SqlDriverAdapter> {
    const adapter = await this.#inner.connect();
    // Prisma's adapter keeps its better-sqlite3 handle as `client`; it is the one connection.
    this.#connection = (adapter as unknown as { client?: Database }).client;
    return serialise(adapter);
  }

  /**
   * The better-sqlite3 connection behind the client, once connected. A statement run on it from
   * inside a Prisma transaction callback is part of that transaction: the transaction holds the
   * connection's lock and there is no other connection. Used by insertRows only.
   */
  get connection(): Database | undefined {
    return this.#connection;
  }
}
