import { forEachInSlices } from "../platform/in-slices";

import { sqliteConnection, type Db, type Engine, type Tx } from "./client";
import { transactionConnection } from "./postgres-adapter";

/*
 * Many rows into one table with one statement and one parameter: the rows travel as a JSON array
 * that the database unpacks itself (SQLite's json_each, PostgreSQL's jsonb_to_recordset).
 *
 * Prisma's createMany compiles every value of every row through its query compiler; for 1000 jobs
 * that took about 500 ms on SQLite, and a raw multi-row INSERT with 21 000 parameters still about
 * 70 ms. Even one large parameter costs Prisma about 17 ms a megabyte to pass, so inside a
 * transaction the rows go straight to its own connection: on SQLite as a prepared statement, on
 * PostgreSQL as the one JSON parameter, or a parameter per column for a single row (`db` must be
 * the client whose transaction `tx` is, and the call must come from inside that transaction's
 * callback). A single row's text then reaches PostgreSQL as UTF-8, where a lone surrogate becomes
 * U+FFFD as on SQLite, while jsonb refuses it: callers pass text checked at intake either way.
 * It is for hot paths only (intake); everything else writes through Prisma's models. Values are
 * written in the representation Prisma itself writes, so Prisma reads them back as its own.
 */

export type ColumnType = "int" | "bigint" | "float" | "text" | "boolean" | "json" | "timestamp";

export interface Column<Row> {
  name: string;
  type: ColumnType;
  value: (row: Row) => unknown;
}

/** The PostgreSQL type a JSON payload value of each column type is cast to. */
export const POSTGRES_TYPES: Record<ColumnType, string> = {
  int: "integer",
  bigint: "bigint",
  float: "double precision",
  text: "text",
  boolean: "boolean",
  json: "jsonb",
  timestamp: "timestamp(3)",
};

/** A value in the representation Prisma itself writes for a column of the type. */
export function encode(value: unknown, type: ColumnType, engine: Engine): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case "timestamp": {
      const iso = (value as Date).toISOString();
      // Prisma's SQLite adapter writes "…+00:00"; PostgreSQL reads the ISO form as UTC.
      return engine === "sqlite" ? iso.replace("Z", "+00:00") : iso;
    }
    case "bigint":
      return typeof value === "bigint" ? Number(value) : value;
    case "boolean":
      return engine === "sqlite" ? (value ? 1 : 0) : Boolean(value);
    default:
      return value;
  }
}

