import { randomUUID } from "node:crypto";

import { lockFor } from "../../db/advisory-lock";
import type { Db } from "../../db/client";
import { signalAfterCommit } from "../../db/commit-signals";
import { today as todayIn, type Clock } from "../../platform/clock";
import { CUTOFF_WARNING } from "../../spec/codes";
import { letterOf } from "../../spec/codes";
import type { EInvoiceResendRequest } from "../../spec/einvoice-rejections";
import type { Environment } from "../../spec/environments";
import type { SentDocumentName } from "../../spec/sent-documents";
import { nextBusinessDay } from "../calendar/business-days";
import { addDays, daysBetween } from "../calendar/dates";
import { ServiceError } from "../errors";
import { emitEvents } from "../events/emit-events";
import { CLOSED_CODES, currentDueDate } from "../lifecycle/case-state";
import { resendAwaitsDelivery } from "../lifecycle/decide-step";
import { noticeDue } from "../lifecycle/rules";
import { moveDueDateIn } from "../payments/update-due-date";

import { einvoiceFormatOf } from "./channels";
import { deliveryRefusedEvent } from "./delivery-event";

/*
 * An e-invoice the operator refused after the service handed it over: the operator's negative
 * acknowledgement turns the delivered dispatch into an error (a delivery event with the operator's
 * reason), and the case waits instead of moving on, with a fee, from a document its debtor never
 * got (when the refused one is the last sent). The API user fixes what was wrong (the receiver's e-invoice address or operator) and
 * resends: the same document is sent again, and the debtor gets the invoice's own payment term (at
 * least 14 days; a notice's term for a notice) from the resend, on a banking day. When that is
 * later than the due date, the due date moves, reported as a duedateupdate with source
 * einvoice_error.
 *
 * In production the operator connection (outside the service, which takes the files under
 * DATA_DIR/einvoice) reports a negative acknowledgement through recordEInvoiceRejection; test
 * environments play the operator with POST /testing/einvoice/rejections.
 */

/** The problem code of a refusal: in its delivery event, and on its dispatch. */
const EINVOICE_REJECTED_CODE = "einvoice_rejected";

/** Phases the lifecycle moves on from by itself, which a refusal pauses. */
const WATCHED_PHASES: ReadonlySet<number> = new Set([0, 1, 2]);

/** The shortest term a debtor gets from a resend: two weeks, the usual Nordic payment term. */
const MIN_RESEND_TERM_DAYS = 14;

interface Context {
  environment: Environment;
  profile: { id: string; cid: string };
  clock: Clock;
}

export async function recordEInvoiceRejection(db: Db, context: Context, input: { jobid: number; reason: string }) {
  const at = context.clock.now();
  return db.$transaction(async (tx) => {
    await lockFor(tx, `case:${input.jobid}`);
    const job = await tx.job.findFirst({
      where: { id: input.jobid, profileId: context.profile.id },
      select: { id: true, billnum: true, ownref: true, jobstatus: true },
    });
    if (!job) throw new ServiceError("not_found", `There is no job ${input.jobid} of this profile.`);
    const delivered = await tx.dispatch.findMany({
      where: { jobId: job.id, profileId: context.profile.id, status: "delivered" },
      orderBy: { doneAt: "desc" },
      select: { id: true, document: true, sendtype: true, distributionChannel: true, createdAt: true },
    });
    const dispatch = delivered.find((row) => einvoiceFormatOf(row.sendtype, context.environment.country) !== null);
    if (!dispatch) throw new ServiceError("conflict", `No e-invoice of job ${job.id} was handed to an operator, or it was refused already.`);
    await tx.dispatch.update({
      where: { id: dispatch.id },
      data: { status: "error", lastError: `Refused by the e-invoice operator: ${input.reason}`, errorCode: EINVOICE_REJECTED_CODE },
    });
    await tx.eInvoiceRejection.create({
      data: { id: randomUUID(), dispatchId: dispatch.id, jobId: job.id, profileId: context.profile.id, reason: input.reason, createdAt: at },
    });
    // The debtor never got the document the case now stands on (the last one sent): the case does not
    // move on from it, with a fee, while it waits for the resend.
    const later = await tx.dispatch.count({
      where: { jobId: job.id, id: { not: dispatch.id }, document: { not: dispatch.document }, createdAt: { gt: dispatch.createdAt } },
    });
    // A case under a cut-off warning keeps its interruption day (contracts/cutoff-warnings.ts).
    if (later === 0 && !CLOSED_CODES.has(job.jobstatus) && job.jobstatus !== CUTOFF_WARNING) {
      await tx.job.update({ where: { id: job.id }, data: { reviewOn: null } });
    }
    await emitEvents(db, tx, [
      deliveryRefusedEvent(context, job, {
        distributionChannel: dispatch.distributionChannel,
        at,
        description: `The e-invoice operator refused the message: ${input.reason}`,
        error: { code: EINVOICE_REJECTED_CODE, field: null, message: input.reason },
      }),
    ]);
    return {
      jobid: job.id,
      document: dispatch.document as SentDocumentName,
      distributionchannel: dispatch.distributionChannel,
      reason: input.reason,
      rejectedat: at.toISOString(),
    };
  });
}

