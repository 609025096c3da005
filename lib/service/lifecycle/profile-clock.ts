import type { Clock } from "../../platform/clock";
import type { Environment } from "../../spec/environments";

/*
 * Every profile lives on its environment's clock. In a test environment the API user may move its
 * own profile's clock forward (clockOffsetSeconds), so one tester's jump in time never moves
 * another's cases; production environments ignore the offset.
 */
export function profileClock(base: Clock, profile: { clockOffsetSeconds: number }, environment: Pick<Environment, "isTest">): Clock {
  if (!environment.isTest || profile.clockOffsetSeconds === 0) return base;
  const offsetMs = profile.clockOffsetSeconds * 1000;
  return { now: () => new Date(base.now().getTime() + offsetMs) };
}
