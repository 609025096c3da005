import type { Country } from "./environments";
import { PROFILE_WORDS, type ProfileMember, type ProfileWordLanguage } from "./profile-words";

/*
 * The onboarding e-mail and the provider's onboarding wizard (app/onboarding) in the customer's
 * language (customer_info.language, else the country's): the contact person reads what they are
 * asked for in their own words. The members' labels and code tables are the interface's
 * (lib/spec/profile-words.ts); these are the sentences around them. Plain strings, so the page can
 * hand them to its client component.
 */

/** What the wizard's client component shows: plain strings only. */
export interface WizardFormTexts {
  done: string;
  doneDetail: string;
  expired: string;
  /** Above the answers to check; "{count}" is their number. */
  checkOne: string;
  checkMany: string;
  save: string;
  saving: string;
  yes: string;
  no: string;
  /** The empty choice of a list. */
  choose: string;
  /**
   * The provider speaking to its customer: the members whose shared label (lib/spec/profile-words.ts,
   * written for a partner's portal with its steps around them) would be ambiguous alone on this form.
   */
  labels: Partial<Record<ProfileMember, string>>;
  hints: {
    country: string;
    vatNumber: string;
    contact: string;
    accountOwner: string;
  };
}

export interface OnboardingTexts extends WizardFormTexts {
  /** The BCP 47 tag of the language, for the page's lang attribute. */
  lang: string;
  mailSubject: string;
  mail: {
    hello: (name: string | null) => string;
    started: (businessId: string, name: string | null, where: string) => string;
    open: string;
    asks: string;
    ignore: string;
  };
  /** Where the profile is: the country and whether it is a test environment. */
  where: (country: Country, isTest: boolean) => string;
  title: string;
  businessId: string;
  name: string;
  country: string;
  intro: string;
  invalidLink: string;
}

const COUNTRY_NAMES: Record<ProfileWordLanguage, Record<Country, string>> = {
  eng: { FIN: "Finland", SWE: "Sweden", NOR: "Norway" },
  fin: { FIN: "Suomi", SWE: "Ruotsi", NOR: "Norja" },
  swe: { FIN: "Finland", SWE: "Sverige", NOR: "Norge" },
  nor: { FIN: "Finland", SWE: "Sverige", NOR: "Norge" },
};

