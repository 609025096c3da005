import { finished } from "node:stream/promises";

import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";

import { forEachInSlices } from "../platform/in-slices";

import { sqliteConnection, type Db, type Engine, type Tx } from "./client";
import { transactionConnection } from "./postgres-adapter";

/*
 * Many rows into one table at once. Prisma's createMany compiles every value of every row through
 * its query compiler; for 1000 jobs that took about 500 ms on SQLite, and a raw multi-row INSERT
 * with 21 000 parameters still about 70 ms. Even one large parameter costs Prisma about 17 ms a
 * megabyte to pass, so inside a transaction the rows go straight to its own connection: on SQLite
 * as a prepared statement per row, on PostgreSQL as COPY FROM STDIN in its text format, or a
 * parameter per column for a single row (`db` must be the client whose transaction `tx` is, and
 * the call must come from inside that transaction's callback). Outside a transaction the rows
 * travel as one JSON array that the database unpacks itself (SQLite's json_each, PostgreSQL's
 * jsonb_array_elements).
 *
 * COPY rather than the JSON array on PostgreSQL: the array was parsed into jsonb whole, then each
 * row's values taken out of it, where COPY parses each value once as its column's type; for the
 * 1000 jobs of an intake the insert's bind and run cost the server about 25 ms, mostly that.
 *
 * Text reaches PostgreSQL as UTF-8, where a lone surrogate becomes U+FFFD as on SQLite, while a
 * JSON column's text keeps it escaped and jsonb refuses it: callers pass text checked at intake
 * either way. It is for hot paths only (intake, the sweep, the distribution's queue); everything
 * else writes through Prisma's models. Values are written in the representation Prisma itself
 * writes, so Prisma reads them back as its own.
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

/** COPY's text format: a backslash, tab, newline or carriage return in a value is escaped with a backslash. */
const COPY_SPECIAL = /[\\\t\n\r]/g;
const HAS_COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };
// Most values hold none of the four: a test alone is a fraction of a replace with a callback,
// which intake's thread would otherwise run on some fifty thousand values a request.
const copyEscape = (text: string) => (HAS_COPY_SPECIAL.test(text) ? text.replace(COPY_SPECIAL, (special) => COPY_ESCAPES[special]!) : text);

/** A column's value as a field of COPY's text format: \N for null, each type as PostgreSQL reads it. */
function copyEncoder<Row>(column: Pick<Column<Row>, "type" | "value">): (row: Row) => string {
  const value = column.value;
  const or = (encode: (present: NonNullable<unknown>) => string) => (row: Row) => {
    const present = value(row);
    return present === null || present === undefined ? "\\N" : encode(present);
  };
  switch (column.type) {
    case "timestamp":
      return or((date) => (date as Date).toISOString());
    case "boolean":
      return or((flag) => (flag ? "t" : "f"));
    case "json":
      return or((json) => copyEscape(JSON.stringify(json)));
    case "text":
      return or((text) => copyEscape(String(text as string)));
    default:
      return or((number) => String(number as number | bigint));
  }
}

/**
 * Some columns' values of a row, encoded ahead of its insert (insertEncodedRows): the values the
 * SQLite connection binds, or on PostgreSQL their fields in COPY's text format.
 */
export type EncodedValues = unknown[] | string[];

/** The columns' encoders for the engine, each chosen once. */
function encodersOf<Row>(engine: Engine, columns: readonly Column<Row>[]): ((row: Row) => unknown)[] {
  return columns.map((column) => (engine === "sqlite" ? sqliteEncoder(column) : copyEncoder(column)));
}

export function encodeValues<Row>(engine: Engine, columns: readonly Column<Row>[], row: Row): EncodedValues {
  return encodersOf(engine, columns).map((encoder) => encoder(row));
}

