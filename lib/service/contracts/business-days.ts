import Holidays from "date-holidays";
import { Temporal } from "temporal-polyfill";

import type { CountryRules } from "../../spec/environments";

/*
 * Business days of a country: Monday to Friday except public holidays and the days banks are
 * closed (in Finland Christmas Eve and Midsummer Eve, for instance). Notice periods counted in
 * business days never end on a day nobody at the utility or the bank works.
 */

const calendars = new Map<string, Holidays>();

function calendarOf(alpha2: CountryRules["alpha2"]): Holidays {
  let calendar = calendars.get(alpha2);
  if (!calendar) {
    calendar = new Holidays(alpha2, { types: ["public", "bank"] });
    calendars.set(alpha2, calendar);
  }
  return calendar;
}

export function isBusinessDay(date: string, alpha2: CountryRules["alpha2"]): boolean {
  const day = Temporal.PlainDate.from(date);
  if (day.dayOfWeek >= 6) return false;
  const holidays = calendarOf(alpha2).isHoliday(`${date} 12:00`);
  return !(holidays && holidays.some((holiday) => holiday.type === "public" || holiday.type === "bank"));
}

/** The day `count` business days after `date` (date itself not counted). */
export function addBusinessDays(date: string, count: number, alpha2: CountryRules["alpha2"]): string {
  let day = Temporal.PlainDate.from(date);
  let left = count;
  while (left > 0) {
    day = day.add({ days: 1 });
    if (isBusinessDay(day.toString(), alpha2)) left -= 1;
  }
  return day.toString();
}

export function addDays(date: string, days: number): string {
  return Temporal.PlainDate.from(date).add({ days }).toString();
}

export const laterDate = (a: string, b: string): string => (a >= b ? a : b);
