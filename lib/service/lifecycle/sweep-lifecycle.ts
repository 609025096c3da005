import { lockFor } from "../../db/advisory-lock";
import { getEngine, type Db, type Prisma, type Tx } from "../../db/client";
import { insertRows } from "../../db/insert-rows";
import { errorFields, log } from "../../log";
import { exactCents } from "../../payment-data/amounts";
import { today as todayIn, type Clock } from "../../platform/clock";
import { CUTOFF_WARNING } from "../../spec/codes";
import { ENVIRONMENT_IDS, environment as environmentById, type Country, type Environment, type EnvironmentId } from "../../spec/environments";
import { phasesBeforeWarning } from "../contracts/cutoff-warnings";
import { emitEvents, type NewEvent } from "../events/emit-events";
import { noticeDateOf } from "../intake/case-start";

import { CASE_ENTRY_COLUMNS, caseEntryRow, lcstatusMessage, moveCases, openTotal, type CaseRow, type MoveInput } from "./case-state";
import { decideStep, dueDateTerms, interestStart, type Step } from "./decide-step";
import { computeInterest } from "./interest";
import { chargedRateOn, type AgreedRate } from "./overdue-rate";
import { instalmentsOf, paymentPlanOf } from "./payment-plan";
import { postedCollectionFee, postedFeeOf } from "./posted-fee";
import { profileClock } from "./profile-clock";
import { rawQuery } from "./raw-query";
import { collectionFee, collectionMayBeginOn, feeRequiresAgreement, reminderFee } from "./rules";
import { updateJobs, type JobPatch } from "./update-jobs";

/*
 * The lifecycle sweep: every case whose reviewOn has come (in its profile's own calendar) is
 * looked at once and moved on by the rules (decide-step.ts). Cases are read in chunks by the
 * (environment, reviewOn) index and each chunk is written in one transaction, so a crash loses at
 * most one chunk's work and nothing half-done: each case's entries, amounts, move and event commit
 * together.
 */

/**
 * The chunk's transaction holds SQLite's one write lock, and intake and the portal wait for it, so
 * a chunk should not hold it past some 50 ms. Measured over 100,000 cases (2026-11-26): 500 cases
 * held it 30 ms at the median and under 50 ms for nine chunks in ten (the longest, 78 to 110 ms,
 * are the commits that checkpoint the write-ahead log); 1000 held it 55 to 86 ms at the median.
 * The whole sweep took the same time either way, as the commits (WAL mode, synchronous NORMAL) are
 * cheap next to the rows each one writes.
 */
const CHUNK = 500;

interface SweepOptions {
  environment?: EnvironmentId;
  /** Only this profile's cases (the test clock). */
  profileId?: string;
  /** At most this many cases looked at in this run. */
  limit?: number;
  /**
   * The clock to sweep `profileId`'s cases on instead of the profile's own (the test clock walks
   * through the days an advance skipped, one at a time). Needs `environment` and `profileId`.
   */
  profileClock?: Clock;
}

interface SweepResult {
  reviewed: number;
  moves: number;
}

type SweepRow = CaseRow & {
  jobtype: number;
  customertype: number;
  phaseSince: string | null;
  sensible: boolean;
  onHold: boolean;
  grossAmount: bigint;
  /** The overdue-interest rate the debtor agreed (overdue-rate.ts), or null. */
  agreedRate: AgreedRate;
  /** The bill date and the day the service sent the invoice: where interest starts when a profile's due dates were not agreed (decide-step.ts dueDateTerms). */
  billdate: string | null;
  sentOn: string | null;
};

interface Group {
  environment: Environment;
  clock: Clock;
  today: string;
  /** One profile's cases, or every profile's but these (their clocks run ahead). */
  profileId: string | null;
  excluded: string[];
}

export async function sweepLifecycle(db: Db, clock: Clock, options: SweepOptions = {}): Promise<SweepResult> {
  const result: SweepResult = { reviewed: 0, moves: 0 };
  for (const group of await groups(db, clock, options)) {
    for (;;) {
      const room = options.limit === undefined ? CHUNK : Math.min(CHUNK, options.limit - result.reviewed);
      if (room <= 0) return result;
      const chunk = await sweepChunk(db, group, room).catch(async (error: unknown) => {
        log.error("lifecycle sweep chunk failed", { environment: group.environment.id, ...errorFields(error) });
        throw error;
      });
      result.reviewed += chunk.reviewed;
      result.moves += chunk.moves;
      if (chunk.reviewed < room) break;
    }
  }
  return result;
}

/**
 * A test profile whose clock runs ahead has its own today; every other profile of an environment
 * shares the environment's.
 */
