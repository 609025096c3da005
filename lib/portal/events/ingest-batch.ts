import { randomUUID } from "node:crypto";

import { lockFor } from "../../db/advisory-lock";
import { getEngine, type Db, type Prisma } from "../../db/client";
import { signalAfterCommit } from "../../db/commit-signals";
import { insertRows, type Column } from "../../db/insert-rows";
import { isUniqueViolation, prismaCodeOf } from "../../db/unique-violation";
import { errorFields, log } from "../../log";
import { parseJobPayload, reportInvalidJob } from "../../platform/job-payload";
import { metrics } from "../../platform/metrics";
import { orderedId } from "../../platform/ordered-id";
import { environment as environmentById, type EnvironmentId } from "../../spec/environments";
import { MESSAGE_TYPES, messagesByType, type EventBatch, type MessageType } from "../../spec/events";
import { caseSearchText } from "../cases/record-posted-jobs";
import { CONTACT_PRECISION_MS } from "../connections/connections";

import { batchSql, readBigInt, readDate, readInt, readText, type BatchSql } from "./batch-sql";
import { PORTAL_JOB_KINDS } from "./portal-job-kinds";
import { caseJobid, EMPTY_CASE_STATE, isCaseMessage, messageTime, projectCreditSpent, projectMessage, toMinorUnits, type CaseState } from "./project-case";
import { insertCases, updateCases, type MovedCase, type NewCase } from "./write-cases";

/*
 * Stores one batch of status events for one organization, exactly once by its envelope id. Two
 * steps: receiveBatch keeps the envelope as it came (one row; the receiver answers 2xx once it is
 * there), and projectBatches, on the background thread, stores its messages as events and moves
 * the cases they are about, one transaction per batch, oldest batch first. The receiver's request
 * thread so never projects hundreds of messages while other requests wait. The poller (on the
 * background thread already) and tests do both at once with ingestBatch.
 *
 * Which case a message is about: the organization's connection with the message's cid gives the
 * environment, and the environment, cid and job id name the case. A cid the organization has no
 * connection for (or, without a hint, one it has in several environments) is stored on the event
 * with the environment "" and moves no case: nothing it says can be placed. The receiver's
 * registered address carries the environment (…/api/webhooks/events?environment=fin-test), and
 * the poller knows its connection, so that ambiguity only meets batches whose sender was set up by
 * hand.
 */

interface IngestInput {
  organizationId: string;
  envelope: EventBatch;
  source: "push" | "poll";
  /** The environment the batch came from, when known: its cids are looked up there only. */
  environment?: EnvironmentId;
  /** Runs in the same transaction once the batch is stored, for the poller's cursor. */
  afterStore?: (tx: Prisma.TransactionClient) => Promise<void>;
  now?: Date;
}

type IngestResult = { duplicate: false; stored: number } | { duplicate: true; stored: 0 };

/** The environment of events whose cid names no connection of the organization. */
const UNPLACED_ENVIRONMENT = "";

class DuplicateBatch extends Error {}

/** Another writer got there first (a posted job's case created at the same moment, a deadlock): worth one more try. */
function isRetryable(error: unknown): boolean {
  if (isUniqueViolation(error) || prismaCodeOf(error) === "P2034") return true;
  // Raw statements (insertCases) report the database's own words: deadlock, serialization.
  const text = error instanceof Error ? error.message : "";
  return /40P01|40001|deadlock detected|could not serialize/i.test(text);
}

/** Keeps the batch for projection; a batch received before is a duplicate and changes nothing. */
export async function receiveBatch(db: Db, input: IngestInput): Promise<IngestResult> {
  const { organizationId, envelope } = input;
  const byType = messagesByType(envelope);
  const count = MESSAGE_TYPES.reduce((sum, type) => sum + byType[type].length, 0);
  try {
    await db.$transaction(async (tx) => {
      // A raw statement: the receiver's request thread runs it for every batch (batch-sql.ts).
      const sql = batchSql(db, tx);
      const values = [
        sql.param(randomUUID()),
        sql.param(organizationId),
        sql.param(envelope.id),
        sql.param(envelope.created_at),
        sql.param(input.source),
        sql.param(count),
        sql.time(input.now ?? new Date()),
        sql.param(JSON.stringify(envelope)),
        sql.param(input.environment ?? null),
      ];
      const inserted = await sql.run(
        `INSERT INTO "PortalEventBatch" ("id", "organizationId", "batchId", "createdAt", "source", "messageCount", "receivedAt", "body", "environment")
         VALUES (${values.join(", ")}) ON CONFLICT ("organizationId", "batchId") DO NOTHING`,
      );
      if (inserted === 0) throw new DuplicateBatch();
      // The background thread projects it as soon as this commits, not at its next poll.
      await signalAfterCommit(tx, "portal-events");
      await input.afterStore?.(tx);
    });
  } catch (error) {
    if (error instanceof DuplicateBatch) return { duplicate: true, stored: 0 };
    throw error;
  }
  return { duplicate: false, stored: count };
}

