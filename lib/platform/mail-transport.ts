import path from "node:path";

import nodemailer, { type SendMailOptions, type Transporter } from "nodemailer";
import { parseConnectionUrl } from "nodemailer/lib/shared";
import type SMTPTransport from "nodemailer/lib/smtp-transport";

import { getEnv } from "../env";

import { writeFileAtomically } from "./write-file-atomically";

/*
 * How every mail of the service leaves: to the SMTP server of SMTP_URL, or as an .eml file in
 * DATA_DIR/mail-outbox, where a developer can open it. Production without SMTP_URL writes there;
 * a test environment writes there unless TEST_ENVIRONMENT_MAIL is "smtp", because anyone with test
 * credentials could otherwise make the service mail any address. One rule for the documents sent
 * by e-mail (distribution) and the service's own mail (onboarding links), which had drifted apart.
 */

/**
 * nodemailer waits up to 30 s for DNS, 2 minutes for a connection, 30 s for the greeting and 10
 * minutes of silence on the socket; shorter here, so a server that stops answering is given up
 * early. Query parameters of SMTP_URL override these.
 */
const SMTP_TIMEOUTS = { dnsTimeout: 10_000, connectionTimeout: 15_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * A send fails after this long whatever it waits for, as a timeout (ETIMEDOUT), which is tried again.
 * Each timeout above limits one wait, and they add up (a slow DNS, connection and greeting, then a
 * server silent for nearly 30 s after each command), and a pooled transport (`pool=true`) waits for
 * a free connection without limit. Distribution sends a dispatch only while a minute of its
 * five-minute lease is left (LEASE_MARGIN_MS in service/distribution/distribute-documents.ts) and
 * the service's own mail has a minute's lease (service/workers/job-kinds.ts): another worker may
 * take either over once its lease is out, so the send must be over well within that minute. One
 * given up is not stopped: nodemailer ends it by its own timeouts, and should the server still take
 * the message, its retry sends it again, with the same Message-ID, as after a crash.
 */
export const SMTP_SEND_LIMIT_MS = 45_000;

/** What the service sends mail by: a transport's sendMail, within a time limit. */
interface MailSender {
  sendMail(mail: SendMailOptions): Promise<SMTPTransport.SentMessageInfo>;
}

let smtp: Transporter<SMTPTransport.SentMessageInfo> | undefined;
let smtpUrl: string | undefined;
let composer: Transporter | undefined;

/** The options of the transport for SMTP_URL: the timeouts above, unless the URL names its own. */
export function smtpOptions(url: string): SMTPTransport.Options {
  // Parsed here: given a url, createTransport ignores every other option.
  return { ...SMTP_TIMEOUTS, ...parseConnectionUrl(url) };
}

/** The SMTP sender for mail of such an environment, or null when its mail goes to the outbox. */
export function smtpTransport(testEnvironment: boolean, sendLimitMs = SMTP_SEND_LIMIT_MS): MailSender | null {
  const env = getEnv();
  if (!env.SMTP_URL || (testEnvironment && env.TEST_ENVIRONMENT_MAIL === "outbox")) return null;
  // Tests and restarts may point SMTP_URL elsewhere; a transport is kept per URL.
  if (!smtp || smtpUrl !== env.SMTP_URL) {
    smtp = nodemailer.createTransport(smtpOptions(env.SMTP_URL));
    smtpUrl = env.SMTP_URL;
  }
  const transport = smtp;
  return {
    sendMail: (mail) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          const error = new Error(`The mail server did not take the message within ${sendLimitMs / 1000} s`);
          reject(Object.assign(error, { code: "ETIMEDOUT" }));
        }, sendLimitMs);
        transport
          .sendMail(mail)
          .then(resolve, reject)
          .finally(() => clearTimeout(timer));
      }),
  };
}

/**
 * The service's own sender, MAIL_FROM (lib/env.ts): the From of its mail, and its address alone the
 * envelope sender. A copy each time: nodemailer writes its normalised form (punycode, lower case)
 * into the address object it is given.
 */
export function serviceSender(): { name: string; address: string } {
  return { ...getEnv().MAIL_FROM };
}

/** A transport that only composes: its sendMail answers the raw message, for the outbox. */
export function composingTransport(): Transporter {
  composer ??= nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return composer;
}

/** Writes a raw message to the outbox, whole or not at all, named by its time and id; answers the file. */
export function writeToOutbox(dataDir: string, at: Date, id: string, raw: string | Uint8Array): string {
  const file = path.join(dataDir, "mail-outbox", `${at.toISOString().replace(/[:.]/g, "-")}-${id}.eml`);
  writeFileAtomically(file, raw);
  return file;
}
