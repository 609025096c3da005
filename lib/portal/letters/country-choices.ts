import countries from "i18n-iso-countries";

import { LOCALE_TAGS, type Locale } from "@/lib/portal/i18n/locale";

/*
 * Countries a letter may go to, by their alpha-3 codes (the interface's addresscountry for
 * letters), named in the user's language by the runtime's own data (Intl.DisplayNames), so no
 * language file of i18n-iso-countries has to be loaded.
 */

export interface CountryChoice {
  code: string;
  name: string;
}

export function countryChoices(locale: Locale): CountryChoice[] {
  const names = new Intl.DisplayNames([LOCALE_TAGS[locale]], { type: "region", fallback: "code" });
  const collator = new Intl.Collator(LOCALE_TAGS[locale]);
  return Object.entries(countries.getAlpha3Codes())
    .map(([alpha3, alpha2]) => ({ code: alpha3, name: names.of(alpha2) ?? alpha3 }))
    .sort((a, b) => collator.compare(a.name, b.name));
}