async function groups(db: Db, base: Clock, options: SweepOptions): Promise<Group[]> {
  const ids = options.environment ? [options.environment] : ENVIRONMENT_IDS;
  const out: Group[] = [];
  for (const id of ids) {
    const environment = environmentById(id);
    if (options.profileId && options.profileClock) {
      const clock = options.profileClock;
      out.push({ environment, clock, today: todayIn(clock, environment.rules.timeZone), profileId: options.profileId, excluded: [] });
      continue;
    }
    const ahead = environment.isTest
      ? await db.profile.findMany({ where: { environment: id, clockOffsetSeconds: { not: 0 } }, select: { id: true, clockOffsetSeconds: true } })
      : [];
    const shared = todayIn(base, environment.rules.timeZone);
    if (!options.profileId) out.push({ environment, clock: base, today: shared, profileId: null, excluded: ahead.map((profile) => profile.id) });
    for (const profile of ahead) {
      if (options.profileId && options.profileId !== profile.id) continue;
      const clock = profileClock(base, profile, environment);
      out.push({ environment, clock, today: todayIn(clock, environment.rules.timeZone), profileId: profile.id, excluded: [] });
    }
    if (options.profileId && !ahead.some((profile) => profile.id === options.profileId)) {
      out.push({ environment, clock: base, today: shared, profileId: options.profileId, excluded: [] });
    }
  }
  return out;
}

async function sweepChunk(db: Db, group: Group, take: number): Promise<SweepResult> {
  return db.$transaction(async (tx) => {
    // Two sweeps of one environment at once would move a case twice.
    await lockFor(tx, `lifecycle:${group.environment.id}`);
    const rows = await readDue(db, tx, group, take);
    if (rows.length === 0) return { reviewed: 0, moves: 0 };
    const { plans, collectionFrom, lettersWaiting } = await firstLooksOf(db, tx, group.environment.country, group.today, rows);
    const returns = await phasesBeforeWarning(
      tx,
      rows.filter((row) => row.jobstatus === CUTOFF_WARNING).map((row) => row.id),
    );
    const steps = rows.map((row) => ({
      row,
      step: decideStep(
        group.environment.country,
        {
          ...row,
          openTotal: openTotal(row),
          interestOnly: row.openCapital === 0n && row.openExpenses === 0n,
          plan: plans.get(row.id) ?? null,
          returnCode: returns.get(row.id) ?? null,
          collectionFrom: collectionFrom.get(row.id) ?? null,
        },
        group.today,
      ),
    }));
    const moves = await writeSteps(db, tx, group, steps, lettersWaiting, collectionFrom);
    return { reviewed: rows.length, moves };
  });
}

const COLUMNS = [
  "id",
  "profileId",
  "environment",
  "jobtype",
  "jobstatus",
  "customertype",
  "billnum",
  "ownref",
  "paydate",
  "currentPaydate",
  "phaseSince",
  "sensible",
  "onHold",
  "openCapital",
  "openInterest",
  "openExpenses",
  "grossAmount",
  "agreedInterestRate",
  "billdate",
  "sentOn",
] as const;

const int = (value: unknown) => Number(value);
const text = (value: unknown) => (value === null ? null : (value as string));
// PostgreSQL answers true, SQLite 1.
const bool = (value: unknown) => value === true || Number(value) === 1;
const amount = (value: unknown) => BigInt(value as bigint);

/**
 * The chunk of due cases, oldest review first, by the (environment, reviewOn) index. On SQLite the
 * transaction's own connection reads it with a prepared statement (Prisma's row mapping was a third
 * of the sweep's time), and SQLite's single writer keeps it from changing under the sweep. On
 * PostgreSQL the rows are locked FOR UPDATE: a payment that closes a case while the sweep decides
 * on it would otherwise be overwritten by the sweep's move. Rows another transaction holds are
 * skipped; the next sweep takes them.
 */
