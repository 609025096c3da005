import { Temporal } from "temporal-polyfill";

/*
 * Time as the service sees it. Everything that depends on "now" takes a Clock, so tests and the test
 * environments can move time; calendar dates (due dates, bill dates) are taken in the
 * environment's own time zone, never the server's.
 */

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that starts at a given instant and moves only when told to. */
export function fixedClock(start: Date | string): Clock & { advance(ms: number): void; set(at: Date | string): void } {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
    set(at: Date | string) {
      current = new Date(at).getTime();
    },
  };
}

/**
 * The last day asked for in each time zone, as the span of instants it covers: nearly every call
 * falls in it. Temporal's time-zone arithmetic (a polyfill) costs some 60 µs a call, and a
 * distribution batch asked for 200 jobs' days in one go on the thread that answers requests.
 */
const lastDay = new Map<string, { from: number; until: number; date: string }>();

/** Today's calendar date (YYYY-MM-DD) in a time zone. */
export function today(clock: Clock, timeZone: string): string {
  const instant = clock.now().getTime();
  const known = lastDay.get(timeZone);
  if (known && instant >= known.from && instant < known.until) return known.date;
  const zoned = Temporal.Instant.fromEpochMilliseconds(instant).toZonedDateTimeISO(timeZone);
  // A day is 23 or 25 hours long where the clocks change: its span is from its start to the next day's.
  const start = zoned.startOfDay();
  const day = { from: start.epochMilliseconds, until: start.add({ days: 1 }).epochMilliseconds, date: zoned.toPlainDate().toString() };
  lastDay.set(timeZone, day);
  return day.date;
}
