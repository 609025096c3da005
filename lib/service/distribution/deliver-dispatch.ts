import type { Db } from "../../db/client";
import type { Dispatch, Job, Profile } from "../../db/generated/sqlite/client";
import { getEnv } from "../../env";
import { errorFields, log } from "../../log";
import { openPersonalIds } from "../../platform/personal-ids";
import type { DatasetItem } from "../../spec/dataset-item";
import type { Environment } from "../../spec/environments";
import { cutoffDate, DISCONNECTION_RULES, TOO_LATE_CODE, tooNearText } from "../contracts/disconnection-rules";
import type { CutoffPart } from "../documents/invoice-document";
import { jobDocumentModel, type DocumentName, type NoticeLedger } from "../documents/job-documents";
import { filenameFor } from "../documents/job-pdf";
import { proposalAddressFor } from "../einvoice-receiving/switch-to-einvoice";
import type { NoticeReterm } from "../lifecycle/decide-step";
import { render } from "../render/render-pool";
import { stockDocumentOf, takeSupplies } from "../stock/take-supplies";
import { JOB_KINDS } from "../workers/job-kinds";

import { failed, type ChannelResult } from "./channel-result";
import { einvoiceFormatOf } from "./channels";
import type { DeliverableChannel } from "./make-deliverable";
import { emailRecipients } from "./recipients";
import { secondaryChannelOf, type ChainContext } from "./secondary-chain";
import { mailReplyTo, mailSenderName } from "./send/email-texts";
import { addToPrintBatch, postProblem, type PrintRound } from "./send/print-batch";
import type { MadeDocument, SendContext } from "./send/send-context";
import { emailProblem, mailFields, sendEmail } from "./send/send-email";
import { einvoiceProblem, writeEInvoice } from "./send/write-einvoice";

/*
 * One claimed dispatch, from its job to its channel: the document drawn from the job as it stands,
 * everything CPU-heavy made in one render pool task (make-deliverable.ts), then handed to the
 * channel (a file in the print batch, a message to the mail server or outbox, a message for the
 * e-invoice operator). Nothing is recorded here: the run records its dispatches' outcomes
 * together (record-outcomes.ts). A check that needs no document (an address missing) fails before
 * anything is rendered.
 */

/** Attempts after an unexpected failure (the database, a PDF that will not render) before it is an error. */
const UNEXPECTED_MAX_ATTEMPTS = JOB_KINDS.dispatch.unexpectedMaxAttempts;

/** A claimed dispatch with what its document is made from (load-dispatches.ts). */
export interface LoadedDispatch {
  dispatch: Dispatch;
  job: Job;
  profile: Profile;
  environment: Environment;
  /** The profile's clock (a test profile's may run ahead). */
  now: Date;
  today: string;
  /** A letter's own PDF (jobtype 301). */
  letter: Uint8Array | null;
  /** The day the case was reminded, for a collection letter. */
  remindedOn: string | null;
  /**
   * A notice made later than its case moved: the due date it prints (already in `job`) and the case
   * takes when it is sent (record-outcomes.ts), with the one the case had; null when the case's own stands.
   */
  reterm: NoticeReterm | null;
  /** A notice's interest and fee rows; null for an original or a case without them. */
  ledger: NoticeLedger | null;
  /** A cut-off warning's usage place and day; null when no disconnection names the job (any more). */
  cutoff: CutoffPart | null;
}

export type Delivery = { result: ChannelResult } | { result: null; cancelled: true };

async function channelSend(context: SendContext): Promise<ChannelResult> {
  const { sendtype } = context.dispatch;
  if (sendtype === "email") return sendEmail(context);
  if (sendtype === "post") return addToPrintBatch(context);
  if (einvoiceFormatOf(sendtype, context.environment.country)) return writeEInvoice(context);
  return failed(`The service does not send by ${sendtype}`, [{ code: "unknown_channel", field: "sendtype", message: `no channel ${sendtype}` }]);
}

/** The item the dispatch sends: a secondary e-invoice channel may name its own address and operator. */
async function itemOf(db: Db, loaded: LoadedDispatch, chain: ChainContext): Promise<DatasetItem> {
  const secondary = await secondaryChannelOf(db, loaded.dispatch, chain);
  const stored = chain.item;
  return secondary ? { ...stored, evoice: secondary.evoice ?? stored.evoice, evoiceint: secondary.evoiceint ?? stored.evoiceint } : stored;
}

