import { randomUUID } from "node:crypto";

import type { Db } from "../../db/client";
import type { Dispatch, Job, Profile } from "../../db/generated/sqlite/client";
import { getEnv } from "../../env";
import { errorFields, log } from "../../log";
import { leaseFree, leaseUntil } from "../../platform/lease";
import { metrics } from "../../platform/metrics";
import { retryDelayMs } from "../../platform/retry-policy";
import type { DatasetItem } from "../../spec/dataset-item";
import { environment as environmentById, type Environment, type EnvironmentId } from "../../spec/environments";
import { today, type Clock } from "../clock";
import { jobDocument, type DocumentName } from "../documents/job-documents";
import { emitEvents } from "../events/emit-events";
import { openPersonalIds } from "../intake/personal-ids";
import { profileClock } from "../lifecycle/profile-clock";
import { JOB_KINDS } from "../workers/job-kinds";

import { failed, type ChannelResult } from "./channel-result";
import { einvoiceFormatOf } from "./channels";
import { deliveryEvent } from "./delivery-event";
import { isSettled, reportedChannel } from "./queue-dispatches";
import { emailRecipients } from "./recipients";
import { nextSecondary, secondaryChannelOf, type ChainContext } from "./secondary-chain";
import { addToPrintBatch, type PrintRound } from "./send/print-batch";
import type { SendContext } from "./send/send-context";
import { sendEmail } from "./send/send-email";
import { writeEInvoice } from "./send/write-einvoice";

/*
 * One dispatch: claim it, make its document, send it, record the outcome with its delivery event.
 *
 * The claim is a conditional update (pending, and no live lease), so of two workers only one
 * sends; a worker that dies mid-send leaves a lease that runs out, and the next worker sends
 * again (e-mail keeps its Message-ID and files their names, so a receiver can tell a repeat).
 * The outcome is written only while this worker still holds the lease: a worker that overran
 * its lease and lost the dispatch to another records nothing, and the event comes once.
 */

/** Long enough for a slow SMTP server or a large letter; short enough that a crash delays little. */
export const LEASE_MS = JOB_KINDS.dispatch.leaseMs;

/** Attempts after an unexpected failure (the database, a PDF that will not render) before it is an error. */
export const UNEXPECTED_MAX_ATTEMPTS = JOB_KINDS.dispatch.unexpectedMaxAttempts;

export interface DispatchOutcome {
  /**
   * delivered | error | retry | lost (another worker holds it now) | skipped (not claimed) |
   * cancelled (a notice whose case was settled before it went out).
   */
  result: "delivered" | "error" | "retry" | "lost" | "skipped" | "cancelled";
  /** The secondary dispatch created when this one ended in error. */
  secondaryId: string | null;
}

const SKIPPED: DispatchOutcome = { result: "skipped", secondaryId: null };

async function channelSend(context: SendContext): Promise<ChannelResult> {
  const { sendtype } = context.dispatch;
  if (sendtype === "email") return sendEmail(context);
  if (sendtype === "post") return addToPrintBatch(context);
  if (einvoiceFormatOf(sendtype, context.environment.country)) return writeEInvoice(context);
  return failed(`The service does not send by ${sendtype}`, [{ code: "unknown_channel", field: "sendtype", message: `no channel ${sendtype}` }]);
}

interface Loaded {
  dispatch: Dispatch;
  job: Job;
  profile: Profile;
  environment: Environment;
  now: Date;
  today: string;
  chain: ChainContext;
  printRound?: PrintRound;
}

/** Makes the dispatch's document from the job as it stands and hands it to the channel. */
async function makeAndSend(db: Db, { dispatch, job, profile, environment, now, today: day, chain, printRound }: Loaded): Promise<ChannelResult> {
  const stored = chain.item;
  const secondary = await secondaryChannelOf(db, dispatch, chain);
  // A secondary e-invoice channel may name its own address and operator.
  const item: DatasetItem = secondary ? { ...stored, evoice: secondary.evoice ?? stored.evoice, evoiceint: secondary.evoiceint ?? stored.evoiceint } : stored;
  const letter = job.jobtype === 301 ? await db.jobFile.findFirst({ where: { jobId: job.id, profileId: job.profileId, role: "image" } }) : null;
  const remindedOn =
    dispatch.document === "collection"
      ? ((await db.caseMove.findFirst({ where: { jobId: job.id, profileId: job.profileId, toCode: 1 }, orderBy: { at: "desc" }, select: { date: true } }))?.date ?? null)
      : null;
  const made = await jobDocument({
    job: { ...job, data: item },
    which: dispatch.document as DocumentName,
    profile,
    environment,
    today: day,
    letter: letter ? new Uint8Array(letter.content) : null,
    forPost: dispatch.sendtype === "post",
    remindedOn,
  });
  return channelSend({ dispatch, item, environment, profile, made, now, today: day, dataDir: getEnv().DATA_DIR, printRound });
}

/** Claims pending dispatches for `owner` in one statement; answers the ids it got (others hold the rest). */
export async function claimDispatches(db: Db, clock: Clock, owner: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const claimedAt = clock.now();
  const claimed = await db.dispatch.updateManyAndReturn({
    where: { id: { in: [...ids] }, status: "pending", ...leaseFree(claimedAt) },
    data: { leaseUntil: leaseUntil(claimedAt, LEASE_MS), leaseOwner: owner, attempts: { increment: 1 } },
    select: { id: true },
  });
  return claimed.map((row) => row.id);
}

