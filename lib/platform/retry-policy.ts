/*
 * How background work that failed is tried again: one shape for every kind of job (the service's
 * dispatches, mail and event batches, the portal's connections), declared beside each kind in
 * lib/service/workers/job-kinds.ts and lib/portal/events/portal-loops.ts.
 *
 *   exponential: retry n waits base × 2^(n−1), at most `capMs`; with `jitter` a random time
 *                between 0 and that (full jitter, so failures that came together spread out);
 *   table:       retry n waits the n-th delay, the last one from then on.
 *
 * A job ends in failure after `maxAttempts` attempts, or once `windowMs` has passed since its
 * first, whichever the policy names.
 */

export type RetryPolicy =
  | { kind: "exponential"; baseMs: number; capMs: number; jitter: boolean; maxAttempts?: number; windowMs?: number }
  | { kind: "table"; delaysMs: readonly number[]; maxAttempts?: number; windowMs?: number };

/** The wait before retry number `attempt` (1 = after the first failure); `random` in [0, 1) for jitter. */
export function retryDelayMs(policy: RetryPolicy, attempt: number, random: () => number = Math.random): number {
  const n = Math.max(attempt, 1);
  if (policy.kind === "table") return policy.delaysMs[Math.min(n, policy.delaysMs.length) - 1]!;
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(n - 1, 30));
  return policy.jitter ? Math.floor(random() * ceiling) : ceiling;
}

/** Whether a job that has made `attempts` attempts, the first at `firstAttemptAt`, may be tried again at `now`. */
export function mayRetry(policy: RetryPolicy, attempts: number, firstAttemptAt?: Date, now?: Date): boolean {
  if (policy.maxAttempts !== undefined && attempts >= policy.maxAttempts) return false;
  if (policy.windowMs !== undefined && firstAttemptAt && now && now.getTime() - firstAttemptAt.getTime() >= policy.windowMs) return false;
  return true;
}
