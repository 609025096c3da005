/*
 * Counting failed attempts (a password, an apicode) and the lock they earn, for every place that
 * slows guessing down: POST /token per cid, the portal's sign-in per user and per client address.
 * After a number of free failures each further one locks for twice as long as the one before (1 s,
 * 2 s, 4 s …) up to a ceiling, so a person who mistypes loses nothing and a guesser loses hours.
 * Where failures count only within a window, a failure after the window starts the count again.
 */

export interface ThrottlePolicy {
  /** Failures allowed before the first lock. */
  freeFailures: number;
  /** The longest lock. */
  maxLockMs: number;
  /** Failures older than this no longer count; without it they count until a success clears them. */
  windowMs?: number;
}

/** Rows of keys nobody has tried for a day are kept no longer: a throttle's table stays as small as the attack. */
export const FORGET_THROTTLE_AFTER_MS = 24 * 60 * 60 * 1000;

/** How long the `failures`th failure in a row locks, in milliseconds: 0 while it is free. */
export function lockDuration(policy: ThrottlePolicy, failures: number): number {
  if (failures < policy.freeFailures) return 0;
  return Math.min(1000 * 2 ** (failures - policy.freeFailures), policy.maxLockMs);
}

interface FailureCount {
  failures: number;
  windowStartsAt: Date;
}

interface ThrottleState extends FailureCount {
  lockedUntil: Date | null;
  updatedAt: Date;
}

/** The state after one more failure at `now`, from the stored count (null when there is none). */
export function afterFailure(policy: ThrottlePolicy, stored: FailureCount | null, now: Date): ThrottleState {
  const counting = stored !== null && (policy.windowMs === undefined || now.getTime() - stored.windowStartsAt.getTime() < policy.windowMs);
  const failures = counting ? stored.failures + 1 : 1;
  const lock = lockDuration(policy, failures);
  return {
    failures,
    windowStartsAt: counting ? stored.windowStartsAt : now,
    lockedUntil: lock > 0 ? new Date(now.getTime() + lock) : null,
    updatedAt: now,
  };
}
