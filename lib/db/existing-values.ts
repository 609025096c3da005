import { sqliteConnection, type Db, type Engine, type Tx } from "./client";
import { transactionConnection } from "./postgres-adapter";

/*
 * Which of many values a column already holds within rows matching one other column, and the rows
 * that hold them, asked with one statement and one list parameter however many values there are:
 * json_each on SQLite, unnest(text[]) on PostgreSQL. Prisma's own IN list stops at 999 values and
 * costs a parameter each; intake asks this for 1000 candidate numbers at a time.
 *
 * On PostgreSQL each value is looked up on its own (LATERAL), which can only be planned as one
 * index probe per value. The plain `= ANY($2)` was planned by the table's statistics, and those
 * lag behind a table that grows fast (autovacuum analyses it a minute or more later): a profile whose
 * jobs went from a few hundred to 60 000 got a bitmap scan of all its rows, 17 ms and growing, held
 * inside intake's turn of the profile, where the probes take about 1.4 ms.
 */

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

type Lookup = { table: string; column: string; where: { column: string; value: string } };

/**
 * `sql` with the scope's value and the values as one list (JSON text on SQLite, text[] on
 * PostgreSQL). Inside a transaction callback (tx is not db) the statement goes straight to the
 * transaction's own connection: a thousand values through Prisma's engine cost more than the query.
 */
async function query<Row>(db: Db, tx: Tx, engine: Engine, sql: string, scope: string, values: readonly string[]): Promise<Row[]> {
  if (engine === "sqlite") {
    const list = JSON.stringify(values);
    const connection = tx !== db ? sqliteConnection(db) : undefined;
    return connection?.inTransaction ? (connection.prepare(sql).all(scope, list) as Row[]) : await tx.$queryRawUnsafe<Row[]>(sql, scope, list);
  }
  const connection = tx !== db ? await transactionConnection(tx) : null;
  return connection ? ((await connection.query(sql, [scope, values])).rows as Row[]) : await tx.$queryRawUnsafe<Row[]>(sql, scope, values);
}

/** The statement of existingValues: parameters are the scope's value, then the values as one list. */
export function existingValuesSql(engine: Engine, lookup: Lookup): string {
  const table = quote(lookup.table);
  const column = quote(lookup.column);
  const scope = quote(lookup.where.column);
  if (engine === "sqlite") return `SELECT DISTINCT ${column} AS value FROM ${table} WHERE ${scope} = ? AND ${column} IN (SELECT value FROM json_each(?))`;
  return `SELECT candidate.value FROM unnest($2::text[]) AS candidate(value)
    CROSS JOIN LATERAL (SELECT 1 FROM ${table} WHERE ${scope} = $1 AND ${column} = candidate.value LIMIT 1) AS found`;
}

export async function existingValues(db: Db, tx: Tx, engine: Engine, lookup: Lookup, values: readonly string[]): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  const rows = await query<{ value: string }>(db, tx, engine, existingValuesSql(engine, lookup), lookup.where.value, values);
  return new Set(rows.map((row) => row.value));
}

/**
 * The rows whose `column` holds one of `values` (within the scope), with the columns of `select`,
 * each value looked up on its own as above (OFFSET 0 keeps PostgreSQL from folding the lookup into
 * a join planned by stale statistics). Values come back as the driver reads them: integers may be
 * bigint, booleans 0/1 on SQLite.
 */
export async function rowsWithValues<Row extends { value: string }>(
  db: Db,
  tx: Tx,
  engine: Engine,
  lookup: Lookup & { select: readonly string[] },
  values: readonly string[],
): Promise<Row[]> {
  const unique = [...new Set(values)];
  if (unique.length === 0) return [];
  const table = quote(lookup.table);
  const column = quote(lookup.column);
  const scope = quote(lookup.where.column);
  const select = lookup.select.map(quote).join(", ");
  const sql =
    engine === "sqlite"
      ? `SELECT ${column} AS value, ${select} FROM ${table} WHERE ${scope} = ? AND ${column} IN (SELECT value FROM json_each(?))`
      : `SELECT candidate.value, found.* FROM unnest($2::text[]) AS candidate(value)
    CROSS JOIN LATERAL (SELECT ${select} FROM ${table} WHERE ${scope} = $1 AND ${column} = candidate.value OFFSET 0) AS found`;
  return query<Row>(db, tx, engine, sql, lookup.where.value, unique);
}
