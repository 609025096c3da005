import { LIFECYCLE_CODES, type LifecycleCode } from "../../spec/codes";
import type { Locale } from "../i18n/locale";

/*
 * The texts of the lifecycle codes in the portal's languages. The code is what the service means;
 * English is the specification's own table, the others translate it. A code the table does not
 * know yet (the list grows) shows the text the service sent with it, else just its number.
 */

type CodeTexts = Record<LifecycleCode, string>;

const FIN: CodeTexts = {
  0: "Laskutus",
  1: "Maksumuistutus",
  2: "Perintä",
  6: "Velkajärjestely",
  11: "Luonnos",
  12: "Kysely – protestointi",
  14: "Protestoitu",
  15: "Konkurssiuhkainen maksukehotus",
  16: "Oikeudellisen perinnän harkinta",
  17: "Jälkiperintä",
  41: "Maksusuunnitelma",
  55: "Kansainvälisen oikeudellisen perinnän harkinta",
  61: "Kysely – oikeudellinen perintä",
  63: "Haastehakemus lähetetty käräjäoikeuteen",
  65: "Odottaa siirtoa ulosottoon",
  67: "Kysely – ulosmittaus",
  68: "Odottaa – perukirja",
  71: "Virhe – osoitetiedot",
  80: "Riitautettu",
  81: "Tarkastettavana",
  85: "Lakiosasto käsittelee",
  86: "Kysely – toimeksiantajan vastaus",
  89: "Osoitteen selvitys",
  98: "Viesti",
  100: "Pidossa",
  101: "Maksettu",
  102: "Toimeksianto päättynyt",
  103: "Luottotappio",
  104: "Hyvityslasku",
  108: "Laskun osto – myyty",
  110: "Yrityssaneerauksessa",
  111: "Konkurssissa",
  112: "Ulosotossa",
  121: "Kansainvälisessä perinnässä",
  150: "Katkaisuvaroitus",
  200: "Kysely – maksumuistutus",
  202: "Kysely – tunnistetiedot",
  203: "Maksusuunnitelmaa ei noudatettu",
  208: "Regressi",
  211: "Kysely – luonnos",
  214: "Kysely – perintä",
  300: "Lasku (operatiivinen)",
  301: "Asiakirja (operatiivinen)",
  401: "Odottaa – rahoitus",
  402: "Laskutus – rahoitus",
};

const SWE: CodeTexts = {
  0: "Fakturering",
  1: "Påminnelse",
  2: "Inkasso",
  6: "Skuldsanering",
  11: "Utkast",
  12: "Förfrågan – protestering",
  14: "Protesterad",
  15: "Betalningsuppmaning med konkurshot",
  16: "Övervägande av rättslig indrivning",
  17: "Efterbevakning",
  41: "Avbetalningsplan",
  55: "Övervägande av internationell rättslig indrivning",
  61: "Förfrågan – rättslig indrivning",
  63: "Stämningsansökan skickad till tingsrätten",
  65: "Väntar på överlämning till Kronofogden",
  67: "Förfrågan – utmätning",
  68: "Väntar – bouppteckning",
  71: "Fel – adressuppgifter",
  80: "Bestridd",
  81: "Under granskning",
  85: "Juridiska avdelningen handlägger",
  86: "Förfrågan – uppdragsgivarens svar",
  89: "Adressutredning",
  98: "Meddelande",
  100: "Vilande",
  101: "Betald",
  102: "Uppdraget avslutat",
  103: "Kundförlust",
  104: "Kreditfaktura",
  108: "Fakturaköp – såld",
  110: "Under företagsrekonstruktion",
  111: "Under konkurs",
  112: "Hos Kronofogden",
  121: "I internationell inkasso",
  150: "Varning om avstängning",
  200: "Förfrågan – påminnelse",
  202: "Förfrågan – identifieringsuppgifter",
  203: "Avbetalningsplanen följdes inte",
  208: "Regress",
  211: "Förfrågan – utkast",
  214: "Förfrågan – inkasso",
  300: "Faktura (operativ)",
  301: "Dokument (operativt)",
  401: "Väntar – finansiering",
  402: "Fakturering – finansiering",
};

const NOR: CodeTexts = {
  0: "Fakturering",
  1: "Purring",
  2: "Inkasso",
  6: "Gjeldsordning",
  11: "Utkast",
  12: "Forespørsel – protest",
  14: "Protestert",
  15: "Betalingsvarsel med konkurstrussel",
  16: "Vurdering av rettslig inkasso",
  17: "Etterinkasso",
  41: "Betalingsplan",
  55: "Vurdering av internasjonal rettslig inkasso",
  61: "Forespørsel – rettslig inkasso",
  63: "Forliksklage sendt til retten",
  65: "Venter på overføring til namsmannen",
  67: "Forespørsel – utlegg",
  68: "Venter – skifteattest",
  71: "Feil – adresseopplysninger",
  80: "Bestridt",
  81: "Under vurdering",
  85: "Juridisk avdeling behandler saken",
  86: "Forespørsel – oppdragsgivers svar",
  89: "Adressesøk",
  98: "Melding",
  100: "På vent",
  101: "Betalt",
  102: "Oppdraget avsluttet",
  103: "Konstatert tap",
  104: "Kreditnota",
  108: "Fakturakjøp – solgt",
  110: "Under rekonstruksjon",
  111: "Under konkursbehandling",
  112: "Hos namsmannen",
  121: "I internasjonal inkasso",
  150: "Varsel om stenging",
  200: "Forespørsel – purring",
  202: "Forespørsel – identifikasjonsopplysninger",
  203: "Betalingsplanen ble ikke fulgt",
  208: "Regress",
  211: "Forespørsel – utkast",
  214: "Forespørsel – inkasso",
  300: "Faktura (drift)",
  301: "Dokument (drift)",
  401: "Venter – finansiering",
  402: "Fakturering – finansiering",
};

const TEXTS: Record<Locale, CodeTexts> = { eng: LIFECYCLE_CODES, fin: FIN, swe: SWE, nor: NOR };

export function lifecycleText(code: number | null | undefined, locale: Locale, sentText?: string | null): string | null {
  if (code === null || code === undefined) return sentText ?? null;
  return (TEXTS[locale] as Record<number, string | undefined>)[code] ?? sentText ?? null;
}

/** The known codes with their texts, in code order, for the filter's choices. */
export function lifecycleChoices(locale: Locale): { code: number; text: string }[] {
  return Object.entries(TEXTS[locale])
    .map(([code, text]) => ({ code: Number(code), text }))
    .sort((a, b) => a.code - b.code);
}
