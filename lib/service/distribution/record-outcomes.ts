import { randomUUID } from "node:crypto";

import { getEngine, sqliteConnection, type Db, type Tx } from "../../db/client";
import { encode } from "../../db/insert-rows";
import { transactionConnection } from "../../db/postgres-adapter";
import { log } from "../../log";
import { today, type Clock } from "../../platform/clock";
import { metrics } from "../../platform/metrics";
import { openPersonalIds } from "../../platform/personal-ids";
import { retryDelayMs } from "../../platform/retry-policy";
import { INVOICE_JOBTYPES, type Jobtype } from "../../spec/codes";
import type { DatasetItem } from "../../spec/dataset-item";
import { emitEvents, type NewEvent } from "../events/emit-events";
import { profileClock, profileClockOffset } from "../lifecycle/profile-clock";
import { sendingDay } from "../lifecycle/rules";
import { recordDueDateChange, SERVICE_CHANGED_BY } from "../payments/update-due-date";
import { JOB_KINDS } from "../workers/job-kinds";

import type { ChannelResult } from "./channel-result";
import type { LoadedDispatch } from "./deliver-dispatch";
import { deliveryEvent } from "./delivery-event";
import { reportedChannel } from "./queue-dispatches";
import { emailRecipients } from "./recipients";
import { nextSecondary } from "./secondary-chain";

/*
 * What a run's dispatches came to, written together: one transaction for a chunk of outcomes,
 * with one statement per shape of change and the delivery events in one insert, where each
 * dispatch used to take a transaction of its own. Each outcome is written only while the claim that
 * sent it still holds the dispatch (the update's condition: this owner and that claim's lease end):
 * a send that outlived its lease, and whose dispatch was claimed again meanwhile (by another
 * worker, or by this one after its clock jumped), records nothing and is logged; the newer claim
 * sends and records its own outcome, and the event comes once. A failure that leaves
 * a secondary channel creates that dispatch in the same transaction, so a crash cannot lose it.
 */

export type Outcome = { loaded: LoadedDispatch; result: ChannelResult } | { loaded: LoadedDispatch; cancelled: true };

export interface Recorded {
  delivered: number;
  errors: number;
  retries: number;
  cancelled: number;
  /** Secondary dispatches created for failures, for the run to send next. */
  secondaryIds: string[];
}

/** `heldUntil`: the lease end of the claim the outcome was sent under (Dispatch.leaseUntil then). */
interface Finish {
  id: string;
  heldUntil: Date | null;
  status: "delivered" | "error" | "cancelled";
  artifact: string | null;
  doneAt: Date;
  /** The profile's clock offset at recording: the send's time on the profile's clock is doneAt plus it. */
  clockOffsetSeconds: number;
  lastError: string | null;
  errorCode: string | null;
}

interface Retry {
  id: string;
  heldUntil: Date | null;
  nextAttemptAt: Date;
  lastError: string;
  errorCode: string | null;
}

/**
 * The ids of the rows updated: those still held by the claim each outcome was sent under, this
 * owner's with the same lease end. Owner alone would not do: the same worker may have claimed the
 * dispatch again once the lease ran out (its clock jumped), and its newer claim's outcome is the one
 * to record.
 */
