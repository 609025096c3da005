import { Temporal } from "temporal-polyfill";
import { z } from "zod";

import type { Db } from "../../db/client";
import type { Environment } from "../../spec/environments";
import { today as todayIn, type Clock } from "../clock";
import { ServiceError } from "../errors";

import { profileClock } from "./profile-clock";
import { sweepLifecycle } from "./sweep-lifecycle";

/*
 * The test clock: a tester moves their own profile's time forward and sees at once what the
 * lifecycle does on the new day (the sweep runs for that profile before the answer). Time never
 * runs back: events already sent cannot be unsent. Production environments have no test clock.
 */

const MAX_ADVANCE_SECONDS = 3 * 366 * 86_400;

const duration = z.string().transform((value, context) => {
  try {
    const parsed = Temporal.Duration.from(value);
    if (parsed.sign > 0) return parsed;
  } catch {
    // reported below
  }
  context.addIssue({ code: "custom", message: "an ISO 8601 duration forward in time, such as P14D or PT12H" });
  return z.NEVER;
});

export const advanceClockSchema = z.strictObject({
  advance: z.union([duration, z.strictObject({ days: z.int().min(1).max(1098) }).transform((value) => Temporal.Duration.from({ days: value.days }))]).meta({
    description: 'How far to move the clock: an ISO 8601 duration ("P14D", "P1M", "PT6H") or {"days": n}.',
  }),
});

export interface ClockState {
  environment: string;
  time: string;
  today: string;
  offsetseconds: number;
}

export function clockState(base: Clock, profile: { clockOffsetSeconds: number }, environment: Environment): ClockState {
  const clock = profileClock(base, profile, environment);
  return { environment: environment.id, time: clock.now().toISOString(), today: todayIn(clock, environment.rules.timeZone), offsetseconds: profile.clockOffsetSeconds };
}

export function requireTestEnvironment(environment: Environment): void {
  // Production has no such path at all, as far as a client can tell.
  if (!environment.isTest) throw new ServiceError("not_found", "The test clock exists in test environments only.");
}

export async function advanceProfileClock(
  db: Db,
  base: Clock,
  profile: { id: string },
  environment: Environment,
  advance: Temporal.Duration,
): Promise<ClockState & { moves: number; reviewed: number }> {
  const now = Temporal.Instant.fromEpochMilliseconds(base.now().getTime()).toZonedDateTimeISO(environment.rules.timeZone);
  const seconds = Math.round(advance.total({ unit: "seconds", relativeTo: now }));
  if (seconds <= 0 || seconds > MAX_ADVANCE_SECONDS) {
    throw new ServiceError("invalid_request", "The clock moves forward by at most three years at a time.", {
      problems: [{ field: "advance", code: "invalid", message: "between one second and three years" }],
    });
  }
  // An increment, not a write of the computed value: two advances at once both count.
  const updated = await db.profile.update({ where: { id: profile.id }, data: { clockOffsetSeconds: { increment: seconds } }, select: { clockOffsetSeconds: true } });
  const swept = await sweepLifecycle(db, base, { environment: environment.id, profileId: profile.id });
  return { ...clockState(base, updated, environment), moves: swept.moves, reviewed: swept.reviewed };
}
