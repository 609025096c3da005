import { randomUUID } from "node:crypto";

import { lockFor } from "../../db/advisory-lock";
import { getEngine, type Db, type Prisma } from "../../db/client";
import { signalAfterCommit } from "../../db/commit-signals";
import { insertRows, type Column } from "../../db/insert-rows";
import { isUniqueViolation, prismaCodeOf } from "../../db/unique-violation";
import { errorFields, log } from "../../log";
import { orderedId } from "../../platform/ordered-id";
import { environment as environmentById, type EnvironmentId } from "../../spec/environments";
import { MESSAGE_TYPES, messagesByType, type EventBatch, type MessageType } from "../../spec/events";
import { caseSearchText } from "../cases/record-posted-jobs";
import { markContact } from "../connections/connections";

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
      try {
        await tx.portalEventBatch.create({
          data: {
            id: randomUUID(),
            organizationId,
            batchId: envelope.id,
            createdAt: envelope.created_at,
            source: input.source,
            messageCount: count,
            receivedAt: input.now ?? new Date(),
            body: JSON.stringify(envelope),
            environment: input.environment ?? null,
          },
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new DuplicateBatch();
        throw error;
      }
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
  const waiting = await db.portalEventBatch.findMany({
    where: { projectedAt: null, ...(options.organizationId ? { organizationId: options.organizationId } : {}) },
    orderBy: [{ receivedAt: "asc" }, { id: "asc" }],
    select: { id: true, organizationId: true },
    take: limit,
  });
  let projected = 0;
  for (const row of waiting) {
    try {
      if (await projectBatch(db, row.id, row.organizationId, options.now ?? new Date())) projected++;
    } catch (error) {
      log.error("portal could not store a received batch", { organizationId: row.organizationId, batch: row.id, ...errorFields(error) });
    }
  }
  return projected;
}

async function projectBatch(db: Db, id: string, organizationId: string, now: Date): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.$transaction(async (tx) => {
        // One organization's batches are projected one at a time (several app instances), so two
        // batches about one new case do not both create it. SQLite's write lock does this already.
        await lockFor(tx, `portal-events:${organizationId}`);
        const row = await tx.portalEventBatch.findFirst({ where: { id, organizationId, projectedAt: null }, select: { body: true, environment: true } });
        if (!row?.body) return false;
        await tx.portalEventBatch.update({ where: { id }, data: { projectedAt: now, body: null } });
        const envelope = JSON.parse(row.body) as EventBatch;
        await storeMessages(db, tx, { organizationId, envelope, environment: (row.environment as EnvironmentId | null) ?? undefined, now });
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

const CASE_SELECT = {
  id: true,
  environment: true,
  cid: true,
  jobid: true,
  code: true,
  statusText: true,
  paydate: true,
  currentPaydate: true,
  openCapital: true,
  interest: true,
  expenses: true,
  deliveryStatus: true,
  deliveryChannel: true,
  deliveryErrorCode: true,
  billnum: true,
  documentid: true,
  lastEventAt: true,
  lastDeliveryAt: true,
  creditUsed: true,
  receiverName: true,
  reference: true,
} as const;

async function storeMessages(
  db: Db,
  tx: Prisma.TransactionClient,
  input: { organizationId: string; envelope: EventBatch; environment?: EnvironmentId; now: Date },
): Promise<void> {
  const { organizationId, envelope, now } = input;
  const engine = getEngine();
  const byType = messagesByType(envelope);

  const environments = await environmentsByCid(tx, organizationId, input.environment);
  const entries: Entry[] = [];
  let position = 0;
  for (const type of MESSAGE_TYPES) {
    for (const raw of byType[type]) {
      const message = raw as Record<string, unknown>;
      const cid = typeof message.cid === "string" ? message.cid : "";
      const environment = environments.get(cid) ?? UNPLACED_ENVIRONMENT;
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
  await placeByInvoiceNumber(tx, organizationId, entries);
  // Events of a connection are contact with its service, whichever way they came.
  const placed = new Map(
    entries.filter((entry) => entry.environment !== UNPLACED_ENVIRONMENT).map(({ environment, cid }) => [`${environment}\u0000${cid}`, { environment, cid }]),
  );
  for (const connection of placed.values()) await markContact(tx, { organizationId, ...connection }, now);
  await addCollected(tx, organizationId, entries);

  // An allocation is stored on the debit invoice's timeline; the credit note's own case learns
  // from it only what it spent, and only a case the portal already has or one this batch makes.
  const creditEntries = entries.flatMap((entry): Entry[] => {
    const own = entry.type === "creditnote" ? entry.message.jobid : undefined;
    if (entry.caseKey === null || typeof own !== "number" || !Number.isInteger(own) || own === entry.jobid) return [];
    return [{ ...entry, jobid: own, caseKey: keyOf(entry.environment, entry.cid, own), creditOf: true }];
  });
  const cases = await lockedCases(tx, organizationId, [...entries, ...creditEntries], engine === "postgres", now);
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
 * made the table counted the payments stored before it the same way.
 */
async function addCollected(tx: Prisma.TransactionClient, organizationId: string, entries: readonly Entry[]): Promise<void> {
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
  for (const sum of sums.values()) {
    const key = { organizationId, environment: sum.environment, cid: sum.cid, currency: sum.currency, month: sum.month };
    await tx.portalCollectedMonth.upsert({
      where: { organizationId_environment_cid_currency_month: key },
      create: { ...key, amount: sum.amount, payments: sum.payments },
      update: { amount: { increment: sum.amount }, payments: { increment: sum.payments } },
    });
  }
}

/** cid → environment among the organization's connections; a cid in several environments places nowhere. */
async function environmentsByCid(tx: Prisma.TransactionClient, organizationId: string, hint: EnvironmentId | undefined): Promise<Map<string, string>> {
  const connections = await tx.portalConnection.findMany({
    where: { organizationId, ...(hint ? { environment: hint } : {}) },
    select: { environment: true, cid: true },
  });
  const found = new Map<string, string | null>();
  for (const connection of connections) found.set(connection.cid, found.has(connection.cid) ? null : connection.environment);
  const placed = new Map<string, string>();
  for (const [cid, environment] of found) if (environment !== null) placed.set(cid, environment);
  return placed;
}

/**
 * Messages the specification lets name a case by bill number or documentid alone: placed on a
 * case the organization already knows by either; one that names none stays off every case.
 */
async function placeByInvoiceNumber(tx: Prisma.TransactionClient, organizationId: string, entries: Entry[]): Promise<void> {
  for (const entry of entries) {
    if (entry.caseKey !== null || entry.environment === UNPLACED_ENVIRONMENT || !isCaseMessage(entry.type) || entry.type === "creditnote") continue;
    const billnum = typeof entry.message.invoicenumber === "string" && entry.message.invoicenumber !== "" ? entry.message.invoicenumber : null;
    const documentid = typeof entry.message.documentid === "string" && entry.message.documentid !== "" ? entry.message.documentid : null;
    if (!billnum && !documentid) continue;
    const found = await tx.portalCase.findFirst({
      where: {
        organizationId,
        environment: entry.environment,
        cid: entry.cid,
        OR: [...(billnum ? [{ billnum }] : []), ...(documentid ? [{ documentid }] : [])],
      },
      orderBy: { createdAt: "desc" },
      select: { jobid: true },
    });
    if (!found) continue;
    entry.jobid = found.jobid;
    entry.caseKey = keyOf(entry.environment, entry.cid, found.jobid);
  }
}

/**
 * The cases the batch names, as they are now. On PostgreSQL they are locked first (a no-op update),
 * so a post being recorded for the same case at the same moment (lib/portal/cases) waits or makes
 * this wait, and the state read here is the one the other left, not one it is about to overwrite.
 * SQLite's write lock already orders whole transactions.
 */
async function lockedCases(
  tx: Prisma.TransactionClient,
  organizationId: string,
  entries: readonly Entry[],
  lock: boolean,
  now: Date,
): Promise<Map<string, CaseRow>> {
  const groups = new Map<string, { environment: string; cid: string; jobids: Set<number> }>();
  for (const entry of entries) {
    if (entry.jobid === null || entry.caseKey === null) continue;
    const group = groups.get(`${entry.environment}\u0000${entry.cid}`) ?? { environment: entry.environment, cid: entry.cid, jobids: new Set<number>() };
    group.jobids.add(entry.jobid);
    groups.set(`${entry.environment}\u0000${entry.cid}`, group);
  }
  const found = new Map<string, CaseRow>();
  for (const group of groups.values()) {
    const where = { organizationId, environment: group.environment, cid: group.cid, jobid: { in: [...group.jobids] } };
    if (lock) await tx.portalCase.updateMany({ where, data: { updatedAt: now } });
    const rows = await tx.portalCase.findMany({ where, select: CASE_SELECT });
    for (const row of rows) found.set(keyOf(row.environment, row.cid, row.jobid), row);
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
