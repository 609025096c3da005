import { sqliteConnection, type Db, type Engine, type Tx } from "./client";
import { transactionConnection } from "./postgres-adapter";

/*
 * Which of many values a column already holds (within rows matching one other column), asked with
 * one statement and one list parameter however many values there are: json_each on SQLite,
 * = ANY(text[]) on PostgreSQL. Prisma's own IN list stops at 999 values and costs a parameter each;
 * intake asks this for 1000 candidate numbers at a time.
 */

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function existingValues(
  db: Db,
  tx: Tx,
  engine: Engine,
  query: { table: string; column: string; where: { column: string; value: string } },
  values: readonly string[],
): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  const table = quote(query.table);
  const column = quote(query.column);
  const scope = quote(query.where.column);
  if (engine === "sqlite") {
    const sql = `SELECT DISTINCT ${column} AS value FROM ${table} WHERE ${scope} = ? AND ${column} IN (SELECT value FROM json_each(?))`;
    const list = JSON.stringify(values);
    // Inside a transaction callback the connection is the transaction's (see insertRows).
    const connection = tx !== db ? sqliteConnection(db) : undefined;
    const rows = connection?.inTransaction
      ? (connection.prepare(sql).all(query.where.value, list) as { value: string }[])
      : await tx.$queryRawUnsafe<{ value: string }[]>(sql, query.where.value, list);
    return new Set(rows.map((row) => row.value));
  }
  const sql = `SELECT DISTINCT ${column} AS value FROM ${table} WHERE ${scope} = $1 AND ${column} = ANY($2::text[])`;
  // Inside a transaction, on its own connection: a thousand values through Prisma's engine cost more than the query.
  const connection = tx !== db ? await transactionConnection(tx) : null;
  const rows = connection ? (await connection.query<{ value: string }>(sql, [query.where.value, values])).rows : await tx.$queryRawUnsafe<{ value: string }[]>(sql, query.where.value, values);
  return new Set(rows.map((row) => row.value));
}
