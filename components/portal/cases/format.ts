import { type Locale, LOCALE_TAGS } from "@/lib/portal/i18n/locale";
import { COUNTRY_RULES, type Country } from "@/lib/spec/environments";

/*
 * Dates and times as the reader's language writes them. Times are shown in the time zone of
 * the case's country (COUNTRY_RULES), named explicitly so the server's render and the browser's agree.
 */

export function timeZoneOf(country: string): string {
  return Object.hasOwn(COUNTRY_RULES, country) ? COUNTRY_RULES[country as Country].timeZone : COUNTRY_RULES.FIN.timeZone;
}

/** The zone a reader of a language most likely lives in, for lists that mix countries. */
export function readerTimeZone(locale: Locale): string {
  return COUNTRY_RULES[locale === "swe" ? "SWE" : locale === "nor" ? "NOR" : "FIN"].timeZone;
}

/** A calendar date (YYYY-MM-DD) in the reader's format; anything else as it is. */
export function formatDate(date: string | null, locale: Locale): string | null {
  if (!date) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
}

/** A moment in the case's country's zone (the zone its service dates things in), or in `zone`. */
export function formatTime(time: string | null, locale: Locale, country: string, zone = timeZoneOf(country)): string | null {
  if (!time) return null;
  const parsed = new Date(time);
  if (Number.isNaN(parsed.getTime())) return time;
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: "medium", timeStyle: "short", timeZone: zone }).format(parsed);
}
