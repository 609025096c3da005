import type { Country } from "../../spec/environments";

import { bankHolidays } from "./bank-holidays";
import { addDays, weekday } from "./dates";

/*
 * Business days: Monday to Friday when the country's banks are open. Due dates the service sets
 * fall on business days, so a debtor is never asked to pay on a day no payment can clear.
 */

export function isBusinessDay(country: Country, date: string): boolean {
  if (weekday(date) > 5) return false;
  return !bankHolidays(country, Number(date.slice(0, 4))).has(date);
}

/** The date itself when it is a business day, else the next one. */
export function nextBusinessDay(country: Country, date: string): string {
  let day = date;
  while (!isBusinessDay(country, day)) day = addDays(day, 1);
  return day;
}

/** The date itself when it is a business day, else the business day before it. */
export function businessDayOnOrBefore(country: Country, date: string): string {
  let day = date;
  while (!isBusinessDay(country, day)) day = addDays(day, -1);
  return day;
}

// The sweep asks the same question for every case of a day; the answers never change.
const memo = new Map<string, string>();

/** `count` business days after `date` (count 0: the date itself, moved to a business day). */
export function addBusinessDays(country: Country, date: string, count: number): string {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a whole number of days ≥ 0, not ${count}`);
  const key = `${country}:${date}:${count}`;
  let answer = memo.get(key);
  if (answer === undefined) {
    answer = countBusinessDays(country, date, count);
    if (memo.size > 50_000) memo.clear();
    memo.set(key, answer);
  }
  return answer;
}

function countBusinessDays(country: Country, date: string, count: number): string {
  if (count === 0) return nextBusinessDay(country, date);
  let day = date;
  for (let left = count; left > 0; left--) day = nextBusinessDay(country, addDays(day, 1));
  return day;
}
