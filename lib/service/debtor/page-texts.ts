import type { SentDocumentName } from "../../spec/sent-documents";
import type { DocumentLanguage } from "../documents/invoice-document";

import type { RefusalCode } from "./debtor-requests";

/*
 * The debtor's pages in the debtor's language: the document's own (the job's `language`, else the
 * country's), or the one the debtor picks. The words for objecting to a claim are each law's own:
 * huomautus (perintälaki 513/1999 5 §), invändning (inkassolagen 1974:182 5 §), innsigelse
 * (inkassoloven § 9); an Estonian page says vastuväide, the word of the Estonian letters.
 */

export const PAGE_LANGUAGES = ["fi", "sv", "nb", "en", "et"] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

export const PAGE_LOCALES: Record<PageLanguage, string> = { fi: "fi-FI", sv: "sv-SE", nb: "nb-NO", en: "en-GB", et: "et-EE" };

export const LANGUAGE_NAMES: Record<PageLanguage, string> = { fi: "Suomi", sv: "Svenska", nb: "Norsk", en: "English", et: "Eesti" };

const OF_DOCUMENT: Record<DocumentLanguage, PageLanguage> = { fin: "fi", swe: "sv", nor: "nb", eng: "en", est: "et" };

export function pageLanguage(asked: string | undefined, document: DocumentLanguage): PageLanguage {
  return (PAGE_LANGUAGES as readonly string[]).includes(asked ?? "") ? (asked as PageLanguage) : OF_DOCUMENT[document];
}

export interface PageTexts {
  title: Record<"invoice" | "reminder" | "collection", (number: string) => string>;
  from: (creditor: string) => string;
  language: string;
  notFound: { title: string; body: string };
  expired: { title: string; body: string };
  closed: string;
  /** A case in the debtor's insolvency proceedings: not to be paid here. */
  suspended: string;
  disputed: string;
  /** The same once a Finnish payment demand was the latest letter: its collector, who sent it, handles the objection (513/1999 5 §). */
  disputedWithCollector: (collector: string) => string;
  toPay: string;
  openTotal: string;
  dueDate: string;
  originalDueDate: string;
  reference: string;
  capital: string;
  interest: string;
  expenses: string;
  total: string;
  payNow: string;
  payOnline: string;
  payOnlineUnavailable: string;
  bankTransfer: string;
  recipient: string;
  account: string;
  bic: string;
  bankgiro: string;
  plusgiro: string;
  qrHelp: string;
  documents: string;
  invoicePdf: string;
  sentDocuments: Record<SentDocumentName, string>;
  channels: Record<string, string>;
  noDocuments: string;
  payments: string;
  noPayments: string;
  paidOn: string;
  requests: string;
  extend: {
    title: string;
    help: (until: string) => string;
    label: string;
    submit: string;
    done: (date: string) => string;
    earlier: (from: string, to: string) => string;
  };
  dispute: { title: string; help: string; label: string; submit: string; done: string };
  paid: string;
  cancelled: string;
  back: string;
  provider: { title: string; notice: string; amount: string; to: string; confirm: string; cancel: string; done: string };
  contact: string;
  plan: {
    title: string;
    help: (most: number) => string;
    label: string;
    option: (count: number) => string;
    submit: string;
    done: (count: number, first: string) => string;
    current: string;
    due: string;
    amount: string;
  };
  refusals: Record<RefusalCode, string>;
}

