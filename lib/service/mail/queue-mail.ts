import { randomUUID } from "node:crypto";

import type { Tx } from "../../db/client";
import { seal } from "../../platform/secrets";

/*
 * Mail is written in the transaction of the change that sends it (an outbox) and delivered by
 * deliverMail afterwards, so a change is never committed without its mail, nor mail sent for a
 * change that rolled back. The body is sealed with the data key while it waits, and dropped once
 * sent: it may hold a one-time link (the onboarding wizard's), which is a credential.
 */

interface MailInput {
  environment?: string | null;
  to: string;
  subject: string;
  text: string;
  now: Date;
}

export async function queueMail(tx: Tx, mail: MailInput): Promise<string> {
  const id = randomUUID();
  await tx.mailMessage.create({
    data: {
      id,
      environment: mail.environment ?? null,
      to: mail.to,
      subject: mail.subject,
      text: seal(mail.text),
      createdAt: mail.now,
      nextAttemptAt: mail.now,
    },
  });
  return id;
}
