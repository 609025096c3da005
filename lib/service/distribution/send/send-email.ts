import path from "node:path";

import nodemailer, { type Transporter } from "nodemailer";

import { getEnv } from "../../../env";
import { JOB_KINDS } from "../../workers/job-kinds";
import { delivered, failed, missing, type ChannelResult } from "../channel-result";
import { emailRecipients } from "../recipients";
import { writeFileAtomically } from "../write-file-atomically";

import { mailSubject, mailText } from "./email-texts";
import type { SendContext } from "./send-context";

/*
 * E-mail: the document as a PDF attachment to the job's addresses. The transport follows the rule
 * of all the service's mail (lib/service/mail/deliver-mail.ts): a test environment writes .eml
 * files to DATA_DIR/mail-outbox unless TEST_ENVIRONMENT_MAIL is "smtp", because anyone with test
 * credentials could otherwise make the service mail any address; production without SMTP_URL
 * writes there too. A server that does not answer or answers 4xx is tried again later; a 5xx
 * answer or an address that is missing or malformed fails at once, as no retry can fix it.
 */

let smtp: Transporter | undefined;
let smtpUrl: string | undefined;
let outbox: Transporter | undefined;

function transportFor(isTest: boolean): { transport: Transporter; toOutbox: boolean } {
  const env = getEnv();
  if (env.SMTP_URL && !(isTest && env.TEST_ENVIRONMENT_MAIL === "outbox")) {
    // Tests and restarts may point SMTP_URL elsewhere; a transport is kept per URL.
    if (!smtp || smtpUrl !== env.SMTP_URL) {
      smtp = nodemailer.createTransport(env.SMTP_URL);
      smtpUrl = env.SMTP_URL;
    }
    return { transport: smtp, toOutbox: false };
  }
  outbox ??= nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return { transport: outbox, toOutbox: true };
}

/** Attempts an e-mail dispatch gets before it is an error (the dispatch job's retry policy). */
export const EMAIL_MAX_ATTEMPTS = JOB_KINDS.dispatch.retry.maxAttempts;

const TRANSIENT_CODES = new Set(["ECONNECTION", "ETIMEDOUT", "ESOCKET", "EDNS", "ECONNREFUSED", "ECONNRESET", "EAUTH", "ETLS", "EPROTOCOL"]);

/** Whether an SMTP failure may pass: no answer, a dropped connection, or a 4xx reply. */
export function isTransientSmtpError(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: string; responseCode?: number };
  if (typeof responseCode === "number") return responseCode >= 400 && responseCode < 500;
  return code !== undefined && TRANSIENT_CODES.has(code);
}

export async function sendEmail(context: SendContext): Promise<ChannelResult> {
  const recipients = emailRecipients(context.item);
  if (recipients.invalid.length > 0 && recipients.valid.length === 0) {
    return missing("email", `The e-mail address is not valid: ${recipients.invalid.join(", ")}`);
  }
  if (recipients.valid.length === 0) return missing("email", "The job has no e-mail address to send the document to");
  const { transport, toOutbox } = transportFor(context.environment.isTest);
  const { made, dispatch } = context;
  try {
    const info = await transport.sendMail({
      from: getEnv().MAIL_FROM,
      replyTo: made.document.seller.email ?? undefined,
      to: recipients.valid,
      subject: mailSubject(made.document, made.isLetter),
      text: mailText(made.document, made.isLetter),
      attachments: [{ filename: made.filename, content: Buffer.from(made.pdf), contentType: "application/pdf" }],
      // One id per dispatch: a message sent again after a crash is recognisably the same one.
      messageId: `<${dispatch.id}@nordic-receivables>`,
      date: context.now,
    });
    const rejected: string[] = ((info.rejected ?? []) as unknown[]).map((address) => (typeof address === "string" ? address : (address as { address: string }).address));
    const accepted = recipients.valid.filter((address) => !rejected.includes(address));
    if (accepted.length === 0) return failed("The mail server refused every recipient", rejected.map((address) => ({ code: "recipient_refused", field: "email", message: `refused: ${address}` })));
    let artifact = `smtp:${info.messageId ?? dispatch.id}`;
    if (toOutbox) {
      const file = path.join(context.dataDir, "mail-outbox", `${context.now.toISOString().replace(/[:.]/g, "-")}-${dispatch.id}.eml`);
      writeFileAtomically(file, info.message as Buffer);
      artifact = file;
    }
    const notes = [...recipients.invalid.map((address) => `Not sent to the invalid address ${address}`), ...rejected.map((address) => `Refused by the mail server: ${address}`)];
    return delivered(artifact, `Sent by e-mail to ${accepted.join(", ")}`, notes);
  } catch (error) {
    const transient = isTransientSmtpError(error) && dispatch.attempts < EMAIL_MAX_ATTEMPTS;
    const reason = (error as { response?: string })?.response ?? (error instanceof Error ? error.message : String(error));
    return failed(transient ? "The mail server could not be reached; will try again" : "The e-mail could not be sent", [{ code: "smtp_error", message: reason.slice(0, 300) }], transient);
  }
}
