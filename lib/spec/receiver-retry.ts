/*
 * How the service retries a call to a receiver the API user runs (status event batches, apicode
 * deliveries): a promise of the interface, stated in the OpenAPI document and applied by the job
 * runner (lib/service/workers/job-kinds.ts) from these figures alone, so the two cannot drift.
 * Retry n waits a random time up to min(longest wait, first wait × 2^(n−1)) (full jitter, so
 * receivers that failed together do not come back together), until `forHours` after the first
 * attempt: a day of outage and a margin.
 */
export const RECEIVER_RETRY = { firstWaitSeconds: 30, longestWaitHours: 1, forHours: 26 } as const;
