import path from "node:path";

import nodemailer, { type Transporter } from "nodemailer";

import { getEnv } from "../env";

import { writeFileAtomically } from "./write-file-atomically";

/*
 * How every mail of the service leaves: to the SMTP server of SMTP_URL, or as an .eml file in
 * DATA_DIR/mail-outbox, where a developer can open it. Production without SMTP_URL writes there;
 * a test environment writes there unless TEST_ENVIRONMENT_MAIL is "smtp", because anyone with test
 * credentials could otherwise make the service mail any address. One rule for the documents sent
 * by e-mail (distribution) and the service's own mail (onboarding links), which had drifted apart.
 */

let smtp: Transporter | undefined;
let smtpUrl: string | undefined;
let composer: Transporter | undefined;

/** The SMTP transport for mail of such an environment, or null when its mail goes to the outbox. */
export function smtpTransport(testEnvironment: boolean): Transporter | null {
  const env = getEnv();
  if (!env.SMTP_URL || (testEnvironment && env.TEST_ENVIRONMENT_MAIL === "outbox")) return null;
  // Tests and restarts may point SMTP_URL elsewhere; a transport is kept per URL.
  if (!smtp || smtpUrl !== env.SMTP_URL) {
    smtp = nodemailer.createTransport(env.SMTP_URL);
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
