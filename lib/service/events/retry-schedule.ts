import { retryDelayMs } from "../../platform/retry-policy";
import { JOB_KINDS } from "../workers/job-kinds";

/*
 * When a receiver fails, the batch is tried again with exponential backoff and full jitter: the
 * n-th retry waits a random time between 0 and min(1 h, 30 s × 2^(n-1)), so receivers that failed
 * together do not come back together. Retries go on until 26 hours after the batch's first
 * attempt (a day of outage plus margin), then the batch is parked as failed and can be redelivered.
 */

const POLICY = JOB_KINDS.eventBatch.retry;
export const RETRY_CAP_MS = POLICY.capMs;
export const RETRY_WINDOW_MS = POLICY.windowMs;

/** The wait before retry number `attempt` (1 = after the first failure); `random` in [0, 1). */
export function retryDelay(attempt: number, random: number, retryAfterMs?: number): number {
  const jittered = retryDelayMs(POLICY, attempt, () => random);
  // A receiver that says when to come back (Retry-After) is not asked earlier, but never made to wait past the cap.
  return retryAfterMs === undefined ? jittered : Math.min(RETRY_CAP_MS, Math.max(jittered, retryAfterMs));
}

export type Outcome = "delivered" | "refresh_token" | "retry" | "park";

/**
 * What a receiver's status means (the specification: 2xx stored, 4xx permanent, 5xx transient).
 * 408 Request Timeout and 429 Too Many Requests are about the moment, not the batch, so they are
 * retried like 5xx. A 401 with OAuth first gets a fresh token and one more try. Redirects are not
 * followed (a POST with credentials must not wander off to another address): a 3xx is parked so
 * the API user sets the final address.
 */
export function outcomeOf(status: number, scheme: string, tokenRefreshed: boolean): Outcome {
  if (status >= 200 && status < 300) return "delivered";
  if (status === 401 && scheme === "oauth2" && !tokenRefreshed) return "refresh_token";
  if (status === 408 || status === 429) return "retry";
  if (status >= 300 && status < 400) return "park";
  if (status >= 400 && status < 500) return "park";
  return "retry";
}

/**
 * What a failed token request means for the batch. A token endpoint that refuses the credentials
 * (400 invalid_client or invalid_grant, 401, RFC 6749 § 5.2) or answers another 4xx or a 3xx will
 * refuse them on every retry too: the batch is parked like one a receiver refused, for the API user
 * to correct the receiver and redeliver. 408, 429, 5xx, timeouts and connection errors (no status)
 * are about the moment and are retried.
 */
export function tokenOutcomeOf(status: number | null): "retry" | "park" {
  if (status === null || status === 408 || status === 429) return "retry";
  return status >= 300 && status < 500 ? "park" : "retry";
}

/** Retry-After as milliseconds (delta-seconds or an HTTP date), when the receiver sent one. */
export function retryAfterMs(header: string | null, now: Date): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}