async function readDue(db: Db, tx: Tx, group: Group, take: number): Promise<SweepRow[]> {
  const query = rawQuery(db, tx);
  const environment = query.param(group.environment.id);
  const today = query.param(group.today);
  const filter = group.profileId
    ? ` AND "profileId" = ${query.param(group.profileId)}`
    : group.excluded.length > 0
      ? ` AND "profileId" NOT IN (${group.excluded.map(query.param).join(", ")})`
      : "";
  const raw = await query.runArrays(
    `SELECT ${COLUMNS.map((name) => `"${name}"`).join(", ")} FROM "Job" WHERE environment = ${environment} AND "reviewOn" <= ${today}` +
      `${filter} ORDER BY "reviewOn" LIMIT ${query.param(take)}${query.postgres ? " FOR UPDATE SKIP LOCKED" : ""}`,
    COLUMNS,
  );
  // Arrays in, one object literal out: a hundred thousand rows' objects built key by key were
  // most of the read's time.
  return raw.map((record): SweepRow => ({
    id: int(record[0]),
    profileId: record[1] as string,
    environment: record[2] as string,
    jobtype: int(record[3]),
    jobstatus: int(record[4]),
    customertype: int(record[5]),
    billnum: text(record[6]),
    ownref: text(record[7]),
    paydate: text(record[8]),
    currentPaydate: text(record[9]),
    phaseSince: text(record[10]),
    sensible: bool(record[11]),
    onHold: bool(record[12]),
    openCapital: amount(record[13]),
    openInterest: amount(record[14]),
    openExpenses: amount(record[15]),
    grossAmount: amount(record[16]),
    agreedRate: record[17] === null ? null : Number(record[17]),
    billdate: text(record[18]),
    sentOn: text(record[19]),
  }));
}

/**
 * What the job's data tells when a case is first taken in or follows a plan: only those rows' data
 * is read. Its plan: one the debtor made on the online service (PaymentPlan) wins over one posted
 * with the job. A collection posted before it may begin (rules.ts collectionMayBeginOn): that day,
 * and whether its letter still waits, held back at intake (intake/case-start.ts), so that the step
 * that starts the case sends it: neither queued nor ever sent, and not one the customer prints; with
 * the fee the case is charged as it goes (posted-fee.ts postedCollectionFee), by today's rule.
 */
async function firstLooksOf(db: Db, tx: Tx, country: Country, today: string, rows: SweepRow[]) {
  const plans = new Map<number, ReturnType<typeof paymentPlanOf>>();
  const collectionFrom = new Map<number, string>();
  // Each held-back letter, with the fee its case is charged when it goes (posted-fee.ts postedCollectionFee).
  const lettersWaiting = new Map<number, bigint>();
  const wanted = rows.filter((row) => row.phaseSince === null || row.jobstatus === 41);
  if (wanted.length === 0) return { plans, collectionFrom, lettersWaiting };
  const ids = wanted.map((row) => row.id);
  const jobs = rawQuery(db, tx);
  const data = await jobs.run<{ id: unknown; data: unknown }>(`SELECT id, data FROM "Job" WHERE id IN ${jobs.ids(ids)}`);
  const made = rawQuery(db, tx);
  const stored = await made.run<{ jobId: unknown; instalments: unknown }>(`SELECT "jobId", instalments FROM "PaymentPlan" WHERE "jobId" IN ${made.ids(ids)}`);
  const byId = new Map(data.map((record) => [Number(record.id), typeof record.data === "string" ? (JSON.parse(record.data) as unknown) : record.data]));
  const storedById = new Map(stored.map((record) => [Number(record.jobId), instalmentsOf(record.instalments)]));
  for (const row of wanted) {
    // A plan of instalments of an amount covers the whole claim: the capital and the fee posted with a reminder or collection (posted-fee.ts).
    plans.set(row.id, storedById.get(row.id) ?? paymentPlanOf(byId.get(row.id), row.grossAmount + postedFeeOf(row.jobtype, byId.get(row.id))));
    const from = row.phaseSince === null && row.jobtype === 2 ? collectionMayBeginOn(country, noticeDateOf(byId.get(row.id))) : null;
    if (from !== null) collectionFrom.set(row.id, from);
  }
  if (collectionFrom.size > 0) {
    const held = rawQuery(db, tx);
    const waiting = await held.run<{ id: unknown }>(
      `SELECT id FROM "Job" WHERE id IN ${held.ids([...collectionFrom.keys()])} AND "pendingDocument" IS NULL ` +
        `AND (sendtype IS NULL OR sendtype <> 'print') AND NOT EXISTS (SELECT 1 FROM "Dispatch" WHERE "Dispatch"."jobId" = "Job".id)`,
    );
    const rowById = new Map(wanted.map((row) => [row.id, row]));
    for (const record of waiting) {
      const id = Number(record.id);
      lettersWaiting.set(id, postedCollectionFee(country, 2, byId.get(id), rowById.get(id)!.openCapital, today));
    }
  }
  return { plans, collectionFrom, lettersWaiting };
}

