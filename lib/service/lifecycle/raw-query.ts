import type { Db, Tx } from "../../db/client";
import { rawStatements } from "../../db/raw-statements";

/*
 * Reads for the sweep's hot path, on lib/db/raw-statements.ts. `ids(list)` is a whole id list as one parameter: json_each on SQLite, an array on PostgreSQL, so
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
  const sql = rawStatements(db, tx);
  const { postgres, param } = sql;
  return {
    postgres,
    param,
    ids: (values) => (postgres ? `(SELECT unnest(${param(values)}::int[]))` : `(SELECT value FROM json_each(${param(JSON.stringify(values))}))`),
    run: (statement) => sql.all(statement),
    runArrays: (statement, columns) => sql.allArrays(statement, columns),
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
