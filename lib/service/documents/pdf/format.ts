import { formatCents } from "../../../payment-data/amounts";

/*
 * Numbers, money and dates as the document's language writes them. Money is formatted from integer
 * cents through its exact decimal text, never through a float.
 */

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, digits: { min: number; max: number }): Intl.NumberFormat {
  const key = `${locale}|${digits.min}|${digits.max}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: digits.min, maximumFractionDigits: digits.max, useGrouping: true });
    numberFormats.set(key, format);
  }
  return format;
}

/** "1 234,50" in fi-FI, "1,234.50" in en-GB: a decimal string with grouping and the locale's separators. */
export function formatDecimal(text: string, locale: string, digits = { min: 0, max: 6 }): string {
  // Intl takes a decimal string and formats it exactly (no binary rounding).
  return numberFormat(locale, digits).format(text as unknown as number);
}

export function formatMoney(cents: bigint, locale: string): string {
  return formatDecimal(formatCents(cents), locale, { min: 2, max: 2 });
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A calendar date (YYYY-MM-DD) as the document's country writes it: 6.12.2026 in Finnish,
 * 2026-12-06 in Swedish, 06.12.2026 in Norwegian (dd.mm.åååå, two digits each, as Norwegian banks,
 * Altinn and invoices write it; ICU's nb-NO numeric form drops the zeros), 06/12/2026 in English.
 */
export function formatDate(isoDate: string | null, locale: string): string {
  if (!isoDate) return "";
  let format = dateFormats.get(locale);
  if (!format) {
    const twoDigits = /^(nb|nn|no)(-|$)/i.test(locale);
    format = new Intl.DateTimeFormat(locale, {
      year: "numeric",
      month: twoDigits ? "2-digit" : "numeric",
      day: twoDigits ? "2-digit" : "numeric",
      timeZone: "UTC",
    });
    dateFormats.set(locale, format);
  }
  return format.format(new Date(`${isoDate}T00:00:00Z`));
}

export function formatPercent(rate: number, locale: string): string {
  return numberFormat(locale, { min: 0, max: 2 }).format(rate);
}

/**
 * A country's name as the last line of an address abroad: in the document's language and in
 * capitals (UPU's rule for international mail), never its ISO code. None for an address in
 * `domesticCountry` (the sender's) or without a country. The envelope's address block and the
 * payment part's payer box print the same line.
 */
export function countryLineAbroad(alpha2: string | null | undefined, domesticCountry: string, locale: string): string | null {
  if (!alpha2 || alpha2 === domesticCountry) return null;
  const name = new Intl.DisplayNames([locale], { type: "region", fallback: "code" }).of(alpha2.toUpperCase()) ?? alpha2;
  return name.toLocaleUpperCase(locale);
}
