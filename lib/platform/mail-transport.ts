import path from "node:path";

import nodemailer, { type Transporter } from "nodemailer";
import { parseConnectionUrl } from "nodemailer/lib/shared";

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
 * minutes of silence on the socket. Distribution sends a dispatch only while a minute of its
 * five-minute lease is left (LEASE_MARGIN_MS in service/distribution/distribute-documents.ts), and
 * another worker may take the dispatch over once the lease is out: a server that stops answering
 * must fail the send within that minute, so each wait here is at most half of it. Query parameters
 * of SMTP_URL override these.
 */
const SMTP_TIMEOUTS = { dnsTimeout: 10_000, connectionTimeout: 15_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

let smtp: Transporter | undefined;
let smtpUrl: string | undefined;
let composer: Transporter | undefined;

/** The SMTP transport for mail of such an environment, or null when its mail goes to the outbox. */
export function smtpTransport(testEnvironment: boolean): Transporter | null {
  const env = getEnv();
  if (!env.SMTP_URL || (testEnvironment && env.TEST_ENVIRONMENT_MAIL === "outbox")) return null;
  // Tests and restarts may point SMTP_URL elsewhere; a transport is kept per URL.
  if (!smtp || smtpUrl !== env.SMTP_URL) {
    // Parsed here: given a url, createTransport ignores every other option.
    smtp = nodemailer.createTransport({ ...SMTP_TIMEOUTS, ...parseConnectionUrl(env.SMTP_URL) });
    smtpUrl = env.SMTP_URL;
  }
  return smtp;
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
