import { retryDelayMs, type RetryPolicy } from "./retry-policy";

/*
 * A thing that keeps failing is tried less often: each failure in a row waits the policy's next
 * delay, and a success forgets them. Kept in this process's memory, so a restart tries at once,
 * which is what an operator who just mended something wants. The portal's connections
 * (lib/portal/events/portal-loops.ts) and distribution's writer of outcomes back off this way.
 */

export class Backoff {
  private readonly failures = new Map<string, { count: number; nextAt: number; delayMs: number }>();

  constructor(private readonly policy: RetryPolicy) {}

  due(key: string, now: Date): boolean {
    return this.waitMs(key, now) === 0;
  }

  /**
   * How long `key` has yet to wait at `now`: 0 once it is due, and never more than the delay it was
   * given, so a clock set back does not stretch a pause by as much.
   */
  waitMs(key: string, now: Date): number {
    const entry = this.failures.get(key);
    return entry ? Math.min(entry.delayMs, Math.max(0, entry.nextAt - now.getTime())) : 0;
  }

  failed(key: string, now: Date): void {
    const count = (this.failures.get(key)?.count ?? 0) + 1;
    const delayMs = retryDelayMs(this.policy, count);
    this.failures.set(key, { count, nextAt: now.getTime() + delayMs, delayMs });
  }

  succeeded(key: string): void {
    this.failures.delete(key);
  }
}
