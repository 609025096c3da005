// Relative: the background thread runs the connections module that reaches this, bundled without the "@/" alias.
import { ruleOf, type Rule } from "../../spec/rules";

import { fillText, type Locale } from "./locale";

/*
 * The interface's rules (lib/spec/rules.ts) in the portal's other languages, by the rule's key.
 * English shows the interface's own wording after the field's label. Every rule has a text in every
 * language: a rule added to the catalogue without one is a type error here. Parameters are written
 * {name}, as in the catalogue; a text may leave out a parameter that reads only in English (the
 * condition of `required`, the nationality of a business id).
 */

type Translated = Exclude<Locale, "eng">;

export const RULE_TEXTS: Record<Translated, Record<Rule, string>> = {
  fin: {
    required: "Pakollinen tieto.",
    notNull: "Pakollinen tieto.",
    integer: "Anna kokonaisluku.",
    numberType: "Anna luku.",
    number: "Anna luku (desimaalit pisteen jälkeen).",
    date: "Anna päivämäärä muodossa VVVV-KK-PP.",
    email: "Anna kelvollinen sähköpostiosoite.",
    emailList: "Anna kelvollinen sähköpostiosoite.",
    maxLength: "Enintään {max} merkkiä.",
    atLeast: "Pienin sallittu arvo on {min}.",
    atMost: "Suurin sallittu arvo on {max}.",
    minOneRow: "Laskulla on oltava vähintään yksi rivi.",
    dueBeforeBillDate: "Eräpäivä ei voi olla ennen laskun päivää.",
    positiveCapital: "Avoimen pääoman on oltava suurempi kuin 0.",
    paymentTermDays: "Anna päivien määrä 0–365.",
    finnishReference: "Viitenumero ei ole kelvollinen (tarkiste ei täsmää).",
    ocrReference: "OCR-viite ei ole kelvollinen (tarkiste ei täsmää).",
    kidReference: "KID-viite ei ole kelvollinen (tarkiste ei täsmää).",
    rfReference: "RF-viitteen tarkiste ei täsmää.",
    alpha3Country: "Anna maa kolmikirjaimisena koodina (FIN, SWE, NOR).",
    iban: "IBAN ei ole kelvollinen.",
    bbanInFinland: "Suomessa tilitystili on IBAN.",
    swedishAccount: "Ruotsalainen clearing- ja tilinumero ei ole kelvollinen.",
    norwegianAccount: "Norjalainen tilinumero ei ole kelvollinen (11 numeroa, MOD11).",
    plusgiro: "Plusgiro-numero ei ole kelvollinen.",
    bankgiro: "Bankgiro-numero ei ole kelvollinen.",
    telephone: "Anna puhelinnumero (numeroita, välilyöntejä, alussa +).",
    url: "Anna verkko-osoite, esimerkiksi https://example.fi.",
    businessOrPersonalId: "Y-tunnus tai henkilötunnus ei ole kelvollinen (tarkiste ei täsmää).",
    vatNumber: "ALV-tunniste ei ole kelvollinen.",
    userPersonalId: "Henkilötunnus ei ole kelvollinen käyttäjän kansalaisuudelle.",
    norwaySwedenOnly: "Koskee vain Norjaa ja Ruotsia.",
    accountTypeOfCountry: "Tämä tilityyppi ei ole käytössä tämän ympäristön maassa.",
    oneOf: "Valitse jokin näistä: {values}.",
    controlCharacters: "Ei saa sisältää ohjausmerkkejä.",
  },
  swe: {
    required: "Obligatorisk uppgift.",
    notNull: "Obligatorisk uppgift.",
    integer: "Ange ett heltal.",
    numberType: "Ange ett tal.",
    number: "Ange ett tal (decimaler efter punkt).",
    date: "Ange ett datum som ÅÅÅÅ-MM-DD.",
    email: "Ange en giltig e-postadress.",
    emailList: "Ange en giltig e-postadress.",
    maxLength: "Högst {max} tecken.",
    atLeast: "Minsta tillåtna värde är {min}.",
    atMost: "Högsta tillåtna värde är {max}.",
    minOneRow: "Fakturan måste ha minst en rad.",
    dueBeforeBillDate: "Förfallodagen kan inte vara före fakturadatum.",
    positiveCapital: "Det öppna kapitalet måste vara större än 0.",
    paymentTermDays: "Ange antal dagar 0–365.",
    finnishReference: "Den finska referensen är inte giltig (kontrollsiffran stämmer inte).",
    ocrReference: "OCR-numret är inte giltigt (kontrollsiffran stämmer inte).",
    kidReference: "KID-numret är inte giltigt (kontrollsiffran stämmer inte).",
    rfReference: "RF-referensens kontrollsiffror stämmer inte.",
    alpha3Country: "Ange landet som en kod med tre bokstäver (FIN, SWE, NOR).",
    iban: "IBAN är inte giltigt.",
    bbanInFinland: "I Finland är redovisningskontot ett IBAN.",
    swedishAccount: "Clearing- och kontonumret är inte giltigt.",
    norwegianAccount: "Det norska kontonumret är inte giltigt (11 siffror, MOD11).",
    plusgiro: "Plusgironumret är inte giltigt.",
    bankgiro: "Bankgironumret är inte giltigt.",
    telephone: "Ange ett telefonnummer (siffror, mellanslag, inledande +).",
    url: "Ange en webbadress, till exempel https://example.se.",
    businessOrPersonalId: "Organisations- eller personnumret är inte giltigt (kontrollsiffran stämmer inte).",
    vatNumber: "Momsregistreringsnumret är inte giltigt.",
    userPersonalId: "Personnumret är inte giltigt för användarens medborgarskap.",
    norwaySwedenOnly: "Gäller bara i Norge och Sverige.",
    accountTypeOfCountry: "Den här kontotypen används inte i miljöns land.",
    oneOf: "Välj ett av följande: {values}.",
    controlCharacters: "Får inte innehålla styrtecken.",
  },
  nor: {
    required: "Påkrevd.",
    notNull: "Påkrevd.",
    integer: "Oppgi et heltall.",
    numberType: "Oppgi et tall.",
    number: "Oppgi et tall (desimaler etter punktum).",
    date: "Oppgi en dato som ÅÅÅÅ-MM-DD.",
    email: "Oppgi en gyldig e-postadresse.",
    emailList: "Oppgi en gyldig e-postadresse.",
    maxLength: "Høyst {max} tegn.",
    atLeast: "Minste tillatte verdi er {min}.",
    atMost: "Høyeste tillatte verdi er {max}.",
    minOneRow: "Fakturaen må ha minst én linje.",
    dueBeforeBillDate: "Forfallsdato kan ikke være før fakturadato.",
    positiveCapital: "Åpen kapital må være større enn 0.",
    paymentTermDays: "Oppgi antall dager 0–365.",
    finnishReference: "Den finske referansen er ikke gyldig (kontrollsifferet stemmer ikke).",
    ocrReference: "OCR-nummeret er ikke gyldig (kontrollsifferet stemmer ikke).",
    kidReference: "KID-nummeret er ikke gyldig (kontrollsifferet stemmer ikke).",
    rfReference: "Kontrollsifrene i RF-referansen stemmer ikke.",
    alpha3Country: "Oppgi landet som en kode på tre bokstaver (FIN, SWE, NOR).",
    iban: "IBAN er ikke gyldig.",
    bbanInFinland: "I Finland er oppgjørskontoen en IBAN.",
    swedishAccount: "Clearing- og kontonummeret er ikke gyldig.",
    norwegianAccount: "Kontonummeret er ikke gyldig (11 siffer, MOD11).",
    plusgiro: "Plusgironummeret er ikke gyldig.",
    bankgiro: "Bankgironummeret er ikke gyldig.",
    telephone: "Oppgi et telefonnummer (siffer, mellomrom, innledende +).",
    url: "Oppgi en nettadresse, for eksempel https://example.no.",
    businessOrPersonalId: "Organisasjons- eller fødselsnummeret er ikke gyldig (kontrollsifferet stemmer ikke).",
    vatNumber: "MVA-nummeret er ikke gyldig.",
    userPersonalId: "Fødselsnummeret er ikke gyldig for brukerens statsborgerskap.",
    norwaySwedenOnly: "Gjelder bare i Norge og Sverige.",
    accountTypeOfCountry: "Denne kontotypen brukes ikke i miljøets land.",
    oneOf: "Velg ett av følgende: {values}.",
    controlCharacters: "Kan ikke inneholde kontrolltegn.",
  },
};

/** A rule of the interface in the user's language, found by its key; null for a message that states none. */
export function ruleText(message: string, locale: Translated): string | null {
  const found = ruleOf(message);
  return found ? fillText(RULE_TEXTS[locale][found.rule], found.params) : null;
}