export const ONBOARDING_TEXTS: Record<ProfileWordLanguage, OnboardingTexts> = {
  eng: {
    lang: "en",
    mailSubject: "Complete your invoicing service profile",
    mail: {
      hello: (name) => `Hello${name ? ` ${name}` : ""},`,
      started: (businessId, name, where) => `An invoicing service profile was started for business id ${businessId}${name ? ` (${name})` : ""} in ${where}.`,
      open: "To complete it, open the onboarding wizard:",
      asks: "The wizard asks for:",
      ignore: "If you did not expect this message, you can ignore it.",
    },
    where: (country, isTest) => `${COUNTRY_NAMES.eng[country]}${isTest ? " (test environment)" : ""}`,
    title: "Complete your invoicing service profile",
    businessId: "Business id",
    name: "Name",
    country: "Country",
    intro: "A few details are still missing. Everything else your partner already gave us.",
    invalidLink: "This link is not valid: the profile was completed already, or the link was copied incompletely.",
    done: "Thank you: the profile is complete.",
    doneDetail: "Nothing more is needed. This link no longer works.",
    expired: "This link is no longer valid: the profile was completed, or the link was replaced.",
    checkOne: "Please check one answer:",
    checkMany: "Please check {count} answers:",
    save: "Save",
    saving: "Saving…",
    yes: "Yes",
    no: "No",
    choose: "Choose…",
    labels: {
      "settlement_settings.bank_account_type": "Type of settlement account",
      "settlement_settings.bank_account_number": "Settlement account number",
      "ropo_service_fees.invoicing_method": "How you receive our invoices",
      "ropo_service_fees.invoicing_email_address": "E-mail for our invoices",
    },
    hints: {
      country: "Three letters: FIN, SWE, NOR…",
      vatNumber: "For example",
      contact: "A telephone number or an e-mail address, or both",
      accountOwner: "As the bank knows the owner: used to verify the payee",
    },
  },
  fin: {
    lang: "fi",
    mailSubject: "Viimeistelkää laskutuspalvelun profiilinne",
    mail: {
      hello: (name) => `Hei${name ? ` ${name}` : ""},`,
      started: (businessId, name, where) =>
        `Y-tunnukselle ${businessId}${name ? ` (${name})` : ""} on aloitettu laskutuspalvelun profiili. Ympäristö: ${where}.`,
      open: "Viimeistelkää se käyttöönottolomakkeella:",
      asks: "Lomake kysyy:",
      ignore: "Jos ette odottanut tätä viestiä, voitte jättää sen huomiotta.",
    },
    where: (country, isTest) => `${COUNTRY_NAMES.fin[country]}${isTest ? " (testiympäristö)" : ""}`,
    title: "Viimeistelkää laskutuspalvelun profiilinne",
    businessId: "Y-tunnus",
    name: "Nimi",
    country: "Maa",
    intro: "Muutama tieto puuttuu vielä. Kaiken muun kumppaninne on jo antanut meille.",
    invalidLink: "Linkki ei kelpaa: profiili on jo viimeistelty tai linkki on kopioitu vajaana.",
    done: "Kiitos: profiili on valmis.",
    doneDetail: "Muuta ei tarvita. Linkki ei enää toimi.",
    expired: "Linkki ei enää kelpaa: profiili on viimeistelty tai linkki on korvattu uudella.",
    checkOne: "Tarkistakaa yksi vastaus:",
    checkMany: "Tarkistakaa {count} vastausta:",
    save: "Tallenna",
    saving: "Tallennetaan…",
    yes: "Kyllä",
    no: "Ei",
    choose: "Valitse…",
    labels: {
      "settlement_settings.bank_account_type": "Tilitystilin tyyppi",
      "settlement_settings.bank_account_number": "Tilitystilin numero",
      "ropo_service_fees.invoicing_method": "Miten haluatte vastaanottaa laskumme",
      "ropo_service_fees.invoicing_email_address": "Sähköpostiosoite laskuillemme",
    },
    hints: {
      country: "Kolme kirjainta: FIN, SWE, NOR…",
      vatNumber: "Esimerkiksi",
      contact: "Puhelinnumero, sähköpostiosoite tai molemmat",
      accountOwner: "Tilinomistajan nimi pankin tiedoissa; käytetään maksunsaajan tarkistuksessa",
    },
  },
  swe: {
    lang: "sv",
    mailSubject: "Slutför er profil i faktureringstjänsten",
    mail: {
      hello: (name) => `Hej${name ? ` ${name}` : ""},`,
      started: (businessId, name, where) =>
        `En profil i faktureringstjänsten har påbörjats för organisationsnummer ${businessId}${name ? ` (${name})` : ""}. Miljö: ${where}.`,
      open: "Slutför den i anslutningsguiden:",
      asks: "Guiden frågar efter:",
      ignore: "Om ni inte väntade er detta meddelande kan ni bortse från det.",
    },
    where: (country, isTest) => `${COUNTRY_NAMES.swe[country]}${isTest ? " (testmiljö)" : ""}`,
    title: "Slutför er profil i faktureringstjänsten",
    businessId: "Organisationsnummer",
    name: "Namn",
    country: "Land",
    intro: "Några uppgifter saknas fortfarande. Allt annat har er partner redan gett oss.",
    invalidLink: "Länken är inte giltig: profilen är redan slutförd, eller så kopierades länken ofullständigt.",
    done: "Tack: profilen är klar.",
    doneDetail: "Inget mer behövs. Länken fungerar inte längre.",
    expired: "Länken är inte längre giltig: profilen är slutförd, eller så har länken ersatts.",
    checkOne: "Kontrollera ett svar:",
    checkMany: "Kontrollera {count} svar:",
    save: "Spara",
    saving: "Sparar…",
    yes: "Ja",
    no: "Nej",
    choose: "Välj…",
    labels: {
      "settlement_settings.bank_account_type": "Typ av redovisningskonto",
      "settlement_settings.bank_account_number": "Redovisningskontots nummer",
      "ropo_service_fees.invoicing_method": "Hur ni vill ta emot våra fakturor",
      "ropo_service_fees.invoicing_email_address": "E-post för våra fakturor",
    },
    hints: {
      country: "Tre bokstäver: FIN, SWE, NOR…",
      vatNumber: "Till exempel",
      contact: "Ett telefonnummer eller en e-postadress, eller båda",
      accountOwner: "Ägarens namn så som det står hos banken; används för att kontrollera betalningsmottagaren",
    },
  },
  nor: {
    lang: "nb",
    mailSubject: "Fullfør profilen deres i faktureringstjenesten",
    mail: {
      hello: (name) => `Hei${name ? ` ${name}` : ""},`,
      started: (businessId, name, where) =>
        `En profil i faktureringstjenesten er startet for organisasjonsnummer ${businessId}${name ? ` (${name})` : ""}. Miljø: ${where}.`,
      open: "Fullfør den i oppstartsveiviseren:",
      asks: "Veiviseren spør etter:",
      ignore: "Hvis dere ikke ventet denne meldingen, kan dere se bort fra den.",
    },
    where: (country, isTest) => `${COUNTRY_NAMES.nor[country]}${isTest ? " (testmiljø)" : ""}`,
    title: "Fullfør profilen deres i faktureringstjenesten",
    businessId: "Organisasjonsnummer",
    name: "Navn",
    country: "Land",
    intro: "Noen opplysninger mangler fortsatt. Alt annet har partneren deres allerede gitt oss.",
    invalidLink: "Lenken er ikke gyldig: profilen er allerede fullført, eller lenken ble kopiert ufullstendig.",
    done: "Takk: profilen er fullført.",
    doneDetail: "Ingenting mer trengs. Lenken virker ikke lenger.",
    expired: "Lenken er ikke lenger gyldig: profilen er fullført, eller lenken er erstattet.",
    checkOne: "Kontroller ett svar:",
    checkMany: "Kontroller {count} svar:",
    save: "Lagre",
    saving: "Lagrer…",
    yes: "Ja",
    no: "Nei",
    choose: "Velg…",
    labels: {
      "settlement_settings.bank_account_type": "Type oppgjørskonto",
      "settlement_settings.bank_account_number": "Oppgjørskontonummer",
      "ropo_service_fees.invoicing_method": "Hvordan dere vil motta fakturaene våre",
      "ropo_service_fees.invoicing_email_address": "E-post for fakturaene våre",
    },
    hints: {
      country: "Tre bokstaver: FIN, SWE, NOR…",
      vatNumber: "For eksempel",
      contact: "Et telefonnummer eller en e-postadresse, eller begge",
      accountOwner: "Eierens navn slik det står hos banken; brukes til å kontrollere betalingsmottakeren",
    },
  },
};

/** A missing member (or "a or b") in the wizard's and the e-mail's words, in the customer's language. */
export function memberInWords(language: ProfileWordLanguage, path: string): string {
  const own: Readonly<Record<string, string>> = ONBOARDING_TEXTS[language].labels;
  const shared: Readonly<Record<string, string>> = PROFILE_WORDS[language].labels;
  const or = { eng: " or ", fin: " tai ", swe: " eller ", nor: " eller " }[language];
  return path
    .split(" or ")
    .map((part) => own[part] ?? shared[part] ?? part.split(".").at(-1)!.replaceAll("_", " "))
    .join(or);
}
