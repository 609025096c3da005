import type { Db } from "../../db/client";
import { getEnv } from "../../env";
import { errorFields, log } from "../../log";
import type { Clock } from "../../platform/clock";
import { parseJobPayload, reportInvalidJob } from "../../platform/job-payload";
import { leaseFree, leaseUntil } from "../../platform/lease";
import { composingTransport, serviceSender, smtpTransport, writeToOutbox } from "../../platform/mail-transport";
import { metrics } from "../../platform/metrics";
import { mayRetry, retryDelayMs as retryDelay } from "../../platform/retry-policy";
import { isSealed, unseal } from "../../platform/secrets";
import { environment as environmentById, type EnvironmentId } from "../../spec/environments";
import { JOB_KINDS, type MailPayload } from "../workers/job-kinds";

/*
 * Delivers queued mail, to SMTP or the outbox by the rule of all the service's mail
 * (lib/platform/mail-transport.ts). A message is claimed with
 * a lease before it is sent, so two senders (two app instances, or an app and a worker) never send
 * one message twice at once; a sender that dies mid-send leaves a lease that runs out and the
 * message is sent again. Failures retry with backoff for a day, then the message is parked as failed.
 */

const LEASE_MS = JOB_KINDS.mail.leaseMs;
export const MAX_ATTEMPTS = JOB_KINDS.mail.retry.maxAttempts;

const isTestEnvironment = (environment: EnvironmentId | null) => environment !== null && environmentById(environment).isTest;

/** 30 s, 1 min, 2 min … capped at 4 h (the mail job's retry policy). */
export function retryDelayMs(attempt: number): number {
  return retryDelay(JOB_KINDS.mail.retry, attempt);
}

export async function deliverMail(db: Db, clock: Clock, batchSize: number = JOB_KINDS.mail.batchSize): Promise<number> {
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
    const read = parseJobPayload(JOB_KINDS.mail.payload, message);
    if (!read.ok) {
      await failInvalid(db, message.id, read.reason);
      continue;
    }
    if (await send(db, clock, read.payload)) sent++;
  }
  return sent;
}

/** A message that does not fit its kind would fail every attempt alike: failed at once, with the reason. */
async function failInvalid(db: Db, id: string, reason: string): Promise<void> {
  reportInvalidJob("mail", { mailId: id, reason });
  await db.mailMessage.update({ where: { id }, data: { status: "failed", leaseUntil: null, lastError: reason } });
}

async function send(db: Db, clock: Clock, message: MailPayload): Promise<boolean> {
  const env = getEnv();
  try {
    const smtp = smtpTransport(isTestEnvironment(message.environment));
    const mail = {
      from: serviceSender(),
      to: message.to,
      subject: message.subject,
      text: isSealed(message.text) ? unseal(message.text) : message.text,
      messageId: `<${message.id}@nordic-receivables>`,
    };
    if (smtp) await smtp.sendMail(mail);
    else writeToOutbox(env.DATA_DIR, message.createdAt, message.id, (await composingTransport().sendMail(mail)).message as Buffer);
    await db.mailMessage.update({ where: { id: message.id }, data: { status: "sent", sentAt: clock.now(), leaseUntil: null, lastError: null, text: "" } });
    metrics().jobs.inc({ kind: "mail", outcome: "done" });
    return true;
  } catch (error) {
    const attempts = message.attempts + 1;
    const parked = !mayRetry(JOB_KINDS.mail.retry, attempts);
    metrics().jobs.inc({ kind: "mail", outcome: parked ? "failed" : "retry" });
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
    return false;
  }
}