/**
 * Sends one dispatch: claimed here, or already claimed by this owner through claimDispatches
 * (`options.claimed`), which a round does for all its dispatches at once so that workers in
 * several processes take disjoint sets instead of racing for the same oldest ones.
 */
export async function sendDispatch(db: Db, clock: Clock, owner: string, id: string, printRound?: PrintRound, options: { claimed?: boolean } = {}): Promise<DispatchOutcome> {
  if (!options.claimed && (await claimDispatches(db, clock, owner, [id])).length === 0) return SKIPPED;
  const dispatch = await db.dispatch.findUniqueOrThrow({ where: { id } });
  const outcome = await deliverClaimed(db, clock, owner, dispatch, printRound);
  // Counted once, by the worker that recorded it: a lost dispatch is counted by the one that kept it.
  if (outcome.result !== "lost") metrics().dispatches.inc({ sendtype: dispatch.sendtype, result: outcome.result });
  return outcome;
}

/** Makes, sends and records a dispatch this owner holds. */
async function deliverClaimed(db: Db, clock: Clock, owner: string, dispatch: Dispatch, printRound?: PrintRound): Promise<DispatchOutcome> {
  const { id } = dispatch;
  // Tenant scope: the job and profile are those of the dispatch, never found by id alone.
  const job = await db.job.findFirstOrThrow({ where: { id: dispatch.jobId, profileId: dispatch.profileId, environment: dispatch.environment } });
  const profile = await db.profile.findFirstOrThrow({ where: { id: dispatch.profileId, environment: dispatch.environment } });
  const environment = environmentById(dispatch.environment as EnvironmentId);
  if (dispatch.document !== "original" && isSettled(job)) {
    // Paid or closed since the notice was asked for: sending it would dun a debtor who owes nothing.
    // No event: the receiver learned of the closing from its lcstatus event.
    const cancelled = await db.dispatch.updateMany({
      where: { id, status: "pending", leaseOwner: owner },
      data: { status: "cancelled", leaseUntil: null, leaseOwner: null, doneAt: clock.now(), lastError: "The case was settled before the notice was sent" },
    });
    return { result: cancelled.count === 1 ? "cancelled" : "lost", secondaryId: null };
  }
  const profileNow = profileClock(clock, profile, environment);
  const now = profileNow.now();
  const day = today(profileNow, environment.rules.timeZone);
  const stored = openPersonalIds(job.data as DatasetItem);
  const chain: ChainContext = { item: stored, jobtype: job.jobtype, country: environment.country, hasEmail: emailRecipients(stored).valid.length > 0 };

  let result: ChannelResult;
  try {
    result = await makeAndSend(db, { dispatch, job, profile, environment, now, today: day, chain, printRound });
  } catch (error) {
    log.error("dispatch failed unexpectedly", { dispatchId: id, jobId: dispatch.jobId, attempts: dispatch.attempts, ...errorFields(error) });
    result = failed("The document could not be made or sent", [{ code: "internal_error", message: "an internal error stopped the delivery" }], dispatch.attempts < UNEXPECTED_MAX_ATTEMPTS);
  }

  const doneAt = clock.now();
  const held = { id, status: "pending", leaseOwner: owner };
  const released = { leaseUntil: null, leaseOwner: null };
  const identity = { environment: environment.id, profileId: profile.id, cid: profile.cid, job, distributionChannel: dispatch.distributionChannel, at: profileNow.now(), createdAt: doneAt };

  if (result.outcome === "failed" && result.transient) {
    // Every channel backs off alike: only e-mail and unexpected failures are ever transient.
    const delay = retryDelayMs(JOB_KINDS.dispatch.retry, dispatch.attempts);
    const kept = await db.dispatch.updateMany({ where: held, data: { ...released, nextAttemptAt: new Date(doneAt.getTime() + delay), lastError: result.errors[0]?.message ?? result.description } });
    log.warn("dispatch will be retried", { dispatchId: id, jobId: job.id, sendtype: dispatch.sendtype, attempts: dispatch.attempts });
    return { result: kept.count === 1 ? "retry" : "lost", secondaryId: null };
  }

  return db.$transaction(async (tx): Promise<DispatchOutcome> => {
    if (result.outcome === "delivered") {
      const marked = await tx.dispatch.updateMany({ where: held, data: { ...released, status: "delivered", artifact: result.artifact, doneAt, lastError: null } });
      if (marked.count === 0) return { result: "lost", secondaryId: null };
      await emitEvents(db, tx, [deliveryEvent({ ...identity, status: "delivered", description: result.description, notes: result.notes, errors: [] })]);
      return { result: "delivered", secondaryId: null };
    }
    const marked = await tx.dispatch.updateMany({ where: held, data: { ...released, status: "error", lastError: result.description, doneAt } });
    if (marked.count === 0) return { result: "lost", secondaryId: null };
    const events = [deliveryEvent({ ...identity, status: "error", description: result.description, notes: [], errors: result.errors })];
    // The secondary channel is created with the error, so a crash between them cannot lose it.
    const next = await nextSecondary(tx, dispatch, chain, doneAt);
    let secondaryId: string | null = null;
    if (next) {
      secondaryId = randomUUID();
      await tx.dispatch.create({
        data: {
          id: secondaryId,
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
    }
    await emitEvents(db, tx, events);
    return { result: "error", secondaryId };
  });
}
