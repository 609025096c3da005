/*
 * Calendar dates (YYYY-MM-DD) as the interface writes them, in the time zone of the connection's
 * country: a Finnish clerk at 00:30 is already on tomorrow's date while UTC is not.
 */

export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** date + days, or null when date is not a calendar date. Arithmetic in UTC: no DST shifts. */
export function addDays(date: string, days: number): string | null {
  const match = DATE.exec(date);
  if (!match || !Number.isSafeInteger(days)) return null;
  const [, year, month, day] = match;
  const value = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (value.getUTCDate() !== Number(day)) return null;
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

/** Days from `from` to `to` (negative when `to` comes first), or null when either is not a calendar date. */
export function daysBetween(from: string, to: string): number | null {
  const start = addDays(from, 0);
  const end = addDays(to, 0);
  if (!start || !end) return null;
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000);
}
