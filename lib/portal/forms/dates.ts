import { addDays as addCalendarDays, daysBetween as calendarDaysBetween, isIsoDate } from "@/lib/platform/calendar-days";

/*
 * Calendar dates (YYYY-MM-DD) as the interface writes them, in the time zone of the connection's
 * country: a Finnish clerk at 00:30 is already on tomorrow's date while UTC is not. The arithmetic
 * is the platform's calendar days; unlike those, the forms' functions take what a user typed, so
 * they answer null for anything that is not a date instead of trusting it.
 */

export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** date + days, or null when date is not a calendar date, days not a whole number, or the result past 9999-12-31. */
export function addDays(date: string, days: number): string | null {
  if (!isIsoDate(date) || !Number.isSafeInteger(days)) return null;
  const result = addCalendarDays(date, days);
  return isIsoDate(result) ? result : null;
}

/** Days from `from` to `to` (negative when `to` comes first), or null when either is not a calendar date. */
export function daysBetween(from: string, to: string): number | null {
  return isIsoDate(from) && isIsoDate(to) ? calendarDaysBetween(from, to) : null;
}
