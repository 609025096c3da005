import { randomUUID } from "node:crypto";

import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from "@prisma/driver-adapter-utils";
import type pg from "pg";

/*
 * Prisma's pg adapter, with a way to the connection an interactive transaction runs on, for the hot
 * paths that write a thousand rows at once (lib/db/insert-rows.ts): Prisma passes every parameter
 * through its query engine, some 25 to 30 ms a megabyte, and a thousand jobs are half a megabyte
 * of JSON. A statement sent on the transaction's own connection is part of the transaction.
 *
 * The transaction is found by a marker: `tapTransaction(tx)` sends a comment naming a fresh id
 * through Prisma's transaction client, the adapter's transaction sees it (and sends nothing to
 * the server) and answers the id with its connection. Everything else is Prisma's adapter as it is.
 */

const TAP = /^\/\* tap:([0-9a-f-]{36}) \*\/$/;

/*
 * The connections of tapped transactions by marker, on globalThis under a registered symbol rather
 * than in a module-level map: Next.js bundles instrumentation (which creates the process's client,
 * lib/db/client.ts) and the route handlers apart, so this module exists twice in one process, and a
 * map of its own let the route handlers' copy find no connection: every bulk insert of intake went
 * through Prisma's engine after all (0.4 of the request thread under load).
 */
const TAPPED = Symbol.for("nordic-receivables.pg-tapped-transactions");
const tapped = ((globalThis as Record<symbol, unknown>)[TAPPED] ??= new Map<string, pg.PoolClient>()) as Map<string, pg.PoolClient>;

function tap(transaction: Transaction): Transaction {
  const client = (transaction as unknown as { client: pg.PoolClient }).client;
  const markers = new Set<string>();
  const release = () => {
    for (const marker of markers) tapped.delete(marker);
    markers.clear();
  };
  const intercept = (query: SqlQuery): boolean => {
    const marker = TAP.exec(query.sql)?.[1];
    if (!marker) return false;
    markers.add(marker);
    tapped.set(marker, client);
    return true;
  };
  return {
    provider: transaction.provider,
    adapterName: transaction.adapterName,
    options: transaction.options,
    queryRaw: (query) => (intercept(query) ? Promise.resolve({ columnNames: [], columnTypes: [], rows: [] }) : transaction.queryRaw(query)),
    executeRaw: (query) => (intercept(query) ? Promise.resolve(0) : transaction.executeRaw(query)),
    async commit() {
      release();
      return transaction.commit();
    },
    async rollback() {
      release();
      return transaction.rollback();
    },
  };
}

export class TappedPgAdapter implements SqlDriverAdapterFactory {
  readonly provider = "postgres" as const;
  readonly adapterName = "pg+tapped";
  readonly #inner: PrismaPg;

  constructor(config: ConstructorParameters<typeof PrismaPg>[0]) {
    this.#inner = new PrismaPg(config);
  }

  async connect(): Promise<SqlDriverAdapter> {
    const adapter = await this.#inner.connect();
    // The adapter's own methods, bound: only startTransaction is wrapped.
    return new Proxy(adapter, {
      get(target, property, receiver) {
        if (property === "startTransaction")
          return async (...args: Parameters<SqlDriverAdapter["startTransaction"]>) => tap(await target.startTransaction(...args));
        const value = Reflect.get(target, property, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  }
}

/** Each tapped transaction client's marker (a Prisma transaction client is one object per transaction). */
const markers = new WeakMap<object, string>();

/**
 * The connection of the interactive transaction `tx` (a Prisma transaction client of a client made
 * with TappedPgAdapter); null when it is not one.
 */
export async function transactionConnection(tx: { $executeRawUnsafe(sql: string): Promise<unknown> }): Promise<pg.PoolClient | null> {
  // Asked once per transaction: a tap is a trip through Prisma's engine and a turn of the event
  // loop, which under load waits behind other requests' work while the profile's turn is held.
  // The marker leaves `tapped` when the transaction ends, so a finished one is never answered.
  const known = markers.get(tx);
  const connection = known === undefined ? undefined : tapped.get(known);
  if (connection) return connection;
  const marker = randomUUID();
  await tx.$executeRawUnsafe(`/* tap:${marker} */`);
  const found = tapped.get(marker) ?? null;
  if (found) markers.set(tx, marker);
  return found;
}
