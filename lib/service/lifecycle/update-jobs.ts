import { getEngine, sqliteConnection, type Db, type Tx } from "../../db/client";
import { transactionConnection } from "../../db/postgres-adapter";

/*
 * The case columns of many Jobs in one go, for the sweep's hot path: on SQLite a prepared
 * statement on the transaction's own connection (as lib/db/insert-rows.ts does for inserts), on
 * PostgreSQL one UPDATE … FROM jsonb_to_recordset. Amounts are added to what the row holds, never
 * overwritten, so a payment booked in between is not lost.
 */

export interface JobPatch {
  id: number;
  jobstatus?: number;
  phaseSince?: string;
  reviewOn?: string | null;
  currentPaydate?: string;
  pendingDocument?: string;
  addInterest?: bigint;
  addExpenses?: bigint;
}

type Key = Exclude<keyof JobPatch, "id">;
const COLUMNS: Record<Key, { column: string; pgType: string; add?: boolean }> = {
  jobstatus: { column: "jobstatus", pgType: "integer" },
  phaseSince: { column: "phaseSince", pgType: "text" },
  reviewOn: { column: "reviewOn", pgType: "text" },
  currentPaydate: { column: "currentPaydate", pgType: "text" },
  pendingDocument: { column: "pendingDocument", pgType: "text" },
  addInterest: { column: "openInterest", pgType: "bigint", add: true },
  addExpenses: { column: "openExpenses", pgType: "bigint", add: true },
};

const KEYS = Object.keys(COLUMNS) as Key[];

const encode = (value: unknown) => (typeof value === "bigint" ? Number(value) : value);

export async function updateJobs(db: Db, tx: Tx, patches: readonly JobPatch[]): Promise<void> {
  // One statement per shape of patch: most chunks have two or three shapes.
  const shapes = new Map<string, JobPatch[]>();
  for (const patch of patches) {
    let shape = "";
    for (const key of KEYS) if (patch[key] !== undefined) shape = shape === "" ? key : `${shape},${key}`;
    if (shape === "") continue;
    const rows = shapes.get(shape);
    if (rows) rows.push(patch);
    else shapes.set(shape, [patch]);
  }
  for (const [shape, rows] of shapes) {
    const keys = shape.split(",") as Key[];
    if (getEngine() === "postgres") await updatePostgres(db, tx, keys, rows);
    else await updateSqlite(db, tx, keys, rows);
  }
}

async function updateSqlite(db: Db, tx: Tx, keys: Key[], rows: JobPatch[]) {
  const set = keys.map((key) => (COLUMNS[key].add ? `"${COLUMNS[key].column}" = "${COLUMNS[key].column}" + ?` : `"${COLUMNS[key].column}" = ?`)).join(", ");
  const sql = `UPDATE "Job" SET ${set} WHERE id = ?`;
  const connection = tx !== db ? sqliteConnection(db) : undefined;
  if (connection?.inTransaction) {
    const statement = connection.prepare(sql);
    const width = keys.length;
    for (const row of rows) {
      const values = new Array<unknown>(width + 1);
      for (let index = 0; index < width; index++) values[index] = encode(row[keys[index]!]);
      values[width] = row.id;
      statement.run(values);
    }
    return;
  }
  for (const row of rows) await tx.$executeRawUnsafe(sql, ...keys.map((key) => encode(row[key])), row.id);
}

async function updatePostgres(db: Db, tx: Tx, keys: Key[], rows: JobPatch[]) {
  const set = keys
    .map((key) => {
      const { column, add } = COLUMNS[key];
      return add ? `"${column}" = j."${column}" + u."${key}"` : `"${column}" = u."${key}"`;
    })
    .join(", ");
  const record = ["id integer", ...keys.map((key) => `"${key}" ${COLUMNS[key].pgType}`)].join(", ");
  const payload = JSON.stringify(rows.map((row) => Object.fromEntries([["id", row.id], ...keys.map((key) => [key, encode(row[key])])])));
  const sql = `UPDATE "Job" AS j SET ${set} FROM jsonb_to_recordset($1::jsonb) AS u(${record}) WHERE j.id = u.id`;
  // Inside a transaction, on its own connection (lib/db/postgres-adapter.ts).
  const connection = tx !== db ? await transactionConnection(tx) : null;
  if (connection) await connection.query(sql, [payload]);
  else await tx.$executeRawUnsafe(sql, payload);
}