/** encodeValues for many rows, each column's encoder chosen once. */
export function encodeRows<Row>(engine: Engine, columns: readonly Column<Row>[], rows: readonly Row[]): EncodedValues[] {
  const encoders = encodersOf(engine, columns);
  return rows.map((row) => encoders.map((encoder) => encoder(row)));
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
 * Rows of fields in COPY's text format (copyEncoder) into the table, on the transaction's
 * connection: a line each, fields by tab. Answers once the rows are handed to the connection, with
 * the server's storing of them still to come in `written` (see sendEncodedRows).
 */
async function sendCopy(
  connection: pg.PoolClient,
  table: string,
  columns: readonly Pick<Column<never>, "name">[],
  rows: Iterable<readonly string[]>,
): Promise<RowsSent> {
  let lines = "";
  for (const fields of rows) lines += `${fields.join("\t")}\n`;
  const names = columns.map((column) => quote(column.name)).join(", ");
  const copy = connection.query(copyFrom(`COPY ${quote(table)} (${names}) FROM STDIN`));
  const written = finished(copy);
  // Handled here and awaited by the caller: a failure that comes while the caller works is not lost.
  written.catch(() => undefined);
  // The write's callback comes once the server has asked for the data and the data is sent.
  const sent = new Promise<void>((resolve, reject) => copy.write(Buffer.from(lines), (error) => (error ? reject(error) : resolve())));
  copy.end();
  await Promise.race([sent, written]);
  return { written };
}

/**
 * A row's parts (insertEncodedRows) as one list of values, copied into place: Array.prototype.flat
 * took 4.5–5 ms for 1000 rows, this 0.3 (1.3 s of the request thread in a 20 s run of
 * `npm run bench -- load`).
 */
function joinedParts(parts: readonly (readonly unknown[])[]): unknown[] {
  const values: unknown[] = [];
  for (const part of parts) for (const value of part) values.push(value);
  return values;
}

/** Rows handed to the database (sendEncodedRows), with the outcome of storing them still to come. */
export interface RowsSent {
  written: Promise<void>;
}

/** Rows already stored, or none to store: nothing to wait for. */
export const ROWS_STORED: RowsSent = { written: Promise.resolve() };

/**
 * insertRows for rows whose values were encoded ahead (encodeValues), each in parts that follow
 * the columns' order: a writer that must hold a lock while it inserts builds most of each row
 * before taking it. From inside a transaction's callback only (`tx` its transaction client, `db`
 * the client), since on PostgreSQL the rows are COPY's and need the transaction's connection.
 */
export async function insertEncodedRows(
  db: Db,
  tx: Tx,
  engine: Engine,
  table: string,
  columns: readonly Pick<Column<never>, "name" | "type">[],
  rows: readonly (readonly EncodedValues[])[],
): Promise<void> {
  const sent = await sendEncodedRows(db, tx, engine, table, columns, rows);
  await sent.written;
}

/**
 * insertEncodedRows that answers, on PostgreSQL, as soon as the rows are sent: the server stores
 * them while the caller builds what comes next (intake's events for 1000 jobs are some 30 ms of the
 * request thread, which otherwise waited for the jobs' COPY first), and statements the caller sends
 * on the transaction meanwhile run after it (pg sends a client's queries one after another, in the
 * order asked; Prisma's transaction asks on the same client). The caller awaits `written`
 * (whileWriting) before the transaction ends. On SQLite the rows are stored when it answers.
 */
export async function sendEncodedRows(
  db: Db,
  tx: Tx,
  engine: Engine,
  table: string,
  columns: readonly Pick<Column<never>, "name" | "type">[],
  rows: readonly (readonly EncodedValues[])[],
): Promise<RowsSent> {
  if (rows.length === 0) return ROWS_STORED;
  if (engine === "sqlite") {
    const connection = tx !== db ? sqliteConnection(db) : undefined;
    const names = columns.map((column) => quote(column.name)).join(", ");
    if (connection?.inTransaction) {
      const statement = connection.prepare(`INSERT INTO ${quote(table)} (${names}) VALUES (${columns.map(() => "?").join(", ")})`);
      await forEachInSlices(rows, (parts) => void statement.run(joinedParts(parts as readonly unknown[][])));
      return ROWS_STORED;
    }
    const values = rows.map((parts) => joinedParts(parts as readonly unknown[][]));
    // JSON columns are encoded as their text, which json_extract gives back as it is.
    const extract = columns.map((_, index) => `json_extract(value, '$[${index}]')`).join(", ");
    await tx.$executeRawUnsafe(`INSERT INTO ${quote(table)} (${names}) SELECT ${extract} FROM json_each(?)`, JSON.stringify(values));
    return ROWS_STORED;
  }
  const connection = tx !== db ? await transactionConnection(tx) : null;
  if (!connection) throw new Error(`insertEncodedRows into ${table}: not inside a transaction of the PostgreSQL client`);
  return sendCopy(
    connection,
    table,
    columns,
    rows.map((parts) => joinedParts(parts as readonly string[][]) as string[]),
  );
}

/**
 * Runs `next` while rows sent ahead (sendEncodedRows) are stored, then waits for them. When they
 * fail, the transaction is aborted and `next`'s statements fail with it: the rows' own error is the
 * one reported.
 */
export async function whileWriting<T>(sent: RowsSent, next: () => Promise<T>): Promise<T> {
  try {
    return await next();
  } finally {
    // A failure here replaces next's: the rows' error is the cause of both.
    await sent.written;
  }
}

/** Inside a transaction, straight on its connection: Prisma's engine would pass the payload on at some 25 ms a megabyte (lib/db/postgres-adapter.ts). */
async function postgresQuery(db: Db, tx: Tx, sql: string, parameters: unknown[]): Promise<void> {
  const connection = tx !== db ? await transactionConnection(tx) : null;
  if (connection) await connection.query(sql, parameters);
  else await tx.$executeRawUnsafe(sql, ...parameters);
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
  if (engine === "postgres" && tx !== db) {
    const connection = await transactionConnection(tx);
    if (connection) {
      const sent = await sendCopy(connection, table, columns, encodeRows(engine, columns, rows) as string[][]);
      await sent.written;
      return;
    }
  }
  const payload = JSON.stringify(rows.map((row) => columns.map((column) => encode(column.value(row), column.type, engine))));
  if (engine === "sqlite") {
    // Each row is a JSON array; json_extract of an object or array gives its JSON text, as Prisma stores Json.
    const values = columns.map((_, index) => `json_extract(value, '$[${index}]')`).join(", ");
    await tx.$executeRawUnsafe(`INSERT INTO ${quote(table)} (${names}) SELECT ${values} FROM json_each(?)`, payload);
    return;
  }
  await postgresQuery(db, tx, postgresInsert(table, columns), [payload]);
}
