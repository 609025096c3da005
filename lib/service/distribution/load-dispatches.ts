import type { Db } from "../../db/client";
import type { Dispatch } from "../../db/generated/sqlite/client";
import { today, type Clock } from "../../platform/clock";
import { parseJobPayload, reportInvalidJob } from "../../platform/job-payload";
import { leaseFree, leaseUntil } from "../../platform/lease";
import { environment as environmentById, isEnvironmentId, type EnvironmentId } from "../../spec/environments";
import { cutoffPartsOf } from "../contracts/cutoff-warnings";
import type { NoticeLedger } from "../documents/job-documents";
import { currentDueDate } from "../lifecycle/case-state";
import { INVOICE_CODES, noticeTermAtSending } from "../lifecycle/decide-step";
import { asProfileSawIt, profileClock } from "../lifecycle/profile-clock";
import { JOB_KINDS } from "../workers/job-kinds";

import type { LoadedDispatch } from "./deliver-dispatch";

/*
 * A batch's dispatches: claimed in one statement, then their jobs, profiles, letters and the days
 * their cases were reminded read in a few queries for all of them, never one query per dispatch.
 */

/** The errorCode of a dispatch failed because its row does not fit its kind (job-kinds.ts). */
const INVALID_ROW_CODE = "invalid_row";

/** Long enough for a slow SMTP server or a large letter; short enough that a crash delays little. */
const LEASE_MS = JOB_KINDS.dispatch.leaseMs;

/**
 * What is due, oldest first: new dispatches, retries whose wait is over, those whose worker's lease
 * ran out. Not those in `held`: a run's own claims still in flight, whose leases may run out while
 * they are made or sent; left out by the query, so a batch is filled with others.
 */
export async function dueDispatchIds(db: Db, clock: Clock, limit: number, held: Iterable<string> = []): Promise<string[]> {
  const now = clock.now();
  const notIn = [...held];
  const due = await db.dispatch.findMany({
    where: {
      status: "pending",
      ...(notIn.length > 0 && { id: { notIn } }),
      AND: [{ OR: [{ nextAttemptAt: null }, { nextAttemptAt: { lte: now } }] }, leaseFree(now)],
    },
    orderBy: { createdAt: "asc" },
    select: { id: true },
    take: limit,
  });
  return due.map((row) => row.id);
}

/**
 * Claims for `owner`, in one statement, those of the dispatches that are still pending and free,
 * in the order given. The claim is a conditional update, so of two workers each gets its own set.
 */