export async function resendEInvoice(db: Db, context: Context, jobid: number, correction: EInvoiceResendRequest) {
  const today = todayIn(context.clock, context.environment.rules.timeZone);
  const at = context.clock.now();
  const result = await db.$transaction(async (tx) => {
    await lockFor(tx, `case:${jobid}`);
    const job = await tx.job.findFirst({
      where: { id: jobid, profileId: context.profile.id },
      select: {
        id: true,
        data: true,
        pendingDocument: true,
        jobstatus: true,
        jobtype: true,
        billdate: true,
        paydate: true,
        currentPaydate: true,
        onHold: true,
        reviewOn: true,
      },
    });
    if (!job) throw new ServiceError("not_found", `There is no job ${jobid} of this profile.`);
    const rejection = await tx.eInvoiceRejection.findFirst({
      where: { jobId: jobid, profileId: context.profile.id, resentAt: null },
      orderBy: { createdAt: "desc" },
    });
    if (!rejection) throw new ServiceError("conflict", `No refused e-invoice of job ${jobid} waits to be resent.`);
    if (job.pendingDocument) throw new ServiceError("conflict", `A document of job ${jobid} waits to be sent already; resend when it has gone.`);
    // The case moved on since (a person's decision, a payment): what was refused is no longer what it stands on.
    if ((await tx.caseMove.count({ where: { jobId: jobid, at: { gt: rejection.createdAt } } })) > 0) {
      throw new ServiceError("conflict", `The case of job ${jobid} moved to another phase after the e-invoice was refused; it is not resent.`);
    }
    const { document } = await tx.dispatch.findUniqueOrThrow({ where: { id: rejection.dispatchId }, select: { document: true } });
    const data = { ...(job.data as Record<string, unknown>), ...correction };
    // The refused invoice never reached the debtor: the resend's delivery replaces the day it was sent
    // (record-outcomes.ts recordSentOn), which late-payment interest counts from where due dates were
    // not agreed in advance (lifecycle/decide-step.ts invoiceSentOn). Until then, and if the resend
    // fails for good, the first send's day stays.
    await tx.job.update({ where: { id: jobid }, data: { pendingDocument: document, data } });
    await tx.eInvoiceRejection.update({ where: { id: rejection.id }, data: { resentAt: at } });
    await signalAfterCommit(tx, "documents");

    let currentpaydate = currentDueDate(job);
    let duedatemoved = false;
    if (!CLOSED_CODES.has(job.jobstatus)) {
      const due = resentDue(context.environment, document, job, today);
      if (!currentpaydate || due > currentpaydate) {
        const reason = `E-invoice resent after the operator refused it: ${rejection.reason}`;
        await moveDueDateIn(db, tx, context, jobid, { currentpaydate: due }, { source: "einvoice_error", reason });
        currentpaydate = due;
        duedatemoved = true;
      }
      // The case waited for its resend unwatched: from now the lifecycle looks at it again, unless it
      // waits for the resend's delivery (decide-step.ts resendAwaitsDelivery).
      if (job.reviewOn === null && !job.onHold && WATCHED_PHASES.has(job.jobstatus) && !resendAwaitsDelivery(job.jobstatus, letterOf(document, job.jobtype)))
        await tx.job.update({ where: { id: jobid }, data: { reviewOn: currentpaydate } });
    }
    return { jobid, document: document as SentDocumentName, currentpaydate, duedatemoved };
  });
  return result;
}

/**
 * The due date a resent document gives its debtor: the invoice's own term, or a notice's, from
 * today. A job posted as a reminder (jobtype 1) or a collection (2) has that notice as its own
 * letter ("original"), with the notice's term.
 */
export function resentDue(
  environment: Environment,
  sent: string,
  job: { jobtype: number; billdate: string | null; paydate: string | null },
  today: string,
): string {
  const document = letterOf(sent, job.jobtype);
  if (document === "reminder" || document === "collection") return noticeDue(environment.country, document, today);
  const term = job.billdate && job.paydate ? Math.max(MIN_RESEND_TERM_DAYS, daysBetween(job.billdate, job.paydate)) : MIN_RESEND_TERM_DAYS;
  return nextBusinessDay(environment.country, addDays(today, term));
}
