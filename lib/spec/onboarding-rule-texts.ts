import type { ProfileWordLanguage } from "./profile-words";
import { ruleOf, type Rule } from "./rules";

/*
 * The interface's rules (lib/spec/rules.ts) as the provider's onboarding wizard says them to its
 * customer, by the rule's key, in the customer's language and in the polite form of address the
 * wizard's other texts use (lib/spec/onboarding-texts.ts). The portal says the same rules to its
 * clerks in its own words (lib/portal/i18n/rule-texts.ts); this side may not import the portal. A
 * rule without a text in every language is a type error. Parameters are written {name}; a text
 * may leave out one that reads only in English (the condition of `required`, the nationality).
 */

type Translated = Exclude<ProfileWordLanguage, "eng">;

export const ONBOARDING_RULE_TEXTS: Record<Translated, Record<Rule, string>> = {
  fin: {
    required: "Tieto on pakollinen.",
    notNull: "Tieto on pakollinen.",
    integer: "Antakaa kokonaisluku.",
    numberType: "Antakaa luku.",
    number: "Antakaa luku (desimaalit pisteen jälkeen).",
    date: "Antakaa päivämäärä muodossa VVVV-KK-PP.",
    email: "Antakaa kelvollinen sähköpostiosoite.",
    emailList: "Antakaa kelvollinen sähköpostiosoite.",
    maxLength: "Enintään {max} merkkiä.",
    atLeast: "Pienin sallittu arvo on {min}.",
    atMost: "Suurin sallittu arvo on {max}.",
    minOneRow: "Vähintään yksi rivi tarvitaan.",
    dueBeforeBillDate: "Eräpäivä ei voi olla ennen laskun päivää.",
    positiveCapital: "Avoimen pääoman on oltava suurempi kuin 0.",
    paymentTermDays: "Antakaa päivien määrä 0–365.",
    finnishReference: "Viitenumero ei ole kelvollinen (tarkiste ei täsmää).",
    ocrReference: "OCR-viite ei ole kelvollinen (tarkiste ei täsmää).",
    kidReference: "KID-viite ei ole kelvollinen (tarkiste ei täsmää).",
    rfReference: "RF-viitteen tarkiste ei täsmää.",
    alpha3Country: "Antakaa maa kolmikirjaimisena koodina (FIN, SWE, NOR).",
    iban: "IBAN ei ole kelvollinen. Tarkistakaa tilinumero.",
    bbanInFinland: "Suomessa tilitystili annetaan IBAN-muodossa.",
    swedishAccount: "Ruotsalainen clearing- ja tilinumero ei ole kelvollinen.",
    norwegianAccount: "Norjalainen tilinumero ei ole kelvollinen (11 numeroa).",
    plusgiro: "Plusgiro-numero ei ole kelvollinen.",
    bankgiro: "Bankgiro-numero ei ole kelvollinen.",
    telephone: "Antakaa puhelinnumero (numeroita ja välilyöntejä, alussa voi olla +).",
    url: "Antakaa verkko-osoite, esimerkiksi https://yritys.fi.",
    businessOrPersonalId: "Y-tunnus tai henkilötunnus ei ole kelvollinen (tarkiste ei täsmää).",
    vatNumber: "ALV-tunniste ei ole kelvollinen.",
    userPersonalId: "Henkilötunnus ei ole kelvollinen käyttäjän kansalaisuudelle.",
    norwaySwedenOnly: "Koskee vain Norjaa ja Ruotsia.",
    accountTypeOfCountry: "Tämä tilityyppi ei ole käytössä tämän maan palvelussa.",
    oneOf: "Valitkaa jokin näistä: {values}.",
    controlCharacters: "Ei saa sisältää ohjausmerkkejä.",
  },
  swe: {
    required: "Uppgiften är obligatorisk.",
    notNull: "Uppgiften är obligatorisk.",
    integer: "Ange ett heltal.",
    numberType: "Ange ett tal.",
    number: "Ange ett tal (decimaler efter punkt).",
    date: "Ange ett datum som ÅÅÅÅ-MM-DD.",
    email: "Ange en giltig e-postadress.",
    emailList: "Ange en giltig e-postadress.",
    maxLength: "Högst {max} tecken.",
    atLeast: "Minsta tillåtna värde är {min}.",
    atMost: "Högsta tillåtna värde är {max}.",
    minOneRow: "Minst en rad behövs.",
    dueBeforeBillDate: "Förfallodagen kan inte vara före fakturadatum.",
    positiveCapital: "Det öppna kapitalet måste vara större än 0.",
    paymentTermDays: "Ange antal dagar 0–365.",
    finnishReference: "Den finska referensen är inte giltig (kontrollsiffran stämmer inte).",
    ocrReference: "OCR-numret är inte giltigt (kontrollsiffran stämmer inte).",
    kidReference: "KID-numret är inte giltigt (kontrollsiffran stämmer inte).",
    rfReference: "RF-referensens kontrollsiffror stämmer inte.",
    alpha3Country: "Ange landet som en kod med tre bokstäver (FIN, SWE, NOR).",
    iban: "IBAN är inte giltigt. Kontrollera kontonumret.",
    bbanInFinland: "I Finland anges redovisningskontot som IBAN.",
    swedishAccount: "Clearing- och kontonumret är inte giltigt. Kontrollera numret.",
    norwegianAccount: "Det norska kontonumret är inte giltigt (11 siffror).",
    plusgiro: "Plusgironumret är inte giltigt.",
    bankgiro: "Bankgironumret är inte giltigt.",
    telephone: "Ange ett telefonnummer (siffror och mellanslag, gärna med inledande +).",
    url: "Ange en webbadress, till exempel https://foretaget.se.",
    businessOrPersonalId: "Organisations- eller personnumret är inte giltigt (kontrollsiffran stämmer inte).",
    vatNumber: "Momsregistreringsnumret är inte giltigt.",
    userPersonalId: "Personnumret är inte giltigt för användarens medborgarskap.",
    norwaySwedenOnly: "Gäller bara i Norge och Sverige.",
    accountTypeOfCountry: "Den här kontotypen används inte för tjänsten i det här landet.",
    oneOf: "Välj ett av följande: {values}.",
    controlCharacters: "Får inte innehålla styrtecken.",
  },
  nor: {
    required: "Opplysningen er påkrevd.",
    notNull: "Opplysningen er påkrevd.",
    integer: "Oppgi et heltall.",
    numberType: "Oppgi et tall.",
    number: "Oppgi et tall (desimaler etter punktum).",
    date: "Oppgi en dato som ÅÅÅÅ-MM-DD.",
    email: "Oppgi en gyldig e-postadresse.",
    emailList: "Oppgi en gyldig e-postadresse.",
    maxLength: "Høyst {max} tegn.",
    atLeast: "Minste tillatte verdi er {min}.",
    atMost: "Høyeste tillatte verdi er {max}.",
    minOneRow: "Minst én linje trengs.",
    dueBeforeBillDate: "Forfallsdato kan ikke være før fakturadato.",
    positiveCapital: "Åpen kapital må være større enn 0.",
    paymentTermDays: "Oppgi antall dager 0–365.",
    finnishReference: "Den finske referansen er ikke gyldig (kontrollsifferet stemmer ikke).",
    ocrReference: "OCR-nummeret er ikke gyldig (kontrollsifferet stemmer ikke).",
    kidReference: "KID-nummeret er ikke gyldig (kontrollsifferet stemmer ikke).",
    rfReference: "Kontrollsifrene i RF-referansen stemmer ikke.",
    alpha3Country: "Oppgi landet som en kode på tre bokstaver (FIN, SWE, NOR).",
    iban: "IBAN er ikke gyldig. Kontroller kontonummeret.",
    bbanInFinland: "I Finland oppgis oppgjørskontoen som IBAN.",
    swedishAccount: "Det svenske clearing- og kontonummeret er ikke gyldig.",
    norwegianAccount: "Kontonummeret er ikke gyldig (11 siffer). Kontroller nummeret.",
    plusgiro: "Plusgironummeret er ikke gyldig.",
    bankgiro: "Bankgironummeret er ikke gyldig.",
    telephone: "Oppgi et telefonnummer (siffer og mellomrom, gjerne med + først).",
    url: "Oppgi en nettadresse, for eksempel https://firma.no.",
    businessOrPersonalId: "Organisasjons- eller fødselsnummeret er ikke gyldig (kontrollsifferet stemmer ikke).",
    vatNumber: "MVA-nummeret er ikke gyldig.",
    userPersonalId: "Fødselsnummeret er ikke gyldig for brukerens statsborgerskap.",
    norwaySwedenOnly: "Gjelder bare i Norge og Sverige.",
    accountTypeOfCountry: "Denne kontotypen brukes ikke for tjenesten i dette landet.",
    oneOf: "Velg ett av følgende: {values}.",
    controlCharacters: "Kan ikke inneholde kontrolltegn.",
  },
};

/**
 * A problem's message as the wizard shows it: a rule of the catalogue by its key in the customer's
 * language; English, or a message outside the catalogue, as the service words it.
 */
export function onboardingRuleText(message: string, language: ProfileWordLanguage): string {
  if (language === "eng") return message;
  const found = ruleOf(message);
  if (!found) return message;
  return ONBOARDING_RULE_TEXTS[language][found.rule].replace(/\{(\w+)\}/g, (whole, name: string) => found.params[name] ?? whole);
}
