/*
 * Calendar-day arithmetic on YYYY-MM-DD strings, shared by the service, the portal and the payment
 * data (no bank holidays: those are the service's, lib/service/calendar). Case dates are business
 * dates in the environment's own calendar, never instants, so they are never taken through Date
 * (whose arithmetic follows the server's time zone and daylight saving, and whose Date.UTC reads
 * the years 0–99 as 1900–1999). Day arithmetic goes through a day number (days since 1970-01-01
 * in the proleptic Gregorian calendar): the sweep does it a million times, and the Temporal
 * polyfill's objects cost ten times as much.
 *
 * These functions trust their input: a string that is not a date gives a meaningless answer, not
 * an error. Check input from outside with isIsoDate first (the portal's forms/dates.ts does).
 */

/** Days since 1970-01-01 (H. Hinnant's days_from_civil). */
export function dayNumber(date: string): number {
  let year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  year -= month <= 2 ? 1 : 0;
  const era = Math.floor(year / 400);
  const yearOfEra = year - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The date of a day number (civil_from_days). */
export function dateOfDay(days: number): string {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

export function addDays(date: string, days: number): string {
  return dateOfDay(dayNumber(date) + days);
}

/** Days from `from` to `to`: positive when `to` is later. */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** ISO weekday: 1 Monday … 7 Sunday (1970-01-01 was a Thursday). */
export function weekday(date: string): number {
  return ((((dayNumber(date) + 3) % 7) + 7) % 7) + 1;
}

export const laterOf = (a: string, b: string): string => (a >= b ? a : b);

/** Whether `value` is a date YYYY-MM-DD that exists (no 2026-02-29, no month 13), years 0000–9999. */
export function isIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && dateOfDay(dayNumber(value)) === value;
}
