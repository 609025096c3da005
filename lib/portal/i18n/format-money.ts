import { LOCALE_TAGS, type Locale } from "./locale";

/**
 * Minor units (cents, öre, øre) written the way the reader's language writes money: in the
 * currency when one is known (a country's is COUNTRY_RULES[country].currency), otherwise (no
 * currency, or a code Intl does not know) the number alone with two decimals. null stays null.
 *
 * The browser's display is an edge of the service's money (docs/decisions/0001): it takes the
 * bigint cents the portal computes (an invoice form's totals) and the JSON number of cents the
 * pages are handed (case-views.ts), both exact below 2^53.
 */
export function formatMoney(cents: bigint | number, currency: string | null, locale: Locale): string;
export function formatMoney(cents: bigint | number | null, currency: string | null, locale: Locale): string | null;
export function formatMoney(cents: bigint | number | null, currency: string | null, locale: Locale): string | null {
  if (cents === null) return null;
  const value = Number(cents) / 100;
  try {
    if (currency) return new Intl.NumberFormat(LOCALE_TAGS[locale], { style: "currency", currency }).format(value);
  } catch {
    // An unknown currency code: fall through to the plain number.
  }
  return new Intl.NumberFormat(LOCALE_TAGS[locale], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}
