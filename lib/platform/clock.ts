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

/** Today's calendar date (YYYY-MM-DD) in a time zone. */
export function today(clock: Clock, timeZone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(clock.now().getTime()).toZonedDateTimeISO(timeZone).toPlainDate().toString();
}
