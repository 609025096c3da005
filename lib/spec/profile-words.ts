import type { Country } from "./environments";

/*
 * The words of a customer profile (POST /profile/createprofile) in each language the interface
 * names (customer_info.language): its members' labels and its code tables, for every form that asks
 * for them — the portal's onboarding wizard and the provider's own, its e-mail included.
 */

export const PROFILE_WORD_LANGUAGES = ["eng", "fin", "swe", "nor"] as const;
export type ProfileWordLanguage = (typeof PROFILE_WORD_LANGUAGES)[number];

export interface ProfileWords {
  /** The members a complete profile may lack (lib/spec/create-profile.ts missingProfileData), by path. */
  labels: Record<ProfileMember, string>;
  companyTypes: Record<"1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "10", string>;
  serviceTypes: Record<"0" | "1" | "2" | "3" | "4", string>;
  accountTypes: Record<"0" | "1" | "2" | "3", string>;
  invoicingMethods: Record<"1" | "2" | "3" | "4", string>;
}

export type ProfileMember =
  | "customer_info.name"
  | "customer_info.street_address"
  | "customer_info.postal_code"
  | "customer_info.town_or_city"
  | "customer_info.country"
  | "customer_info.liable_to_pay_vat"
  | "customer_info.vat_number"
  | "customer_info.customer_company_type"
  | "customer_service_contact.telephone"
  | "customer_service_contact.email"
  | "contact_person.name"
  | "services.service_types"
  | "settlement_settings.bank_account_type"
  | "settlement_settings.bank_account_number"
  | "settlement_settings.bank_account_owner"
  | "ropo_service_fees.invoicing_method"
  | "ropo_service_fees.invoicing_email_address"
  | "ropo_service_fees.evoice_address"
  | "ropo_service_fees.broker_id";

