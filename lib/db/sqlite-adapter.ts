import { isMainThread } from "node:worker_threads";

import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type { IsolationLevel, SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from "@prisma/driver-adapter-utils";
import { Mutex } from "async-mutex";
import type { Database, Statement } from "better-sqlite3";

import { sqliteCommitted, sqliteRolledBack } from "./commit-signals";

/*
 * Prisma's better-sqlite3 adapter runs every query on one connection, but only its transactions
 * take its lock: a query of another request that arrives while an interactive transaction waits on
 * I/O runs inside that transaction, and is lost if the transaction rolls back. A failed COMMIT also
 * leaves the connection inside the transaction with the lock held forever (prisma/orm#29933).
 *
 * This wrapper puts every use of the connection behind one lock, starts transactions with
 * BEGIN IMMEDIATE (so another connection's writer is met before the first write, not in the middle
 * of the transaction), and rolls back for real when COMMIT fails or the engine gives up on a
 * transaction.
 *
 * Another connection (the app's background thread, `npm run worker`) may hold the database's one
 * write lock. better-sqlite3 would wait for it in SQLite's busy handler, synchronously, with the
 * thread's event loop stopped: every request of the thread would wait for the other connection's
 * transaction. So the connection's own busy timeout is 0, and a statement or BEGIN that finds the
 * database busy is tried again after a timer, a few milliseconds at a time, while the thread goes
 * on with other work. A statement refused as busy did nothing (SQLite's statements are atomic), so
 * trying it again is safe.
 */

const ENDS_TRANSACTION = /^\s*(COMMIT|ROLLBACK)\b/i;

/*
 * A commit that finds the write-ahead log past its checkpoint size copies the log into the
 * database file there and then, synchronously: 70 to 130 ms on the thread that committed, while a
 * day's volume drains. The app's background thread (a worker thread) checkpoints at SQLite's usual
 * 1000 pages (4 MiB); the thread that answers requests (and `npm run worker`, a main thread too)
 * only past 16 MiB, when no background thread has done it first.
 */
const BACKGROUND_CHECKPOINT_PAGES = 1000;
const REQUEST_THREAD_CHECKPOINT_PAGES = 4000;

/** How long a statement keeps trying while another connection writes: as long as a transaction may wait to start. */
const BUSY_DEADLINE_MS = 15_000;

/** Whether SQLite refused the statement because another connection holds the lock it needs. */
function isBusy(error: unknown): boolean {
  const code = (error as { cause?: { originalCode?: unknown }; code?: unknown } | null)?.cause?.originalCode ?? (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}

/** Runs `attempt` until the database is not busy, waiting on timers (1 ms doubling to 16 ms) in between. */
export async function whileBusy<T>(attempt: () => T | Promise<T>, deadlineMs = BUSY_DEADLINE_MS): Promise<T> {
  const until = Date.now() + deadlineMs;
  let waitMs = 1;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (!isBusy(error) || Date.now() >= until) throw error;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      waitMs = Math.min(waitMs * 2, 16);
    }
  }
}

/** Whether a statement only reads, by SQLite's own judgement, remembered per statement text. */
function readOnlyJudge(reader: Database): (sql: string) => boolean {
  const known = new Map<string, boolean>();
  return (sql) => {
    let readOnly = known.get(sql);
    if (readOnly === undefined) {
      try {
        readOnly = reader.prepare(sql).readonly;
      } catch {
        // A statement the reader cannot prepare is left to the writer, which reports what is wrong.
        readOnly = false;
      }
      // Prisma's statements carry placeholders, not values: a few hundred texts in all.
      if (known.size >= 2_000) known.clear();
      known.set(sql, readOnly);
    }
    return readOnly;
  };
}

/*
 * A read outside a transaction goes to a second, read-only connection, so it never waits for the
 * writer's lock: in WAL mode it reads the last committed state while a transaction of this thread
 * is open (a case list while an intake of a thousand jobs stores). Reads inside a transaction, and
 * every write, stay on the writer.
 */
