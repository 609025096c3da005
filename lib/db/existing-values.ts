import { sqliteConnection, type Db, type Engine, type Tx } from "./client";
import { transactionConnection } from "./postgres-adapter";

/*
 * Which of many values a column already holds (and the rows that hold them) (within rows matching one other column), asked with
 * one statement and one list parameter however many values there are: json_each on SQLite,
 * unnest(text[]) on PostgreSQL. Prisma's own IN list stops at 999 values and costs a parameter each;
 * intake asks this for 1000 candidate numbers at a time.
 *
 * On PostgreSQL each value is looked up on its own (LATERAL … LIMIT 1), which can only be planned as
 * one index probe per value. The plain `= ANY($2)` was planned by the table's statistics, and those
 * lag behind a table that grows fast (autovacuum analyses it a minute or more later): a profile whose
 * jobs went from a few hundred to 60 000 got a bitmap scan of all its rows, 17 ms and growing, held
 * inside intake's turn of the profile, where the probes take about 1.4 ms.
 */

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

type Lookup = { table: string; column: string; where: { column: string; value: string } };

/** The statement: parameters are the scope's value, then the values as one list (JSON text on SQLite, text[] on PostgreSQL). */
export function existingValuesSql(engine: Engine, query: Lookup): string {
  const table = quote(query.table);
  const column = quote(query.column);
  const scope = quote(query.where.column);
  if (engine === "sqlite") return `SELECT DISTINCT ${column} AS value FROM ${table} WHERE ${scope} = ? AND ${column} IN (SELECT value FROM json_each(?))`;
  return `SELECT candidate.value FROM unnest($2::text[]) AS candidate(value)
    CROSS JOIN LATERAL (SELECT 1 FROM ${table} WHERE ${scope} = $1 AND ${column} = candidate.value LIMIT 1) AS found`;
}

export async function existingValues(db: Db, tx: Tx, engine: Engine, query: Lookup, values: readonly string[]): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  const sql = existingValuesSql(engine, query);
  if (engine === "sqlite") {
    const list = JSON.stringify(values);
    // Inside a transaction callback the connection is the transaction's (see insertRows).
    const connection = tx !== db ? sqliteConnection(db) : undefined;
    const rows = connection?.inTransaction
      ? (connection.prepare(sql).all(query.where.value, list) as { value: string }[])
      : await tx.$queryRawUnsafe<{ value: string }[]>(sql, query.where.value, list);
    return new Set(rows.map((row) => row.value));
  }
  // Inside a transaction, on its own connection: a thousand values through Prisma's engine cost more than the query.
  const connection = tx !== db ? await transactionConnection(tx) : null;
  const rows = connection ? (await connection.query<{ value: string }>(sql, [query.where.value, values])).rows : await tx.$queryRawUnsafe<{ value: string }[]>(sql, query.where.value, values);
  return new Set(rows.map((row) => row.value));
}

/**
 * The rows whose `column` holds one of `values` (within the scope), with the columns of `select`:
 * each value looked up on its own, as above (OFFSET 0 keeps PostgreSQL from folding the lookup into
 * a join planned by stale statistics). Values come back as the driver reads them: integers may be bigint, booleans 0/1 on SQLite.
 */
export async function rowsWithValues<Row extends { value: string }>(
  db: Db,
  tx: Tx,
  engine: Engine,
  query: Lookup & { select: readonly string[] },
  values: readonly string[],
): Promise<Row[]> {
  const unique = [...new Set(values)];
  if (unique.length === 0) return [];
  const table = quote(query.table);
  const column = quote(query.column);
  const scope = quote(query.where.column);
  const select = query.select.map(quote).join(", ");
  if (engine === "sqlite") {
    const sql = `SELECT ${column} AS value, ${select} FROM ${table} WHERE ${scope} = ? AND ${column} IN (SELECT value FROM json_each(?))`;
    const list = JSON.stringify(unique);
    const connection = tx !== db ? sqliteConnection(db) : undefined;
    return connection?.inTransaction ? (connection.prepare(sql).all(query.where.value, list) as Row[]) : await tx.$queryRawUnsafe<Row[]>(sql, query.where.value, list);
  }
  const sql = `SELECT candidate.value, found.* FROM unnest($2::text[]) AS candidate(value)
    CROSS JOIN LATERAL (SELECT ${select} FROM ${table} WHERE ${scope} = $1 AND ${column} = candidate.value OFFSET 0) AS found`;
  const connection = tx !== db ? await transactionConnection(tx) : null;
  return connection ? (await connection.query<Row>(sql, [query.where.value, unique])).rows : await tx.$queryRawUnsafe<Row[]>(sql, query.where.value, unique);
}