export const PROFILE_WORDS: Record<ProfileWordLanguage, ProfileWords> = {
  eng: {
    labels: {
      "customer_info.name": "Company name",
      "customer_info.street_address": "Street address",
      "customer_info.postal_code": "Postal code",
      "customer_info.town_or_city": "Town or city",
      "customer_info.country": "Country",
      "customer_info.liable_to_pay_vat": "Liable to pay VAT",
      "customer_info.vat_number": "VAT number",
      "customer_info.customer_company_type": "Type of company",
      "customer_service_contact.telephone": "Customer service telephone",
      "customer_service_contact.email": "Customer service e-mail",
      "contact_person.name": "Contact person's name",
      "services.service_types": "Services",
      "settlement_settings.bank_account_type": "Type of account",
      "settlement_settings.bank_account_number": "Account number",
      "settlement_settings.bank_account_owner": "Account owner",
      "ropo_service_fees.invoicing_method": "Invoicing method",
      "ropo_service_fees.invoicing_email_address": "E-mail for invoices",
      "ropo_service_fees.evoice_address": "E-invoice address",
      "ropo_service_fees.broker_id": "E-invoice operator (broker id)",
    },
    companyTypes: {
      "1": "Corporate and community customer",
      "2": "Sole proprietor",
      "3": "Housing company",
      "4": "Association",
      "5": "Foundation",
      "6": "Mutual real estate company",
      "7": "Religious community",
      "8": "Foreign entity",
      "9": "General or limited partnership",
      "10": "Public law entity",
    },
    serviceTypes: { "0": "Printing", "1": "Invoicing", "2": "Reminders", "3": "Debt collection", "4": "Sending e-invoices (B2B)" },
    accountTypes: { "0": "IBAN", "1": "BBAN (domestic account)", "2": "Plusgiro", "3": "Bankgiro" },
    invoicingMethods: { "1": "Post", "2": "E-mail", "3": "E-invoice", "4": "Peppol" },
  },
  fin: {
    labels: {
      "customer_info.name": "Yrityksen nimi",
      "customer_info.street_address": "Katuosoite",
      "customer_info.postal_code": "Postinumero",
      "customer_info.town_or_city": "Postitoimipaikka",
      "customer_info.country": "Maa",
      "customer_info.liable_to_pay_vat": "Arvonlisäverovelvollinen",
      "customer_info.vat_number": "ALV-tunniste",
      "customer_info.customer_company_type": "Yritysmuoto",
      "customer_service_contact.telephone": "Asiakaspalvelun puhelin",
      "customer_service_contact.email": "Asiakaspalvelun sähköposti",
      "contact_person.name": "Yhteyshenkilön nimi",
      "services.service_types": "Palvelut",
      "settlement_settings.bank_account_type": "Tilin tyyppi",
      "settlement_settings.bank_account_number": "Tilinumero",
      "settlement_settings.bank_account_owner": "Tilin omistaja",
      "ropo_service_fees.invoicing_method": "Laskutustapa",
      "ropo_service_fees.invoicing_email_address": "Laskujen sähköpostiosoite",
      "ropo_service_fees.evoice_address": "Verkkolaskuosoite",
      "ropo_service_fees.broker_id": "Verkkolaskuoperaattori (välittäjätunnus)",
    },
    companyTypes: {
      "1": "Yritys- ja yhteisöasiakas",
      "2": "Yksityinen elinkeinonharjoittaja",
      "3": "Asunto-osakeyhtiö",
      "4": "Yhdistys",
      "5": "Säätiö",
      "6": "Keskinäinen kiinteistöosakeyhtiö",
      "7": "Uskonnollinen yhdyskunta",
      "8": "Ulkomainen yhteisö",
      "9": "Avoin tai kommandiittiyhtiö",
      "10": "Julkisoikeudellinen yhteisö",
    },
    serviceTypes: { "0": "Tulostus", "1": "Laskutus", "2": "Maksumuistutukset", "3": "Perintä", "4": "Verkkolaskujen lähetys (B2B)" },
    accountTypes: { "0": "IBAN", "1": "BBAN (kotimainen tili)", "2": "Plusgiro", "3": "Bankgiro" },
    invoicingMethods: { "1": "Kirje", "2": "Sähköposti", "3": "Verkkolasku", "4": "Peppol" },
  },
  swe: {
    labels: {
      "customer_info.name": "Företagsnamn",
      "customer_info.street_address": "Gatuadress",
      "customer_info.postal_code": "Postnummer",
      "customer_info.town_or_city": "Ort",
      "customer_info.country": "Land",
      "customer_info.liable_to_pay_vat": "Momsregistrerad",
      "customer_info.vat_number": "Momsregistreringsnummer",
      "customer_info.customer_company_type": "Företagsform",
      "customer_service_contact.telephone": "Kundtjänstens telefon",
      "customer_service_contact.email": "Kundtjänstens e-post",
      "contact_person.name": "Kontaktpersonens namn",
      "services.service_types": "Tjänster",
      "settlement_settings.bank_account_type": "Kontotyp",
      "settlement_settings.bank_account_number": "Kontonummer",
      "settlement_settings.bank_account_owner": "Kontoinnehavare",
      "ropo_service_fees.invoicing_method": "Faktureringssätt",
      "ropo_service_fees.invoicing_email_address": "E-post för fakturor",
      "ropo_service_fees.evoice_address": "E-fakturaadress",
      "ropo_service_fees.broker_id": "E-fakturaoperatör (förmedlar-id)",
    },
    companyTypes: {
      "1": "Företags- och samfundskund",
      "2": "Enskild näringsidkare",
      "3": "Bostadsaktiebolag",
      "4": "Förening",
      "5": "Stiftelse",
      "6": "Ömsesidigt fastighetsaktiebolag",
      "7": "Religiöst samfund",
      "8": "Utländsk enhet",
      "9": "Handels- eller kommanditbolag",
      "10": "Offentligrättslig enhet",
    },
    serviceTypes: { "0": "Utskrift", "1": "Fakturering", "2": "Påminnelser", "3": "Inkasso", "4": "Sändning av e-fakturor (B2B)" },
    accountTypes: { "0": "IBAN", "1": "BBAN (inhemskt konto)", "2": "Plusgiro", "3": "Bankgiro" },
    invoicingMethods: { "1": "Post", "2": "E-post", "3": "E-faktura", "4": "Peppol" },
  },
  nor: {
    labels: {
      "customer_info.name": "Foretaksnavn",
      "customer_info.street_address": "Gateadresse",
      "customer_info.postal_code": "Postnummer",
      "customer_info.town_or_city": "Poststed",
      "customer_info.country": "Land",
      "customer_info.liable_to_pay_vat": "Merverdiavgiftspliktig",
      "customer_info.vat_number": "MVA-nummer",
      "customer_info.customer_company_type": "Selskapsform",
      "customer_service_contact.telephone": "Kundeservicens telefon",
      "customer_service_contact.email": "Kundeservicens e-post",
      "contact_person.name": "Kontaktpersonens navn",
      "services.service_types": "Tjenester",
      "settlement_settings.bank_account_type": "Kontotype",
      "settlement_settings.bank_account_number": "Kontonummer",
      "settlement_settings.bank_account_owner": "Kontoinnehaver",
      "ropo_service_fees.invoicing_method": "Faktureringsmåte",
      "ropo_service_fees.invoicing_email_address": "E-post for fakturaer",
      "ropo_service_fees.evoice_address": "E-fakturaadresse",
      "ropo_service_fees.broker_id": "E-fakturaoperatør (formidler-id)",
    },
    companyTypes: {
      "1": "Foretaks- og organisasjonskunde",
      "2": "Enkeltpersonforetak",
      "3": "Boligselskap",
      "4": "Forening",
      "5": "Stiftelse",
      "6": "Gjensidig eiendomsaksjeselskap",
      "7": "Trossamfunn",
      "8": "Utenlandsk enhet",
      "9": "Ansvarlig selskap eller kommandittselskap",
      "10": "Offentligrettslig enhet",
    },
    serviceTypes: { "0": "Utskrift", "1": "Fakturering", "2": "Purringer", "3": "Inkasso", "4": "Sending av e-fakturaer (B2B)" },
    accountTypes: { "0": "IBAN", "1": "BBAN (innenlandsk konto)", "2": "Plusgiro", "3": "Bankgiro" },
    invoicingMethods: { "1": "Post", "2": "E-post", "3": "E-faktura", "4": "Peppol" },
  },
};

/** The language of a profile's words: its customer_info.language, else its country's. */
export function profileLanguageOf(language: unknown, country: Country): ProfileWordLanguage {
  if ((PROFILE_WORD_LANGUAGES as readonly unknown[]).includes(language)) return language as ProfileWordLanguage;
  return country === "FIN" ? "fin" : country === "SWE" ? "swe" : "nor";
}
