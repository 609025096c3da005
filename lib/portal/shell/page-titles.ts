import type { Metadata } from "next";

import { defineTexts } from "../i18n/locale";
import { requestLocale } from "../i18n/request-locale";

/* Each portal page's title (the browser tab, the history, what a screen reader announces first), in the reader's language. */

const PAGE_TITLES = defineTexts({
  eng: {
    signIn: "Sign in",
    cases: "Cases",
    case: "Case",
    dashboard: "Dashboard",
    control: "Control list",
    stock: "Stock",
    receiverProposals: "E-invoice proposals",
    credit: "Credit check",
    newInvoice: "New invoice",
    newReminder: "New reminder",
    newCollection: "New collection",
    newLetter: "New letter",
    upload: "Bulk upload",
    drafts: "Drafts",
    account: "Account",
    connections: "Connections",
    receiver: "Event receiver",
    onboardedProfiles: "Onboarded profiles",
    onboardProfile: "Onboard a customer profile",
  },
  fin: {
    signIn: "Kirjaudu sisään",
    cases: "Tapaukset",
    case: "Tapaus",
    dashboard: "Kojelauta",
    control: "Täsmäytyslista",
    stock: "Varasto",
    receiverProposals: "Verkkolaskuehdotukset",
    credit: "Luottotarkistus",
    newInvoice: "Uusi lasku",
    newReminder: "Uusi maksumuistutus",
    newCollection: "Uusi perintä",
    newLetter: "Uusi kirje",
    upload: "Massalataus",
    drafts: "Luonnokset",
    account: "Oma tili",
    connections: "Yhteydet",
    receiver: "Tapahtumien vastaanotin",
    onboardedProfiles: "Perustetut profiilit",
    onboardProfile: "Perusta asiakasprofiili",
  },
  swe: {
    signIn: "Logga in",
    cases: "Ärenden",
    case: "Ärende",
    dashboard: "Översikt",
    control: "Kontrollista",
    stock: "Lager",
    receiverProposals: "E-fakturaförslag",
    credit: "Kreditprövning",
    newInvoice: "Ny faktura",
    newReminder: "Ny påminnelse",
    newCollection: "Nytt inkassoärende",
    newLetter: "Nytt brev",
    upload: "Massuppladdning",
    drafts: "Utkast",
    account: "Konto",
    connections: "Anslutningar",
    receiver: "Händelsemottagare",
    onboardedProfiles: "Upprättade profiler",
    onboardProfile: "Upprätta en kundprofil",
  },
  nor: {
    signIn: "Logg inn",
    cases: "Saker",
    case: "Sak",
    dashboard: "Oversikt",
    control: "Kontrolliste",
    stock: "Lager",
    receiverProposals: "E-fakturaforslag",
    credit: "Kredittsjekk",
    newInvoice: "Ny faktura",
    newReminder: "Ny purring",
    newCollection: "Ny inkassosak",
    newLetter: "Nytt brev",
    upload: "Masseopplasting",
    drafts: "Utkast",
    account: "Konto",
    connections: "Tilkoblinger",
    receiver: "Hendelsesmottaker",
    onboardedProfiles: "Opprettede profiler",
    onboardProfile: "Opprett en kundeprofil",
  },
});

export type PageKey = keyof (typeof PAGE_TITLES)["eng"];

/** A page's metadata with its title in the reader's language: `export const generateMetadata = () => pageMetadata("cases")`. */
export async function pageMetadata(page: PageKey): Promise<Metadata> {
  return { title: PAGE_TITLES[await requestLocale()][page] };
}
