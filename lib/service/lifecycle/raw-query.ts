import { getEngine, sqliteConnection, type Db, type Tx } from "../../db/client";

/*
 * Reads for the sweep's hot path. On SQLite, inside a transaction callback, the statement runs on
 * the transaction's own connection (as lib/db/insert-rows.ts writes); elsewhere through Prisma.
 * `ids(list)` is a whole id list as one parameter: json_each on SQLite, an array on PostgreSQL, so
 * no list ever meets SQLite's parameter limit.
 */

interface RawQuery {
  postgres: boolean;
  /** A placeholder for one value. */
  param(value: unknown): string;
  /** A subquery of ids, for `x IN ${ids(list)}`. */
  ids(values: readonly number[]): string;
  run<T = Record<string, unknown>>(sql: string): Promise<T[]>;
  /** Rows as arrays of the named columns, in their order: no object per row on SQLite. */
  runArrays(sql: string, columns: readonly string[]): Promise<unknown[][]>;
}

export function rawQuery(db: Db, tx: Tx): RawQuery {
  const postgres = getEngine() === "postgres";
  const connection = !postgres && tx !== db ? sqliteConnection(db) : undefined;
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return postgres ? `$${params.length}` : "?";
  };
  return {
    postgres,
    param,
    ids: (values) => (postgres ? `(SELECT unnest(${param(values)}::int[]))` : `(SELECT value FROM json_each(${param(JSON.stringify(values))}))`),
    async run<T>(sql: string) {
      const values = params.splice(0);
      if (connection?.inTransaction) return connection.prepare(sql).safeIntegers(true).all(values) as T[];
      return tx.$queryRawUnsafe<T[]>(sql, ...values);
    },
    async runArrays(sql, columns) {
      const values = params.splice(0);
      if (connection?.inTransaction) return connection.prepare(sql).safeIntegers(true).raw(true).all(values) as unknown[][];
      const rows = await tx.$queryRawUnsafe<Record<string, unknown>[]>(sql, ...values);
      return rows.map((row) => columns.map((column) => row[column]));
    },
  };
}

/**
 * Locks the jobs' rows on PostgreSQL, in id order, as the sweep holds the rows of the cases it moves
 * (FOR UPDATE SKIP LOCKED): a writer that must see a case as the sweep left it waits here. SQLite
 * has one writer at a time and needs nothing.
 */
export async function lockJobRows(db: Db, tx: Tx, ids: readonly number[]): Promise<void> {
  const rows = rawQuery(db, tx);
  if (rows.postgres && ids.length > 0) await rows.run(`SELECT id FROM "Job" WHERE id IN ${rows.ids(ids)} ORDER BY id FOR UPDATE`);
}