export const PAGE_TEXTS: Record<PageLanguage, PageTexts> = {
  fi: {
    title: { invoice: (n) => `Lasku ${n}`, reminder: (n) => `Maksumuistutus, lasku ${n}`, collection: (n) => `Maksuvaatimus, lasku ${n}` },
    from: (creditor) => `Laskuttaja: ${creditor}`,
    language: "Kieli",
    notFound: { title: "Linkki ei kelpaa", body: "Tarkista linkki: se on ehkä kopioitu vajaana. Linkki avaa vain sen laskun, jossa se on." },
    expired: { title: "Linkki on vanhentunut", body: "Lasku on maksettu tai suljettu yli 60 päivää sitten. Kysymyksissä ota yhteyttä laskuttajaan." },
    closed: "Laskulla ei ole avointa maksettavaa.",
    suspended: "Saatavan perintä on keskeytetty velkajärjestelyn, yrityssaneerauksen tai konkurssin vuoksi. Maksut hoidetaan menettelyn kautta.",
    disputed: "Olet tehnyt laskusta huomautuksen. Laskuttaja käsittelee sen, eikä asia etene sillä välin.",
    disputedWithCollector: (collector) => `Olet tehnyt laskusta huomautuksen. Perijä ${collector} käsittelee sen, eikä asia etene sillä välin.`,
    toPay: "Maksettava",
    openTotal: "Avoinna yhteensä",
    dueDate: "Eräpäivä",
    originalDueDate: "Alkuperäinen eräpäivä",
    reference: "Viitenumero",
    capital: "Pääoma",
    interest: "Viivästyskorko",
    expenses: "Kulut",
    total: "Yhteensä",
    payNow: "Maksa",
    payOnline: "Maksa verkkopankissa tai kortilla",
    payOnlineUnavailable: "Verkkomaksu ei ole käytettävissä. Maksa tilisiirrolla alla olevilla tiedoilla.",
    bankTransfer: "Tilisiirto",
    recipient: "Saaja",
    account: "Tilinumero (IBAN)",
    bic: "BIC",
    bankgiro: "Bankgiro",
    plusgiro: "Plusgiro",
    qrHelp: "Lue koodi pankkisovelluksella: saaja, summa ja viite täyttyvät valmiiksi.",
    documents: "Asiakirjat",
    invoicePdf: "Lasku (PDF)",
    sentDocuments: { original: "Lasku", reminder: "Maksumuistutus", collection: "Maksuvaatimus", cutoff: "Katkaisuvaroitus" },
    channels: {
      post: "kirjeenä",
      email: "sähköpostilla",
      b2b: "verkkolaskuna",
      b2c: "e-laskuna",
      peppol: "Peppol-verkkolaskuna",
      omaposti: "OmaPostiin",
      kivra: "Kivraan",
      digipost: "Digipostiin",
    },
    noDocuments: "Asiakirjoja ei ole vielä lähetetty.",
    payments: "Maksut",
    noPayments: "Maksuja ei ole kirjattu.",
    paidOn: "Maksupäivä",
    requests: "Pyynnöt",
    extend: {
      title: "Siirrä eräpäivää",
      help: (until) => `Voit siirtää eräpäivää kerran, viimeistään ${until}.`,
      label: "Uusi eräpäivä",
      submit: "Siirrä eräpäivä",
      done: (date) => `Eräpäivä on nyt ${date}.`,
      earlier: (from, to) => `Siirsit eräpäivän ${from} → ${to}.`,
    },
    dispute: {
      title: "Tee huomautus laskusta",
      help: "Jos lasku on mielestäsi virheellinen, kerro miksi. Laskuttaja käsittelee huomautuksen, eikä asia etene sillä välin.",
      label: "Mikä laskussa on väärin?",
      submit: "Lähetä huomautus",
      done: "Huomautus on lähetetty laskuttajalle.",
    },
    paid: "Maksu on vastaanotettu. Kiitos!",
    cancelled: "Maksu peruttiin; mitään ei veloitettu.",
    back: "Takaisin laskuun",
    provider: {
      title: "Testipankki",
      notice: "Tämä on testiympäristön simuloitu maksunvälittäjä: rahaa ei siirry.",
      amount: "Summa",
      to: "Saaja",
      confirm: "Hyväksy maksu",
      cancel: "Peruuta",
      done: "Maksu on jo käsitelty.",
    },
    contact: "Yhteystiedot",
    plan: {
      title: "Maksa erissä",
      help: (most) =>
        `Voit jakaa avoimen summan enintään ${most} kuukausierään. Ensimmäinen erä erääntyy kahden viikon päästä; kertynyt korko lisätään summaan tänään.`,
      label: "Erien määrä",
      option: (count) => `${count} erää`,
      submit: "Tee maksusuunnitelma",
      done: (count, first) => `Maksusuunnitelma on tehty: ${count} erää, ensimmäinen ${first}.`,
      current: "Maksusuunnitelma",
      due: "Eräpäivä",
      amount: "Summa",
    },
    refusals: {
      not_offered: "Tätä ei voi enää tehdä tällä laskulla.",
      not_a_date: "Anna päivämäärä.",
      too_early: "Valitse nykyistä eräpäivää myöhäisempi päivä.",
      too_late: "Valitse päivä viimeistään tarjottuna viimeisenä päivänä.",
      not_business_day: "Valitse pankkipäivä (ei viikonloppu eikä pyhäpäivä).",
      empty: "Kerro, mikä laskussa on väärin.",
      too_long: "Kirjoita enintään 500 merkkiä.",
      instalments: "Valitse erien määrä tarjotuista.",
    },
  },
  sv: {
    title: { invoice: (n) => `Faktura ${n}`, reminder: (n) => `Betalningspåminnelse, faktura ${n}`, collection: (n) => `Inkassokrav, faktura ${n}` },
    from: (creditor) => `Från: ${creditor}`,
    language: "Språk",
    notFound: { title: "Länken gäller inte", body: "Kontrollera länken: den kan ha kopierats ofullständigt. En länk öppnar bara sin egen faktura." },
    expired: { title: "Länken har gått ut", body: "Fakturan betalades eller avslutades för över 60 dagar sedan. Kontakta avsändaren om du har frågor." },
    closed: "Det finns inget obetalt på fakturan.",
    suspended: "Indrivningen är avbruten på grund av skuldsanering, företagsrekonstruktion eller konkurs. Betalningar sker genom förfarandet.",
    disputed: "Du har gjort en invändning mot fakturan. Avsändaren prövar den, och ärendet går inte vidare under tiden.",
    disputedWithCollector: (collector) =>
      `Du har gjort en invändning mot fakturan. Indrivaren ${collector} prövar den, och ärendet går inte vidare under tiden.`,
    toPay: "Att betala",
    openTotal: "Kvar att betala totalt",
    dueDate: "Förfallodag",
    originalDueDate: "Ursprunglig förfallodag",
    reference: "OCR/referens",
    capital: "Kapital",
    interest: "Dröjsmålsränta",
    expenses: "Avgifter",
    total: "Totalt",
    payNow: "Betala",
    payOnline: "Betala med bank eller kort",
    payOnlineUnavailable: "Betalning online är inte tillgänglig. Betala med uppgifterna nedan.",
    bankTransfer: "Betalning",
    recipient: "Mottagare",
    account: "Konto (IBAN)",
    bic: "BIC",
    bankgiro: "Bankgiro",
    plusgiro: "Plusgiro",
    qrHelp: "Skanna koden med bankappen: mottagare, belopp och referens fylls i.",
    documents: "Dokument",
    invoicePdf: "Faktura (PDF)",
    sentDocuments: { original: "Faktura", reminder: "Betalningspåminnelse", collection: "Inkassokrav", cutoff: "Avstängningsvarning" },
    channels: { post: "med post", email: "med e-post", b2b: "som e-faktura", b2c: "som e-faktura", peppol: "via Peppol", kivra: "till Kivra" },
    noDocuments: "Inga dokument har skickats än.",
    payments: "Betalningar",
    noPayments: "Inga betalningar har registrerats.",
    paidOn: "Betalningsdag",
    requests: "Förfrågningar",
    extend: {
      title: "Flytta förfallodagen",
      help: (until) => `Du kan flytta förfallodagen en gång, senast till ${until}.`,
      label: "Ny förfallodag",
      submit: "Flytta förfallodagen",
      done: (date) => `Förfallodagen är nu ${date}.`,
      earlier: (from, to) => `Du flyttade förfallodagen ${from} → ${to}.`,
    },
    dispute: {
      title: "Gör en invändning",
      help: "Om du anser att fakturan är fel, berätta varför. Avsändaren prövar invändningen, och ärendet går inte vidare under tiden.",
      label: "Vad är fel med fakturan?",
      submit: "Skicka invändningen",
      done: "Invändningen har skickats till avsändaren.",
    },
    paid: "Betalningen är mottagen. Tack!",
    cancelled: "Betalningen avbröts; inget drogs.",
    back: "Tillbaka till fakturan",
    provider: {
      title: "Testbanken",
      notice: "Detta är testmiljöns simulerade betalningsförmedlare: inga pengar flyttas.",
      amount: "Belopp",
      to: "Mottagare",
      confirm: "Godkänn betalningen",
      cancel: "Avbryt",
      done: "Betalningen är redan behandlad.",
    },
    contact: "Kontakt",
    plan: {
      title: "Betala i delar",
      help: (most) =>
        `Du kan dela upp det obetalda beloppet på högst ${most} månadsbetalningar. Den första förfaller om två veckor; upplupen ränta läggs till i dag.`,
      label: "Antal delbetalningar",
      option: (count) => `${count} delbetalningar`,
      submit: "Gör en avbetalningsplan",
      done: (count, first) => `Avbetalningsplanen är klar: ${count} delbetalningar, den första ${first}.`,
      current: "Avbetalningsplan",
      due: "Förfallodag",
      amount: "Belopp",
    },
    refusals: {
      not_offered: "Det går inte längre att göra på den här fakturan.",
      not_a_date: "Ange ett datum.",
      too_early: "Välj en dag efter den nuvarande förfallodagen.",
      too_late: "Välj en dag senast den sista dagen som erbjuds.",
      not_business_day: "Välj en bankdag (inte helg eller helgdag).",
      empty: "Berätta vad som är fel med fakturan.",
      too_long: "Skriv högst 500 tecken.",
      instalments: "Välj ett av de antal delbetalningar som erbjuds.",
    },
  },
  nb: {
    title: { invoice: (n) => `Faktura ${n}`, reminder: (n) => `Inkassovarsel, faktura ${n}`, collection: (n) => `Betalingsoppfordring, faktura ${n}` },
    from: (creditor) => `Fra: ${creditor}`,
    language: "Språk",
    notFound: { title: "Lenken er ikke gyldig", body: "Kontroller lenken: den kan være kopiert ufullstendig. En lenke åpner bare sin egen faktura." },
    expired: { title: "Lenken er utløpt", body: "Fakturaen ble betalt eller avsluttet for over 60 dager siden. Kontakt avsenderen ved spørsmål." },
    closed: "Det er ikke noe ubetalt på fakturaen.",
    suspended: "Inndrivelsen er stanset på grunn av gjeldsordning, rekonstruksjon eller konkurs. Betalinger skjer gjennom forhandlingen.",
    disputed: "Du har fremmet en innsigelse mot fakturaen. Avsenderen vurderer den, og saken går ikke videre i mellomtiden.",
    disputedWithCollector: (collector) =>
      `Du har fremmet en innsigelse mot fakturaen. Innkreveren ${collector} vurderer den, og saken går ikke videre i mellomtiden.`,
    toPay: "Å betale",
    openTotal: "Totalt utestående",
    dueDate: "Forfallsdato",
    originalDueDate: "Opprinnelig forfallsdato",
    reference: "KID",
    capital: "Hovedstol",
    interest: "Forsinkelsesrente",
    expenses: "Gebyrer",
    total: "Totalt",
    payNow: "Betal",
    payOnline: "Betal med bank eller kort",
    payOnlineUnavailable: "Betaling på nett er ikke tilgjengelig. Betal med opplysningene nedenfor.",
    bankTransfer: "Betaling",
    recipient: "Mottaker",
    account: "Kontonummer",
    bic: "BIC",
    bankgiro: "Bankgiro",
    plusgiro: "Plusgiro",
    qrHelp: "Skann koden med bankappen: mottaker, beløp og referanse fylles ut.",
    documents: "Dokumenter",
    invoicePdf: "Faktura (PDF)",
    sentDocuments: { original: "Faktura", reminder: "Inkassovarsel", collection: "Betalingsoppfordring", cutoff: "Stengevarsel" },
    channels: { post: "i posten", email: "på e-post", b2b: "som e-faktura", b2c: "som eFaktura", peppol: "via Peppol", digipost: "til Digipost" },
    noDocuments: "Ingen dokumenter er sendt ennå.",
    payments: "Betalinger",
    noPayments: "Ingen betalinger er registrert.",
    paidOn: "Betalingsdato",
    requests: "Forespørsler",
    extend: {
      title: "Utsett forfallsdatoen",
      help: (until) => `Du kan utsette forfallsdatoen én gang, senest til ${until}.`,
      label: "Ny forfallsdato",
      submit: "Utsett forfallsdatoen",
      done: (date) => `Forfallsdatoen er nå ${date}.`,
      earlier: (from, to) => `Du utsatte forfallsdatoen ${from} → ${to}.`,
    },
    dispute: {
      title: "Fremme innsigelse",
      help: "Mener du at fakturaen er feil, fortell hvorfor. Avsenderen vurderer innsigelsen, og saken går ikke videre i mellomtiden.",
      label: "Hva er feil med fakturaen?",
      submit: "Send innsigelsen",
      done: "Innsigelsen er sendt til avsenderen.",
    },
    paid: "Betalingen er mottatt. Takk!",
    cancelled: "Betalingen ble avbrutt; ingenting ble trukket.",
    back: "Tilbake til fakturaen",
    provider: {
      title: "Testbanken",
      notice: "Dette er testmiljøets simulerte betalingsformidler: ingen penger flyttes.",
      amount: "Beløp",
      to: "Mottaker",
      confirm: "Godkjenn betalingen",
      cancel: "Avbryt",
      done: "Betalingen er allerede behandlet.",
    },
    contact: "Kontakt",
    plan: {
      title: "Betal i avdrag",
      help: (most) => `Du kan dele det ubetalte beløpet i høyst ${most} månedlige avdrag. Det første forfaller om to uker; påløpte renter legges til i dag.`,
      label: "Antall avdrag",
      option: (count) => `${count} avdrag`,
      submit: "Lag en betalingsplan",
      done: (count, first) => `Betalingsplanen er laget: ${count} avdrag, det første ${first}.`,
      current: "Betalingsplan",
      due: "Forfallsdato",
      amount: "Beløp",
    },
    refusals: {
      not_offered: "Dette kan ikke lenger gjøres på denne fakturaen.",
      not_a_date: "Oppgi en dato.",
      too_early: "Velg en dag etter gjeldende forfallsdato.",
      too_late: "Velg en dag senest den siste dagen som tilbys.",
      not_business_day: "Velg en bankdag (ikke helg eller helligdag).",
      empty: "Fortell hva som er feil med fakturaen.",
      too_long: "Skriv høyst 500 tegn.",
      instalments: "Velg et av antallene avdrag som tilbys.",
    },
  },
  en: {
    title: { invoice: (n) => `Invoice ${n}`, reminder: (n) => `Payment reminder, invoice ${n}`, collection: (n) => `Collection notice, invoice ${n}` },
    from: (creditor) => `From: ${creditor}`,
    language: "Language",
    notFound: { title: "This link is not valid", body: "Check the link: it may have been copied incompletely. A link opens its own invoice only." },
    expired: { title: "This link has expired", body: "The invoice was paid or closed over 60 days ago. Contact the sender with any questions." },
    closed: "Nothing is open on this invoice.",
    suspended: "Collection is suspended by debt rescheduling, restructuring or bankruptcy proceedings. Payments are made through the proceedings.",
    disputed: "You have disputed this invoice. The sender is looking into it, and nothing further happens meanwhile.",
    disputedWithCollector: (collector) =>
      `You have disputed this invoice. The collector, ${collector}, is looking into it, and nothing further happens meanwhile.`,
    toPay: "To pay",
    openTotal: "Open in total",
    dueDate: "Due date",
    originalDueDate: "Original due date",
    reference: "Reference",
    capital: "Capital",
    interest: "Late-payment interest",
    expenses: "Fees",
    total: "Total",
    payNow: "Pay",
    payOnline: "Pay by bank or card",
    payOnlineUnavailable: "Online payment is not available. Pay by bank transfer with the details below.",
    bankTransfer: "Bank transfer",
    recipient: "Payee",
    account: "Account (IBAN)",
    bic: "BIC",
    bankgiro: "Bankgiro",
    plusgiro: "Plusgiro",
    qrHelp: "Scan the code with your banking app: payee, amount and reference are filled in.",
    documents: "Documents",
    invoicePdf: "Invoice (PDF)",
    sentDocuments: { original: "Invoice", reminder: "Payment reminder", collection: "Collection notice", cutoff: "Disconnection warning" },
    channels: {
      post: "by post",
      email: "by e-mail",
      b2b: "as an e-invoice",
      b2c: "as an e-invoice",
      peppol: "via Peppol",
      omaposti: "to OmaPosti",
      kivra: "to Kivra",
      digipost: "to Digipost",
    },
    noDocuments: "No documents have been sent yet.",
    payments: "Payments",
    noPayments: "No payments have been recorded.",
    paidOn: "Paid on",
    requests: "Requests",
    extend: {
      title: "Move the due date",
      help: (until) => `You may move the due date once, to ${until} at the latest.`,
      label: "New due date",
      submit: "Move the due date",
      done: (date) => `The due date is now ${date}.`,
      earlier: (from, to) => `You moved the due date ${from} → ${to}.`,
    },
    dispute: {
      title: "Dispute the invoice",
      help: "If you think the invoice is wrong, say why. The sender looks into it, and nothing further happens to it meanwhile.",
      label: "What is wrong with the invoice?",
      submit: "Send the dispute",
      done: "Your dispute has been sent to the sender.",
    },
    paid: "Your payment has been received. Thank you!",
    cancelled: "The payment was cancelled; nothing was charged.",
    back: "Back to the invoice",
    provider: {
      title: "Test bank",
      notice: "This is the test environment's simulated payment provider: no money moves.",
      amount: "Amount",
      to: "Payee",
      confirm: "Approve the payment",
      cancel: "Cancel",
      done: "This payment has already been handled.",
    },
    contact: "Contact",
    plan: {
      title: "Pay in instalments",
      help: (most) =>
        `You may split what is open into at most ${most} monthly instalments. The first is due in two weeks; interest accrued so far is added today.`,
      label: "Number of instalments",
      option: (count) => `${count} instalments`,
      submit: "Make a payment plan",
      done: (count, first) => `Your payment plan is made: ${count} instalments, the first on ${first}.`,
      current: "Payment plan",
      due: "Due date",
      amount: "Amount",
    },
    refusals: {
      not_offered: "This can no longer be done on this invoice.",
      not_a_date: "Enter a date.",
      too_early: "Choose a day after the current due date.",
      too_late: "Choose a day no later than the last day offered.",
      not_business_day: "Choose a banking day (not a weekend or a public holiday).",
      empty: "Say what is wrong with the invoice.",
      too_long: "Write at most 500 characters.",
      instalments: "Choose one of the numbers of instalments offered.",
    },
  },
  et: {
    title: { invoice: (n) => `Arve ${n}`, reminder: (n) => `Maksemeeldetuletus, arve ${n}`, collection: (n) => `Maksenõue, arve ${n}` },
    from: (creditor) => `Arve esitaja: ${creditor}`,
    language: "Keel",
    notFound: { title: "Link ei kehti", body: "Kontrolli linki: see võib olla poolikult kopeeritud. Link avab ainult selle arve, millele see kuulub." },
    expired: { title: "Link on aegunud", body: "Arve tasuti või suleti üle 60 päeva tagasi. Küsimuste korral võta ühendust arve esitajaga." },
    closed: "Sellel arvel ei ole midagi tasuda.",
    suspended: "Nõude sissenõudmine on peatatud võlgade ümberkujundamise, saneerimise või pankroti tõttu. Maksed tehakse menetluse kaudu.",
    disputed: "Oled arve vaidlustanud. Arve esitaja vaatab vastuväite läbi ja seni ei astuta edasisi samme.",
    disputedWithCollector: (collector) => `Oled arve vaidlustanud. Sissenõudja ${collector} vaatab vastuväite läbi ja seni ei astuta edasisi samme.`,
    toPay: "Tasuda",
    openTotal: "Tasumata kokku",
    dueDate: "Maksetähtaeg",
    originalDueDate: "Algne maksetähtaeg",
    reference: "Viitenumber",
    capital: "Põhivõlg",
    interest: "Viivis",
    expenses: "Kulud",
    total: "Kokku",
    payNow: "Maksa",
    payOnline: "Maksa pangalingi või kaardiga",
    payOnlineUnavailable: "Veebimakse ei ole saadaval. Tasu pangaülekandega allolevate andmetega.",
    bankTransfer: "Pangaülekanne",
    recipient: "Saaja",
    account: "Konto (IBAN)",
    bic: "BIC",
    bankgiro: "Bankgiro",
    plusgiro: "Plusgiro",
    qrHelp: "Skaneeri kood oma panga äpiga: saaja, summa ja viitenumber täituvad automaatselt.",
    documents: "Dokumendid",
    invoicePdf: "Arve (PDF)",
    sentDocuments: { original: "Arve", reminder: "Maksemeeldetuletus", collection: "Maksenõue", cutoff: "Katkestamise hoiatus" },
    channels: {
      post: "postiga",
      email: "e-postiga",
      b2b: "e-arvena",
      b2c: "e-arvena",
      peppol: "Peppoli kaudu",
      omaposti: "OmaPostisse",
      kivra: "Kivrasse",
      digipost: "Digiposti",
    },
    noDocuments: "Dokumente ei ole veel saadetud.",
    payments: "Maksed",
    noPayments: "Makseid ei ole registreeritud.",
    paidOn: "Makse kuupäev",
    requests: "Taotlused",
    extend: {
      title: "Muuda maksetähtaega",
      help: (until) => `Maksetähtaja saad ühe korra edasi lükata, kõige hiljem kuupäevani ${until}.`,
      label: "Uus maksetähtaeg",
      submit: "Muuda maksetähtaega",
      done: (date) => `Maksetähtaeg on nüüd ${date}.`,
      earlier: (from, to) => `Muutsid maksetähtaega ${from} → ${to}.`,
    },
    dispute: {
      title: "Vaidlusta arve",
      help: "Kui arve on sinu arvates vale, kirjuta, miks. Arve esitaja vaatab vastuväite läbi ja seni ei astuta edasisi samme.",
      label: "Mis on arves valesti?",
      submit: "Saada vastuväide",
      done: "Vastuväide on arve esitajale saadetud.",
    },
    paid: "Makse on kätte saadud. Aitäh!",
    cancelled: "Makse tühistati; raha ei võetud.",
    back: "Tagasi arve juurde",
    provider: {
      title: "Testpank",
      notice: "See on testkeskkonna simuleeritud makseteenus: raha ei liigu.",
      amount: "Summa",
      to: "Saaja",
      confirm: "Kinnita makse",
      cancel: "Tühista",
      done: "See makse on juba töödeldud.",
    },
    contact: "Kontakt",
    plan: {
      title: "Maksa osamaksetena",
      help: (most) =>
        `Tasumata summa saad jagada kuni ${most} igakuiseks osamakseks. Esimene osamakse tuleb tasuda kahe nädala pärast; seni kogunenud viivis lisatakse täna.`,
      label: "Osamaksete arv",
      option: (count) => `${count} osamakset`,
      submit: "Koosta maksegraafik",
      done: (count, first) => `Maksegraafik on koostatud: ${count} osamakset, esimene ${first}.`,
      current: "Maksegraafik",
      due: "Maksetähtaeg",
      amount: "Summa",
    },
    refusals: {
      not_offered: "Seda ei saa selle arvega enam teha.",
      not_a_date: "Sisesta kuupäev.",
      too_early: "Vali praegusest maksetähtajast hilisem päev.",
      too_late: "Vali päev, mis ei ole hilisem kui viimane pakutud päev.",
      not_business_day: "Vali pangapäev (mitte nädalavahetus ega riigipüha).",
      empty: "Kirjuta, mis on arves valesti.",
      too_long: "Kirjuta kõige rohkem 500 tähemärki.",
      instalments: "Vali üks pakutud osamaksete arvudest.",
    },
  },
};
