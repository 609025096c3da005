import { lockFor } from "../../db/advisory-lock";
import type { Db } from "../../db/client";
import { signalAfterCommit } from "../../db/commit-signals";
import { today as todayIn, type Clock } from "../../platform/clock";
import { startCode } from "../../spec/codes";
import type { Environment } from "../../spec/environments";
import { postcodeProblem } from "../../spec/minimum-data";
import type { AddressCorrection, ReturnedMailRequest } from "../../spec/returned-mail";
import type { SentDocumentName } from "../../spec/sent-documents";
import { addDays } from "../calendar/dates";
import { ServiceError } from "../errors";
import { emitEvents } from "../events/emit-events";
import { CASE_SELECT, CLOSED_CODES, currentDueDate, moveCase } from "../lifecycle/case-state";
import { ADDRESS_PHASES, ADDRESS_WAIT_DAYS, resendAwaitsDelivery } from "../lifecycle/decide-step";
import { moveDueDateIn } from "../payments/update-due-date";

import { deliveryRefusedEvent } from "./delivery-event";
import { resentDue } from "./einvoice-rejections";

/*
 * A letter the post returned undeliverable. Its dispatch becomes an error (a delivery event with the
 * code returned_mail), and when it is the letter the case stands on, the case waits in address
 * verification (89) instead of moving on, with a fee, from a letter its debtor never got. The API
 * user (or the portal) gives the corrected address (POST /jobs/{jobid}/address): the letter goes
 * again to it, the debtor gets a fresh term from the resend, and the case returns to its phase.
 * Unanswered for ADDRESS_WAIT_DAYS, the lifecycle marks the address as in error (71,
 * lifecycle/decide-step.ts), where the case waits for a person: a corrected address, or terminate.
 *
 * In production the print service's scan of returned mail reports it through recordReturnedMail;
 * test environments play the post with POST /testing/returnedmail.
 */

/** The letter a phase stands on: a job posted as reminder or collection has that notice as its own (original) letter. */
function letterOfPhase(jobstatus: number, jobtype: number): string | null {
  if (jobstatus === 0 || jobstatus === 300) return "original";
  if (jobstatus === 1) return jobtype === 1 ? "original" : "reminder";
  if (jobstatus === 2) return jobtype === 2 ? "original" : "collection";
  return null;
}

/** How a returned letter's dispatch is marked: the letter to send again once the address is corrected. */
const RETURNED = "Returned by the post:";
/** The problem code of a returned letter: in its delivery event, and on its dispatch, where a resend finds it. */
const RETURNED_MAIL_CODE = "returned_mail";

interface Context {
  environment: Environment;
  profile: { id: string; cid: string };
  clock: Clock;
}

export async function recordReturnedMail(db: Db, context: Context, input: ReturnedMailRequest) {
  const at = context.clock.now();
  const date = todayIn(context.clock, context.environment.rules.timeZone);
  return db.$transaction(async (tx) => {
    await lockFor(tx, `case:${input.jobid}`);
    const job = await tx.job.findFirst({
      where: { id: input.jobid, profileId: context.profile.id },
      select: { ...CASE_SELECT, onHold: true, jobtype: true, pendingDocument: true },
    });
    if (!job) throw new ServiceError("not_found", `There is no job ${input.jobid} of this profile.`);
    const dispatch = await tx.dispatch.findFirst({
      where: { jobId: job.id, profileId: context.profile.id, status: "delivered", distributionChannel: "post" },
      orderBy: { doneAt: "desc" },
      select: { id: true, document: true, createdAt: true },
    });
    if (!dispatch) throw new ServiceError("conflict", `No letter of job ${job.id} went by post, or it came back already.`);
    await tx.dispatch.update({
      where: { id: dispatch.id },
      data: { status: "error", lastError: `${RETURNED} ${input.reason}`, errorCode: RETURNED_MAIL_CODE },
    });
    await emitEvents(db, tx, [
      deliveryRefusedEvent(context, job, {
        distributionChannel: "post",
        at,
        description: `The post returned the letter undeliverable (${input.reason}); give the debtor's corrected address with POST /jobs/${job.id}/address.`,
        error: { code: RETURNED_MAIL_CODE, field: "address", message: input.reason },
      }),
    ]);
    // Only the letter the case stands on pauses it: an earlier letter's return does not, nor one while
    // the next letter waits to go (it goes, and its own return would pause the case).
    let code = job.jobstatus;
    if (!job.onHold && job.pendingDocument === null && letterOfPhase(job.jobstatus, job.jobtype) === dispatch.document) {
      code = 89;
      await moveCase(db, tx, job, {
        cid: context.profile.cid,
        toCode: 89,
        cause: "post",
        date,
        at,
        reviewOn: addDays(date, ADDRESS_WAIT_DAYS),
        extra: { note: `Letter returned undeliverable (${input.reason})` },
      });
    }
    return { jobid: job.id, document: dispatch.document as SentDocumentName, reason: input.reason, returnedat: at.toISOString(), code };
  });
}

