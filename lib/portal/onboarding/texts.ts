import { fieldProblemText } from "@/lib/portal/i18n/field-problem-text";
import { defineTexts, type Locale } from "@/lib/portal/i18n/locale";
import type { Country } from "@/lib/spec/environments";
import { PROFILE_WORDS } from "@/lib/spec/profile-words";

import type { StepId } from "./wizard-steps";

/*
 * Texts of the onboarding pages. Plain strings only, so a page can hand them to client components;
 * "{name}" marks a value filled in with fillText(). Field labels are keyed by the createprofile
 * member's path (users' members as "users.<member>"), so the review and the list of what the
 * provider still needs name a member with the same label as its field.
 */

export const FIELD_KEYS = [
  "connectionId",
  "customer_info.business_id",
  "customer_info.name",
  "customer_info.street_address",
  "customer_info.street_address2",
  "customer_info.postal_code",
  "customer_info.town_or_city",
  "customer_info.country",
  "customer_info.language",
  "customer_info.currency",
  "customer_info.liable_to_pay_vat",
  "customer_info.vat_number",
  "customer_info.customer_company_type",
  "additional_information.profile_uuid",
  "contact_person.name",
  "contact_person.telephone",
  "contact_person.email",
  "customer_service_contact.telephone",
  "customer_service_contact.email",
  "customer_service_contact.www",
  "agreement_acceptor.email",
  "money_laundering_acceptor.email",
  "services.service_types",
  "settlement_settings.bank_account_type",
  "settlement_settings.bank_account_number",
  "settlement_settings.bank_account_owner",
  "settlement_settings.reference_length",
  "ropo_service_fees.invoicing_method",
  "ropo_service_fees.invoicing_email_address",
  "ropo_service_fees.evoice_address",
  "ropo_service_fees.broker_id",
  "users.first_name",
  "users.last_name",
  "users.street_address",
  "users.postal_code",
  "users.town_or_city",
  "users.country",
  "users.nationality",
  "users.ssn",
  "users.phone_number",
  "users.email",
  "users.language",
  "allowIncompleteData",
] as const;
type FieldKey = (typeof FIELD_KEYS)[number];

type Codes<K extends string> = Record<K, string>;

export interface OnboardingTexts {
  listTitle: string;
  listIntro: string;
  newProfile: string;
  listEmpty: string;
  columns: { business: string; name: string; contact: string; environment: string; customerId: string; state: string; sent: string };
  statuses: Codes<"created" | "onboarding" | "incomplete" | "unknown">;
  statusHelp: Codes<"created" | "onboarding" | "incomplete">;
  /** The onboarded profile's own connection, added when its apicode arrived (receive-apikey.ts). */
  connected: string;
  /** A created profile whose apicode has not arrived yet. */
  awaitingApicode: string;
  wizardTitle: string;
  wizardIntro: string;
  noConnections: string;
  noConnectionsLink: string;
  progress: string;
  stepOf: string;
  stepDone: string;
  stepNames: Record<StepId, string>;
  stepIntros: Record<Exclude<StepId, "answer">, string>;
  next: string;
  back: string;
  submit: string;
  submitting: string;
  change: string;
  startOver: string;
  restored: string;
  checkFields: string;
  failed: string;
  loading: string;
  refusedAt: string;
  optional: string;
  choose: string;
  countryDefault: string;
  notStated: string;
  yes: string;
  no: string;
  mode: string;
  modeFull: string;
  modeFullHint: string;
  modeMinimal: string;
  modeMinimalHint: string;
  rulesTitle: string;
  countryNames: Record<Country, string>;
  countryRules: Record<Country, string[]>;
  labels: Record<FieldKey, string>;
  hints: Partial<Record<FieldKey, string>>;
  customerServiceEither: string;
  languages: Codes<"fin" | "eng" | "swe" | "nor">;
  companyTypes: Codes<"1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "10">;
  serviceTypes: Codes<"0" | "1" | "2" | "3" | "4">;
  accountTypes: Codes<"0" | "1" | "2" | "3">;
  invoicingMethods: Codes<"1" | "2" | "3" | "4">;
  groups: {
    company: string;
    address: string;
    vat: string;
    yourId: string;
    contactPerson: string;
    customerService: string;
    acceptors: string;
    account: string;
    references: string;
  };
  user: string;
  addUser: string;
  removeUser: string;
  noUsers: string;
  ssnMemory: string;
  reviewSent: string;
  reviewMissing: string;
  reviewMissingIntro: string;
  reviewNothingMissing: string;
  reviewNotValid: string;
  reviewLeftEmpty: string;
  reviewJson: string;
  /** Closes the window that shows the request as JSON. */
  closeJson: string;
  hiddenValue: string;
  allowIncompleteHint: string;
  answerTitle: string;
  customerId: string;
  status: string;
  message: string;
  stillMissing: string;
  another: string;
  toList: string;
  /** The wizard's own rule: a user row left empty. */
  emptyUser: string;
}