async function updateHeld<Row extends { id: string; heldUntil: Date | null }>(
  db: Db,
  tx: Tx,
  owner: string,
  rows: readonly Row[],
  columns: readonly { name: keyof Row & string; type: "text" | "timestamp" | "int" }[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const engine = getEngine();
  const held = `status = 'pending' AND "leaseOwner" = `;
  const connection = engine === "sqlite" && tx !== db ? sqliteConnection(db) : undefined;
  if (connection?.inTransaction) {
    const set = [...columns.map((column) => `"${column.name}" = ?`), `"leaseUntil" = NULL`, `"leaseOwner" = NULL`].join(", ");
    const statement = connection.prepare(`UPDATE "Dispatch" SET ${set} WHERE id = ? AND ${held}? AND "leaseUntil" = ?`);
    const updated = new Set<string>();
    for (const row of rows) {
      const values = columns.map((column) => encode(row[column.name], column.type, engine));
      // No lease (null) matches none: an outcome is recorded only under the claim that sent it.
      const { changes } = statement.run([...values, row.id, owner, encode(row.heldUntil, "timestamp", engine)]);
      if (changes === 1) updated.add(row.id);
    }
    return updated;
  }
  const set = [...columns.map((column) => `"${column.name}" = u."${column.name}"`), `"leaseUntil" = NULL`, `"leaseOwner" = NULL`].join(", ");
  const record = [
    "id text",
    `"heldUntil" timestamp(3)`,
    ...columns.map((column) => `"${column.name}" ${column.type === "timestamp" ? "timestamp(3)" : column.type === "int" ? "integer" : "text"}`),
  ].join(", ");
  const payload = JSON.stringify(
    rows.map((row) =>
      Object.fromEntries([
        ["id", row.id],
        ["heldUntil", encode(row.heldUntil, "timestamp", engine)],
        ...columns.map((column) => [column.name, encode(row[column.name], column.type, engine)]),
      ]),
    ),
  );
  const sql = `UPDATE "Dispatch" AS d SET ${set} FROM jsonb_to_recordset($1::jsonb) AS u(${record}) WHERE d.id = u.id AND d.${held}$2 AND d."leaseUntil" = u."heldUntil" RETURNING d.id`;
  const pgConnection = tx !== db ? await transactionConnection(tx) : null;
  const returned = pgConnection
    ? (await pgConnection.query<{ id: string }>(sql, [payload, owner])).rows
    : await tx.$queryRawUnsafe<{ id: string }[]>(sql, payload, owner);
  return new Set(returned.map((row) => row.id));
}

const SUMMARY_FIELD = { delivered: "delivered", error: "errors", retry: "retries", cancelled: "cancelled" } as const;

const FINISH_COLUMNS = [
  { name: "status", type: "text" },
  { name: "artifact", type: "text" },
  { name: "doneAt", type: "timestamp" },
  { name: "clockOffsetSeconds", type: "int" },
  { name: "lastError", type: "text" },
  { name: "errorCode", type: "text" },
] as const;

const RETRY_COLUMNS = [
  { name: "nextAttemptAt", type: "timestamp" },
  { name: "lastError", type: "text" },
  { name: "errorCode", type: "text" },
] as const;

/**
 * The day an invoice went to its debtor (Job.sentOn): until it is written the invoice is not reminded
 * (lifecycle/decide-step.ts decideStep), and where a profile's due dates were not agreed in advance,
 * interest counts from it (invoiceSentOn) and none runs before. The day of the send's recording (doneAt) on the profile's clock and business calendar;
 * a letter counts as sent the next business day, for the day's print batch goes into the post then
 * at the earliest (lifecycle/rules.ts sendingDay), while an e-mail or e-invoice leaves at once.
 *
 * Written by a delivered send of the original that is the job's only one standing: the first
 * send, a secondary channel's after the first failed, or the resend after a refused e-invoice or a
 * returned letter (einvoice-rejections.ts, returned-mail.ts mark the earlier send an error). So a
 * resend keeps the first day while it waits and replaces it only when delivered, and one that fails
 * for good leaves it; a second delivered original beside a standing one (a copy) changes nothing.
 * A notice is not the invoice, nor is the letter of a reminder or collection posted as such (the
 * customer sent the invoice itself). Two statements per day in the chunk, mostly one day.
 */
async function recordSentOn(tx: Tx, outcomes: readonly Outcome[], finished: ReadonlySet<string>, doneAt: Date): Promise<void> {
  const dayByJob = new Map<number, string>();
  const sends = new Set<string>();
  for (const outcome of outcomes) {
    if ("cancelled" in outcome || outcome.result.outcome !== "delivered") continue;
    const { dispatch, job, profile, environment } = outcome.loaded;
    if (dispatch.document !== "original" || !INVOICE_JOBTYPES.includes(job.jobtype as Jobtype) || !finished.has(dispatch.id)) continue;
    const recordedOn = today(profileClock({ now: () => doneAt }, profile, environment), environment.rules.timeZone);
    const day = dispatch.sendtype === "post" ? sendingDay(environment.country, recordedOn) : recordedOn;
    const known = dayByJob.get(job.id);
    dayByJob.set(job.id, known && known < day ? known : day);
    sends.add(dispatch.id);
  }
  if (dayByJob.size === 0) return;
  const standing = await tx.dispatch.findMany({
    where: { jobId: { in: [...dayByJob.keys()] }, document: "original", status: "delivered", id: { notIn: [...sends] } },
    select: { jobId: true },
  });
  for (const { jobId } of standing) dayByJob.delete(jobId);
  const byDay = new Map<string, number[]>();
  for (const [jobId, day] of dayByJob) {
    const ids = byDay.get(day);
    if (ids) ids.push(jobId);
    else byDay.set(day, [jobId]);
  }
  for (const [day, ids] of byDay) {
    await tx.job.updateMany({ where: { id: { in: ids } }, data: { sentOn: day } });
    // An invoice the sweep found not yet sent waits unwatched (lifecycle/decide-step.ts): now that it
    // went, the sweep looks at it again and reminds it no earlier than the country's days after this day.
    // Phase 0 only, not INVOICE_CODES: a Connect invoice (300) is never watched, whether sent or not.
    await tx.job.updateMany({ where: { id: { in: ids }, jobstatus: 0, reviewOn: null, onHold: false }, data: { reviewOn: day } });
  }
}

/**
 * A notice sent later than its case moved printed the law's term from its own day
 * (lifecycle/decide-step.ts noticeTermAtSending): the case takes that due date, and the sweep's next
 * look moves with it, so the letter and the case keep one date. Written with the send it was printed
 * for, only when that send is delivered and recorded under its claim (`finished`), and only while the
 * case is still open in the phase the letter was made for and due before the printed date: a claim
 * taken over, a failed send, or a case moved on meanwhile (to collection, a payment plan, paid)
 * changes nothing; a due date the API user moved meanwhile to an earlier day gives way to the
 * letter's, one moved later stands; two sends of one case in a chunk change it once. A case the sweep
 * was not watching (on hold, waiting for a person) keeps no look. Reported as a due-date change (DueDateChange, changedBy the service's
 * own SERVICE_CHANGED_BY, and a duedateupdate whose `source` is `aspa_other_reason`, the provider's
 * own change for a reason not the debtor's: the specification names no source for the service's
 * own), after the send's delivery event.
 */
async function recordReterms(tx: Tx, outcomes: readonly Outcome[], finished: ReadonlySet<string>, doneAt: Date): Promise<Map<string, NewEvent>> {
  const events = new Map<string, NewEvent>();
  const moved = new Set<number>();
  for (const outcome of outcomes) {
    if ("cancelled" in outcome || outcome.result.outcome !== "delivered") continue;
    const { dispatch, job, profile, environment, reterm, today: sentOn } = outcome.loaded;
    if (!reterm || !finished.has(dispatch.id)) continue;
    // Two sends of one case in a chunk printed one date (one day's term): the first moves the case.
    if (moved.has(job.id)) continue;
    moved.add(job.id);
    // The case takes the printed date while it is still open in the phase the letter was made for and
    // due earlier than the letter says. A due date moved meanwhile to an earlier day (the API user's
    // move, a resend's) would let the case go on before the debtor's term ends, so it takes the
    // letter's; one moved later stands. Written only over the row as read here (its due date and next
    // look), so a change made between the read and the write is not overwritten.
    const now = await tx.job.findFirst({
      where: { id: job.id, profileId: profile.id },
      select: { jobstatus: true, closedAt: true, currentPaydate: true, reviewOn: true },
    });
    const takes =
      now && now.jobstatus === job.jobstatus && now.closedAt === null && (now.currentPaydate === null || now.currentPaydate < reterm.currentPaydate);
    const updated = takes
      ? await tx.job.updateMany({
          where: { id: job.id, profileId: profile.id, jobstatus: job.jobstatus, closedAt: null, currentPaydate: now.currentPaydate, reviewOn: now.reviewOn },
          // A case the sweep was not watching (on hold, waiting for a person) keeps no look.
          data: { currentPaydate: reterm.currentPaydate, ...(now.reviewOn !== null ? { reviewOn: reterm.reviewOn } : {}) },
        })
      : { count: 0 };
    if (!takes || updated.count !== 1) {
      log.warn("notice sent with a due date its case no longer takes: the case changed while it was made", {
        dispatchId: dispatch.id,
        jobId: job.id,
        printed: reterm.currentPaydate,
      });
      continue;
    }
    // Dated on the profile's clock, as every other due-date change and the sweep's moves are: a
    // notice's interest counts from a change only if it is dated before the case's first charge
    // (load-dispatches.ts interestDueDates), and on a test profile whose clock runs ahead the real
    // instant would come before a charge made days later on that clock.
    const at = profileClock({ now: () => doneAt }, profile, environment).now();
    const previousDate = now.currentPaydate ?? job.paydate ?? reterm.currentPaydate;
    const letter = dispatch.document === "original" ? (job.jobtype === 1 ? "reminder" : "collection") : dispatch.document;
    const { event } = await recordDueDateChange(tx, {
      environment,
      profile,
      job,
      previousDate,
      currentPaydate: reterm.currentPaydate,
      origin: {
        source: "aspa_other_reason",
        changedBy: SERVICE_CHANGED_BY,
        reason: `Its ${letter} letter was sent on ${sentOn}: the term counts from that day`,
      },
      at,
    });
    events.set(dispatch.id, event);
  }
  return events;
}

const clockOffsetOf = ({ profile, environment }: LoadedDispatch) => profileClockOffset(profile, environment);

export async function recordOutcomes(db: Db, clock: Clock, owner: string, outcomes: readonly Outcome[]): Promise<Recorded> {
  const recorded: Recorded = { delivered: 0, errors: 0, retries: 0, cancelled: 0, secondaryIds: [] };
  if (outcomes.length === 0) return recorded;
  const doneAt = clock.now();
  const finishes: Finish[] = [];
  const retries: Retry[] = [];
  for (const outcome of outcomes) {
    const { dispatch } = outcome.loaded;
    if ("cancelled" in outcome) {
      // Paid or closed since the notice was asked for: sending it would dun a debtor who owes nothing.
      // No event: the receiver learned of the closing from its lcstatus event.
      finishes.push({
        id: dispatch.id,
        heldUntil: dispatch.leaseUntil,
        status: "cancelled",
        artifact: null,
        doneAt,
        clockOffsetSeconds: clockOffsetOf(outcome.loaded),
        lastError: "The case was settled before the notice was sent",
        errorCode: null,
      });
    } else if (outcome.result.outcome === "delivered") {
      finishes.push({
        id: dispatch.id,
        heldUntil: dispatch.leaseUntil,
        status: "delivered",
        artifact: outcome.result.artifact,
        doneAt,
        clockOffsetSeconds: clockOffsetOf(outcome.loaded),
        lastError: null,
        errorCode: null,
      });
    } else if (outcome.result.transient) {
      // Every channel backs off alike: only e-mail and unexpected failures are ever transient.
      const delay = retryDelayMs(JOB_KINDS.dispatch.retry, dispatch.attempts);
      retries.push({
        id: dispatch.id,
        heldUntil: dispatch.leaseUntil,
        nextAttemptAt: new Date(doneAt.getTime() + delay),
        lastError: outcome.result.errors[0]?.message ?? outcome.result.description,
        errorCode: outcome.result.errors[0]?.code ?? null,
      });
    } else {
      finishes.push({
        id: dispatch.id,
        heldUntil: dispatch.leaseUntil,
        status: "error",
        artifact: null,
        doneAt,
        clockOffsetSeconds: clockOffsetOf(outcome.loaded),
        lastError: outcome.result.description,
        errorCode: outcome.result.errors[0]?.code ?? null,
      });
    }
  }

  const counted: [sendtype: string, result: keyof typeof SUMMARY_FIELD][] = [];
  const { secondaryIds, written } = await db.$transaction(async (tx) => {
    const created: string[] = [];
    const finished = await updateHeld(db, tx, owner, finishes, FINISH_COLUMNS);
    const retried = await updateHeld(db, tx, owner, retries, RETRY_COLUMNS);
    await recordSentOn(tx, outcomes, finished, doneAt);
    const reterms = await recordReterms(tx, outcomes, finished, doneAt);
    const sent = outcomes.flatMap((outcome) =>
      !("cancelled" in outcome) && outcome.result.outcome === "delivered" && outcome.result.sent && finished.has(outcome.loaded.dispatch.id)
        ? [{ dispatch: outcome.loaded.dispatch, ...outcome.result.sent }]
        : [],
    );
    if (sent.length > 0) {
      await tx.sentDocument.createMany({
        data: sent.map(({ dispatch, pdf, filename }) => ({
          dispatchId: dispatch.id,
          jobId: dispatch.jobId,
          profileId: dispatch.profileId,
          document: dispatch.document,
          filename,
          content: Buffer.from(pdf),
          createdAt: doneAt,
        })),
      });
    }
    const events: NewEvent[] = [];
    for (const outcome of outcomes) {
      const { dispatch, job, profile, environment, now } = outcome.loaded;
      if ("cancelled" in outcome) {
        if (finished.has(dispatch.id)) counted.push([dispatch.sendtype, "cancelled"]);
        continue;
      }
      const { result } = outcome;
      if (result.outcome === "failed" && result.transient) {
        if (retried.has(dispatch.id)) counted.push([dispatch.sendtype, "retry"]);
        continue;
      }
      if (!finished.has(dispatch.id)) continue;
      const identity = {
        environment: environment.id,
        profileId: profile.id,
        cid: profile.cid,
        job,
        distributionChannel: dispatch.distributionChannel,
        at: now,
        createdAt: doneAt,
      };
      if (result.outcome === "delivered") {
        events.push(deliveryEvent({ ...identity, status: "delivered", description: result.description, notes: result.notes, errors: [] }));
        const reterm = reterms.get(dispatch.id);
        if (reterm) events.push(reterm);
        counted.push([dispatch.sendtype, "delivered"]);
        continue;
      }
      events.push(deliveryEvent({ ...identity, status: "error", description: result.description, notes: [], errors: result.errors }));
      counted.push([dispatch.sendtype, "error"]);
      const item = openPersonalIds(job.data as DatasetItem);
      const chain = { item, jobtype: job.jobtype, country: environment.country, hasEmail: emailRecipients(item).valid.length > 0 };
      const next = await nextSecondary(tx, dispatch, chain, doneAt);
      if (!next) continue;
      const id = randomUUID();
      await tx.dispatch.create({
        data: {
          id,
          jobId: job.id,
          document: dispatch.document,
          profileId: job.profileId,
          environment: job.environment,
          sendtype: next.channel.sendtype,
          distributionChannel: reportedChannel(next.channel.sendtype, job.customertype, environment.id),
          secondary: true,
          status: "pending",
          createdAt: next.createdAt,
        },
      });
      created.push(id);
    }
    await emitEvents(db, tx, events);
    return { secondaryIds: created, written: new Set([...finished, ...retried]) };
  });
  // Sent under a claim that no longer held the dispatch: its lease ran out while the document was
  // made or sent, and another claim took it (another worker's, or this worker's own after its clock
  // jumped), which sends it and records its own outcome. This one is not written over that claim's
  // and is logged and counted here, once: the debtor may have the document twice.
  for (const outcome of outcomes) {
    const { dispatch } = outcome.loaded;
    if (written.has(dispatch.id)) continue;
    const lost = "cancelled" in outcome ? "cancelled" : outcome.result.outcome;
    log.warn("dispatch outcome not recorded: its lease had run out and another claim took it", {
      dispatchId: dispatch.id,
      owner,
      leaseUntil: dispatch.leaseUntil?.toISOString() ?? null,
      outcome: lost,
    });
    metrics().dispatchOutcomesLost.inc({ sendtype: dispatch.sendtype, outcome: lost });
  }
  // Counted once committed, by the worker that recorded it: a lost dispatch is counted by the one that kept it.
  for (const [sendtype, result] of counted) {
    recorded[SUMMARY_FIELD[result]] += 1;
    metrics().dispatches.inc({ sendtype, result });
  }
  return { ...recorded, secondaryIds };
}