/**
 * The debtor's corrected address. It is the job's address from now on (every later letter goes
 * there); a case waiting for it (89, 71) has its returned letter sent again, gets a fresh term from
 * the resend when that is later than its due date (a duedateupdate with source restapi: the address came through the API), and returns to the phase it was in.
 */
export async function correctAddress(db: Db, context: Context, jobid: number, correction: AddressCorrection) {
  const at = context.clock.now();
  const date = todayIn(context.clock, context.environment.rules.timeZone);
  return db.$transaction(async (tx) => {
    await lockFor(tx, `case:${jobid}`);
    const job = await tx.job.findFirst({
      where: { id: jobid, profileId: context.profile.id },
      select: { ...CASE_SELECT, data: true, pendingDocument: true, billdate: true, jobtype: true },
    });
    if (!job) throw new ServiceError("not_found", `There is no job ${jobid} of this profile.`);
    if (CLOSED_CODES.has(job.jobstatus))
      throw new ServiceError("conflict", `Job ${jobid} is closed (lifecycle code ${job.jobstatus}); nothing more is sent to it.`);
    const stored = (job.data ?? {}) as Record<string, unknown>;
    const addresscountry = correction.addresscountry ?? (typeof stored.addresscountry === "string" ? stored.addresscountry : undefined);
    const problem = postcodeProblem({ postcode: correction.postcode, addresscountry }, context.environment.country);
    if (problem) throw new ServiceError("invalid_request", `postcode ${problem.message}.`, { problems: [problem] });
    // The correction is the whole postal address: lines above the street it does not give are gone.
    const { addressaddline1: _1, addressaddline2: _2, addressaddline3: _3, ...rest } = stored;
    await tx.job.update({ where: { id: jobid }, data: { data: { ...rest, ...correction } } });

    if (!ADDRESS_PHASES.has(job.jobstatus)) return { jobid, resent: null, code: job.jobstatus, currentpaydate: currentDueDate(job), duedatemoved: false };
    if (job.pendingDocument) throw new ServiceError("conflict", `A document of job ${jobid} waits to be sent already; correct the address when it has gone.`);
    const entered = await tx.caseMove.findFirst({
      where: { jobId: jobid, toCode: 89, fromCode: { notIn: [...ADDRESS_PHASES] } },
      orderBy: { at: "desc" },
      select: { fromCode: true },
    });
    const back = entered?.fromCode ?? startCode(job.jobtype);
    const returnedLetter = await tx.dispatch.findFirst({
      where: { jobId: jobid, profileId: context.profile.id, status: "error", errorCode: RETURNED_MAIL_CODE },
      orderBy: { doneAt: "desc" },
      select: { document: true },
    });
    const document = (returnedLetter?.document ?? "original") as SentDocumentName;
    // The debtor gets the invoice only by the resend: its delivery replaces the day it was sent
    // (record-outcomes.ts recordSentOn), which late-payment interest counts from where due dates were
    // not agreed in advance (lifecycle/decide-step.ts invoiceSentOn). Until then, and if the resend
    // fails for good, the first send's day stays.
    await tx.job.update({ where: { id: jobid }, data: { pendingDocument: document } });
    await signalAfterCommit(tx, "documents");

    let currentpaydate = currentDueDate(job);
    const due = resentDue(context.environment, document, job, date);
    const duedatemoved = !currentpaydate || due > currentpaydate;
    if (duedatemoved) {
      await moveDueDateIn(db, tx, context, jobid, { currentpaydate: due }, { source: "restapi" });
      currentpaydate = due;
    }
    await moveCase(
      db,
      tx,
      { ...job, currentPaydate: currentpaydate },
      {
        cid: context.profile.cid,
        toCode: back,
        cause: "api",
        date,
        at,
        // An invoice resent to its invoice phase is looked at again only once delivered (decide-step.ts resendAwaitsDelivery).
        reviewOn: back === 300 || resendAwaitsDelivery(back, document) ? null : currentpaydate,
        extra: { note: "Address corrected; the letter is sent again" },
      },
    );
    return { jobid, resent: document, code: back, currentpaydate, duedatemoved };
  });
}