export const ONBOARDING_TEXTS = defineTexts<OnboardingTexts>({
  eng: {
    listTitle: "Onboarded profiles",
    listIntro: "Customer profiles your organization has onboarded through createprofile, newest first, each with the state the service answered.",
    newProfile: "Onboard a customer profile",
    listEmpty: "No customer profiles onboarded yet.",
    columns: {
      business: "Business id",
      name: "Name",
      contact: "Contact e-mail",
      environment: "Environment",
      customerId: "Customer id",
      state: "State",
      sent: "Sent",
    },
    statuses: { created: "Created", onboarding: "Onboarding", incomplete: "Incomplete", unknown: "Unknown" },
    statusHelp: {
      created:
        "Every required datum was sent, so the profile was created and the provider's onboarding skipped. When the provider delivers its apicode to this portal, the profile becomes a connection by itself; otherwise the provider's support issues it.",
      onboarding: "The contact person received an e-mail with a link to the provider's onboarding wizard, which collects what is still missing.",
      incomplete: "Stored for later completion; no e-mail was sent. Send the rest later with the same business id.",
    },
    connected: "Connection added: ",
    awaitingApicode: "Its apicode has not come to this portal: the provider delivers it here, or its support issues it.",
    wizardTitle: "Onboard a customer profile",
    wizardIntro:
      "Create a customer profile in one of your environments: send everything now, or only the business id and an e-mail and let the provider's own wizard collect the rest.",
    noConnections: "Your organization has no connection to a service yet.",
    noConnectionsLink: "Add a connection",
    progress: "Progress",
    stepOf: "Step {n} of {total}",
    stepDone: "done",
    stepNames: {
      connection: "Environment",
      customer: "Customer info",
      contacts: "Contacts and acceptors",
      services: "Services",
      settlement: "Settlement",
      fees: "Invoicing fees",
      users: "Users",
      review: "Review",
      answer: "Answer",
    },
    stepIntros: {
      connection: "Choose the environment the profile is created in: its country decides the rules.",
      customer: "The customer's company. Only the business id is required; the provider's wizard collects what you leave empty.",
      contacts: "Who the provider contacts. The onboarding e-mail goes to the contact person.",
      services: "The services the customer uses.",
      settlement: "Where the provider settles the customer's collected payments.",
      fees: "How the customer receives the provider's invoices for its fees.",
      users: "The profile's users. The first one becomes its admin.",
      review: "Everything below is sent to the service. Check it, then send.",
    },
    next: "Next",
    back: "Back",
    submit: "Send to the service",
    submitting: "Sending…",
    change: "Change",
    startOver: "Start over",
    restored: "Your entries from earlier in this session were restored.",
    checkFields: "Check the marked fields.",
    loading: "Loading the wizard…",
    failed: "The portal could not be reached; nothing was sent. Try again in a moment.",
    refusedAt: "The service refused some fields; they are marked.",
    optional: "optional",
    choose: "Choose…",
    countryDefault: "The country's default",
    notStated: "Not stated",
    yes: "Yes",
    no: "No",
    mode: "What to send",
    modeFull: "Everything now",
    modeFullHint: "Go through every step. When nothing required is missing, the profile is created at once.",
    modeMinimal: "Only the business id and an e-mail",
    modeMinimalHint: "The contact person receives an e-mail with a link to the provider's own onboarding wizard, which collects the rest.",
    rulesTitle: "Rules in {country}",
    countryNames: { FIN: "Finland", SWE: "Sweden", NOR: "Norway" },
    countryRules: {
      FIN: [
        "The type of company is required.",
        "A money laundering (KYC) acceptor is asked for; the contact person by default.",
        "The settlement account is an IBAN.",
        "The length of payment references is the service's own.",
      ],
      SWE: [
        "The settlement account is an IBAN, a BBAN (clearing and account number), a Plusgiro or a Bankgiro number.",
        "You may fix the length of payment references (10–25).",
      ],
      NOR: ["The settlement account is an IBAN or an 11-digit BBAN.", "You may fix the length of payment references (10–25)."],
    },
    labels: {
      ...PROFILE_WORDS.eng.labels,
      connectionId: "Environment",
      "customer_info.business_id": "Business id",
      "customer_info.street_address2": "Street address, line 2",
      "customer_info.language": "Language",
      "customer_info.currency": "Currency",
      "additional_information.profile_uuid": "Your own id for this customer",
      "contact_person.telephone": "Contact person's telephone",
      "contact_person.email": "Contact person's e-mail",
      "customer_service_contact.www": "Web site",
      "agreement_acceptor.email": "Agreement acceptor's e-mail",
      "money_laundering_acceptor.email": "Money laundering (KYC) acceptor's e-mail",
      "settlement_settings.reference_length": "Length of payment references",
      "users.first_name": "First name",
      "users.last_name": "Last name",
      "users.street_address": "Street address",
      "users.postal_code": "Postal code",
      "users.town_or_city": "Town or city",
      "users.country": "Country",
      "users.nationality": "Nationality",
      "users.ssn": "Personal identity code",
      "users.phone_number": "Telephone",
      "users.email": "E-mail",
      "users.language": "Language",
      allowIncompleteData: "Store the profile for later completion instead of starting onboarding (allowIncompleteData)",
    },
    hints: {
      "customer_info.business_id": "Or a personal identity code for a sole proprietor. It cannot be changed afterwards.",
      "customer_info.vat_number": "Not needed when the customer is not liable to pay VAT.",
      "customer_info.customer_company_type": "Needed in Finland for a complete profile.",
      "additional_information.profile_uuid": "Your system's unique id for the customer; sending again with it completes the same profile.",
      "contact_person.email": "The onboarding e-mail with the link to the provider's wizard goes here.",
      "agreement_acceptor.email": "Receives a link to accept the service agreement. The contact person by default.",
      "money_laundering_acceptor.email": "Receives a link to the KYC questionnaire. The contact person by default.",
      "settlement_settings.bank_account_owner": "As the bank knows the owner: used to verify the payee.",
      "settlement_settings.reference_length": "10 to 25 digits.",
      "ropo_service_fees.broker_id": "The e-invoice operator's id, for example OKOYFIHH.",
    },
    customerServiceEither: "Customer service telephone or e-mail",
    languages: { fin: "Finnish", eng: "English", swe: "Swedish", nor: "Norwegian" },
    companyTypes: PROFILE_WORDS.eng.companyTypes,
    serviceTypes: PROFILE_WORDS.eng.serviceTypes,
    accountTypes: PROFILE_WORDS.eng.accountTypes,
    invoicingMethods: PROFILE_WORDS.eng.invoicingMethods,
    groups: {
      company: "Company",
      address: "Address",
      vat: "VAT",
      yourId: "Your reference",
      contactPerson: "Contact person",
      customerService: "Customer service",
      acceptors: "Acceptors",
      account: "Settlement account",
      references: "Payment references",
    },
    user: "User {n}",
    addUser: "Add a user",
    removeUser: "Remove user {n}",
    noUsers: "No users yet. You may add them here or let the provider's wizard collect them.",
    ssnMemory: "Kept only while this page is open: never saved in the browser or the portal. Type it again after reloading the page.",
    reviewSent: "What will be sent",
    reviewMissing: "What the provider will still need",
    reviewMissingIntro:
      "These are missing from a complete profile. Unless you store the profile for later completion, the contact person receives an e-mail and the provider's wizard collects them.",
    reviewNothingMissing: "Nothing is missing: the profile will be created at once, without onboarding.",
    reviewNotValid: "Some values are not valid yet; what is missing is known once they are fixed.",
    reviewLeftEmpty: "Left empty",
    reviewJson: "The request as JSON",
    closeJson: "Close",
    hiddenValue: "(hidden)",
    allowIncompleteHint:
      "When something is missing, the service then stores the profile as incomplete and sends no e-mail; you complete it later by sending again with the same business id. Leave it unchecked to have the provider's wizard collect the rest from the contact person.",
    answerTitle: "The service's answer",
    customerId: "Customer id",
    status: "State",
    message: "Message",
    stillMissing: "Still missing",
    another: "Onboard another profile",
    toList: "See onboarded profiles",
    emptyUser: "Fill in the user or remove the row.",
  },
  fin: {
    listTitle: "Perustetut asiakasprofiilit",
    listIntro: "Organisaatiosi createprofile-rajapinnalla perustamat asiakasprofiilit uusin ensin, kukin palvelun vastaaman tilan kanssa.",
    newProfile: "Perusta asiakasprofiili",
    listEmpty: "Asiakasprofiileja ei ole vielä perustettu.",
    columns: {
      business: "Y-tunnus",
      name: "Nimi",
      contact: "Yhteyshenkilön sähköposti",
      environment: "Ympäristö",
      customerId: "Asiakastunnus",
      state: "Tila",
      sent: "Lähetetty",
    },
    statuses: { created: "Perustettu", onboarding: "Käyttöönotossa", incomplete: "Keskeneräinen", unknown: "Tuntematon" },
    statusHelp: {
      created:
        "Kaikki pakolliset tiedot lähetettiin, joten profiili perustettiin ja palveluntarjoajan käyttöönotto ohitettiin. Kun palveluntarjoaja toimittaa sen apicoden tähän portaaliin, profiilista tulee yhteys itsestään; muuten palveluntarjoajan tuki antaa sen.",
      onboarding: "Yhteyshenkilö sai sähköpostin, jossa on linkki palveluntarjoajan käyttöönottolomakkeelle. Se kerää puuttuvat tiedot.",
      incomplete: "Tallennettu täydennettäväksi myöhemmin; sähköpostia ei lähetetty. Lähetä loput myöhemmin samalla y-tunnuksella.",
    },
    connected: "Yhteys lisätty: ",
    awaitingApicode: "Sen apicode ei ole tullut tähän portaaliin: palveluntarjoaja toimittaa sen tänne, tai sen tuki antaa sen.",
    wizardTitle: "Perusta asiakasprofiili",
    wizardIntro:
      "Perusta asiakasprofiili johonkin ympäristöistäsi: lähetä kaikki tiedot nyt tai vain y-tunnus ja sähköposti, jolloin palveluntarjoajan oma lomake kerää loput.",
    noConnections: "Organisaatiollasi ei ole vielä yhteyttä palveluun.",
    noConnectionsLink: "Lisää yhteys",
    progress: "Eteneminen",
    stepOf: "Vaihe {n}/{total}",
    stepDone: "valmis",
    stepNames: {
      connection: "Ympäristö",
      customer: "Asiakkaan tiedot",
      contacts: "Yhteyshenkilöt ja hyväksyjät",
      services: "Palvelut",
      settlement: "Tilitys",
      fees: "Palvelumaksujen laskutus",
      users: "Käyttäjät",
      review: "Tarkistus",
      answer: "Vastaus",
    },
    stepIntros: {
      connection: "Valitse ympäristö, johon profiili perustetaan: sen maa ratkaisee säännöt.",
      customer: "Asiakasyrityksen tiedot. Vain y-tunnus on pakollinen; palveluntarjoajan lomake kerää tyhjiksi jätetyt.",
      contacts: "Keihin palveluntarjoaja on yhteydessä. Käyttöönoton sähköposti lähetetään yhteyshenkilölle.",
      services: "Palvelut, joita asiakas käyttää.",
      settlement: "Minne palveluntarjoaja tilittää asiakkaan perimät suoritukset.",
      fees: "Miten asiakas saa palveluntarjoajan laskut palvelumaksuista.",
      users: "Profiilin käyttäjät. Ensimmäisestä tulee sen pääkäyttäjä.",
      review: "Kaikki alla oleva lähetetään palveluun. Tarkista tiedot ja lähetä.",
    },
    next: "Seuraava",
    back: "Edellinen",
    submit: "Lähetä palveluun",
    submitting: "Lähetetään…",
    change: "Muuta",
    startOver: "Aloita alusta",
    restored: "Tämän istunnon aiemmat syötteesi palautettiin.",
    checkFields: "Tarkista merkityt kentät.",
    loading: "Ladataan…",
    failed: "Portaaliin ei saatu yhteyttä; mitään ei lähetetty. Yritä hetken päästä uudelleen.",
    refusedAt: "Palvelu hylkäsi joitakin kenttiä; ne on merkitty.",
    optional: "valinnainen",
    choose: "Valitse…",
    countryDefault: "Maan oletus",
    notStated: "Ei ilmoitettu",
    yes: "Kyllä",
    no: "Ei",
    mode: "Mitä lähetetään",
    modeFull: "Kaikki tiedot nyt",
    modeFullHint: "Käy läpi kaikki vaiheet. Kun mitään pakollista ei puutu, profiili perustetaan heti.",
    modeMinimal: "Vain y-tunnus ja sähköposti",
    modeMinimalHint: "Yhteyshenkilö saa sähköpostin, jossa on linkki palveluntarjoajan omalle käyttöönottolomakkeelle. Se kerää loput tiedot.",
    rulesTitle: "Säännöt: {country}",
    countryNames: { FIN: "Suomi", SWE: "Ruotsi", NOR: "Norja" },
    countryRules: {
      FIN: [
        "Yritysmuoto on pakollinen.",
        "Rahanpesun (KYC) hyväksyjä kysytään; oletuksena yhteyshenkilö.",
        "Tilitystili on IBAN.",
        "Viitenumeroiden pituuden määrää palvelu.",
      ],
      SWE: ["Tilitystili on IBAN, BBAN (clearing- ja tilinumero), Plusgiro tai Bankgiro.", "Viitteiden pituuden voi kiinnittää (10–25)."],
      NOR: ["Tilitystili on IBAN tai 11-numeroinen BBAN.", "Viitteiden pituuden voi kiinnittää (10–25)."],
    },
    labels: {
      ...PROFILE_WORDS.fin.labels,
      connectionId: "Ympäristö",
      "customer_info.business_id": "Y-tunnus",
      "customer_info.street_address2": "Katuosoite, rivi 2",
      "customer_info.language": "Kieli",
      "customer_info.currency": "Valuutta",
      "additional_information.profile_uuid": "Oma tunnuksenne asiakkaalle",
      "contact_person.telephone": "Yhteyshenkilön puhelin",
      "contact_person.email": "Yhteyshenkilön sähköposti",
      "customer_service_contact.www": "Verkkosivut",
      "agreement_acceptor.email": "Sopimuksen hyväksyjän sähköposti",
      "money_laundering_acceptor.email": "Rahanpesun (KYC) hyväksyjän sähköposti",
      "settlement_settings.reference_length": "Viitenumeroiden pituus",
      "users.first_name": "Etunimi",
      "users.last_name": "Sukunimi",
      "users.street_address": "Katuosoite",
      "users.postal_code": "Postinumero",
      "users.town_or_city": "Postitoimipaikka",
      "users.country": "Maa",
      "users.nationality": "Kansalaisuus",
      "users.ssn": "Henkilötunnus",
      "users.phone_number": "Puhelin",
      "users.email": "Sähköposti",
      "users.language": "Kieli",
      allowIncompleteData: "Tallenna profiili täydennettäväksi myöhemmin käyttöönoton sijaan (allowIncompleteData)",
    },
    hints: {
      "customer_info.business_id": "Tai toiminimen henkilötunnus. Sitä ei voi muuttaa jälkikäteen.",
      "customer_info.vat_number": "Ei tarvita, jos asiakas ei ole arvonlisäverovelvollinen.",
      "customer_info.customer_company_type": "Tarvitaan Suomessa valmiiseen profiiliin.",
      "additional_information.profile_uuid": "Järjestelmänne yksilöivä tunnus asiakkaalle; uusi lähetys samalla tunnuksella täydentää saman profiilin.",
      "contact_person.email": "Käyttöönoton sähköposti ja linkki palveluntarjoajan lomakkeelle lähetetään tähän.",
      "agreement_acceptor.email": "Saa linkin palvelusopimuksen hyväksymiseen. Oletuksena yhteyshenkilö.",
      "money_laundering_acceptor.email": "Saa linkin KYC-kyselyyn. Oletuksena yhteyshenkilö.",
      "settlement_settings.bank_account_owner": "Kuten pankki omistajan tuntee: käytetään maksunsaajan tarkistuksessa.",
      "settlement_settings.reference_length": "10–25 numeroa.",
      "ropo_service_fees.broker_id": "Verkkolaskuoperaattorin tunnus, esimerkiksi OKOYFIHH.",
    },
    customerServiceEither: "Asiakaspalvelun puhelin tai sähköposti",
    languages: { fin: "suomi", eng: "englanti", swe: "ruotsi", nor: "norja" },
    companyTypes: PROFILE_WORDS.fin.companyTypes,
    serviceTypes: PROFILE_WORDS.fin.serviceTypes,
    accountTypes: PROFILE_WORDS.fin.accountTypes,
    invoicingMethods: PROFILE_WORDS.fin.invoicingMethods,
    groups: {
      company: "Yritys",
      address: "Osoite",
      vat: "Arvonlisävero",
      yourId: "Oma viitteenne",
      contactPerson: "Yhteyshenkilö",
      customerService: "Asiakaspalvelu",
      acceptors: "Hyväksyjät",
      account: "Tilitystili",
      references: "Viitenumerot",
    },
    user: "Käyttäjä {n}",
    addUser: "Lisää käyttäjä",
    removeUser: "Poista käyttäjä {n}",
    noUsers: "Ei vielä käyttäjiä. Voit lisätä ne tässä tai antaa palveluntarjoajan lomakkeen kerätä ne.",
    ssnMemory: "Säilyy vain niin kauan kuin sivu on auki: sitä ei tallenneta selaimeen eikä portaaliin. Kirjoita se uudelleen, jos lataat sivun uudelleen.",
    reviewSent: "Mitä lähetetään",
    reviewMissing: "Mitä palveluntarjoaja vielä tarvitsee",
    reviewMissingIntro:
      "Nämä puuttuvat valmiista profiilista. Ellei profiilia tallenneta täydennettäväksi, yhteyshenkilö saa sähköpostin ja palveluntarjoajan lomake kerää ne.",
    reviewNothingMissing: "Mitään ei puutu: profiili perustetaan heti ilman käyttöönottoa.",
    reviewNotValid: "Kaikki arvot eivät ole vielä kelvollisia; puuttuvat tiedot selviävät, kun ne on korjattu.",
    reviewLeftEmpty: "Jätetty tyhjäksi",
    reviewJson: "Pyyntö JSON-muodossa",
    closeJson: "Sulje",
    hiddenValue: "(piilotettu)",
    allowIncompleteHint:
      "Jos jotain puuttuu, palvelu tallentaa profiilin keskeneräisenä eikä lähetä sähköpostia; täydennät sen myöhemmin lähettämällä uudelleen samalla y-tunnuksella. Jätä valitsematta, jos palveluntarjoajan lomake kerää loput yhteyshenkilöltä.",
    answerTitle: "Palvelun vastaus",
    customerId: "Asiakastunnus",
    status: "Tila",
    message: "Viesti",
    stillMissing: "Puuttuu vielä",
    another: "Perusta toinen profiili",
    toList: "Näytä perustetut profiilit",
    emptyUser: "Täytä käyttäjän tiedot tai poista rivi.",
  },
  swe: {
    listTitle: "Anslutna kundprofiler",
    listIntro: "Kundprofiler som din organisation har anslutit via createprofile, de nyaste först, var och en med det läge tjänsten svarade.",
    newProfile: "Anslut en kundprofil",
    listEmpty: "Inga kundprofiler har anslutits ännu.",
    columns: {
      business: "Organisationsnummer",
      name: "Namn",
      contact: "Kontaktpersonens e-post",
      environment: "Miljö",
      customerId: "Kund-id",
      state: "Läge",
      sent: "Skickad",
    },
    statuses: { created: "Skapad", onboarding: "Under anslutning", incomplete: "Ofullständig", unknown: "Okänt" },
    statusHelp: {
      created:
        "Alla obligatoriska uppgifter skickades, så profilen skapades och leverantörens anslutning hoppades över. När leverantören levererar dess apicode till portalen blir profilen en anslutning av sig själv; annars utfärdar leverantörens support den.",
      onboarding: "Kontaktpersonen fick ett e-postmeddelande med en länk till leverantörens anslutningsguide, som samlar in det som saknas.",
      incomplete: "Sparad för senare komplettering; inget e-postmeddelande skickades. Skicka resten senare med samma organisationsnummer.",
    },
    connected: "Anslutning tillagd: ",
    awaitingApicode: "Dess apicode har inte kommit till portalen: leverantören levererar den hit, eller så utfärdar dess support den.",
    wizardTitle: "Anslut en kundprofil",
    wizardIntro:
      "Skapa en kundprofil i någon av dina miljöer: skicka allt nu, eller bara organisationsnumret och en e-postadress och låt leverantörens egen guide samla in resten.",
    noConnections: "Din organisation har ännu ingen anslutning till en tjänst.",
    noConnectionsLink: "Lägg till en anslutning",
    progress: "Förlopp",
    stepOf: "Steg {n} av {total}",
    stepDone: "klart",
    stepNames: {
      connection: "Miljö",
      customer: "Kunduppgifter",
      contacts: "Kontakter och godkännare",
      services: "Tjänster",
      settlement: "Redovisning",
      fees: "Fakturering av avgifter",
      users: "Användare",
      review: "Granskning",
      answer: "Svar",
    },
    stepIntros: {
      connection: "Välj miljön som profilen skapas i: dess land avgör reglerna.",
      customer: "Kundens företag. Bara organisationsnumret krävs; leverantörens guide samlar in det du lämnar tomt.",
      contacts: "Vem leverantören kontaktar. Anslutningsmeddelandet går till kontaktpersonen.",
      services: "Tjänsterna som kunden använder.",
      settlement: "Vart leverantören redovisar kundens inkasserade betalningar.",
      fees: "Hur kunden får leverantörens fakturor för avgifterna.",
      users: "Profilens användare. Den första blir dess administratör.",
      review: "Allt nedan skickas till tjänsten. Kontrollera och skicka.",
    },
    next: "Nästa",
    back: "Tillbaka",
    submit: "Skicka till tjänsten",
    submitting: "Skickar…",
    change: "Ändra",
    startOver: "Börja om",
    restored: "Dina uppgifter från tidigare i denna session återställdes.",
    checkFields: "Kontrollera de markerade fälten.",
    loading: "Laddar…",
    failed: "Portalen kunde inte nås; inget skickades. Försök igen om en stund.",
    refusedAt: "Tjänsten avvisade några fält; de är markerade.",
    optional: "valfritt",
    choose: "Välj…",
    countryDefault: "Landets standard",
    notStated: "Ej angivet",
    yes: "Ja",
    no: "Nej",
    mode: "Vad som skickas",
    modeFull: "Allt nu",
    modeFullHint: "Gå igenom alla steg. När inget obligatoriskt saknas skapas profilen direkt.",
    modeMinimal: "Bara organisationsnummer och e-post",
    modeMinimalHint: "Kontaktpersonen får ett e-postmeddelande med en länk till leverantörens egen anslutningsguide, som samlar in resten.",
    rulesTitle: "Regler i {country}",
    countryNames: { FIN: "Finland", SWE: "Sverige", NOR: "Norge" },
    countryRules: {
      FIN: [
        "Företagsformen är obligatorisk.",
        "En godkännare för penningtvätt (KYC) efterfrågas; som standard kontaktpersonen.",
        "Redovisningskontot är ett IBAN.",
        "Betalningsreferensernas längd bestäms av tjänsten.",
      ],
      SWE: [
        "Redovisningskontot är ett IBAN, ett BBAN (clearing- och kontonummer), ett Plusgiro- eller ett Bankgironummer.",
        "Du kan låsa betalningsreferensernas längd (10–25).",
      ],
      NOR: ["Redovisningskontot är ett IBAN eller ett 11-siffrigt BBAN.", "Du kan låsa betalningsreferensernas längd (10–25)."],
    },
    labels: {
      ...PROFILE_WORDS.swe.labels,
      connectionId: "Miljö",
      "customer_info.business_id": "Organisationsnummer",
      "customer_info.street_address2": "Gatuadress, rad 2",
      "customer_info.language": "Språk",
      "customer_info.currency": "Valuta",
      "additional_information.profile_uuid": "Ert eget id för kunden",
      "contact_person.telephone": "Kontaktpersonens telefon",
      "contact_person.email": "Kontaktpersonens e-post",
      "customer_service_contact.www": "Webbplats",
      "agreement_acceptor.email": "Avtalsgodkännarens e-post",
      "money_laundering_acceptor.email": "Penningtvättsgodkännarens (KYC) e-post",
      "settlement_settings.reference_length": "Betalningsreferensernas längd",
      "users.first_name": "Förnamn",
      "users.last_name": "Efternamn",
      "users.street_address": "Gatuadress",
      "users.postal_code": "Postnummer",
      "users.town_or_city": "Ort",
      "users.country": "Land",
      "users.nationality": "Medborgarskap",
      "users.ssn": "Personnummer",
      "users.phone_number": "Telefon",
      "users.email": "E-post",
      "users.language": "Språk",
      allowIncompleteData: "Spara profilen för senare komplettering i stället för att starta anslutningen (allowIncompleteData)",
    },
    hints: {
      "customer_info.business_id": "Eller ett personnummer för en enskild näringsidkare. Det kan inte ändras i efterhand.",
      "customer_info.vat_number": "Behövs inte när kunden inte är momsregistrerad.",
      "customer_info.customer_company_type": "Behövs i Finland för en fullständig profil.",
      "additional_information.profile_uuid": "Ert systems unika id för kunden; skickar ni igen med det kompletteras samma profil.",
      "contact_person.email": "Anslutningsmeddelandet med länken till leverantörens guide går hit.",
      "agreement_acceptor.email": "Får en länk för att godkänna tjänsteavtalet. Som standard kontaktpersonen.",
      "money_laundering_acceptor.email": "Får en länk till KYC-formuläret. Som standard kontaktpersonen.",
      "settlement_settings.bank_account_owner": "Som banken känner innehavaren: används för att verifiera betalningsmottagaren.",
      "settlement_settings.reference_length": "10 till 25 siffror.",
      "ropo_service_fees.broker_id": "E-fakturaoperatörens id, till exempel OKOYFIHH.",
    },
    customerServiceEither: "Kundtjänstens telefon eller e-post",
    languages: { fin: "finska", eng: "engelska", swe: "svenska", nor: "norska" },
    companyTypes: PROFILE_WORDS.swe.companyTypes,
    serviceTypes: PROFILE_WORDS.swe.serviceTypes,
    accountTypes: PROFILE_WORDS.swe.accountTypes,
    invoicingMethods: PROFILE_WORDS.swe.invoicingMethods,
    groups: {
      company: "Företag",
      address: "Adress",
      vat: "Moms",
      yourId: "Er referens",
      contactPerson: "Kontaktperson",
      customerService: "Kundtjänst",
      acceptors: "Godkännare",
      account: "Redovisningskonto",
      references: "Betalningsreferenser",
    },
    user: "Användare {n}",
    addUser: "Lägg till en användare",
    removeUser: "Ta bort användare {n}",
    noUsers: "Inga användare ännu. Du kan lägga till dem här eller låta leverantörens guide samla in dem.",
    ssnMemory: "Behålls bara medan sidan är öppen: sparas aldrig i webbläsaren eller portalen. Skriv det igen efter att sidan laddats om.",
    reviewSent: "Det här skickas",
    reviewMissing: "Det här behöver leverantören ännu",
    reviewMissingIntro:
      "Detta saknas för en fullständig profil. Om du inte sparar profilen för senare komplettering får kontaktpersonen ett e-postmeddelande och leverantörens guide samlar in det.",
    reviewNothingMissing: "Inget saknas: profilen skapas direkt, utan anslutningsguide.",
    reviewNotValid: "Några värden är inte giltiga ännu; vad som saknas syns när de är rättade.",
    reviewLeftEmpty: "Lämnat tomt",
    reviewJson: "Begäran som JSON",
    closeJson: "Stäng",
    hiddenValue: "(dolt)",
    allowIncompleteHint:
      "Om något saknas sparar tjänsten då profilen som ofullständig och skickar inget e-postmeddelande; du kompletterar den senare genom att skicka igen med samma organisationsnummer. Lämna rutan tom för att låta leverantörens guide samla in resten från kontaktpersonen.",
    answerTitle: "Tjänstens svar",
    customerId: "Kund-id",
    status: "Läge",
    message: "Meddelande",
    stillMissing: "Saknas ännu",
    another: "Anslut en annan profil",
    toList: "Visa anslutna profiler",
    emptyUser: "Fyll i användaren eller ta bort raden.",
  },
  nor: {
    listTitle: "Opprettede kundeprofiler",
    listIntro: "Kundeprofiler organisasjonen din har opprettet via createprofile, nyeste først, hver med tilstanden tjenesten svarte.",
    newProfile: "Opprett en kundeprofil",
    listEmpty: "Ingen kundeprofiler er opprettet ennå.",
    columns: {
      business: "Organisasjonsnummer",
      name: "Navn",
      contact: "Kontaktpersonens e-post",
      environment: "Miljø",
      customerId: "Kunde-id",
      state: "Tilstand",
      sent: "Sendt",
    },
    statuses: { created: "Opprettet", onboarding: "Under oppstart", incomplete: "Ufullstendig", unknown: "Ukjent" },
    statusHelp: {
      created:
        "Alle påkrevde opplysninger ble sendt, så profilen ble opprettet og leverandørens oppstart hoppet over. Når leverandøren leverer apicoden til portalen, blir profilen en tilkobling av seg selv; ellers utsteder leverandørens kundestøtte den.",
      onboarding: "Kontaktpersonen fikk en e-post med lenke til leverandørens oppstartsveiviser, som samler inn det som mangler.",
      incomplete: "Lagret for senere utfylling; ingen e-post ble sendt. Send resten senere med samme organisasjonsnummer.",
    },
    connected: "Tilkobling lagt til: ",
    awaitingApicode: "Apicoden har ikke kommet til portalen: leverandøren leverer den hit, eller kundestøtten utsteder den.",
    wizardTitle: "Opprett en kundeprofil",
    wizardIntro:
      "Opprett en kundeprofil i et av miljøene dine: send alt nå, eller bare organisasjonsnummeret og en e-post og la leverandørens egen veiviser samle inn resten.",
    noConnections: "Organisasjonen din har ennå ingen tilkobling til en tjeneste.",
    noConnectionsLink: "Legg til en tilkobling",
    progress: "Fremdrift",
    stepOf: "Trinn {n} av {total}",
    stepDone: "ferdig",
    stepNames: {
      connection: "Miljø",
      customer: "Kundeopplysninger",
      contacts: "Kontakter og godkjennere",
      services: "Tjenester",
      settlement: "Oppgjør",
      fees: "Fakturering av gebyrer",
      users: "Brukere",
      review: "Gjennomgang",
      answer: "Svar",
    },
    stepIntros: {
      connection: "Velg miljøet profilen opprettes i: landet bestemmer reglene.",
      customer: "Kundens foretak. Bare organisasjonsnummeret er påkrevd; leverandørens veiviser samler inn det du lar stå tomt.",
      contacts: "Hvem leverandøren kontakter. Oppstarts-e-posten går til kontaktpersonen.",
      services: "Tjenestene kunden bruker.",
      settlement: "Hvor leverandøren gjør opp kundens innkrevde betalinger.",
      fees: "Hvordan kunden mottar leverandørens fakturaer for gebyrene.",
      users: "Profilens brukere. Den første blir administrator.",
      review: "Alt nedenfor sendes til tjenesten. Kontroller og send.",
    },
    next: "Neste",
    back: "Tilbake",
    submit: "Send til tjenesten",
    submitting: "Sender…",
    change: "Endre",
    startOver: "Begynn på nytt",
    restored: "Opplysningene dine fra tidligere i denne økten ble gjenopprettet.",
    checkFields: "Kontroller de markerte feltene.",
    loading: "Laster…",
    failed: "Portalen kunne ikke nås; ingenting ble sendt. Prøv igjen om litt.",
    refusedAt: "Tjenesten avviste noen felt; de er markert.",
    optional: "valgfritt",
    choose: "Velg…",
    countryDefault: "Landets standard",
    notStated: "Ikke oppgitt",
    yes: "Ja",
    no: "Nei",
    mode: "Hva som sendes",
    modeFull: "Alt nå",
    modeFullHint: "Gå gjennom alle trinn. Når ingenting påkrevd mangler, opprettes profilen med en gang.",
    modeMinimal: "Bare organisasjonsnummer og e-post",
    modeMinimalHint: "Kontaktpersonen får en e-post med lenke til leverandørens egen oppstartsveiviser, som samler inn resten.",
    rulesTitle: "Regler i {country}",
    countryNames: { FIN: "Finland", SWE: "Sverige", NOR: "Norge" },
    countryRules: {
      FIN: [
        "Selskapsformen er påkrevd.",
        "En godkjenner for hvitvasking (KYC) etterspørres; kontaktpersonen som standard.",
        "Oppgjørskontoen er en IBAN.",
        "Lengden på betalingsreferanser bestemmes av tjenesten.",
      ],
      SWE: [
        "Oppgjørskontoen er en IBAN, en BBAN (clearing- og kontonummer), et Plusgiro- eller et Bankgironummer.",
        "Du kan låse lengden på betalingsreferanser (10–25).",
      ],
      NOR: ["Oppgjørskontoen er en IBAN eller en 11-sifret BBAN.", "Du kan låse lengden på betalingsreferanser (10–25)."],
    },
    labels: {
      ...PROFILE_WORDS.nor.labels,
      connectionId: "Miljø",
      "customer_info.business_id": "Organisasjonsnummer",
      "customer_info.street_address2": "Gateadresse, linje 2",
      "customer_info.language": "Språk",
      "customer_info.currency": "Valuta",
      "additional_information.profile_uuid": "Deres egen id for kunden",
      "contact_person.telephone": "Kontaktpersonens telefon",
      "contact_person.email": "Kontaktpersonens e-post",
      "customer_service_contact.www": "Nettsted",
      "agreement_acceptor.email": "Avtalegodkjennerens e-post",
      "money_laundering_acceptor.email": "Hvitvaskingsgodkjennerens (KYC) e-post",
      "settlement_settings.reference_length": "Lengde på betalingsreferanser",
      "users.first_name": "Fornavn",
      "users.last_name": "Etternavn",
      "users.street_address": "Gateadresse",
      "users.postal_code": "Postnummer",
      "users.town_or_city": "Poststed",
      "users.country": "Land",
      "users.nationality": "Statsborgerskap",
      "users.ssn": "Fødselsnummer",
      "users.phone_number": "Telefon",
      "users.email": "E-post",
      "users.language": "Språk",
      allowIncompleteData: "Lagre profilen for senere utfylling i stedet for å starte oppstarten (allowIncompleteData)",
    },
    hints: {
      "customer_info.business_id": "Eller et fødselsnummer for et enkeltpersonforetak. Det kan ikke endres senere.",
      "customer_info.vat_number": "Trengs ikke når kunden ikke er merverdiavgiftspliktig.",
      "customer_info.customer_company_type": "Trengs i Finland for en fullstendig profil.",
      "additional_information.profile_uuid": "Systemets unike id for kunden; sender dere igjen med den, fylles samme profil ut.",
      "contact_person.email": "Oppstarts-e-posten med lenken til leverandørens veiviser går hit.",
      "agreement_acceptor.email": "Får en lenke for å godkjenne tjenesteavtalen. Kontaktpersonen som standard.",
      "money_laundering_acceptor.email": "Får en lenke til KYC-skjemaet. Kontaktpersonen som standard.",
      "settlement_settings.bank_account_owner": "Slik banken kjenner innehaveren: brukes til å verifisere betalingsmottakeren.",
      "settlement_settings.reference_length": "10 til 25 siffer.",
      "ropo_service_fees.broker_id": "E-fakturaoperatørens id, for eksempel OKOYFIHH.",
    },
    customerServiceEither: "Kundeservicens telefon eller e-post",
    languages: { fin: "finsk", eng: "engelsk", swe: "svensk", nor: "norsk" },
    companyTypes: PROFILE_WORDS.nor.companyTypes,
    serviceTypes: PROFILE_WORDS.nor.serviceTypes,
    accountTypes: PROFILE_WORDS.nor.accountTypes,
    invoicingMethods: PROFILE_WORDS.nor.invoicingMethods,
    groups: {
      company: "Foretak",
      address: "Adresse",
      vat: "Merverdiavgift",
      yourId: "Deres referanse",
      contactPerson: "Kontaktperson",
      customerService: "Kundeservice",
      acceptors: "Godkjennere",
      account: "Oppgjørskonto",
      references: "Betalingsreferanser",
    },
    user: "Bruker {n}",
    addUser: "Legg til en bruker",
    removeUser: "Fjern bruker {n}",
    noUsers: "Ingen brukere ennå. Du kan legge dem til her eller la leverandørens veiviser samle dem inn.",
    ssnMemory: "Beholdes bare mens siden er åpen: lagres aldri i nettleseren eller portalen. Skriv det på nytt etter at siden er lastet inn igjen.",
    reviewSent: "Dette sendes",
    reviewMissing: "Dette trenger leverandøren fortsatt",
    reviewMissingIntro:
      "Dette mangler for en fullstendig profil. Med mindre du lagrer profilen for senere utfylling, får kontaktpersonen en e-post og leverandørens veiviser samler det inn.",
    reviewNothingMissing: "Ingenting mangler: profilen opprettes med en gang, uten oppstartsveiviser.",
    reviewNotValid: "Noen verdier er ikke gyldige ennå; hva som mangler vises når de er rettet.",
    reviewLeftEmpty: "Latt stå tomt",
    reviewJson: "Forespørselen som JSON",
    closeJson: "Lukk",
    hiddenValue: "(skjult)",
    allowIncompleteHint:
      "Mangler noe, lagrer tjenesten da profilen som ufullstendig og sender ingen e-post; du fyller den ut senere ved å sende igjen med samme organisasjonsnummer. La boksen stå tom for å la leverandørens veiviser samle inn resten fra kontaktpersonen.",
    answerTitle: "Tjenestens svar",
    customerId: "Kunde-id",
    status: "Tilstand",
    message: "Melding",
    stillMissing: "Mangler fortsatt",
    another: "Opprett en annen profil",
    toList: "Vis opprettede profiler",
    emptyUser: "Fyll ut brukeren eller fjern raden.",
  },
});

