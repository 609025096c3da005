import { getEngine, sqliteConnection, type Db, type Tx } from "./client";

/*
 * Raw statements for hot paths, written once for both engines: placeholders in the engine's form,
 * and on SQLite, inside a transaction callback, the statement run on the transaction's own
 * connection (as insert-rows.ts writes), since Prisma 6 would compile and pass every query on the
 * thread that runs it; elsewhere, and on PostgreSQL, through Prisma's raw queries. The sweep's reads
 * (lifecycle/raw-query.ts) and the portal's event projection (portal/events/batch-sql.ts) add their
 * own helpers on top. Integers come back as bigints on SQLite's own connection.
 */

interface RawStatements {
  postgres: boolean;
  /** A placeholder for one value, in the order the statement names them (SQLite's are positional). */
  param(value: unknown): string;
  /** Rows as objects. */
  all<T = Record<string, unknown>>(sql: string): Promise<T[]>;
  /** Rows as arrays of the named columns, in their order: no object per row on SQLite. */
  allArrays(sql: string, columns: readonly string[]): Promise<unknown[][]>;
  /** Runs a statement; answers how many rows it changed. */
  run(sql: string): Promise<number>;
}

export function rawStatements(db: Db, tx: Tx): RawStatements {
  const postgres = getEngine() === "postgres";
  const connection = !postgres && tx !== db ? sqliteConnection(db) : undefined;
  const params: unknown[] = [];
  return {
    postgres,
    param(value) {
      params.push(value);
      return postgres ? `$${params.length}` : "?";
    },
    async all<T>(sql: string) {
      const values = params.splice(0);
      if (connection?.inTransaction) return connection.prepare(sql).safeIntegers(true).all(values) as T[];
      return tx.$queryRawUnsafe<T[]>(sql, ...values);
    },
    async allArrays(sql, columns) {
      const values = params.splice(0);
      if (connection?.inTransaction) return connection.prepare(sql).safeIntegers(true).raw(true).all(values) as unknown[][];
      const rows = await tx.$queryRawUnsafe<Record<string, unknown>[]>(sql, ...values);
      return rows.map((row) => columns.map((column) => row[column]));
    },
    async run(sql) {
      const values = params.splice(0);
      if (connection?.inTransaction) return connection.prepare(sql).run(values).changes;
      return tx.$executeRawUnsafe(sql, ...values);
    },
  };
}
