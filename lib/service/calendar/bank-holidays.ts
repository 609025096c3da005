import Holidays from "date-holidays";

import type { Country } from "../../spec/environments";
import { COUNTRY_RULES } from "../../spec/environments";

/*
 * The days the banks of a country do not clear payments. date-holidays keeps the public holidays
 * (Easter by computus, Ascension, Whitsun, Midsummer by its weekday rules, national days) and marks
 * the extra bank closing days as type "bank". Where a bank calendar differs from that, the
 * differences are listed here with their source:
 *
 * - Finland: banks and the payment systems are closed on New Year's Day, Epiphany, Good Friday,
 *   Easter Monday, 1 May, Ascension Day, Midsummer Eve, Independence Day (6 Dec), Christmas Eve,
 *   Christmas Day and Boxing Day (Finance Finland, "Pankkien aukiolo- ja pankkipäivät"). New Year's
 *   Eve is an ordinary banking day, though date-holidays lists it as a bank holiday.
 * - Sweden: bank days follow the Riksbank's RIX calendar: every public holiday of lag (1989:253)
 *   om allmänna helgdagar plus Midsummer Eve, Christmas Eve and New Year's Eve; All Saints' Day
 *   always falls on a Saturday.
 * - Norway: Norges Bank's settlement calendar: the public holidays of lov om helligdager (1995)
 *   including Maundy Thursday and Whit Monday, 1 and 17 May, plus Christmas Eve and New Year's Eve.
 */

const HOLIDAY_TYPES = new Set(["public", "bank"]);
const NOT_BANK_HOLIDAYS: Record<Country, (date: string) => boolean> = {
  FIN: (date) => date.endsWith("-12-31"),
  SWE: () => false,
  NOR: () => false,
};

const cache = new Map<string, ReadonlySet<string>>();

/** The bank holidays (weekdays and weekends alike) of a country in a year, as YYYY-MM-DD. */
export function bankHolidays(country: Country, year: number): ReadonlySet<string> {
  const key = `${country}:${year}`;
  let days = cache.get(key);
  if (!days) {
    const calendar = new Holidays(COUNTRY_RULES[country].alpha2);
    days = new Set(
      calendar
        .getHolidays(year)
        .filter((holiday) => HOLIDAY_TYPES.has(holiday.type))
        .map((holiday) => holiday.date.slice(0, 10))
        .filter((date) => !NOT_BANK_HOLIDAYS[country](date)),
    );
    cache.set(key, days);
  }
  return days;
}

/**
 * Works out this year's and next year's bank holidays of every country ahead: the first
 * computation loads date-holidays' rules and moment-timezone's zone data, some 45 ms on the thread
 * that asks, which would otherwise be a distribution round's or a request's.
 */
export function warmBankHolidays(now: Date): void {
  const year = now.getUTCFullYear();
  for (const country of Object.keys(COUNTRY_RULES) as Country[]) for (const each of [year, year + 1]) bankHolidays(country, each);
}
