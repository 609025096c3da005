import { COUNTRY_RULES } from "../../spec/environments";

import { type Locale, LOCALE_TAGS } from "./locale";

/*
 * Dates and times as the reader's language writes them. Every time on every page is shown in one
 * zone, the reader's, and names it ("25 Nov 2026, 14:05 EET"): a case's timeline, the case list, a
 * draft's save time and a receiver's registration all read alike, and a time never has to be
 * guessed at. The zone follows the user's language (Finnish and English: Helsinki, Swedish:
 * Stockholm, Norwegian: Oslo), the zones of the three services; the zone is named explicitly, so
 * the server's render and the browser's agree.
 */

export function readerTimeZone(locale: Locale): string {
  return COUNTRY_RULES[locale === "swe" ? "SWE" : locale === "nor" ? "NOR" : "FIN"].timeZone;
}

/** A calendar date (YYYY-MM-DD) in the reader's format; anything else as it is. Dates have no zone. */
export function formatDate(date: string | null, locale: Locale): string | null {
  if (!date) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
}

const formats = new Map<Locale, Intl.DateTimeFormat>();

/** A moment (an ISO time or a Date) in the reader's zone, with the zone's name; anything unreadable as it is. */
export function formatTime(time: string | Date | null, locale: Locale): string | null {
  if (!time) return null;
  const parsed = typeof time === "string" ? new Date(time) : time;
  if (Number.isNaN(parsed.getTime())) return typeof time === "string" ? time : null;
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZone: readerTimeZone(locale),
      timeZoneName: "short",
    });
    formats.set(locale, format);
  }
  return format.format(parsed);
}