/** Receives the batch and projects the organization's waiting batches, this one included. */
export async function ingestBatch(db: Db, input: IngestInput): Promise<IngestResult> {
  const result = await receiveBatch(db, input);
  await projectBatches(db, { organizationId: input.organizationId });
  return result;
}

interface ProjectOptions {
  /** Only this organization's batches. */
  organizationId?: string;
  /** At most this many batches. */
  limit?: number;
  now?: Date;
}

/**
 * Projects waiting batches, oldest first; answers how many. A batch that fails is logged and left
 * waiting for the next run; the others go on.
 */
export async function projectBatches(db: Db, options: ProjectOptions = {}): Promise<number> {
  const limit = options.limit ?? 100;
  const sql = batchSql(db, db);
  const organization = options.organizationId ? `AND "organizationId" = ${sql.param(options.organizationId)}` : "";
  const waiting = await sql.all<{ id: string; organizationId: string }>(
    `SELECT "id", "organizationId" FROM "PortalEventBatch" WHERE "projectedAt" IS NULL ${organization} ORDER BY "receivedAt" ASC, "id" ASC LIMIT ${sql.param(limit)}`,
  );
  let projected = 0;
  for (const row of waiting) {
    try {
      const outcome = await projectBatch(db, row.id, row.organizationId, options.now ?? new Date());
      if (outcome === true) {
        projected++;
        metrics().jobs.inc({ kind: "portalBatch", outcome: "done" });
      } else if (outcome) {
        reportInvalidJob("portalBatch", { organizationId: row.organizationId, batch: row.id, reason: outcome.invalid });
      }
    } catch (error) {
      // Left waiting: the next run tries it again.
      metrics().jobs.inc({ kind: "portalBatch", outcome: "retry" });
      log.error("portal could not store a received batch", { organizationId: row.organizationId, batch: row.id, ...errorFields(error) });
    }
  }
  return projected;
}

/** True once projected; false when another run took it; the reason when it does not fit its kind. */
async function projectBatch(db: Db, id: string, organizationId: string, now: Date): Promise<boolean | { invalid: string }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.$transaction(async (tx) => {
        // One organization's batches are projected one at a time (several app instances), so two
        // batches about one new case do not both create it. SQLite's write lock does this already.
        await lockFor(tx, `portal-events:${organizationId}`);
        const sql = batchSql(db, tx);
        const [row] = await sql.all<{ body: string | null; environment: string | null }>(
          `SELECT "body", "environment" FROM "PortalEventBatch" WHERE "id" = ${sql.param(id)} AND "organizationId" = ${sql.param(organizationId)} AND "projectedAt" IS NULL`,
        );
        if (!row?.body) return false;
        const read = parseJobPayload(PORTAL_JOB_KINDS.portalBatch.payload, row);
        if (!read.ok) {
          // Finished, not retried; the body stays for whoever fixes it.
          await sql.run(`UPDATE "PortalEventBatch" SET "projectedAt" = ${sql.time(now)}, "failure" = ${sql.param(read.reason)} WHERE "id" = ${sql.param(id)}`);
          return { invalid: read.reason };
        }
        await sql.run(`UPDATE "PortalEventBatch" SET "projectedAt" = ${sql.time(now)}, "body" = NULL WHERE "id" = ${sql.param(id)}`);
        await storeMessages(db, tx, sql, { organizationId, envelope: read.payload.body, environment: read.payload.environment ?? undefined, now });
        return true;
      });
    } catch (error) {
      if (attempt >= 3 || !isRetryable(error)) throw error;
    }
  }
}