async function writeSteps(
  db: Db,
  tx: Tx,
  group: Group,
  steps: { row: SweepRow; step: Step }[],
  lettersWaiting: ReadonlyMap<number, bigint>,
  collectionFrom: ReadonlyMap<number, string>,
): Promise<number> {
  const at = group.clock.now();
  const date = group.today;
  const moving = steps.filter((item) => item.step.kind === "move");
  // A posted collection held until it may begin (collectionFrom) starts today: its receiver heard code 2 with the day ahead at intake.
  const begun = steps.filter((item) => item.step.kind === "start" && item.row.jobstatus === 2 && collectionFrom.has(item.row.id));
  const history = await historyOf(
    db,
    tx,
    moving.map((item) => item.row.id),
  );
  const profiles = await profilesOf(
    tx,
    [...moving, ...begun].map((item) => item.row.profileId),
  );
  const agreed = await agreedReminderFees(db, tx, group.environment.country, moving);
  const patches: JobPatch[] = [];
  const entries: Prisma.CaseEntryCreateManyInput[] = [];
  const moves: { row: CaseRow; move: MoveInput; patch: Omit<JobPatch, "id"> }[] = [];
  const events: NewEvent[] = [];
  const entry = (row: SweepRow, component: "interest" | "expenses", kind: string, amount: bigint) =>
    entries.push(caseEntryRow({ jobId: row.id, profileId: row.profileId, component, amount, kind, date, at }));

  for (const { row, step } of steps) {
    if (step.kind === "wait") {
      patches.push({ id: row.id, reviewOn: step.reviewOn });
      continue;
    }
    // A posted collection held until it may begin sends its letter with the step that starts it.
    const letter = lettersWaiting.has(row.id) ? "original" : undefined;
    if (step.kind === "start") {
      // A collection held until it may begin is charged its letter's fee today, as the letter goes,
      // as one that could begin at once was at intake. Only where its letter was held back: one
      // posted on hold after the day it could begin had its letter, and its fee, at intake.
      const fee = row.jobstatus === 2 ? (lettersWaiting.get(row.id) ?? 0n) : 0n;
      if (fee > 0n) entry(row, "expenses", "collection_fee", fee);
      patches.push({
        id: row.id,
        phaseSince: date,
        currentPaydate: step.currentPaydate,
        reviewOn: step.reviewOn,
        ...(letter ? { pendingDocument: letter } : {}),
        ...(fee > 0n ? { addExpenses: fee } : {}),
      });
      if (row.jobstatus === 2 && collectionFrom.has(row.id)) {
        // No move (the case was 2 all along), but the day collection begins and the letter's due date.
        const message = lcstatusMessage(
          profiles.get(row.profileId)!.cid,
          { ...row, currentPaydate: step.currentPaydate, openExpenses: row.openExpenses + fee },
          2,
          at,
        );
        events.push({
          environment: group.environment.id,
          profileId: row.profileId,
          jobId: row.id,
          type: "lcstatus",
          message: { ...message, collectionbegins: date },
          createdAt: at,
        });
      }
      continue;
    }
    const country = group.environment.country;
    const business = row.customertype === 1;
    const past = history.get(row.id);
    // Interest is charged up to today on every move, from where the last charge ended.
    // Nothing into a payment plan (its plan states what is owed) nor for a letter the debtor never got (71),
    // nor where due dates were not agreed for an invoice the service never sent (decide-step.ts invoiceSentOn: no start).
    const from = past?.interestTo ?? interestStart(row, dueDateTerms(profiles.get(row.profileId)!.dueDateAgreed, country, row));
    const interest =
      step.toCode === 41 || step.toCode === 71 || !from ? 0n : computeInterest(country, business, row.openCapital, from, date, row.agreedRate).amount;
    const fee =
      step.fee === "reminder_fee"
        ? reminderFee(country, business, date, past?.reminderFees ?? 0, agreed.get(row.id) ?? null)
        : step.fee === "collection_fee"
          ? collectionFee({
              country,
              business,
              date,
              capital: row.openCapital,
              feesCarried: past?.feesCharged ?? 0n,
              interestOwed: (chargedRateOn(country, business, row.agreedRate, date) ?? 0) > 0,
            })
          : 0n;
    if (interest > 0n) entry(row, "interest", "interest", interest);
    if (fee > 0n && step.fee) entry(row, "expenses", step.fee, fee);
    const patch: Omit<JobPatch, "id"> = {};
    if (step.currentPaydate) patch.currentPaydate = step.currentPaydate;
    if (step.pendingDocument) patch.pendingDocument = step.pendingDocument;
    else if (letter) patch.pendingDocument = letter;
    if (interest > 0n) patch.addInterest = interest;
    if (fee > 0n) patch.addExpenses = fee;
    // The case columns only, not the sweep's whole row: a copy per move of every column read was
    // a good part of the sweep's garbage.
    const after: CaseRow = {
      id: row.id,
      profileId: row.profileId,
      environment: row.environment,
      jobstatus: row.jobstatus,
      billnum: row.billnum,
      ownref: row.ownref,
      paydate: row.paydate,
      currentPaydate: step.currentPaydate ?? row.currentPaydate,
      openCapital: row.openCapital,
      openInterest: row.openInterest + interest,
      openExpenses: row.openExpenses + fee,
    };
    moves.push({ row: after, move: { cid: profiles.get(row.profileId)!.cid, toCode: step.toCode, cause: "sweep", date, at, reviewOn: step.reviewOn }, patch });
  }
  await insertRows(db, tx, getEngine(), "CaseEntry", CASE_ENTRY_COLUMNS, entries);
  await updateJobs(db, tx, patches);
  await moveCases(db, tx, moves);
  await emitEvents(db, tx, events);
  return moves.length;
}

