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

/** The agreed overdue-interest rate of a job's data as SQL: that one member is read, never the whole item. */
export const agreedRateSql = (postgres: boolean) => (postgres ? `data ->> 'overdueinterest'` : `json_extract(data, '$.overdueinterest')`);

/**
 * Whether a job's data may hold an agreed rate, as SQL. On SQLite the data is JSON text, and
 * json_extract parses all of it: a sweep of 100 000 moves spent some 2 s of its 11 so. Searching
 * the text for the member's name costs a scan and no parse, so only the jobs that name it are
 * parsed. PostgreSQL's jsonb is parsed already and its lookup is cheap.
 */
export const mayHaveAgreedRateSql = (postgres: boolean) => (postgres ? `data ? 'overdueinterest'` : `instr(data, '"overdueinterest"') > 0`);

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