interface Entry {
  type: MessageType;
  message: Record<string, unknown>;
  position: number;
  cid: string;
  environment: string;
  time: string;
  at: Date;
  caseKey: string | null;
  jobid: number | null;
  /** Set on the copy of an allocation message that is applied to the credit note's own case. */
  creditOf?: true;
}

type CaseRow = CaseState & { id: string; receiverName: string | null; reference: string | null };

const keyOf = (environment: string, cid: string, jobid: number) => `${environment}\u0000${cid}\u0000${jobid}`;

const EVENT_COLUMNS: readonly Column<{ id: string; organizationId: string; caseId: string | null; entry: Entry; batchId: string; receivedAt: Date }>[] = [
  { name: "id", type: "text", value: (row) => row.id },
  { name: "organizationId", type: "text", value: (row) => row.organizationId },
  { name: "caseId", type: "text", value: (row) => row.caseId },
  { name: "environment", type: "text", value: (row) => row.entry.environment },
  { name: "cid", type: "text", value: (row) => row.entry.cid },
  { name: "type", type: "text", value: (row) => row.entry.type },
  { name: "time", type: "text", value: (row) => row.entry.time },
  { name: "message", type: "json", value: (row) => row.entry.message },
  { name: "batchId", type: "text", value: (row) => row.batchId },
  { name: "position", type: "int", value: (row) => row.entry.position },
  { name: "receivedAt", type: "timestamp", value: (row) => row.receivedAt },
];

async function storeMessages(
  db: Db,
  tx: Prisma.TransactionClient,
  sql: BatchSql,
  input: { organizationId: string; envelope: EventBatch; environment?: EnvironmentId; now: Date },
): Promise<void> {
  const { organizationId, envelope, now } = input;
  const engine = getEngine();
  const byType = messagesByType(envelope);

  const connections = await connectionsByCid(sql, organizationId, input.environment);
  const entries: Entry[] = [];
  let position = 0;
  for (const type of MESSAGE_TYPES) {
    for (const raw of byType[type]) {
      const message = raw as Record<string, unknown>;
      const cid = typeof message.cid === "string" ? message.cid : "";
      const environment = connections.get(cid)?.environment ?? UNPLACED_ENVIRONMENT;
      const time = messageTime(type, message) ?? envelope.created_at;
      const parsed = new Date(time);
      const jobid = environment !== UNPLACED_ENVIRONMENT && isCaseMessage(type) ? caseJobid(type, message) : null;
      entries.push({
        type,
        message,
        position: position++,
        cid,
        environment,
        time,
        at: Number.isNaN(parsed.getTime()) ? now : parsed,
        jobid,
        caseKey: jobid === null ? null : keyOf(environment, cid, jobid),
      });
    }
  }
  await placeByInvoiceNumber(sql, organizationId, entries);
  // Events of a connection are contact with its service, whichever way they came.
  const placed = new Set(entries.filter((entry) => entry.environment !== UNPLACED_ENVIRONMENT).map((entry) => connections.get(entry.cid)!.id));
  await markContact(sql, [...placed], now);
  await addCollected(sql, organizationId, entries);

  // An allocation is stored on the debit invoice's timeline; the credit note's own case learns
  // from it only what it spent, and only a case the portal already has or one this batch makes.
  const creditEntries = entries.flatMap((entry): Entry[] => {
    const own = entry.type === "creditnote" ? entry.message.jobid : undefined;
    if (entry.caseKey === null || typeof own !== "number" || !Number.isInteger(own) || own === entry.jobid) return [];
    return [{ ...entry, jobid: own, caseKey: keyOf(entry.environment, entry.cid, own), creditOf: true }];
  });
  const cases = await lockedCases(sql, organizationId, [...entries, ...creditEntries], now);
  const states = new Map<string, CaseState>();
  // Time order per case, ties in the order sent: the envelope groups messages by type, so an
  // lcstatus listed before a payment may well have happened after it.
  const ordered = [...entries, ...creditEntries]
    .filter((entry) => entry.caseKey !== null)
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.position - b.position);
  const founding = new Set(ordered.filter((entry) => !entry.creditOf).map((entry) => entry.caseKey));
  for (const entry of ordered) {
    const key = entry.caseKey!;
    if (entry.creditOf && !cases.has(key) && !founding.has(key)) continue;
    const state = states.get(key) ?? stateOf(cases.get(key)) ?? EMPTY_CASE_STATE;
    states.set(key, entry.creditOf ? projectCreditSpent(state, entry.message) : projectMessage(state, entry.type, entry.message, entry.at));
  }

  const caseIds = new Map<string, string>();
  const created: NewCase[] = [];
  const moved: MovedCase[] = [];
  for (const [key, state] of states) {
    const existing = cases.get(key);
    if (existing) {
      caseIds.set(key, existing.id);
      if (STATE_FIELDS.every((field) => sameValue(existing[field], state[field]))) continue;
      const searchText = caseSearchText([existing.receiverName, state.billnum, existing.reference, state.documentid]);
      moved.push({ id: existing.id, ...state, searchText, updatedAt: now });
      continue;
    }
    const sample = ordered.find((entry) => entry.caseKey === key && !entry.creditOf)!;
    const environment = environmentById(sample.environment as EnvironmentId);
    const id = randomUUID();
    caseIds.set(key, id);
    created.push({
      id,
      organizationId,
      environment: environment.id,
      country: environment.country,
      cid: sample.cid,
      jobid: sample.jobid!,
      currency: environment.rules.currency,
      ...state,
      searchText: caseSearchText([state.billnum, state.documentid]),
      createdAt: now,
      updatedAt: now,
    });
  }
  await insertCases(db, tx, engine, created);
  await updateCases(db, tx, engine, moved);

  await insertRows(
    db,
    tx,
    engine,
    "PortalEvent",
    EVENT_COLUMNS,
    // Ordered ids: a busy organisation's events append to the index instead of scattering across it.
    entries.map((entry) => ({
      id: orderedId(now.getTime()),
      organizationId,
      caseId: entry.caseKey ? (caseIds.get(entry.caseKey) ?? null) : null,
      entry,
      batchId: envelope.id,
      receivedAt: now,
    })),
  );
}

