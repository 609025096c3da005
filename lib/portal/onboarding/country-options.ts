import countries from "i18n-iso-countries";

import { LOCALE_TAGS, type Locale } from "@/lib/portal/i18n/locale";

/*
 * The countries a profile's address and users may name, as ISO 3166-1 alpha-3 codes (what
 * createprofile takes) with their names in the user's language. The Nordic countries come first:
 * nearly every customer is in one of them.
 */

export interface CountryOption {
  code: string;
  name: string;
}

const FIRST = ["FIN", "SWE", "NOR"];

export function countryOptions(locale: Locale): CountryOption[] {
  const names = new Intl.DisplayNames([LOCALE_TAGS[locale]], { type: "region", fallback: "code" });
  const all = Object.entries(countries.getAlpha3Codes()).map(([alpha3, alpha2]) => ({ code: alpha3, name: names.of(alpha2) ?? alpha3 }));
  const collator = new Intl.Collator(LOCALE_TAGS[locale]);
  const first = FIRST.map((code) => all.find((option) => option.code === code)!).filter(Boolean);
  const rest = all.filter((option) => !FIRST.includes(option.code)).sort((a, b) => collator.compare(a.name, b.name));
  return [...first, ...rest];
}
