import { Temporal } from "temporal-polyfill";

import type { Db } from "../../db/client";
import { today as todayIn, type Clock } from "../../platform/clock";
import type { Environment } from "../../spec/environments";
import type { ClockAdvanced, ClockState } from "../../spec/test-clock";
import { addDays } from "../calendar/dates";
import { queueDispatches } from "../distribution/queue-dispatches";
import { ServiceError } from "../errors";

import { profileClock } from "./profile-clock";
import { sweepLifecycle } from "./sweep-lifecycle";

/*
 * The test clock: a tester moves their own profile's time forward and sees at once what the
 * lifecycle does over the days that passed (the sweep runs for that profile, day by day, before the
 * answer). Time never runs back: events already sent cannot be unsent. Production environments
 * have no test clock.
 */

const MAX_ADVANCE_SECONDS = 3 * 366 * 86_400;

export function clockState(base: Clock, profile: { clockOffsetSeconds: number }, environment: Environment): ClockState {
  const clock = profileClock(base, profile, environment);
  return {
    environment: environment.id,
    time: clock.now().toISOString(),
    today: todayIn(clock, environment.rules.timeZone),
    offsetseconds: profile.clockOffsetSeconds,
  };
}

/**
 * Sweeps on at most this many days of one advance (each a day on which some case of the profile
 * was due), so a case takes at most this many steps; a longer walk ends with one sweep on the new
 * day, as the minute's sweep would.
 */
const MAX_SWEEP_DAYS_PER_ADVANCE = 400;
const QUEUE_CHUNK = 500;

export async function advanceProfileClock(
  db: Db,
  base: Clock,
  profile: { id: string },
  environment: Environment,
  advance: Temporal.Duration,
  options: { maxDays?: number } = {},
): Promise<ClockAdvanced> {
  const now = Temporal.Instant.fromEpochMilliseconds(base.now().getTime()).toZonedDateTimeISO(environment.rules.timeZone);
  const seconds = Math.round(advance.total({ unit: "seconds", relativeTo: now }));
  if (seconds <= 0 || seconds > MAX_ADVANCE_SECONDS) {
    throw new ServiceError("invalid_request", "The clock moves forward by at most three years at a time.", {
      problems: [{ field: "advance", code: "invalid", message: "between one second and three years" }],
    });
  }
  // The days are walked before the clock moves: the minute's sweep, running meanwhile on the
  // profile's clock, must not take a case one step on the new day before the walk reaches its own.
  const { clockOffsetSeconds } = await db.profile.findUniqueOrThrow({ where: { id: profile.id }, select: { clockOffsetSeconds: true } });
  const walked = await walkDays(
    db,
    base,
    profile.id,
    environment,
    clockOffsetSeconds,
    clockOffsetSeconds + seconds,
    options.maxDays ?? MAX_SWEEP_DAYS_PER_ADVANCE,
  );
  // An increment, not a write of the computed value: two advances at once both count.
  const updated = await db.profile.update({
    where: { id: profile.id },
    data: { clockOffsetSeconds: { increment: seconds } },
    select: { clockOffsetSeconds: true },
  });
  return { ...clockState(base, updated, environment), ...walked };
}

/**
 * Runs the lifecycle through the days from the old clock to the new one as if they had passed: the
 * sweep runs on each day some case of the profile was due, with that day's time (the new clock's
 * time of day), so an invoice whose reminder and collection fall within the advance gets both, each
 * on its own day, with interest, fees and events dated then. Every step puts a case's next look
 * strictly after its day, so each day's sweep moves a case at most once.
 */
async function walkDays(db: Db, base: Clock, profileId: string, environment: Environment, fromOffset: number, toOffset: number, maxDays: number) {
  const zone = environment.rules.timeZone;
  const at = (offsetSeconds: number) => Temporal.Instant.fromEpochMilliseconds(base.now().getTime() + offsetSeconds * 1000).toZonedDateTimeISO(zone);
  const start = at(fromOffset);
  const end = at(toOffset);
  const lastDay = end.toPlainDate().toString();
  const result = { moves: 0, reviewed: 0, days: 0 };
  // Job.pendingDocument holds one document: each notice a day made is queued for sending before the
  // next day's move could replace it (the original of a job posted just before, too).
  const queueNotices = async (instant: number) => {
    while ((await queueDispatches(db, { now: () => new Date(instant) }, QUEUE_CHUNK, { profileId })).length === QUEUE_CHUNK);
  };
  const sweepOn = async (instant: number) => {
    await queueNotices(instant);
    const swept = await sweepLifecycle(db, base, { environment: environment.id, profileId, profileClock: { now: () => new Date(instant) } });
    result.moves += swept.moves;
    result.reviewed += swept.reviewed;
    result.days += 1;
  };
  let previous: string | null = null;
  for (;;) {
    const due = await db.job.findFirst({
      where: { environment: environment.id, profileId, reviewOn: { not: null, lte: lastDay } },
      orderBy: { reviewOn: "asc" },
      select: { reviewOn: true },
    });
    if (!due) break;
    // Cases already due before the advance are looked at on the old day; a row a concurrent
    // transaction held (and the sweep skipped) waits for the next day, so the walk always ends.
    let day = due.reviewOn! < start.toPlainDate().toString() ? start.toPlainDate().toString() : due.reviewOn!;
    if (previous !== null && day <= previous) day = addDays(previous, 1);
    if (day > lastDay) break;
    if (result.days >= maxDays) {
      await sweepOn(end.epochMilliseconds);
      break;
    }
    const moment = day === lastDay ? end : Temporal.PlainDate.from(day).toZonedDateTime({ timeZone: zone, plainTime: end.toPlainTime() });
    await sweepOn(Math.max(moment.epochMilliseconds, start.epochMilliseconds));
    previous = day;
  }
  if (result.days > 0) await queueNotices(end.epochMilliseconds);
  return result;
}