/**
 * The batch's payments added to the month they were paid in, per connection (PortalCollectedMonth), in the
 * transaction that stores them: a batch is stored once, so each payment counts once. The month is
 * the payment's date, else the event's time; the currency the environment's. The migration that
 * made the table counted the payments stored before it the same way. One upsert for all of them.
 */
async function addCollected(sql: BatchSql, organizationId: string, entries: readonly Entry[]): Promise<void> {
  const sums = new Map<string, { environment: string; cid: string; currency: string; month: string; amount: bigint; payments: number }>();
  for (const entry of entries) {
    if (entry.type !== "payment" || entry.environment === UNPLACED_ENVIRONMENT) continue;
    const { amount, paymentdate } = entry.message;
    if (typeof amount !== "number" || !Number.isFinite(amount)) continue;
    const month = (typeof paymentdate === "string" && paymentdate !== "" ? paymentdate : entry.time).slice(0, 7);
    const currency = environmentById(entry.environment as EnvironmentId).rules.currency;
    const key = `${entry.environment}\u0000${entry.cid}\u0000${month}`;
    const sum = sums.get(key) ?? { environment: entry.environment, cid: entry.cid, currency, month, amount: 0n, payments: 0 };
    sum.amount += toMinorUnits(amount);
    sum.payments += 1;
    sums.set(key, sum);
  }
  if (sums.size === 0) return;
  // The amount travels as text: a JSON number would lose minor units beyond 2^53.
  const rows = [...sums.values()].map((sum) => [sum.environment, sum.cid, sum.currency, sum.month, sum.amount.toString(), sum.payments]);
  const organization = sql.param(organizationId);
  const item = "item.value";
  const amount = sql.postgres ? `${sql.textAt(item, 4)}::bigint` : `CAST(${sql.textAt(item, 4)} AS INTEGER)`;
  // "WHERE true": SQLite's grammar needs it between a SELECT and ON CONFLICT (https://www.sqlite.org/lang_upsert.html, "Parsing Ambiguity").
  await sql.run(
    `INSERT INTO "PortalCollectedMonth" ("organizationId", "environment", "cid", "currency", "month", "amount", "payments")
     SELECT ${organization}, ${sql.textAt(item, 0)}, ${sql.textAt(item, 1)}, ${sql.textAt(item, 2)}, ${sql.textAt(item, 3)}, ${amount}, ${sql.intAt(item, 5)}
     FROM ${sql.list(rows)} AS item WHERE true
     ON CONFLICT ("organizationId", "environment", "cid", "currency", "month")
     DO UPDATE SET "amount" = "PortalCollectedMonth"."amount" + excluded."amount", "payments" = "PortalCollectedMonth"."payments" + excluded."payments"`,
  );
}

