import { Temporal } from "temporal-polyfill";

/*
 * Calendar-date arithmetic on YYYY-MM-DD strings. Case dates are business dates in the
 * environment's own calendar, never instants, so they are never taken through Date (whose
 * arithmetic follows the server's time zone and daylight saving). Day arithmetic goes through a
 * day number (days since 1970-01-01 in the proleptic Gregorian calendar): the sweep does it a
 * million times, and the Temporal polyfill's objects cost ten times as much.
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

export function addMonths(date: string, months: number): string {
  // Temporal constrains the 31st to the month's last day, as instalment schedules expect.
  return Temporal.PlainDate.from(date).add({ months }).toString();
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

export function isIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && dateOfDay(dayNumber(value)) === value;
}
