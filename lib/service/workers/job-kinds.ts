import { z } from "zod";

import type { RetryPolicy } from "../../platform/retry-policy";
import { environmentIdSchema } from "../../spec/environments";
import { RECEIVER_RETRY as RECEIVER_RETRY_PROMISE } from "../../spec/receiver-retry";
import { SENT_DOCUMENTS } from "../../spec/sent-documents";

/*
 * Every kind of background job the service runs, declared once: what a worker claims, for how
 * long (its lease), how many at a time, and how a failure is tried again. The loops that run them
 * are in worker-loops.ts; the portal declares its own in lib/portal/events/portal-loops.ts.
 *
 * Each job is a row that is its own payload (a Dispatch, a MailMessage, an EventBatch), validated
 * when it was written; a worker claims it with a lease (lib/platform/lease.ts), records the
 * outcome only while it holds the lease, and a worker that dies leaves a lease that runs out.
 * A kind whose handler reads members of its row that a column's type does not guarantee names
 * them in `payload`: the claimed row is read through it once (lib/platform/job-payload.ts), and a
 * row that does not fit is failed at once with the reason instead of failing every attempt.
 */

interface JobKind {
  /** How long a claim lasts; longer than one attempt can take, short enough that a crash delays little. */
  leaseMs: number;
  /** How a failure the kind counts as passing is tried again. */
  retry: RetryPolicy;
  /** What the handler reads from its claimed row; the handler gets the parsed row. */
  payload?: z.ZodType;
}

/**
 * A queued message (mail/queue-mail.ts) as the sender reads it: the environment chooses the
 * transport (a test environment's mail never goes to the production server), and an address the
 * server would refuse on every attempt is failed at once.
 */
const mailPayloadSchema = z.object({
  id: z.string().min(1),
  environment: environmentIdSchema.nullable(),
  to: z.string().regex(/^[^\s@]+@[^\s@]+$/, "not a mail address"),
  subject: z.string(),
  /** Sealed while it waits (lib/platform/secrets.ts); an older row may hold it in clear. */
  text: z.string(),
  attempts: z.number().int().nonnegative(),
  createdAt: z.date(),
});
export type MailPayload = z.output<typeof mailPayloadSchema>;

/**
 * The members of a Dispatch (distribution/queue-dispatches.ts) its text columns do not constrain and
 * a batch reads before any document is made: an environment or a document that is not one made
 * the whole claimed batch fail to load, every run, until its leases ran out.
 */
const dispatchPayloadSchema = z.object({
  id: z.string().min(1),
  environment: environmentIdSchema,
  document: z.enum(SENT_DOCUMENTS),
  sendtype: z.string().min(1),
  distributionChannel: z.string(),
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Calls to a receiver the API user runs, as the interface promises (lib/spec/receiver-retry.ts): 30 s doubling to 1 h, full jitter, for 26 hours. */
const RECEIVER_RETRY = {
  kind: "exponential",
  baseMs: RECEIVER_RETRY_PROMISE.firstWaitSeconds * 1000,
  capMs: RECEIVER_RETRY_PROMISE.longestWaitHours * HOUR,
  jitter: true,
  windowMs: RECEIVER_RETRY_PROMISE.forHours * HOUR,
} as const;

export const JOB_KINDS = {
  /**
   * A document to a channel (distribution/deliver-dispatch.ts), two at a time per render thread: one
   * renders while the other waits for the database or its channel. Only e-mail and unexpected failures are passing: 1, 2, 4 and 8
   * minutes apart, a quarter of an hour in all, enough for a server restart or a greylist; an
   * unexpected failure (the database, a PDF that will not render) gets 3 attempts.
   */
  dispatch: {
    leaseMs: 5 * MINUTE,
    lanesPerRenderThread: 2,
    retry: { kind: "exponential", baseMs: MINUTE, capMs: 8 * MINUTE, jitter: false, maxAttempts: 5 },
    unexpectedMaxAttempts: 3,
    payload: dispatchPayloadSchema,
    /**
     * A worker whose outcomes could not be written sends nothing for 10 s, then 20 s, 40 s … up to
     * 5 minutes while they still cannot be: each try sends a few chunks that are not recorded, to
     * be sent again once their leases run out.
     */
    pauseAfterWriteFailure: { kind: "exponential", baseMs: 10_000, capMs: 5 * MINUTE, jitter: false },
  },
  /**
   * The service's own mail, onboarding links (mail/deliver-mail.ts), twenty per run one after
   * another: 30 s doubling up to 4 h; fifteen attempts span a little over a day.
   */
  mail: {
    leaseMs: MINUTE,
    batchSize: 20,
    retry: { kind: "exponential", baseMs: 30_000, capMs: 4 * HOUR, jitter: false, maxAttempts: 15 },
    payload: mailPayloadSchema,
  },
  /**
   * A batch of status events to a receiver (events/dispatch-events.ts). The lease is on the
   * receiver, at least a minute and three times the send timeout, renewed with every attempt; eight
   * receivers at once per worker. Retry n waits up to min(1 h, 30 s × 2^(n−1)), full jitter, until
   * 26 hours after the batch's first attempt (a day of outage and a margin).
   */
  eventBatch: {
    leaseMs: MINUTE,
    receiversAtOnce: 8,
    retry: RECEIVER_RETRY,
  },
  /**
   * An onboarded profile's apicode to its partner's receiver (profiles/apikey-delivery.ts), ten per
   * run: retried like an event batch (the same receivers, the same kind of outage), until 26 hours
   * after the first attempt. A failed one keeps its sealed apicode for `keepFailedMs` (for a
   * corrected receiver to take), then the apicode is revoked.
   */
  apikey: {
    leaseMs: MINUTE,
    batchSize: 10,
    retry: RECEIVER_RETRY,
    keepFailedMs: 30 * 24 * HOUR,
  },
} as const satisfies Record<string, JobKind & Record<string, unknown>>;