/** cid → its connection among the organization's; a cid in several environments places nowhere. */
async function connectionsByCid(
  sql: BatchSql,
  organizationId: string,
  hint: EnvironmentId | undefined,
): Promise<Map<string, { id: string; environment: string }>> {
  // Placeholders in the order the statement names them (SQLite's are positional).
  const organization = sql.param(organizationId);
  const environment = hint ? `AND "environment" = ${sql.param(hint)}` : "";
  const rows = await sql.all<{ id: string; environment: string; cid: string }>(
    `SELECT "id", "environment", "cid" FROM "PortalConnection" WHERE "organizationId" = ${organization} ${environment}`,
  );
  const found = new Map<string, { id: string; environment: string } | null>();
  for (const row of rows) found.set(row.cid, found.has(row.cid) ? null : { id: row.id, environment: row.environment });
  const placed = new Map<string, { id: string; environment: string }>();
  for (const [cid, connection] of found) if (connection !== null) placed.set(cid, connection);
  return placed;
}

/**
 * markContact (lib/portal/connections) for the connections whose events the batch placed, in one
 * statement. It sets `updatedAt` as Prisma's model update there does: the portal's loops take
 * connections in that order.
 */
async function markContact(sql: BatchSql, connectionIds: readonly string[], at: Date): Promise<void> {
  if (connectionIds.length === 0) return;
  await sql.run(
    `UPDATE "PortalConnection" SET "lastContactAt" = ${sql.time(at)}, "updatedAt" = ${sql.time(new Date())}
     WHERE "id" IN (SELECT ${sql.postgres ? "item.value #>> '{}'" : "item.value"} FROM ${sql.list(connectionIds)} AS item)
     AND ("lastContactAt" IS NULL OR "lastContactAt" < ${sql.time(new Date(at.getTime() - CONTACT_PRECISION_MS))})`,
  );
}

/**
 * Messages the specification lets name a case by bill number or documentid alone: placed on a
 * case the organization already knows by either (its newest); one that names none stays off every
 * case. All of the batch's are looked up in one statement.
 */
async function placeByInvoiceNumber(sql: BatchSql, organizationId: string, entries: Entry[]): Promise<void> {
  const lookups = new Map<string, { key: string[]; entries: Entry[] }>();
  for (const entry of entries) {
    if (entry.caseKey !== null || entry.environment === UNPLACED_ENVIRONMENT || !isCaseMessage(entry.type) || entry.type === "creditnote") continue;
    const billnum = typeof entry.message.invoicenumber === "string" && entry.message.invoicenumber !== "" ? entry.message.invoicenumber : null;
    const documentid = typeof entry.message.documentid === "string" && entry.message.documentid !== "" ? entry.message.documentid : null;
    if (!billnum && !documentid) continue;
    const key = [entry.environment, entry.cid, billnum ?? "", documentid ?? ""];
    const lookup = lookups.get(key.join("\u0000")) ?? { key, entries: [] };
    lookup.entries.push(entry);
    lookups.set(key.join("\u0000"), lookup);
  }
  if (lookups.size === 0) return;
  const list = [...lookups.values()];
  const item = "item.value";
  // "" names nothing: a case whose bill number is "" is not found by a message without one. The
  // two ways are looked up apart, each by its own index, and the newer case of the two taken: with
  // an OR, SQLite walked the organization's cases newest first until one matched.
  const byColumn = (column: "billnum" | "documentid", index: number) =>
    `SELECT "jobid", "createdAt" FROM "PortalCase"
     WHERE "organizationId" = ${sql.param(organizationId)} AND "environment" = ${sql.textAt(item, 0)} AND "cid" = ${sql.textAt(item, 1)}
     AND "${column}" = ${sql.textAt(item, index)} AND ${sql.textAt(item, index)} <> ''`;
  const rows = await sql.all<{ position: unknown; jobid: unknown }>(
    `SELECT ${sql.intAt(item, 4)} AS "position", (
       SELECT "jobid" FROM (${byColumn("billnum", 2)} UNION ALL ${byColumn("documentid", 3)}) AS found
       ORDER BY "createdAt" DESC LIMIT 1
     ) AS "jobid"
     FROM ${sql.list(list.map((lookup, position) => [...lookup.key, position]))} AS item`,
  );
  for (const row of rows) {
    const jobid = readInt(row.jobid);
    if (jobid === null) continue;
    for (const entry of list[readInt(row.position)!]!.entries) {
      entry.jobid = jobid;
      entry.caseKey = keyOf(entry.environment, entry.cid, jobid);
    }
  }
}