export async function deliverDispatch(db: Db, loaded: LoadedDispatch, printRound: PrintRound): Promise<ChannelResult> {
  const { dispatch, job, profile, environment, now, today } = loaded;
  try {
    const stored = openPersonalIds(job.data as DatasetItem);
    const chain: ChainContext = { item: stored, jobtype: job.jobtype, country: environment.country, hasEmail: emailRecipients(stored).valid.length > 0 };
    // A customer who asked the bank for e-invoices gets this one where the bank said (einvoice-receiving).
    const proposal = await proposalAddressFor(db, dispatch, job);
    const item = { ...(await itemOf(db, loaded, chain)), ...(proposal && { evoice: proposal.evoice, evoiceint: proposal.evoiceint }) };
    const which = dispatch.document as DocumentName;
    if (which === "cutoff" && !loaded.cutoff) {
      return failed("No disconnection of the invoice's usage place is pending any more: the cut-off warning was not sent.", [
        { code: "withdrawn", field: "document", message: "the disconnection was withdrawn before the warning went" },
      ]);
    }
    // A warning sent today must still give the notice the law wants before the day it names (the
    // country's own rules: a principal's stricter terms only make the day later).
    const country = environment.country;
    if (which === "cutoff" && loaded.cutoff && cutoffDate(country, DISCONNECTION_RULES[country], today) > loaded.cutoff.disconnectionDate) {
      // The disconnection sweep finds it by this code and plans the day again (contracts/evaluate-disconnections.ts).
      return failed(tooNearText(loaded.cutoff.disconnectionDate), [
        { code: TOO_LATE_CODE, field: "document", message: "the notice period has run out before the warning went" },
      ]);
    }
    const document = jobDocumentModel({
      job: { ...job, data: item },
      which,
      profile,
      environment,
      today,
      remindedOn: loaded.remindedOn,
      ledger: loaded.ledger,
      cutoff: loaded.cutoff,
    });
    const isLetter = job.jobtype === 301;
    // A notice has its own name: the customer's pdfname belongs to the original.
    const filename = isLetter
      ? filenameFor(item, null, `letter-${job.id}`)
      : filenameFor(which === "original" ? item : { ...item, pdfname: null }, document, String(job.id));

    const { sendtype } = dispatch;
    let channel: DeliverableChannel | null = null;
    let problem: ChannelResult | null = null;
    if (sendtype === "post") {
      problem = postProblem(document, item);
      channel = { kind: "post" };
    } else if (sendtype === "email") {
      problem = emailProblem(item);
      channel = {
        kind: "email",
        mail: mailFields({ item, dispatch, now, senderName: mailSenderName(document, isLetter), replyTo: mailReplyTo(document), filename }),
      };
    } else {
      const format = einvoiceFormatOf(sendtype, environment.country);
      problem = einvoiceProblem(sendtype, environment.country, document, isLetter);
      if (format) {
        const finvoice =
          format === "finvoice" && document.seller.bic
            ? { messageIdentifier: dispatch.id, messageTimeStamp: now, senderIntermediator: document.seller.bic }
            : null;
        channel = { kind: "einvoice", format, finvoice, pdfFilename: filename };
      }
    }
    if (problem || !channel)
      return problem ?? failed(`The service does not send by ${sendtype}`, [{ code: "unknown_channel", field: "sendtype", message: `no channel ${sendtype}` }]);
    if (isLetter && !loaded.letter) throw new Error(`letter ${job.id} has no PDF stored`);

    const made = await render("deliverable", {
      document,
      letter: isLetter ? { pdf: loaded.letter!, doubleSided: item.doublesided === 1 } : null,
      forPost: sendtype === "post",
      channel,
    });
    const madeDocument: MadeDocument = { document, pdf: made.pdf, filename, isLetter, pages: made.pages, message: made.message, einvoice: made.einvoice };
    const supplies = (letter: { pages: number; doubleSided: boolean }) =>
      takeSupplies(db, {
        profileId: profile.id,
        environment,
        dispatchId: dispatch.id,
        document: stockDocumentOf(which, job.jobtype, job.grossAmount),
        ...letter,
        today,
        at: now,
      });
    const result = await channelSend({
      dispatch,
      item,
      environment,
      profile,
      made: madeDocument,
      now,
      today,
      dataDir: getEnv().DATA_DIR,
      printRound,
      supplies,
    });
    if (proposal && result.outcome === "delivered")
      result.notes.push(`Sent by e-invoice at the consumer's request (receiving proposal ${proposal.proposalid})`);
    // A notice is drawn from the case as it stands today: the letter as it went is kept. So is a
    // posted reminder's or collection's own letter (jobtype 1, 2), dated and termed on its sending
    // day; an invoice is drawn from its own dates and can be drawn again alike.
    const keep = which !== "original" || job.jobtype === 1 || job.jobtype === 2;
    return result.outcome === "delivered" && keep && !isLetter ? { ...result, sent: { pdf: made.pdf, filename } } : result;
  } catch (error) {
    log.error("dispatch failed unexpectedly", { dispatchId: dispatch.id, jobId: dispatch.jobId, attempts: dispatch.attempts, ...errorFields(error) });
    return failed(
      "The document could not be made or sent",
      [{ code: "internal_error", message: "an internal error stopped the delivery" }],
      dispatch.attempts < UNEXPECTED_MAX_ATTEMPTS,
    );
  }
}