/** A column's value as the SQLite connection binds it: encode() for SQLite, JSON as its text. */
function sqliteEncoder<Row>(column: Column<Row>): (row: Row) => unknown {
  const value = column.value;
  switch (column.type) {
    case "timestamp":
      return (row) => {
        const date = value(row) as Date | null | undefined;
        return date === null || date === undefined ? null : date.toISOString().replace("Z", "+00:00");
      };
    case "bigint":
      return (row) => {
        const amount = value(row);
        return typeof amount === "bigint" ? Number(amount) : (amount ?? null);
      };
    case "boolean":
      return (row) => {
        const flag = value(row);
        return flag === null || flag === undefined ? null : flag ? 1 : 0;
      };
    case "json":
      return (row) => {
        const json = value(row);
        return json === null || json === undefined ? null : JSON.stringify(json);
      };
    default:
      return (row) => value(row) ?? null;
  }
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Some columns' values of a row, encoded ahead of its insert (insertEncodedRows): the values the
 * SQLite connection binds, or on PostgreSQL their JSON text without its brackets.
 */
export type EncodedValues = unknown[] | string;

export function encodeValues<Row>(engine: Engine, columns: readonly Column<Row>[], row: Row): EncodedValues {
  if (engine === "sqlite") return columns.map((column) => sqliteEncoder(column)(row));
  return JSON.stringify(columns.map((column) => encode(column.value(row), column.type, engine))).slice(1, -1);
}

/** The PostgreSQL statement that inserts rows sent as one JSON array of arrays in the columns' order. */
function postgresInsert(table: string, columns: readonly Pick<Column<never>, "name" | "type">[]): string {
  const names = columns.map((column) => quote(column.name)).join(", ");
  const values = columns
    .map((column, index) => (column.type === "json" ? `(row -> ${index})` : `(row ->> ${index})::${POSTGRES_TYPES[column.type]}`))
    .join(", ");
  return `INSERT INTO ${quote(table)} (${names}) SELECT ${values} FROM jsonb_array_elements($1::jsonb) AS rows(row)`;
}

/**
 * insertRows for rows whose values were encoded ahead (encodeValues), each in parts that follow
 * the columns' order: a writer that must hold a lock while it inserts builds most of each row
 * before taking it. The same transaction rules as insertRows.
 */
export async function insertEncodedRows(
  db: Db,
  tx: Tx,
  engine: Engine,
  table: string,
  columns: readonly Pick<Column<never>, "name" | "type">[],
  rows: readonly (readonly EncodedValues[])[],
): Promise<void> {
  if (rows.length === 0) return;
  if (engine === "sqlite") {
    const values = rows.map((parts) => (parts as unknown[][]).flat());
    const connection = tx !== db ? sqliteConnection(db) : undefined;
    const names = columns.map((column) => quote(column.name)).join(", ");
    if (connection?.inTransaction) {
      const statement = connection.prepare(`INSERT INTO ${quote(table)} (${names}) VALUES (${columns.map(() => "?").join(", ")})`);
      await forEachInSlices(values, (row) => void statement.run(row));
      return;
    }
    // JSON columns are encoded as their text, which json_extract gives back as it is.
    const extract = columns.map((_, index) => `json_extract(value, '$[${index}]')`).join(", ");
    await tx.$executeRawUnsafe(`INSERT INTO ${quote(table)} (${names}) SELECT ${extract} FROM json_each(?)`, JSON.stringify(values));
    return;
  }
  const payload = `[${rows.map((parts) => `[${(parts as string[]).filter((part) => part !== "").join(",")}]`).join(",")}]`;
  await postgresQuery(db, tx, postgresInsert(table, columns), payload);
}

/** Inside a transaction, straight on its connection: Prisma's engine would pass the payload on at some 25 ms a megabyte (lib/db/postgres-adapter.ts). */
async function postgresQuery(db: Db, tx: Tx, sql: string, parameters: string | unknown[]): Promise<void> {
  const values = typeof parameters === "string" ? [parameters] : parameters;
  const connection = tx !== db ? await transactionConnection(tx) : null;
  if (connection) await connection.query(sql, values);
  else await tx.$executeRawUnsafe(sql, ...values);
}

export async function insertRows<Row>(db: Db, tx: Tx, engine: Engine, table: string, columns: readonly Column<Row>[], rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const names = columns.map((column) => quote(column.name)).join(", ");
  // Only from inside a transaction callback (tx is then not the client itself) is the connection ours.
  const connection = engine === "sqlite" && tx !== db ? sqliteConnection(db) : undefined;
  if (connection?.inTransaction) {
    // On the transaction's own connection a prepared statement per row is the fastest there is
    // (one multi-row statement, or json_each, was slower per row on SQLite).
    const statement = connection.prepare(`INSERT INTO ${quote(table)} (${names}) VALUES (${columns.map(() => "?").join(", ")})`);
    // Each column's encoding is chosen once, not per value: the sweep writes half a million values.
    const encoders = columns.map((column) => sqliteEncoder(column));
    const width = columns.length;
    // In slices: the statements run synchronously, and the thread that answers requests should
    // not stop for a thousand of them at once (the transaction keeps the rows together).
    await forEachInSlices(rows, (row) => {
      const values = new Array<unknown>(width);
      for (let index = 0; index < width; index++) values[index] = encoders[index]!(row);
      statement.run(values);
    });
    return;
  }
  if (engine === "postgres" && rows.length === 1) {
    // One row needs no array to unpack: a parameter per column, of which a large text (intake's
    // answer) is then stored as sent instead of being parsed as part of a jsonb payload first.
    const values = columns.map((column) => {
      const value = encode(column.value(rows[0]!), column.type, engine);
      return column.type === "json" && value !== null ? JSON.stringify(value) : value;
    });
    const casts = columns.map((column, index) => `$${index + 1}::${POSTGRES_TYPES[column.type]}`).join(", ");
    await postgresQuery(db, tx, `INSERT INTO ${quote(table)} (${names}) VALUES (${casts})`, values);
    return;
  }
  const payload = JSON.stringify(rows.map((row) => columns.map((column) => encode(column.value(row), column.type, engine))));
  if (engine === "sqlite") {
    // Each row is a JSON array; json_extract of an object or array gives its JSON text, as Prisma stores Json.
    const values = columns.map((_, index) => `json_extract(value, '$[${index}]')`).join(", ");
    await tx.$executeRawUnsafe(`INSERT INTO ${quote(table)} (${names}) SELECT ${values} FROM json_each(?)`, payload);
    return;
  }
  await postgresQuery(db, tx, postgresInsert(table, columns), payload);
}