/** The wizard's own problem of a user row left empty (it would be sent as {} and mean nothing); shown as texts.emptyUser. */
export const EMPTY_USER = "empty_user";

/**
 * A field's error as the user reads it (lib/portal/i18n/field-problem-text.ts): "Account number must
 * be a valid IBAN." in English, each a sentence as the wizard's texts are.
 */
export function onboardingMessage(message: string, label: string, texts: OnboardingTexts, locale: Locale): string {
  if (message === EMPTY_USER) return texts.emptyUser;
  return fieldProblemText(message, label, locale, { fullStop: true, bare: true });
}

/**
 * A problem as a line of a list that is not beside its field (the review's list, a refusal the
 * wizard cannot put on a step): the field's label and the message in the reader's language,
 * "Label: message", unless the message already names the label.
 */
export function problemLine(path: string, message: string, texts: OnboardingTexts, locale: Locale): string {
  const label = labelOf(path, texts);
  const said = onboardingMessage(message, label, texts, locale);
  return said.includes(label) ? said : `${label}: ${said}`;
}

/** The label of a field by its form path: "users.0.ssn" has the label of "users.ssn". */
export function labelOf(path: string, texts: OnboardingTexts): string {
  if (path.startsWith("customer_service_contact.telephone or")) return texts.customerServiceEither;
  const key = path.replace(/^users\.\d+\./, "users.").replace(/^users\[\d+\]\./, "users.");
  return (texts.labels as Record<string, string>)[key] ?? path;
}