const CASE_COLUMNS = {
  id: readText,
  environment: readText,
  cid: readText,
  jobid: readInt,
  code: readInt,
  statusText: readText,
  paydate: readText,
  currentPaydate: readText,
  openCapital: readBigInt,
  interest: readBigInt,
  expenses: readBigInt,
  deliveryStatus: readText,
  deliveryChannel: readText,
  deliveryErrorCode: readText,
  billnum: readText,
  documentid: readText,
  lastEventAt: readDate,
  lastDeliveryAt: readDate,
  creditUsed: readBigInt,
  receiverName: readText,
  reference: readText,
} as const;

/**
 * The cases the batch names, as they are now, in one statement. On PostgreSQL they are locked as
 * they are read (an update of their updatedAt), so a post being recorded for the same case at the
 * same moment (lib/portal/cases) waits or makes this wait, and the state read here is the one the
 * other left, not one it is about to overwrite. SQLite's write lock already orders whole transactions.
 */
async function lockedCases(sql: BatchSql, organizationId: string, entries: readonly Entry[], now: Date): Promise<Map<string, CaseRow>> {
  const named = new Map<string, [string, string, number]>();
  for (const entry of entries) {
    if (entry.jobid === null || entry.caseKey === null) continue;
    named.set(keyOf(entry.environment, entry.cid, entry.jobid), [entry.environment, entry.cid, entry.jobid]);
  }
  const found = new Map<string, CaseRow>();
  if (named.size === 0) return found;
  const columns = Object.keys(CASE_COLUMNS)
    .map((name) => `"PortalCase"."${name}"`)
    .join(", ");
  const item = "item.value";
  const rows = sql.postgres
    ? await sql.all(
        `UPDATE "PortalCase" SET "updatedAt" = ${sql.time(now)} FROM ${sql.list([...named.values()])} AS item
         WHERE "PortalCase"."organizationId" = ${sql.param(organizationId)} AND "PortalCase"."environment" = ${sql.textAt(item, 0)}
         AND "PortalCase"."cid" = ${sql.textAt(item, 1)} AND "PortalCase"."jobid" = ${sql.intAt(item, 2)}
         RETURNING ${columns}`,
      )
    : await sql.all(
        `SELECT ${columns} FROM ${sql.list([...named.values()])} AS item CROSS JOIN "PortalCase"
         ON "PortalCase"."organizationId" = ${sql.param(organizationId)} AND "PortalCase"."environment" = ${sql.textAt(item, 0)}
         AND "PortalCase"."cid" = ${sql.textAt(item, 1)} AND "PortalCase"."jobid" = ${sql.intAt(item, 2)}`,
      );
  for (const raw of rows) {
    const row = Object.fromEntries(Object.entries(CASE_COLUMNS).map(([name, read]) => [name, read(raw[name])])) as unknown as CaseRow & {
      environment: string;
      cid: string;
      jobid: number;
    };
    found.set(keyOf(row.environment, row.cid, row.jobid), row);
  }
  return found;
}

const STATE_FIELDS = Object.keys(EMPTY_CASE_STATE) as (keyof CaseState)[];

function stateOf(row: CaseRow | undefined): CaseState | undefined {
  if (!row) return undefined;
  return Object.fromEntries(STATE_FIELDS.map((field) => [field, row[field]])) as unknown as CaseState;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return a === b;
}
