import { getEngine, type Db, type Tx } from "../../db/client";
import { encode } from "../../db/insert-rows";
import { rawStatements } from "../../db/raw-statements";

/*
 * Raw statements for the projection of received batches (ingest-batch.ts), which the background
 * thread runs for every batch the service delivers. Through Prisma's models each query is compiled
 * anew on that thread (Prisma 6) at several times the cost of running it; these are written once
 * for both engines, on lib/db/raw-statements.ts (the transaction's own connection on SQLite,
 * Prisma's raw queries elsewhere). Lists travel as one JSON parameter (json_each on SQLite,
 * jsonb_array_elements on PostgreSQL), so no list meets SQLite's parameter limit.
 *
 * Values come back as each way reads them (a timestamp is text on SQLite's own connection and a
 * Date through Prisma, an integer a bigint or a number): the readers below give Prisma's types.
 */

export interface BatchSql {
  postgres: boolean;
  /** A placeholder for one value. */
  param(value: unknown): string;
  /** A placeholder for a timestamp, written as Prisma writes it. */
  time(value: Date): string;
  /** A placeholder for a JSON array, with the SQL of its elements: `FROM ${list(values)} AS item` gives `item.value`. */
  list(values: readonly unknown[]): string;
  /** Element `index` of a JSON array `value` as text, or as an integer. */
  textAt(value: string, index: number): string;
  intAt(value: string, index: number): string;
  all<T = Record<string, unknown>>(sql: string): Promise<T[]>;
  /** Runs a statement; answers how many rows it changed. */
  run(sql: string): Promise<number>;
}

export function batchSql(db: Db, tx: Tx): BatchSql {
  const engine = getEngine();
  const sql = rawStatements(db, tx);
  const { postgres, param } = sql;
  return {
    postgres,
    param,
    time: (value) => (postgres ? `${param(encode(value, "timestamp", engine))}::timestamp(3)` : param(encode(value, "timestamp", engine))),
    list: (values) => (postgres ? `jsonb_array_elements(${param(JSON.stringify(values))}::jsonb)` : `json_each(${param(JSON.stringify(values))})`),
    textAt: (value, index) => (postgres ? `(${value} ->> ${index})` : `json_extract(${value}, '$[${index}]')`),
    intAt: (value, index) => (postgres ? `(${value} ->> ${index})::integer` : `json_extract(${value}, '$[${index}]')`),
    all: (statement) => sql.all(statement),
    run: (statement) => sql.run(statement),
  };
}

/** A timestamp column's value as a Date (SQLite's own connection gives Prisma's text). */
export function readDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  return new Date(typeof value === "bigint" ? Number(value) : (value as string | number));
}

/** An Int column's value as a number. */
export function readInt(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  return Number(value);
}

/** A BigInt column's value as a bigint. */
export function readBigInt(value: unknown): bigint | null {
  if (value === null || value === undefined) return null;
  return typeof value === "bigint" ? value : BigInt(value as number | string);
}

/** A text column's value. */
export function readText(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}
