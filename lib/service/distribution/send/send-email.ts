import { serviceSender, smtpTransport, writeToOutbox } from "../../../platform/mail-transport";
import { JOB_KINDS } from "../../workers/job-kinds";
import { delivered, failed, missing, type ChannelResult } from "../channel-result";
import type { MailFields } from "../make-deliverable";
import { emailRecipients } from "../recipients";

import type { SendContext } from "./send-context";

/*
 * E-mail: the document as a PDF attachment to the job's addresses, the whole message composed on
 * the render pool (make-deliverable.ts) and handed over as it is, by the rule of all the service's
 * mail (lib/platform/mail-transport.ts: SMTP, or the outbox in test environments). A server that does not answer or answers 4xx is tried again later; a 5xx
 * answer or an address that is missing or malformed fails at once, as no retry can fix it.
 */

/** Attempts an e-mail dispatch gets before it is an error (the dispatch job's retry policy). */
const EMAIL_MAX_ATTEMPTS = JOB_KINDS.dispatch.retry.maxAttempts;

const TRANSIENT_CODES = new Set(["ECONNECTION", "ETIMEDOUT", "ESOCKET", "EDNS", "ECONNREFUSED", "ECONNRESET", "EAUTH", "ETLS", "EPROTOCOL"]);

/** Whether an SMTP failure may pass: no answer (a send over its time limit too), a dropped connection, or a 4xx reply. */
function isTransientSmtpError(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: string; responseCode?: number };
  if (typeof responseCode === "number") return responseCode >= 400 && responseCode < 500;
  return code !== undefined && TRANSIENT_CODES.has(code);
}

/**
 * The message's From: the service's own address (MAIL_FROM's, which its SPF and DKIM cover), named
 * for who sends the document through it, "Demo Oy via Nordic Receivables": a debtor who has never
 * heard of the service's name recognises the creditor (a Finnish payment demand's collector), and
 * "via" says whose mailbox it is. Replies go to the sender (Reply-To).
 */
function fromHeader(senderName: string): { name: string; address: string } {
  const operator = serviceSender();
  const name = senderName.trim();
  if (!name) return operator;
  return { name: operator.name && operator.name !== name ? `${name} via ${operator.name}` : name, address: operator.address };
}

/** Why a job's document cannot go by e-mail, before anything is made for it; null when it can. */
export function emailProblem(item: SendContext["item"]): ChannelResult | null {
  const recipients = emailRecipients(item);
  if (recipients.invalid.length > 0 && recipients.valid.length === 0) {
    return missing("email", `The e-mail address is not valid: ${recipients.invalid.join(", ")}`);
  }
  if (recipients.valid.length === 0) return missing("email", "The job has no e-mail address to send the document to");
  return null;
}

/** The fields of the message make-deliverable.ts composes for a dispatch. */
export function mailFields(
  context: Pick<SendContext, "item" | "dispatch" | "now"> & { senderName: string; replyTo: string | null; filename: string },
): MailFields {
  return {
    from: fromHeader(context.senderName),
    replyTo: context.replyTo,
    to: emailRecipients(context.item).valid,
    filename: context.filename,
    messageId: `<${context.dispatch.id}@nordic-receivables>`,
    date: context.now,
  };
}

/** Sends the message composed for the dispatch (made.message): by SMTP, or into the outbox. */
export async function sendEmail(context: SendContext): Promise<ChannelResult> {
  const problem = emailProblem(context.item);
  if (problem) return problem;
  const recipients = emailRecipients(context.item);
  const { made, dispatch } = context;
  if (!made.message) throw new Error(`dispatch ${dispatch.id}: no message was composed`);
  const transport = smtpTransport(context.environment.isTest);
  try {
    let artifact: string;
    let rejected: string[] = [];
    if (!transport) {
      artifact = writeToOutbox(context.dataDir, context.now, dispatch.id, made.message);
    } else {
      const info = await transport.sendMail({ envelope: { from: serviceSender().address, to: recipients.valid }, raw: Buffer.from(made.message) });
      rejected = ((info.rejected ?? []) as unknown[]).map((address) => (typeof address === "string" ? address : (address as { address: string }).address));
      artifact = `smtp:${info.messageId ?? dispatch.id}`;
    }
    const accepted = recipients.valid.filter((address) => !rejected.includes(address));
    if (accepted.length === 0)
      return failed(
        "The mail server refused every recipient",
        rejected.map((address) => ({ code: "recipient_refused", field: "email", message: `refused: ${address}` })),
      );
    const notes = [
      ...recipients.invalid.map((address) => `Not sent to the invalid address ${address}`),
      ...rejected.map((address) => `Refused by the mail server: ${address}`),
    ];
    return delivered(artifact, `Sent by e-mail to ${accepted.join(", ")}`, notes);
  } catch (error) {
    const transient = isTransientSmtpError(error) && dispatch.attempts < EMAIL_MAX_ATTEMPTS;
    const reason = (error as { response?: string })?.response ?? (error instanceof Error ? error.message : String(error));
    return failed(
      transient ? "The mail server could not be reached; will try again" : "The e-mail could not be sent",
      [{ code: "smtp_error", message: reason.slice(0, 300) }],
      transient,
    );
  }
}