function serialise(inner: SqlDriverAdapter, reader: { adapter: SqlDriverAdapter; client: Database } | null): SqlDriverAdapter {
  const lock = new Mutex();
  const onlyReads = reader ? readOnlyJudge(reader.client) : () => false;

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
    queryRaw: (query: SqlQuery) =>
      reader && onlyReads(query.sql) ? whileBusy(() => reader.adapter.queryRaw(query)) : lock.runExclusive(() => whileBusy(() => inner.queryRaw(query))),
    executeRaw: (query: SqlQuery) => lock.runExclusive(() => whileBusy(() => inner.executeRaw(query))),
    executeScript: (script: string) => lock.runExclusive(() => whileBusy(() => inner.executeScript(script))),
    getConnectionInfo: inner.getConnectionInfo?.bind(inner),
    dispose: () =>
      lock.runExclusive(async () => {
        await reader?.adapter.dispose();
        await inner.dispose();
      }),

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
        await whileBusy(() => inner.executeScript("BEGIN IMMEDIATE"));
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

/** Statements kept per connection: Prisma's texts carry placeholders, not values, a few hundred in all. */
const CACHED_STATEMENTS = 1_000;

type Modes = { raw?: boolean; safeIntegers?: boolean };

/**
 * Prisma's adapter prepares every query's statement anew (`prepare(sql).bind(args)`): about 28 µs
 * of a 63 µs query, and 5 % of the background thread's time in a drain. Each connection keeps its
 * statements by text and hands out a view of one: the view binds its arguments at each run rather
 * than for good (better-sqlite3's `bind` may be called once per statement), and sets the modes it
 * was given (raw rows, BigInt integers; the connection's default is BigInt) before each run, so a
 * mode one caller set never carries over to another. Every run of a statement finishes before the
 * next starts (no `iterate`): one statement serves them all.
 */
function cacheStatements(client: Database): void {
  const prepare = client.prepare.bind(client);
  const statements = new Map<string, Statement>();
  client.prepare = ((sql: string) => {
    let statement = statements.get(sql);
    if (statement === undefined) {
      statement = prepare(sql);
      if (statements.size >= CACHED_STATEMENTS) statements.delete(statements.keys().next().value!);
      statements.set(sql, statement);
    }
    return statementView(statement, [], {});
  }) as Database["prepare"];
}

function statementView(statement: Statement, bound: unknown[], modes: Modes): Statement {
  const ready = () => {
    statement.safeIntegers(modes.safeIntegers ?? true);
    if (statement.reader) statement.raw(modes.raw ?? false);
    return statement;
  };
  const view = {
    get database() {
      return statement.database;
    },
    get source() {
      return statement.source;
    },
    get reader() {
      return statement.reader;
    },
    get readonly() {
      return statement.readonly;
    },
    get busy() {
      return statement.busy;
    },
    run: (...params: unknown[]) => ready().run(...bound, ...params),
    get: (...params: unknown[]) => ready().get(...bound, ...params),
    all: (...params: unknown[]) => ready().all(...bound, ...params),
    columns: () => statement.columns(),
    bind: (...params: unknown[]) => statementView(statement, [...bound, ...params], modes),
    raw: (toggle = true) => statementView(statement, bound, { ...modes, raw: toggle }),
    safeIntegers: (toggle = true) => statementView(statement, bound, { ...modes, safeIntegers: toggle }),
    iterate: () => {
      throw new Error("a cached statement is not iterated: use all()");
    },
    pluck: () => {
      throw new Error("a cached statement does not pluck");
    },
    expand: () => {
      throw new Error("a cached statement does not expand");
    },
  };
  return view as unknown as Statement;
}

export class SerialisedSqliteAdapter implements SqlDriverAdapterFactory {
  readonly provider = "sqlite" as const;
  readonly adapterName = "better-sqlite3+serialised";
  readonly #inner: PrismaBetterSQLite3;
  readonly #reader: PrismaBetterSQLite3 | null;
  #connection: Database | undefined;

  constructor(file: string) {
    // No waiting inside SQLite: whileBusy waits on timers instead (see above).
    this.#inner = new PrismaBetterSQLite3({ url: file, timeout: 0 });
    // An in-memory database exists once per connection: it gets no second one.
    this.#reader = file === ":memory:" || file.startsWith("file::memory:") ? null : new PrismaBetterSQLite3({ url: file, timeout: 0, readonly: true });
  }

  async connect(): Promise<SqlDriverAdapter> {
    const adapter = await this.#inner.connect();
    // Prisma's adapter keeps its better-sqlite3 handle as `client`; it is the writer connection.
    const clientOf = (connected: SqlDriverAdapter) => (connected as unknown as { client: Database }).client;
    this.#connection = clientOf(adapter);
    this.#connection.pragma(`wal_autocheckpoint = ${isMainThread ? REQUEST_THREAD_CHECKPOINT_PAGES : BACKGROUND_CHECKPOINT_PAGES}`);
    cacheStatements(this.#connection);
    const reader = this.#reader ? await this.#reader.connect() : null;
    if (reader) cacheStatements(clientOf(reader));
    return serialise(adapter, reader ? { adapter: reader, client: clientOf(reader) } : null);
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