/**
 * Where a reminder fee is owed only by agreement (Sweden, lag 1981:739 2 §), the fee the job says
 * was agreed (`noticefee`), read for the cases the sweep reminds now.
 */
async function agreedReminderFees(db: Db, tx: Tx, country: Country, moving: readonly { row: SweepRow; step: Step }[]): Promise<Map<number, bigint>> {
  const fees = new Map<number, bigint>();
  if (!feeRequiresAgreement(country)) return fees;
  const ids = moving.filter(({ step }) => step.kind === "move" && step.fee === "reminder_fee").map(({ row }) => row.id);
  if (ids.length === 0) return fees;
  const query = rawQuery(db, tx);
  const rows = await query.run<{ id: unknown; data: unknown }>(`SELECT id, data FROM "Job" WHERE id IN ${query.ids(ids)}`);
  for (const record of rows) {
    const data = (typeof record.data === "string" ? JSON.parse(record.data) : record.data) as { noticefee?: number | string | null } | null;
    if (data?.noticefee !== undefined && data.noticefee !== null) fees.set(Number(record.id), exactCents(data.noticefee));
  }
  return fees;
}

/**
 * How many reminder fees each case already carries, the sum of the fees it was charged (a Swedish
 * business debtor's collection fee is what they leave of the förseningsersättning, rules.ts
 * collectionFee), and the last day interest was charged to. The fee a reminder or collection job was
 * posted with (posted_fee, posted-fee.ts) is among the fees charged: the principal's reminder fee is
 * part of the 450 kr as the service's own is. It adds nothing to the count, which only an invoice's
 * reminder asks, and an invoice has no posted fee. The sum is read only where a fixed compensation
 * covers the reminder fees (rules.ts collectionFee, Sweden's förseningsersättning, lag 1981:739
 * 4 a §, 6 §); the collection fees of Finland (513/1999 10 a §, 10 e §) and Norway (inkassoforskriften
 * § 1-2) are capped apart from the reminder fees, and a posted fee leaves them whole.
 */
async function historyOf(db: Db, tx: Tx, jobIds: number[]) {
  const out = new Map<number, { reminderFees: number; feesCharged: bigint; interestTo: string | null }>();
  if (jobIds.length === 0) return out;
  const query = rawQuery(db, tx);
  // The sum cast back to a bigint: PostgreSQL's SUM of a bigint is a numeric.
  const rows = await query.run<{ jobId: unknown; kind: string; count: unknown; total: unknown; last: string | null }>(
    `SELECT "jobId", kind, COUNT(*) AS count, CAST(SUM(amount) AS BIGINT) AS total, MAX(date) AS last FROM "CaseEntry" ` +
      `WHERE "jobId" IN ${query.ids(jobIds)} AND kind IN ('reminder_fee', 'collection_fee', 'posted_fee', 'interest') GROUP BY "jobId", kind`,
  );
  for (const row of rows) {
    const jobId = Number(row.jobId);
    const current = out.get(jobId) ?? { reminderFees: 0, feesCharged: 0n, interestTo: null };
    if (row.kind === "interest") current.interestTo = row.last;
    else current.feesCharged += amount(row.total);
    if (row.kind === "reminder_fee") current.reminderFees = Number(row.count);
    out.set(jobId, current);
  }
  return out;
}

async function profilesOf(tx: Tx, profileIds: string[]) {
  const unique = [...new Set(profileIds)];
  const profiles =
    unique.length === 0 ? [] : await tx.profile.findMany({ where: { id: { in: unique } }, select: { id: true, cid: true, dueDateAgreed: true } });
  return new Map(profiles.map((profile) => [profile.id, profile]));
}