export async function claimDispatches(db: Db, clock: Clock, owner: string, ids: readonly string[]): Promise<Dispatch[]> {
  if (ids.length === 0) return [];
  const now = clock.now();
  const claimed = await db.dispatch.updateManyAndReturn({
    where: { id: { in: [...ids] }, status: "pending", ...leaseFree(now) },
    data: { leaseUntil: leaseUntil(now, LEASE_MS), leaseOwner: owner, attempts: { increment: 1 } },
  });
  const order = new Map(ids.map((id, index) => [id, index]));
  const valid: Dispatch[] = [];
  for (const dispatch of claimed) {
    const read = parseJobPayload(JOB_KINDS.dispatch.payload, dispatch);
    if (read.ok) valid.push({ ...dispatch, ...read.payload });
    else await failInvalid(db, clock, owner, dispatch.id, read.reason);
  }
  return valid.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

/**
 * A dispatch that does not fit its kind would fail every run alike, and with it the batch it was
 * claimed in: an error at once, with the reason, and no delivery event, as it names no environment
 * or document one could be made for.
 */
async function failInvalid(db: Db, clock: Clock, owner: string, id: string, reason: string): Promise<void> {
  reportInvalidJob("dispatch", { dispatchId: id, reason });
  await db.dispatch.updateMany({
    where: { id, status: "pending", leaseOwner: owner },
    data: { status: "error", errorCode: INVALID_ROW_CODE, lastError: reason, leaseUntil: null, leaseOwner: null, doneAt: clock.now() },
  });
}

/**
 * Gives back dispatches `owner` claimed and did not send: due again at once, and the attempt their
 * claim counted taken back, so a retry limit or delay counts only attempts made. Only while the
 * lease is still the one this claim took (its owner and its end): one another worker took over
 * after it ran out is left alone, and so is one this owner claimed again since (its clock jumped
 * past the lease) and may have sent.
 */
export async function releaseDispatches(db: Db, owner: string, dispatches: readonly Pick<Dispatch, "id" | "leaseUntil">[]): Promise<number> {
  const byLease = new Map<number, string[]>();
  for (const { id, leaseUntil } of dispatches) {
    if (!leaseUntil) continue;
    const ids = byLease.get(leaseUntil.getTime());
    if (ids) ids.push(id);
    else byLease.set(leaseUntil.getTime(), [id]);
  }
  if (byLease.size === 0) return 0;
  // A batch's dispatches share the lease of its one claim: one condition per batch.
  const released = await db.dispatch.updateMany({
    where: { status: "pending", leaseOwner: owner, OR: [...byLease].map(([until, ids]) => ({ id: { in: ids }, leaseUntil: new Date(until) })) },
    data: { leaseUntil: null, leaseOwner: null, attempts: { decrement: 1 } },
  });
  return released.count;
}

type LoadResult = { loaded: LoadedDispatch } | { dispatch: Dispatch; missing: string };

/** What each dispatch's document is made from. Tenant scope: a job or profile is the dispatch's own, never found by id alone. */
export async function loadDispatches(db: Db, clock: Clock, dispatches: readonly Dispatch[]): Promise<LoadResult[]> {
  if (dispatches.length === 0) return [];
  const jobIds = [...new Set(dispatches.map((dispatch) => dispatch.jobId))];
  const profileIds = [...new Set(dispatches.map((dispatch) => dispatch.profileId))];
  const [jobs, profiles] = await Promise.all([db.job.findMany({ where: { id: { in: jobIds } } }), db.profile.findMany({ where: { id: { in: profileIds } } })]);
  const jobById = new Map(jobs.map((job) => [job.id, job]));
  const profileById = new Map(profiles.map((profile) => [profile.id, profile]));

  const letterJobs = jobs.filter((job) => job.jobtype === 301).map((job) => job.id);
  // A collection letter and a cut-off warning name the day the case was reminded.
  const collectionJobs = dispatches
    .filter((dispatch) => dispatch.document === "collection" || dispatch.document === "cutoff")
    .map((dispatch) => dispatch.jobId);
  const cutoffJobs = [...new Set(dispatches.filter((dispatch) => dispatch.document === "cutoff").map((dispatch) => dispatch.jobId))]
    .map((id) => jobById.get(id))
    .filter((job) => job !== undefined);
  const noticeJobs = [...new Set(dispatches.filter((dispatch) => dispatch.document !== "original").map((dispatch) => dispatch.jobId))];
  const [letters, reminded, ledgerRows, cutoffs, interestDue, sentNotices] = await Promise.all([
    letterJobs.length
      ? db.jobFile.findMany({ where: { jobId: { in: letterJobs }, role: "image" }, select: { jobId: true, profileId: true, content: true } })
      : [],
    collectionJobs.length
      ? db.caseMove.findMany({
          where: { jobId: { in: collectionJobs }, toCode: 1 },
          orderBy: { at: "desc" },
          select: { jobId: true, profileId: true, date: true },
        })
      : [],
    // What a notice itemises and counts interest from (documents/job-documents.ts).
    noticeJobs.length
      ? db.caseEntry.findMany({
          where: { jobId: { in: noticeJobs }, kind: { in: ["interest", "reminder_fee", "collection_fee", "posted_fee"] } },
          orderBy: [{ date: "asc" }, { createdAt: "asc" }],
          select: { jobId: true, profileId: true, kind: true, date: true, amount: true },
        })
      : [],
    cutoffPartsOf(db, cutoffJobs),
    interestDueDates(
      db,
      noticeJobs.map((id) => jobById.get(id)).filter((job) => job !== undefined),
    ),
    noticeJobs.length
      ? db.dispatch.findMany({
          where: { jobId: { in: noticeJobs }, document: { in: ["reminder", "collection"] }, status: "delivered", doneAt: { not: null } },
          select: { jobId: true, profileId: true, environment: true, document: true, doneAt: true, clockOffsetSeconds: true },
        })
      : [],
  ]);
  const sent = sendingDays(sentNotices.filter((row) => jobById.get(row.jobId)?.profileId === row.profileId));
  const ledgerByJob = new Map<number, { interestChargedTo: string | null; fees: NoticeLedger["fees"][number][]; interestDue: string | null }>();
  for (const [jobId, due] of interestDue) ledgerByJob.set(jobId, { interestChargedTo: null, fees: [], interestDue: due });
  // Oldest first: the last interest row is the day interest is charged through.
  for (const row of ledgerRows) {
    if (jobById.get(row.jobId)?.profileId !== row.profileId) continue;
    let ledger = ledgerByJob.get(row.jobId);
    if (!ledger) ledgerByJob.set(row.jobId, (ledger = { interestChargedTo: null, fees: [], interestDue: null }));
    if (row.kind === "interest") ledger.interestChargedTo = row.date;
    else ledger.fees.push({ kind: row.kind as NoticeLedger["fees"][number]["kind"], date: row.date, amount: row.amount });
  }

  const letterByJob = new Map(letters.filter((file) => jobById.get(file.jobId)?.profileId === file.profileId).map((file) => [file.jobId, file]));
  const remindedOnByJob = new Map<number, string>();
  // Newest first: the first move to 1 of a job is its latest reminder.
  for (const move of reminded)
    if (jobById.get(move.jobId)?.profileId === move.profileId && !remindedOnByJob.has(move.jobId))
      remindedOnByJob.set(move.jobId, sent.onOrAfter(move.jobId, "reminder", move.date) ?? move.date);

  return dispatches.map((dispatch): LoadResult => {
    const job = jobById.get(dispatch.jobId);
    const profile = profileById.get(dispatch.profileId);
    if (!job || job.profileId !== dispatch.profileId || job.environment !== dispatch.environment) return { dispatch, missing: "job" };
    if (!profile || profile.environment !== dispatch.environment) return { dispatch, missing: "profile" };
    const environment = environmentById(dispatch.environment as EnvironmentId);
    const profileNow = profileClock(clock, profile, environment);
    const letter = letterByJob.get(job.id);
    const day = today(profileNow, environment.rules.timeZone);
    // A notice made later than its case moved gives the law's term from today, and prints the due
    // date the case is moved to with its send (lifecycle/decide-step.ts noticeTermAtSending, record-outcomes.ts).
    const reterm = noticeTermAtSending(environment.country, job, dispatch.document, day);
    return {
      loaded: {
        dispatch,
        job: reterm ? { ...job, currentPaydate: reterm.currentPaydate } : job,
        profile,
        environment,
        now: profileNow.now(),
        today: day,
        reterm,
        letter: letter ? new Uint8Array(letter.content) : null,
        remindedOn: remindedOnByJob.get(job.id) ?? null,
        ledger: ledgerOnSendingDays(
          ledgerByJob.get(job.id) ?? null,
          (kind, date) => sent.onOrAfter(job.id, kind, date) ?? (dispatch.document === kind ? day : date),
        ),
        cutoff: cutoffs.get(job.id) ?? null,
      },
    };
  });
}

/**
 * The days a case's reminders and collection letters went out, on the profile's clock in the
 * environment's time zone. A letter sent later than its case moved (a backlog, an outage, a test
 * clock moved ahead) is dated its sending day (decision 0015), and so are the fee it charged and the
 * "reminded on" a later letter prints: each is the first such letter sent on or after the move that
 * charged it, for the next move comes only a full term after that letter.
 */
function sendingDays(rows: readonly { jobId: number; environment: string; document: string; doneAt: Date | null; clockOffsetSeconds: number | null }[]) {
  const days = new Map<string, string[]>();
  for (const row of rows) {
    if (row.doneAt === null || !isEnvironmentId(row.environment)) continue;
    const sentAt = asProfileSawIt(row.doneAt, row.clockOffsetSeconds);
    const day = today({ now: () => sentAt }, environmentById(row.environment).rules.timeZone);
    const key = `${row.jobId}:${row.document}`;
    const list = days.get(key);
    if (list) list.push(day);
    else days.set(key, [day]);
  }
  for (const list of days.values()) list.sort();
  return {
    onOrAfter: (jobId: number, document: "reminder" | "collection", date: string): string | null =>
      days.get(`${jobId}:${document}`)?.find((day) => day >= date) ?? null,
  };
}

/** A notice's fee rows dated by the letters that charged them (sendingDays); a posted job's own fee keeps its row's date. */
function ledgerOnSendingDays(ledger: NoticeLedger | null, sentOn: (document: "reminder" | "collection", date: string) => string): NoticeLedger | null {
  if (!ledger) return null;
  return {
    ...ledger,
    fees: ledger.fees.map((fee) =>
      fee.kind === "posted_fee" ? fee : { ...fee, date: sentOn(fee.kind === "reminder_fee" ? "reminder" : "collection", fee.date) },
    ),
  };
}

type DueJob = { id: number; profileId: string; jobstatus: number; paydate: string | null; currentPaydate: string | null };

/**
 * The due date each case's late-payment interest runs from, as the ledger charged it
 * (lifecycle/decide-step.ts interestStart): the current due date while the case is an invoice, the
 * invoice's own once a notice set its term. So a case still in 0 or 300 has its current one; a case
 * whose first interest was charged while it was an invoice (on its move out of the phase, or a
 * payment's accrual before it) the due date it had then: the last due-date move (DueDateChange,
 * payments/update-due-date.ts) made before that charge, else the invoice's own; any other case the
 * invoice's own. The phase a charge was made in is the one the case moved out of at that instant,
 * else the one it last moved into before it. A hold, a dispute or a wait for a returned letter's
 * address (89, 71) charges nothing, so a due date moved meanwhile counts as the sweep counted it.
 */
async function interestDueDates(db: Db, jobs: readonly DueJob[]): Promise<Map<number, string | null>> {
  const due = new Map<number, string | null>();
  const left = jobs.filter((job) => !INVOICE_CODES.has(job.jobstatus));
  for (const job of jobs) due.set(job.id, INVOICE_CODES.has(job.jobstatus) ? currentDueDate(job) : job.paydate);
  if (left.length === 0) return due;
  const jobById = new Map(left.map((job) => [job.id, job]));
  const ours = (row: { jobId: number; profileId: string }) => jobById.get(row.jobId)?.profileId === row.profileId;
  // Only a case whose due date was moved can differ from the invoice's own: most notices' cases never were,
  // and their charges and moves are not read.
  const changes = (
    await db.dueDateChange.findMany({
      where: { jobId: { in: left.map((job) => job.id) } },
      orderBy: { createdAt: "asc" },
      select: { jobId: true, profileId: true, currentPaydate: true, createdAt: true },
    })
  ).filter(ours);
  const moved = [...new Set(changes.map((change) => change.jobId))];
  if (moved.length === 0) return due;
  const [charges, moves] = await Promise.all([
    db.caseEntry.findMany({
      where: { jobId: { in: moved }, kind: "interest" },
      orderBy: { createdAt: "asc" },
      select: { jobId: true, profileId: true, createdAt: true },
    }),
    db.caseMove.findMany({
      where: { jobId: { in: moved } },
      orderBy: { at: "asc" },
      select: { jobId: true, profileId: true, fromCode: true, toCode: true, at: true },
    }),
  ]);
  const firstCharge = new Map<number, Date>();
  for (const charge of charges) if (ours(charge) && !firstCharge.has(charge.jobId)) firstCharge.set(charge.jobId, charge.createdAt);
  // The phase each first charge was made in: the one a move at its instant left, else the last one entered before it.
  const leftAtCharge = new Map<number, number | null>();
  const enteredBefore = new Map<number, number>();
  for (const move of moves) {
    const at = firstCharge.get(move.jobId);
    if (!ours(move) || !at) continue;
    if (move.at.getTime() === at.getTime()) {
      if (!leftAtCharge.has(move.jobId)) leftAtCharge.set(move.jobId, move.fromCode);
    } else if (move.at < at) enteredBefore.set(move.jobId, move.toCode);
  }
  const asInvoice = new Set<number>();
  for (const jobId of firstCharge.keys()) {
    const phase = leftAtCharge.has(jobId) ? leftAtCharge.get(jobId) : enteredBefore.get(jobId);
    if (phase !== null && phase !== undefined && INVOICE_CODES.has(phase)) asInvoice.add(jobId);
  }
  // Oldest first: the last change before the first charge wins.
  for (const change of changes) {
    const at = firstCharge.get(change.jobId);
    if (asInvoice.has(change.jobId) && at && change.createdAt < at) due.set(change.jobId, change.currentPaydate);
  }
  return due;
}
