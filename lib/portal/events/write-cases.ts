import { sqliteConnection, type Db, type Engine, type Prisma } from "../../db/client";
import { encode, insertRows, POSTGRES_TYPES, type Column, type ColumnType } from "../../db/insert-rows";

import type { CaseState } from "./project-case";

/*
 * The case rows a batch creates and moves, written in one statement each way. A 500-message batch
 * can touch 500 cases; through Prisma's models that is 500 compiled updates (about half a second
 * on SQLite), far from the receiver's 100 ms budget. New cases go in with insertRows (lib/db);
 * moved cases are updated with one prepared statement on SQLite's transaction connection, or one
 * UPDATE … FROM a JSON parameter on PostgreSQL. Values are written as Prisma writes them, so its
 * models read them back unchanged.
 */

export interface NewCase extends CaseState {
  id: string;
  organizationId: string;
  environment: string;
  country: string;
  cid: string;
  jobid: number;
  currency: string;
  searchText: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface MovedCase extends CaseState {
  id: string;
  searchText: string;
  updatedAt: Date;
}

const STATE_COLUMNS: readonly { name: keyof CaseState; type: ColumnType }[] = [
  { name: "code", type: "int" },
  { name: "statusText", type: "text" },
  { name: "paydate", type: "text" },
  { name: "currentPaydate", type: "text" },
  { name: "openCapital", type: "bigint" },
  { name: "interest", type: "bigint" },
  { name: "expenses", type: "bigint" },
  { name: "deliveryStatus", type: "text" },
  { name: "deliveryChannel", type: "text" },
  { name: "deliveryErrorCode", type: "text" },
  { name: "billnum", type: "text" },
  { name: "documentid", type: "text" },
  { name: "lastEventAt", type: "timestamp" },
  { name: "lastDeliveryAt", type: "timestamp" },
  { name: "creditUsed", type: "bigint" },
];

const column = <Row>(name: string, type: ColumnType): Column<Row> => ({ name, type, value: (row) => (row as Record<string, unknown>)[name] });

const NEW_CASE_COLUMNS: readonly Column<NewCase>[] = [
  ...["id", "organizationId", "environment", "country", "cid", "currency", "searchText"].map((name) => column<NewCase>(name, "text")),
  column<NewCase>("jobid", "int"),
  ...STATE_COLUMNS.map((state) => column<NewCase>(state.name, state.type)),
  column<NewCase>("createdAt", "timestamp"),
  column<NewCase>("updatedAt", "timestamp"),
];

const MOVED_COLUMNS: readonly { name: string; type: ColumnType }[] = [
  ...STATE_COLUMNS,
  { name: "searchText", type: "text" },
  { name: "updatedAt", type: "timestamp" },
];

const quote = (name: string) => `"${name}"`;

export async function insertCases(db: Db, tx: Prisma.TransactionClient, engine: Engine, rows: readonly NewCase[]): Promise<void> {
  await insertRows(db, tx, engine, "PortalCase", NEW_CASE_COLUMNS, rows);
}

export async function updateCases(db: Db, tx: Prisma.TransactionClient, engine: Engine, rows: readonly MovedCase[]): Promise<void> {
  if (rows.length === 0) return;
  const values = (row: MovedCase) => MOVED_COLUMNS.map((item) => encode((row as unknown as Record<string, unknown>)[item.name], item.type, engine));
  if (engine === "sqlite") {
    const connection = sqliteConnection(db);
    if (connection?.inTransaction) {
      const statement = connection.prepare(`UPDATE "PortalCase" SET ${MOVED_COLUMNS.map((item) => `${quote(item.name)} = ?`).join(", ")} WHERE "id" = ?`);
      for (const row of rows) statement.run([...values(row), row.id]);
      return;
    }
    // Outside a transaction callback the connection is not ours: one Prisma update per case.
    for (const row of rows) {
      const { id, ...data } = row;
      await tx.portalCase.update({ where: { id }, data });
    }
    return;
  }
  const payload = JSON.stringify(rows.map((row) => [row.id, ...values(row)]));
  const assignments = MOVED_COLUMNS.map((item, index) => `${quote(item.name)} = (row ->> ${index + 1})::${POSTGRES_TYPES[item.type]}`).join(", ");
  await tx.$executeRawUnsafe(
    `UPDATE "PortalCase" SET ${assignments} FROM jsonb_array_elements($1::jsonb) AS rows(row) WHERE "PortalCase"."id" = (row ->> 0)`,
    payload,
  );
}
