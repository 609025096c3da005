import type { Clock } from "../../platform/clock";
import type { Environment } from "../../spec/environments";

/*
 * Every profile lives on its environment's clock. In a test environment the API user may move its
 * own profile's clock forward (clockOffsetSeconds), so one tester's jump in time never moves
 * another's cases; production environments ignore the offset.
 */
export function profileClock(base: Clock, profile: { clockOffsetSeconds: number }, environment: Pick<Environment, "isTest">): Clock {
  const offsetSeconds = profileClockOffset(profile, environment);
  if (offsetSeconds === 0) return base;
  return { now: () => new Date(base.now().getTime() + offsetSeconds * 1000) };
}

/** The seconds the profile's clock runs ahead of the environment's: 0 in production. */
export function profileClockOffset(profile: { clockOffsetSeconds: number }, environment: Pick<Environment, "isTest">): number {
  return environment.isTest ? profile.clockOffsetSeconds : 0;
}

/** An instant recorded on the real clock, as the profile's clock showed it then (its offset then, kept with it; none kept reads as 0). */
export function asProfileSawIt(at: Date, offsetSeconds: number | null): Date {
  return new Date(at.getTime() + (offsetSeconds ?? 0) * 1000);
}
