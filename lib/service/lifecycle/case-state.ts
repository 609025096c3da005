import { getEngine, type Db, type Prisma, type Tx } from "../../db/client";
import { inChunks } from "../../db/in-chunks";
import { insertRows, type Column } from "../../db/insert-rows";
import { fromCents } from "../../payment-data/amounts";
import { orderedId } from "../../platform/ordered-id";
import { DRAFT_STATUS, LIFECYCLE_CODES } from "../../spec/codes";
import type { EnvironmentId } from "../../spec/environments";
import { emitEvents, type NewEvent } from "../events/emit-events";

import { updateJobs, type JobPatch } from "./update-jobs";

/*
 * The pieces every part of the case's life shares: what a case is (the Job row's case columns),
 * its ledger entries, and a move to another lifecycle phase with its lcstatus event. The rules of
 * when to move live in lifecycle/rules.ts; payments and credits call moveCase when they close a case.
 */

/** The case columns of a Job, as every mover reads them. */
export interface CaseRow {
  id: number;
  profileId: string;
  environment: string;
  jobstatus: number;
  billnum: string | null;
  ownref: string | null;
  paydate: string | null;
  currentPaydate: string | null;
  openCapital: bigint;
  openInterest: bigint;
  openExpenses: bigint;
}

export const CASE_SELECT = {
  id: true,
  profileId: true,
  environment: true,
  jobstatus: true,
  billnum: true,
  ownref: true,
  paydate: true,
  currentPaydate: true,
  openCapital: true,
  openInterest: true,
  openExpenses: true,
} as const;

/**
 * The jobs without the discarded drafts among them (11 → 102): never sent, so a bill number posted
 * again after one names the job that was, at intake's duplicate check and wherever a bill number
 * finds its case.
 */
export async function withoutDiscardedDrafts<T extends { id: number; jobstatus: number }>(tx: Tx, profileId: string, jobs: readonly T[]): Promise<T[]> {
  const terminated = jobs.filter((job) => job.jobstatus === 102).map((job) => job.id);
  if (terminated.length === 0) return [...jobs];
  const moves = await inChunks(terminated, (ids) =>
    tx.caseMove.findMany({ where: { jobId: { in: ids }, profileId, fromCode: DRAFT_STATUS, toCode: 102 }, select: { jobId: true } }),
  );
  const discarded = new Set(moves.map((move) => move.jobId));
  return jobs.filter((job) => !discarded.has(job.id));
}

/** Codes after which nothing more happens to a case by itself. */
export const CLOSED_CODES: ReadonlySet<number> = new Set([101, 102, 103, 104, 108]);

/**
 * The day the case now runs to: the due date it was last moved to (payments/update-due-date.ts),
 * else the invoice's own. Null only for a job without a due date.
 */
export const currentDueDate = (job: Pick<CaseRow, "paydate" | "currentPaydate">): string | null => job.currentPaydate ?? job.paydate;

export const openTotal = (row: Pick<CaseRow, "openCapital" | "openInterest" | "openExpenses">): bigint => row.openCapital + row.openInterest + row.openExpenses;

/** A ledger entry of a case: an amount of one component, adding to what is open when positive, taking off when negative. */
interface LedgerEntry {
  jobId: number;
  profileId: string;
  component: "capital" | "interest" | "expenses";
  amount: bigint;
  /** Why: invoice, interest, payment, credit_note, creditloss… (the CaseEntry model lists them). */
  kind: string;
  /** The payment the entry books, where it books one. */
  paymentId?: string | null;
  date: string;
  at: Date;
}

/** The CaseEntry row of an entry: its id orders it by when it was written. */
export function caseEntryRow(entry: LedgerEntry): Prisma.CaseEntryCreateManyInput {
  const { at, paymentId = null, ...columns } = entry;
  return { id: orderedId(at.getTime()), ...columns, paymentId, createdAt: at };
}

/** CaseEntry rows as one statement writes many of them (insertRows): the sweep's fees and interest, intake's posted fees. */
export const CASE_ENTRY_COLUMNS: Column<Prisma.CaseEntryCreateManyInput>[] = [
  { name: "id", type: "text", value: (entry) => entry.id },
  { name: "jobId", type: "int", value: (entry) => entry.jobId },
  { name: "profileId", type: "text", value: (entry) => entry.profileId },
  { name: "component", type: "text", value: (entry) => entry.component },
  { name: "amount", type: "bigint", value: (entry) => entry.amount },
  { name: "kind", type: "text", value: (entry) => entry.kind },
  { name: "paymentId", type: "text", value: (entry) => entry.paymentId },
  { name: "date", type: "text", value: (entry) => entry.date },
  { name: "createdAt", type: "timestamp", value: (entry) => entry.createdAt },
];

export async function writeCaseEntry(tx: Tx, entry: LedgerEntry): Promise<void> {
  await tx.caseEntry.create({ data: caseEntryRow(entry) });
}

/** How messages name the case: jobid, the bill number and the caller's own id. */
export function caseIdentity(row: Pick<CaseRow, "id" | "billnum" | "ownref">) {
  return { jobid: row.id, invoicenumber: row.billnum, documentid: row.ownref };
}

