import { LOCALE_TAGS, type Locale } from "@/lib/portal/i18n/locale";
import { COUNTRY_RULES, type Country } from "@/lib/spec/environments";

/** Cents of the country's currency, written the way the user's language writes money. */
export function formatMoney(cents: number, country: Country, locale: Locale): string {
  return new Intl.NumberFormat(LOCALE_TAGS[locale], { style: "currency", currency: COUNTRY_RULES[country].currency }).format(cents / 100);
}
