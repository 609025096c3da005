import { LOCALE_TAGS, type Locale } from "@/lib/portal/i18n/locale";

/*
 * Money, dates and times as the reader's language writes them. Times are shown in the time zone of
 * the case's country, named explicitly so the server's render and the browser's agree.
 */

const TIME_ZONES: Record<string, string> = { FIN: "Europe/Helsinki", SWE: "Europe/Stockholm", NOR: "Europe/Oslo" };

export function timeZoneOf(country: string): string {
  return TIME_ZONES[country] ?? "Europe/Helsinki";
}

/** The zone a reader of a language most likely lives in, for lists that mix countries. */
export function readerTimeZone(locale: Locale): string {
  return locale === "swe" ? TIME_ZONES.SWE! : locale === "nor" ? TIME_ZONES.NOR! : TIME_ZONES.FIN!;
}

/** Minor units in the case's currency; without a currency, the number alone. */
export function formatAmount(cents: number | null, currency: string | null, locale: Locale): string | null {
  if (cents === null) return null;
  const value = cents / 100;
  try {
    if (currency) return new Intl.NumberFormat(LOCALE_TAGS[locale], { style: "currency", currency }).format(value);
  } catch {
    // An unknown currency code: fall through to the plain number.
  }
  return new Intl.NumberFormat(LOCALE_TAGS[locale], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
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

/** Minor units as the interface writes them ("1234.50"), for an input's starting value. */
export function plainAmount(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const magnitude = Math.abs(cents);
  return `${sign}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, "0")}`;
}
