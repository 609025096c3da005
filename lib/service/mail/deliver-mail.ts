import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

import nodemailer, { type Transporter } from "nodemailer";

import type { Db } from "../../db/client";
import { getEnv } from "../../env";
import { errorFields, log } from "../../log";
import type { Clock } from "../../platform/clock";
import { leaseFree, leaseUntil } from "../../platform/lease";
import { mayRetry, retryDelayMs as retryDelay } from "../../platform/retry-policy";
import { isSealed, unseal } from "../../platform/secrets";
import { environment as environmentById, isEnvironmentId } from "../../spec/environments";
import { JOB_KINDS } from "../workers/job-kinds";

/*
 * Delivers queued mail. With SMTP_URL set it goes to that server; without, each message is written
 * as an .eml file to DATA_DIR/mail-outbox, where a developer can open it. Mail of a test
 * environment goes to the outbox unless TEST_ENVIRONMENT_MAIL is "smtp": anyone with test
 * credentials could otherwise have the service write to any address. A message is claimed with
 * a lease before it is sent, so two senders (two app instances, or an app and a worker) never send
 * one message twice at once; a sender that dies mid-send leaves a lease that runs out and the
 * message is sent again. Failures retry with backoff for a day, then the message is parked as failed.
 */

const LEASE_MS = JOB_KINDS.mail.leaseMs;
export const MAX_ATTEMPTS = JOB_KINDS.mail.retry.maxAttempts;

let smtp: Transporter | undefined;
let outbox: Transporter | undefined;

/** The SMTP transport, or null when the message is for the local outbox. */
function transportFor(environment: string | null): { transport: Transporter; toOutbox: boolean } {
  const env = getEnv();
  const testEnvironment = environment !== null && isEnvironmentId(environment) && environmentById(environment).isTest;
  if (env.SMTP_URL && !(testEnvironment && env.TEST_ENVIRONMENT_MAIL === "outbox")) {
    smtp ??= nodemailer.createTransport(env.SMTP_URL);
    return { transport: smtp, toOutbox: false };
  }
  outbox ??= nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return { transport: outbox, toOutbox: true };
}

/** 30 s, 1 min, 2 min … capped at 4 h (the mail job's retry policy). */
export function retryDelayMs(attempt: number): number {
  return retryDelay(JOB_KINDS.mail.retry, attempt);
}

export async function deliverMail(db: Db, clock: Clock, batchSize: number = JOB_KINDS.mail.batchSize): Promise<number> {
  const env = getEnv();
  const now = clock.now();
  const due = await db.mailMessage.findMany({
    where: { status: "pending", nextAttemptAt: { lte: now }, ...leaseFree(now) },
    orderBy: { createdAt: "asc" },
    take: batchSize,
  });
  let sent = 0;
  for (const message of due) {
    const claimed = await db.mailMessage.updateMany({
      where: { id: message.id, status: "pending", ...leaseFree(now) },
      data: { leaseUntil: leaseUntil(now, LEASE_MS), attempts: { increment: 1 } },
    });
    if (claimed.count === 0) continue; // another sender took it
    try {
      const { transport, toOutbox } = transportFor(message.environment);
      const info = await transport.sendMail({ from: env.MAIL_FROM, to: message.to, subject: message.subject, text: isSealed(message.text) ? unseal(message.text) : message.text, messageId: `<${message.id}@nordic-receivables>` });
      if (toOutbox) {
        const dir = path.join(env.DATA_DIR, "mail-outbox");
        mkdirSync(dir, { recursive: true });
        writeFileSync(path.join(dir, `${message.createdAt.toISOString().replace(/[:.]/g, "-")}-${message.id}.eml`), info.message as Buffer);
      }
      await db.mailMessage.update({ where: { id: message.id }, data: { status: "sent", sentAt: clock.now(), leaseUntil: null, lastError: null, text: "" } });
      sent++;
    } catch (error) {
      const attempts = message.attempts + 1;
      const parked = !mayRetry(JOB_KINDS.mail.retry, attempts);
      log.warn("mail delivery failed", { mailId: message.id, attempts, parked, ...errorFields(error) });
      await db.mailMessage.update({
        where: { id: message.id },
        data: {
          status: parked ? "failed" : "pending",
          leaseUntil: null,
          lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
          nextAttemptAt: new Date(clock.now().getTime() + retryDelayMs(attempts)),
        },
      });
    }
  }
  return sent;
}