export function lcstatusMessage(cid: string, row: CaseRow, code: number, at: Date): Record<string, unknown> {
  return {
    cid,
    ...caseIdentity(row),
    code,
    status: LIFECYCLE_CODES[code as keyof typeof LIFECYCLE_CODES] ?? null,
    time: at.toISOString(),
    paydate: row.paydate,
    currentpaydate: currentDueDate(row),
    opencapital: fromCents(row.openCapital),
    interest: fromCents(row.openInterest),
    expenses: fromCents(row.openExpenses),
  };
}

export interface MoveInput {
  cid: string;
  toCode: number;
  /** intake | sweep | payment | credit | api | clock | online */
  cause: string;
  /** Business date of the move in the environment's calendar. */
  date: string;
  at: Date;
  /** When the sweep should look at the case next; null when nothing automatic follows. */
  reviewOn: string | null;
  /** Members added to the lcstatus message (an action's reason and note). */
  extra?: Record<string, unknown>;
  /** false: the move is recorded but no lcstatus is sent (a credit loss under the time-based model, credit-loss.ts). */
  lcstatus?: boolean;
}

/** The CaseMove record of a move: where the case came from and what was open when it moved. */
function caseMoveRow(row: CaseRow, move: MoveInput): Prisma.CaseMoveCreateManyInput {
  return {
    id: orderedId(move.at.getTime()),
    jobId: row.id,
    profileId: row.profileId,
    fromCode: row.jobstatus,
    toCode: move.toCode,
    cause: move.cause,
    date: move.date,
    at: move.at,
    openCapital: row.openCapital,
    openInterest: row.openInterest,
    openExpenses: row.openExpenses,
  };
}

/** The lcstatus event of a move. The message names the new code itself, so `row` may be the case before it. */
function lcstatusEvent(row: CaseRow, move: MoveInput): NewEvent {
  const message = lcstatusMessage(move.cid, row, move.toCode, move.at);
  return {
    environment: row.environment as EnvironmentId,
    profileId: row.profileId,
    jobId: row.id,
    type: "lcstatus",
    message: move.extra ? { ...message, ...move.extra } : message,
    createdAt: move.at,
  };
}

/**
 * Moves a case to another phase: the Job's jobstatus, the CaseMove record with what is open, and
 * the lcstatus event, all in the caller's transaction. `row` must carry the open amounts as they
 * are after whatever caused the move.
 */
export async function moveCase(db: Db, tx: Tx, row: CaseRow, move: MoveInput): Promise<CaseRow> {
  const closes = CLOSED_CODES.has(move.toCode);
  await tx.job.update({
    where: { id: row.id },
    data: {
      jobstatus: move.toCode,
      phaseSince: move.date,
      reviewOn: closes ? null : move.reviewOn,
      ...(closes ? { closedAt: move.at } : {}),
    },
  });
  await tx.caseMove.create({ data: caseMoveRow(row, move) });
  const moved = { ...row, jobstatus: move.toCode };
  if (move.lcstatus === false) return moved;
  await emitEvents(db, tx, [lcstatusEvent(row, move)]);
  return moved;
}

const CASE_MOVE_COLUMNS: Column<Prisma.CaseMoveCreateManyInput>[] = [
  { name: "id", type: "text", value: (move) => move.id },
  { name: "jobId", type: "int", value: (move) => move.jobId },
  { name: "profileId", type: "text", value: (move) => move.profileId },
  { name: "fromCode", type: "int", value: (move) => move.fromCode },
  { name: "toCode", type: "int", value: (move) => move.toCode },
  { name: "cause", type: "text", value: (move) => move.cause },
  { name: "date", type: "text", value: (move) => move.date },
  { name: "at", type: "timestamp", value: (move) => move.at },
  { name: "openCapital", type: "bigint", value: (move) => move.openCapital },
  { name: "openInterest", type: "bigint", value: (move) => move.openInterest },
  { name: "openExpenses", type: "bigint", value: (move) => move.openExpenses },
];

/**
 * moveCase for many cases at once (the lifecycle sweep): the same Job columns, CaseMove rows and
 * lcstatus events, written with one statement per table. Closing codes are not moved this way.
 */
export async function moveCases(db: Db, tx: Tx, moves: readonly { row: CaseRow; move: MoveInput; patch?: Omit<JobPatch, "id"> }[]): Promise<void> {
  if (moves.length === 0) return;
  if (moves.some(({ move }) => CLOSED_CODES.has(move.toCode))) throw new Error("moveCases does not close cases; use moveCase");
  await updateJobs(
    db,
    tx,
    // The caller's other changes to the same rows (amounts, due date) ride on the same statement.
    moves.map(({ row, move, patch }) => ({ ...patch, id: row.id, jobstatus: move.toCode, phaseSince: move.date, reviewOn: move.reviewOn })),
  );
  await insertRows(
    db,
    tx,
    getEngine(),
    "CaseMove",
    CASE_MOVE_COLUMNS,
    moves.map(({ row, move }) => caseMoveRow(row, move)),
  );
  await emitEvents(
    db,
    tx,
    moves.filter(({ move }) => move.lcstatus !== false).map(({ row, move }) => lcstatusEvent(row, move)),
  );
}
