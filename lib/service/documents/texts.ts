import type { Country } from "../../spec/environments";

import { isCreditNote, type DocumentKind, type DocumentLanguage, type InvoiceDocument } from "./invoice-document";

/*
 * The fixed texts of documents in each language the interface names. The Finnish bank transfer
 * form is bilingual (Finnish and Swedish) by its standard whatever the document's language, so
 * its labels are not here.
 */

export interface DocumentTexts {
  locale: string;
  title: Record<DocumentKind, string>;
  number: string;
  /** A credit note's own number: it is no invoice. */
  creditNoteNumber: string;
  /** The document's own date, named by what the document is (a reminder's date is no invoice date). */
  date: Record<DocumentKind, string>;
  dueDate: string;
  reference: string;
  customerNumber: string;
  ourReference: string;
  yourReference: string;
  orderNumber: string;
  deliveryDate: string;
  /** The place of delivery, which Norway asks on every sales document. */
  deliveryPlace: string;
  overdueInterest: string;
  description: string;
  quantity: string;
  unitPrice: string;
  vatPercent: string;
  /** The rows' discount column, shown only when a row has a discount. */
  discountPercent: string;
  net: string;
  vat: string;
  gross: string;
  vatBreakdown: string;
  vatRate: string;
  totalNet: string;
  totalVat: string;
  totalToPay: string;
  /** A credit note's total: what is credited, never to pay. */
  totalCredited: string;
  nothingToPay: string;
  /** A credit note's header: the invoice it credits (refundtobillnum). */
  creditedInvoice: string;
  originalDate: string;
  originalDueDate: string;
  noticeDate: string;
  /** What the claim is for (the invoice's rows). */
  basis: string;
  capital: string;
  reminderFee: string;
  collectionFee: string;
  /**
   * The collection fee's name on a business debtor's letter where the law names that fee otherwise:
   * a Swedish case's förseningsersättning (lag 1981:739 4 a §), which covers the reminder and the
   * inkassokrav as well (lifecycle/rules.ts collectionFee). Elsewhere the same as `collectionFee`.
   */
  businessCollectionFee: string;
  /**
   * The reminder fee's name on a business debtor's letter where the law counts it into another fee,
   * else null (the fee keeps `reminderFee`, a posted one `postedFee`). A Swedish case: once the
   * förseningsersättning of 450 kr is due (lag 1981:739 4 a §, added by SFS 2013:56), the reminder
   * and the inkassokrav are owed only as far as they exceed it (6 § as worded by SFS 2013:56; IMY's
   * answer "Hur mycket får man ta ut i inkassokostnader?", updated 21 February 2023: "i stället för
   * den vanliga inkassokostnaden"), so the 60 kr charged at the reminder is the förseningsersättning's
   * first part and the collection letter's fee its rest (lifecycle/rules.ts collectionFee): both
   * lines name it, as a strict reader would.
   */
  businessReminderFee: string | null;
  /** A fee posted with a reminder or collection job: the reminder fee the principal charged before. */
  postedFee: string;
  paidCosts: string;
  interest: string;
  interestDetail: (rate: string, days: number) => string;
  /**
   * Under the claim: the period interest is counted for, and what a payment on another day means.
   * `from` is where the interest starts: `date` the day after which it runs (the original due date,
   * or a later day where the due date was not agreed in advance), `first` the first day it runs. A
   * Norwegian case names the day it is counted from, as inkassoloven § 10 second paragraph (d) asks of
   * the betalingsoppfordring; a Finnish or Swedish case gives the period from its first day, as
   * 513/1999 5 a § and inkassolagen 5 § (IMY's allmänna råd on inkassokrav) want the rate and the
   * period said: where the due date was not agreed, interest starts later than the original due date
   * the letter prints. A payment before the due date overpays the interest counted ahead, which the
   * creditor pays back without the debtor asking (513/1999 4 §, good collection practice; the
   * Consumer Ombudsman's guideline on collection, 10/2023, 6.2).
   */
  interestThrough: (date: string, rate: string, from: { date: string; original: boolean; first: string } | null) => string;
  /**
   * On an invoice, under its total: that not paying it in time makes interest payable. Räntelagen
   * (1975:635) 4 § första stycket lets interest on a claim whose due date was not fixed in advance
   * run 30 days after the creditor sent the bill only if the bill says so ("med angivande att
   * underlåtenhet att betala medför skyldighet att utge ränta", in the wording of SFS 2002:352, read
   * 27 November 2026 in a copy of the SFS print; the later amendment SFS 2013:55 was not read for
   * this paragraph); its andra stycket spares claims between businesses the statement, which a
   * Swedish invoice prints to every debtor alike. A Swedish case's invoice only (the service counts
   * those 30 days from the send, lifecycle/decide-step.ts); korkolaki and forsinkelsesrenteloven ask
   * no such words, so a Finnish or Norwegian case's is null and unchanged. Which documents carry it,
   * on paper and in the e-invoice: invoiceInterestNotice.
   */
  interestNotice: string | null;
  reminderIntro: string;
  /**
   * `reminded`: a reminder (an inkassovarsel in Norway) is known to have gone before the letter: a
   * job posted straight to collection without its noticedate tells of none, and the letter may not
   * claim one was sent (invoice-document.ts ReminderPart.reminded).
   */
  collectionIntro: (reminded: boolean) => string;
  /**
   * What the law wants a notice to tell the debtor beyond the claim itself: where to object, and
   * what follows if nothing is paid (513/1999 5 and 5 a §, inkassolagen 1974:182 5 §, inkassoloven § 9,
   * § 10). `contact` is the creditor's e-mail or telephone as the document shows it.
   */
  reminderNotice: (contact: string) => string;
  /**
   * `consumer`: the debtor is a consumer. A Finnish case's payment demand then cites 513/1999 5 §
   * (the payment demand in collecting a consumer claim) beside 5 a §, and tells him that he may ask
   * that voluntary collection be suspended and the matter go to court (4 c §, a right to ask, not to
   * end the collection); a business debtor's cites the act alone, whose 5 § is not his.
   * `toCollector`: the text stands where its sender is not the collector (a Finvoice's free text,
   * whose seller is the creditor), so objections go to the collector by that name, not to "us".
   */
  collectionNotice: (contact: string, consumer: boolean, toCollector?: boolean) => string;
  /**
   * What a Finnish case's payment demand says of its collector (invoice-document.ts collectorOf is
   * the one rule of which letter has one), in the letter's language: the labels of the two parties
   * it names apart, the collector who sends it (perijä, the toimeksisaaja of 513/1999 5 §) and the
   * creditor it collects for (toimeksiantaja); the register the collector is entered in, named by
   * its law (laki perintätoiminnan harjoittajien rekisteröinnistä 411/2018 3 §: only a registered
   * business may collect for another), before the entry; and the e-mail subject's short naming of
   * the creditor, after the collector's name with its own separator (", velkoja X", " på uppdrag
   * av X"). A Finnish case's collectionIntro asks the debtor to pay by the due date
   * into the creditor's account by the bank form below, the creditor's, to avoid further costs.
   */
  collectionParties: { collector: string; principal: string; register: string; forCreditor: (creditor: string) => string };
  /** A cut-off warning's opening: whose supply may be cut, from which day, and that the place's other invoices listed must be paid too. */
  cutoffIntro: (usagePlace: string, date: string, withOthers: boolean) => string;
  /** Above the usage place's other unpaid invoices. */
  cutoffOthers: string;
  /**
   * What the law of the supply's country wants a consumer told before the cut (lib/service/contracts/
   * disconnection-rules.ts): Finland, that a consumer whose failure to pay comes mainly from serious
   * illness, unemployment or a comparable reason, and who says so at once, may not be cut off before
   * three months from the due date, and where help is to be had (sähkömarkkinalaki 588/2013
   * 102–103 §); Sweden, that the social welfare board is told (ellagen 1997:857 11 kap.); Norway,
   * where help is to be had (NAV). Printed to consumers only: a company has none of these protections.
   */
  cutoffConsumer: Record<Country, string>;
  /** Everyone: where to object before the day, and what resuming the supply may cost. */
  cutoffObjection: (contact: string) => string;
  reverseCharge: string;
  /**
   * Beside the link to the debtor's own page of the case, printed and in the e-mail: what every case
   * offers there. Moving the due date, a plan or a dispute depend on the creditor's settings and
   * the phase, so the page says which.
   */
  onlineService: string;
  /**
   * The label of the seller's business id, by the seller's country as the registered office's is: a
   * Norwegian or Swedish organisation number is no Finnish Y-tunnus, whatever the letter's language.
   */
  businessId: (sellerCountry: string) => string;
  vatNumber: string;
  /**
   * The label of the seller's registered office, by the seller's country: a Finnish company's
   * "hemort" is a Swedish one's "säte" (particulars.ts).
   */
  registeredOffice: (sellerCountry: string) => string;
  page: (current: number, total: number) => string;
  preview: string;
  referenceLater: string;
  virtualBarcode: string;
  recipient: string;
  amount: string;
}

/*
 * What follows the CASE's country whatever the letter's language: the names the country's law gives
 * a reminder and a collection letter and their fees, the name its banks give the payment reference,
 * and the law a letter cites. A Finnish-language letter of a Swedish case is an inkassokrav under
 * inkassolagen, in Finnish; citing Finland's 513/1999 to it would name a law that does not reach
 * the claim. Every language has every country (CASE_TEXTS), so no pair falls back to the law of the
 * language's own country.
 */
type CaseKey =
  | "interestNotice"
  | "reference"
  | "referenceLater"
  | "noticeDate"
  | "reminderFee"
  | "collectionFee"
  | "collectionIntro"
  | "interestThrough"
  | "reminderNotice"
  | "collectionNotice";
type Notice = "reminder" | "collection";
/**
 * A notice's title and the label of its own date go together: a Norwegian case's first notice is an
 * inkassovarsel in every language, so its date is no "Påminnelsedatum" of a Swedish påminnelse.
 */
type CaseTexts = Pick<DocumentTexts, CaseKey> &
  Partial<Pick<DocumentTexts, "locale" | "businessCollectionFee" | "businessReminderFee">> & {
    title: Pick<DocumentTexts["title"], Notice>;
    date: Pick<DocumentTexts["date"], Notice>;
  };
/** A language's texts that do not depend on the case's country. */
type LanguageTexts = Omit<DocumentTexts, CaseKey | "businessCollectionFee" | "businessReminderFee" | "title" | "date"> & {
  title: Omit<DocumentTexts["title"], Notice>;
  date: Omit<DocumentTexts["date"], Notice>;
};

const FIN: LanguageTexts = {
  locale: "fi-FI",
  title: { invoice: "LASKU", "credit-note": "HYVITYSLASKU", cutoff: "KATKAISUVAROITUS" },
  number: "Laskun numero",
  creditNoteNumber: "Hyvityslaskun numero",
  date: { invoice: "Päiväys", "credit-note": "Päiväys", cutoff: "Päiväys" },
  dueDate: "Eräpäivä",
  customerNumber: "Asiakasnumero",
  ourReference: "Viitteemme",
  yourReference: "Viitteenne",
  orderNumber: "Tilausnumero",
  deliveryDate: "Toimituspäivä",
  deliveryPlace: "Toimituspaikka",
  overdueInterest: "Viivästyskorko",
  description: "Kuvaus",
  quantity: "Määrä",
  unitPrice: "À-hinta",
  vatPercent: "Alv %",
  discountPercent: "Ale %",
  net: "Veroton",
  vat: "Alv",
  gross: "Yhteensä",
  vatBreakdown: "Arvonlisävero",
  vatRate: "Verokanta",
  totalNet: "Veroton yhteensä",
  totalVat: "Arvonlisävero yhteensä",
  totalToPay: "Maksettava yhteensä",
  totalCredited: "Hyvitetään yhteensä",
  nothingToPay: "Tämä on hyvityslasku: teidän ei tarvitse maksaa mitään.",
  creditedInvoice: "Hyvitettävä lasku",
  originalDate: "Laskun päiväys",
  originalDueDate: "Alkuperäinen eräpäivä",
  basis: "Peruste",
  capital: "Pääoma",
  postedFee: "Muistutusmaksu",
  paidCosts: "Kuluista maksettu",
  interest: "Viivästyskorko",
  interestDetail: (rate, days) => `${rate} %, ${days} pv`,
  reminderIntro: "Kirjanpitomme mukaan alla oleva lasku on vielä maksamatta. Pyydämme maksamaan sen viimeistään eräpäivänä.",
  cutoffIntro: (place, date, withOthers) =>
    `Käyttöpaikan ${place} laskuja on edelleen maksamatta maksumuistutuksesta huolimatta. ${withOthers ? "Ellei alla olevaa saatavaa ja käyttöpaikan muita alla lueteltuja laskuja makseta viimeistään eräpäivänä" : "Ellei alla olevaa saatavaa makseta viimeistään eräpäivänä"}, energian toimitus käyttöpaikkaan voidaan keskeyttää ${date} alkaen.`,
  cutoffOthers: "Käyttöpaikan muut erääntyneet laskut",
  cutoffConsumer: {
    FIN: "Jos maksun viivästyminen johtuu vakavasta sairaudesta, työttömyydestä tai muusta erityisestä syystä pääasiassa ilman omaa syytänne ja ilmoitatte siitä meille viipymättä, toimitusta ei saa keskeyttää ennen kuin kolme kuukautta on kulunut laskun alkuperäisestä eräpäivästä (sähkömarkkinalaki 588/2013, 102–103 §). Maksujärjestelystä voitte sopia kanssamme. Perustoimeentulotukea haetaan Kelasta, täydentävää ja ehkäisevää hyvinvointialueelta.",
    SWE: "Kuntanne sosiaalilautakunnalle (socialnämnden) ilmoitetaan tästä varoituksesta (Ruotsin sähkölaki 1997:857, 11 luku).",
    NOR: "Jos teillä on maksuvaikeuksia, ottakaa yhteyttä meihin tai kuntanne NAV-toimistoon ennen keskeytyspäivää.",
  },
  cutoffObjection: (contact) =>
    `Jos olette jo maksaneet, tämä varoitus on aiheeton. Jos katsotte, ettei saatava ole aiheellinen, ilmoittakaa siitä ennen keskeytyspäivää: ${contact}. Keskeytetty toimitus voidaan palauttaa, kun erääntyneet laskut on maksettu; keskeytyksestä ja palauttamisesta voi aiheutua kuluja.`,
  reverseCharge: "Käännetty verovelvollisuus (AVL 8 c §).",
  onlineService: "Katso ja maksa verkossa:",
  businessId: (sellerCountry) => (sellerCountry === "FI" ? "Y-tunnus" : "Org.nr"),
  vatNumber: "ALV-numero",
  registeredOffice: () => "Kotipaikka",
  collectionParties: {
    collector: "Perijä (toimeksisaaja)",
    principal: "Velkoja (toimeksiantaja)",
    register: "Merkitty perintätoiminnan harjoittajien rekisteriin (laki 411/2018)",
    forCreditor: (creditor) => `, velkoja ${creditor}`,
  },
  page: (current, total) => `Sivu ${current}/${total}`,
  preview: "ESIKATSELU – ei maksettavaksi",
  virtualBarcode: "Virtuaaliviivakoodi",
  recipient: "Saaja",
  amount: "Määrä",
};

const SWE: LanguageTexts = {
  locale: "sv-SE",
  title: { invoice: "FAKTURA", "credit-note": "KREDITFAKTURA", cutoff: "AVSTÄNGNINGSVARNING" },
  number: "Fakturanummer",
  creditNoteNumber: "Kreditfakturanummer",
  date: { invoice: "Fakturadatum", "credit-note": "Datum", cutoff: "Datum" },
  dueDate: "Förfallodag",
  customerNumber: "Kundnummer",
  ourReference: "Vår referens",
  yourReference: "Er referens",
  orderNumber: "Ordernummer",
  deliveryDate: "Leveransdatum",
  deliveryPlace: "Leveransplats",
  overdueInterest: "Dröjsmålsränta",
  description: "Beskrivning",
  quantity: "Antal",
  unitPrice: "À-pris",
  vatPercent: "Moms %",
  discountPercent: "Rabatt %",
  net: "Exkl. moms",
  vat: "Moms",
  gross: "Summa",
  vatBreakdown: "Mervärdesskatt",
  vatRate: "Momssats",
  totalNet: "Summa exkl. moms",
  totalVat: "Moms totalt",
  totalToPay: "Att betala",
  totalCredited: "Krediteras totalt",
  nothingToPay: "Detta är en kreditfaktura: ni behöver inte betala något.",
  creditedInvoice: "Krediterad faktura",
  originalDate: "Fakturadatum",
  originalDueDate: "Ursprunglig förfallodag",
  basis: "Grund",
  capital: "Kapital",
  postedFee: "Påminnelseavgift",
  paidCosts: "Betalt av kostnaderna",
  interest: "Dröjsmålsränta",
  interestDetail: (rate, days) => `${rate} %, ${days} dagar`,
  reminderIntro: "Enligt vår bokföring är fakturan nedan fortfarande obetald. Vänligen betala senast på förfallodagen.",
  cutoffIntro: (place, date, withOthers) =>
    `Fakturor för anläggningen ${place} är fortfarande obetalda trots påminnelse. ${withOthers ? "Betalas inte fordran nedan och anläggningens övriga fakturor som anges nedan senast på förfallodagen" : "Betalas inte fordran nedan senast på förfallodagen"}, kan leveransen av energi till anläggningen avbrytas tidigast ${date}.`,
  cutoffOthers: "Anläggningens övriga obetalda fakturor",
  cutoffConsumer: {
    FIN: "Beror betalningsdröjsmålet på allvarlig sjukdom, arbetslöshet eller annat särskilt skäl huvudsakligen utan egen förskyllan och meddelar ni oss det utan dröjsmål, får leveransen inte avbrytas förrän tre månader har gått från fakturans ursprungliga förfallodag (elmarknadslagen 588/2013, 102–103 §). Grundläggande utkomststöd söks hos FPA, kompletterande och förebyggande utkomststöd hos välfärdsområdet.",
    SWE: "Socialnämnden i er kommun underrättas om denna varning (ellagen 1997:857, 11 kap.). Har ni svårt att betala, kontakta oss eller socialtjänsten i er kommun före avbrottsdagen.",
    NOR: "Har ni betalningssvårigheter, kontakta oss eller NAV-kontoret i er kommun före avbrottsdagen.",
  },
  cutoffObjection: (contact) =>
    `Om ni redan har betalat kan ni bortse från denna varning. Har ni invändningar mot fordran, meddela oss före avbrottsdagen: ${contact}. En avbruten leverans kan återupptas när de förfallna fakturorna är betalda; avbrott och återinkoppling kan medföra kostnader.`,
  reverseCharge: "Omvänd betalningsskyldighet.",
  onlineService: "Se och betala online:",
  businessId: (sellerCountry) => (sellerCountry === "FI" ? "FO-nummer" : "Org.nr"),
  vatNumber: "Momsreg.nr",
  registeredOffice: (sellerCountry) => (sellerCountry === "FI" ? "Hemort" : "Säte"),
  collectionParties: {
    collector: "Indrivare (uppdragstagare)",
    principal: "Borgenär (uppdragsgivare)",
    register: "Införd i registret över aktörer som bedriver indrivningsverksamhet (lag 411/2018)",
    forCreditor: (creditor) => ` på uppdrag av ${creditor}`,
  },
  page: (current, total) => `Sida ${current}/${total}`,
  preview: "FÖRHANDSGRANSKNING – inte för betalning",
  virtualBarcode: "Virtuell streckkod",
  recipient: "Mottagare",
  amount: "Belopp",
};

const NOR: LanguageTexts = {
  locale: "nb-NO",
  title: { invoice: "FAKTURA", "credit-note": "KREDITNOTA", cutoff: "STENGEVARSEL" },
  number: "Fakturanummer",
  creditNoteNumber: "Kreditnotanummer",
  date: { invoice: "Fakturadato", "credit-note": "Dato", cutoff: "Dato" },
  dueDate: "Forfallsdato",
  customerNumber: "Kundenummer",
  ourReference: "Vår referanse",
  yourReference: "Deres referanse",
  orderNumber: "Ordrenummer",
  deliveryDate: "Leveringsdato",
  deliveryPlace: "Leveringssted",
  overdueInterest: "Forsinkelsesrente",
  description: "Beskrivelse",
  quantity: "Antall",
  unitPrice: "Enhetspris",
  vatPercent: "MVA %",
  discountPercent: "Rabatt %",
  net: "Eks. MVA",
  vat: "MVA",
  gross: "Sum",
  vatBreakdown: "Merverdiavgift",
  vatRate: "Sats",
  totalNet: "Sum eks. MVA",
  totalVat: "Sum MVA",
  totalToPay: "Å betale",
  totalCredited: "Kreditert totalt",
  // Norwegian letters say "du" throughout, as Norwegian authorities and collectors write: the formal "De"
  // is out of use and would read as odd, so the credit note keeps the register of the other letters.
  nothingToPay: "Dette er en kreditnota: du trenger ikke å betale noe.",
  creditedInvoice: "Kreditert faktura",
  originalDate: "Fakturadato",
  originalDueDate: "Opprinnelig forfallsdato",
  basis: "Grunnlag",
  capital: "Hovedstol",
  postedFee: "Purregebyr",
  paidCosts: "Innbetalt på gebyrene",
  interest: "Forsinkelsesrente",
  interestDetail: (rate, days) => `${rate} %, ${days} dager`,
  reminderIntro: "Vi kan ikke se å ha mottatt betaling for fakturaen nedenfor. Vennligst betal innen forfallsdatoen.",
  cutoffIntro: (place, date, withOthers) =>
    `Fakturaer for anlegget ${place} er fortsatt ikke betalt etter varsel. ${withOthers ? "Betales ikke kravet nedenfor og anleggets øvrige fakturaer som er listet nedenfor innen forfallsdatoen" : "Betales ikke kravet nedenfor innen forfallsdatoen"}, kan leveransen av energi til anlegget bli stengt fra ${date}.`,
  cutoffOthers: "Anleggets øvrige ubetalte fakturaer",
  cutoffConsumer: {
    FIN: "Skyldes betalingsforsinkelsen alvorlig sykdom, arbeidsledighet eller annen særlig grunn hovedsakelig uten egen skyld, og gir du oss beskjed uten opphold, kan leveransen ikke stenges før tre måneder etter fakturaens opprinnelige forfallsdato (sähkömarkkinalaki 588/2013, 102–103 §). Grunnleggende sosialhjelp søkes hos Kela (FPA), supplerende og forebyggende sosialhjelp hos velferdsområdet.",
    SWE: "Socialnämnden (sosialtjenesten) i kommunen din blir underrettet om dette varselet (ellagen 1997:857, 11 kap.).",
    NOR: "Har du betalingsproblemer, ta kontakt med oss eller med NAV-kontoret i kommunen før stengedatoen.",
  },
  cutoffObjection: (contact) =>
    `Har du allerede betalt, kan du se bort fra dette varselet. Har du innvendinger mot kravet, gi beskjed før stengedatoen: ${contact}. En stengt leveranse kan gjenåpnes når de forfalte fakturaene er betalt; stenging og gjenåpning kan medføre kostnader.`,
  reverseCharge: "Omvendt avgiftsplikt.",
  onlineService: "Se og betal på nett:",
  businessId: (sellerCountry) => (sellerCountry === "FI" ? "Y-tunnus" : "Org.nr"),
  vatNumber: "MVA-nr",
  registeredOffice: () => "Sete",
  collectionParties: {
    collector: "Innkrever (oppdragstaker)",
    principal: "Kreditor (oppdragsgiver)",
    register: "Registrert i registeret over aktører som driver inkassovirksomhet (lov 411/2018)",
    forCreditor: (creditor) => ` på vegne av ${creditor}`,
  },
  page: (current, total) => `Side ${current}/${total}`,
  preview: "FORHÅNDSVISNING – ikke til betaling",
  virtualBarcode: "Virtuell strekkode",
  recipient: "Mottaker",
  amount: "Beløp",
};

const ENG: LanguageTexts = {
  locale: "en-GB",
  title: { invoice: "INVOICE", "credit-note": "CREDIT NOTE", cutoff: "DISCONNECTION WARNING" },
  number: "Invoice number",
  creditNoteNumber: "Credit note number",
  date: { invoice: "Invoice date", "credit-note": "Date", cutoff: "Date" },
  dueDate: "Due date",
  customerNumber: "Customer number",
  ourReference: "Our reference",
  yourReference: "Your reference",
  orderNumber: "Order number",
  deliveryDate: "Delivery date",
  deliveryPlace: "Place of delivery",
  // "Late payment interest" was set smaller than the other labels to fit its column.
  overdueInterest: "Interest on arrears",
  description: "Description",
  quantity: "Qty",
  unitPrice: "Unit price",
  vatPercent: "VAT %",
  discountPercent: "Disc. %",
  net: "Net",
  vat: "VAT",
  gross: "Total",
  vatBreakdown: "VAT",
  vatRate: "Rate",
  totalNet: "Total excl. VAT",
  totalVat: "Total VAT",
  totalToPay: "Amount due",
  totalCredited: "Total credited",
  nothingToPay: "This is a credit note: you do not need to pay anything.",
  creditedInvoice: "Credited invoice",
  originalDate: "Invoice date",
  originalDueDate: "Original due date",
  basis: "For",
  capital: "Capital",
  postedFee: "Reminder fee",
  paidCosts: "Paid towards costs",
  interest: "Interest on arrears",
  interestDetail: (rate, days) => `${rate} %, ${days} days`,
  reminderIntro: "According to our records the invoice below is still unpaid. Please pay it by the due date.",
  cutoffIntro: (place, date, withOthers) =>
    `Invoices for the supply point ${place} are still unpaid despite a reminder. ${withOthers ? "If the claim below and the supply point's other invoices listed below are not paid by the due date" : "If the claim below is not paid by the due date"}, the energy supply to the supply point may be interrupted from ${date}.`,
  cutoffOthers: "The supply point's other unpaid invoices",
  cutoffConsumer: {
    FIN: "If the delay in payment is caused by serious illness, unemployment or another particular reason mainly through no fault of your own and you tell us without delay, supply may not be interrupted until three months have passed from the invoice's original due date (Finnish Electricity Market Act 588/2013, sections 102–103). You can agree a payment arrangement with us. Basic social assistance is applied for from Kela, supplementary and preventive assistance from your wellbeing services county.",
    SWE: "The social welfare board of your municipality is informed of this warning (Swedish Electricity Act 1997:857, chapter 11).",
    NOR: "If you have difficulty paying, contact us or the NAV office of your municipality before the interruption day.",
  },
  cutoffObjection: (contact) =>
    `If you have already paid, please disregard this warning. If you dispute the claim, tell us before the interruption day: ${contact}. Interrupted supply can be resumed once the overdue invoices are paid; interruption and reconnection may incur costs.`,
  reverseCharge: "Reverse charge: the buyer accounts for the VAT.",
  onlineService: "View and pay online:",
  businessId: (sellerCountry) => (sellerCountry === "FI" ? "Business ID" : "Org.nr"),
  vatNumber: "VAT number",
  registeredOffice: () => "Registered office",
  collectionParties: {
    collector: "Collector (acting for the creditor)",
    principal: "Creditor (our client)",
    register: "Entered in the register of debt collection businesses (Act 411/2018)",
    forCreditor: (creditor) => ` on behalf of ${creditor}`,
  },
  page: (current, total) => `Page ${current}/${total}`,
  preview: "PREVIEW – not for payment",
  virtualBarcode: "Virtual barcode",
  recipient: "Payee",
  amount: "Amount",
};

/*
 * Estonian documents address the debtor with the polite plural "teie" of Estonian business letters,
 * and label as Estonian invoices do (KM for käibemaks, KMKR nr, viitenumber, maksetähtaeg).
 */
const EST: LanguageTexts = {
  locale: "et-EE",
  title: { invoice: "ARVE", "credit-note": "KREEDITARVE", cutoff: "KATKESTAMISE HOIATUS" },
  number: "Arve number",
  creditNoteNumber: "Kreeditarve number",
  date: { invoice: "Arve kuupäev", "credit-note": "Kuupäev", cutoff: "Kuupäev" },
  dueDate: "Maksetähtaeg",
  customerNumber: "Kliendinumber",
  ourReference: "Meie viide",
  yourReference: "Teie viide",
  orderNumber: "Tellimuse number",
  deliveryDate: "Tarnekuupäev",
  deliveryPlace: "Tarnekoht",
  overdueInterest: "Viivisemäär",
  description: "Kirjeldus",
  quantity: "Kogus",
  unitPrice: "Ühiku hind",
  vatPercent: "KM %",
  discountPercent: "Soodus %",
  net: "Summa",
  vat: "KM",
  gross: "Kokku",
  vatBreakdown: "Käibemaks",
  vatRate: "KM määr",
  totalNet: "Kokku ilma KM-ta",
  totalVat: "Käibemaks kokku",
  totalToPay: "Tasuda",
  totalCredited: "Krediteeritud kokku",
  nothingToPay: "See on kreeditarve: teil ei ole vaja midagi tasuda.",
  creditedInvoice: "Krediteeritav arve",
  originalDate: "Arve kuupäev",
  originalDueDate: "Algne maksetähtaeg",
  basis: "Alus",
  capital: "Põhivõlg",
  postedFee: "Meeldetuletustasu",
  paidCosts: "Kuludeks tasutud",
  interest: "Viivis",
  interestDetail: (rate, days) => `${rate} %, ${days} päeva`,
  reminderIntro: "Meie andmetel on allolev arve endiselt tasumata. Palun tasuge see hiljemalt maksetähtajaks.",
  cutoffIntro: (place, date, withOthers) =>
    `Tarbimiskoha ${place} arved on meeldetuletusest hoolimata endiselt tasumata. ${withOthers ? "Kui allolevat nõuet ja tarbimiskoha muid allpool loetletud arveid ei tasuta hiljemalt maksetähtajaks" : "Kui allolevat nõuet ei tasuta hiljemalt maksetähtajaks"}, võidakse energia tarnimine tarbimiskohta katkestada alates ${date}.`,
  cutoffOthers: "Tarbimiskoha muud tasumata arved",
  cutoffConsumer: {
    FIN: "Kui makse hilinemise põhjus on raske haigus, töötus või muu eriline asjaolu, milles te peamiselt süüdi ei ole, ja teatate sellest meile viivitamata, ei tohi tarnimist katkestada enne, kui arve algsest maksetähtajast on möödunud kolm kuud (Soome elektrituruseadus, sähkömarkkinalaki 588/2013, §-d 102–103). Võlgnevuse ajatamises saate meiega kokku leppida. Põhilist toimetulekutoetust taotletakse Kelalt, täiendavat ja ennetavat toetust oma heaolupiirkonnalt (hyvinvointialue).",
    SWE: "Teie omavalitsuse sotsiaalkomisjoni (socialnämnden) teavitatakse sellest hoiatusest (Rootsi elektriseadus, ellagen 1997:857, 11. peatükk).",
    NOR: "Kui teil on makseraskusi, võtke enne katkestamise päeva ühendust meiega või oma omavalitsuse NAV-i bürooga.",
  },
  cutoffObjection: (contact) =>
    `Kui olete juba tasunud, palume seda hoiatust mitte arvestada. Kui vaidlustate nõude, teatage sellest enne katkestamise päeva: ${contact}. Katkestatud tarnimise saab taastada, kui tähtaja ületanud arved on tasutud; katkestamise ja taasühendamisega võivad kaasneda kulud.`,
  reverseCharge: "Pöördmaksustamine: käibemaksu arvestab ostja.",
  onlineService: "Vaadake ja makske veebis:",
  businessId: (sellerCountry) => (sellerCountry === "FI" ? "Y-tunnus" : "Org.nr"),
  vatNumber: "KMKR nr",
  registeredOffice: () => "Asukoht",
  collectionParties: {
    collector: "Sissenõudja (inkassoettevõte)",
    principal: "Võlausaldaja (meie klient)",
    register: "Kantud inkassotegevusega tegelejate registrisse (seadus 411/2018)",
    forCreditor: (creditor) => `, võlausaldaja ${creditor}`,
  },
  page: (current, total) => `Lk ${current}/${total}`,
  preview: "EELVAADE – mitte tasumiseks",
  virtualBarcode: "Virtuaalne vöötkood",
  recipient: "Saaja",
  amount: "Summa",
};

/** A Finnish span of days, the year written once where both days share it: 16.9.–4.12.2026. */
function finnishSpan(first: string, last: string): string {
  if (first === last) return last;
  const year = /\.(\d{4})$/.exec(first)?.[1];
  return year && last.endsWith(`.${year}`) ? `${first.slice(0, -year.length)}–${last}` : `${first}–${last}`;
}

/*
 * Finnish letters. A Swedish case's collection letter is its inkassokrav (perintävaatimus), a
 * Norwegian case's reminder the inkassovarsel of inkassoloven § 9 (perintävaroitus) and its
 * collection letter the betalingsoppfordring of § 10 (maksukehotus); each names the act in Finnish
 * with its own name beside it, so that the debtor's adviser finds it.
 */
const FIN_CASES: Record<Country, CaseTexts> = {
  // Laki saatavien perinnästä (513/1999) names the collection letter a maksuvaatimus (5 §, of a
  // consumer claim) and says what it holds (5 a §), and its text says so: a "perintäkirje" title
  // would name it by something the law does not know. The letter gives the basis and itemisation of
  // the claim (above), the due date, where to object, and what follows from not paying. 5 § puts
  // the payment demand on one who collects for another as a business (the toimeksisaaja), and the
  // demand's fees of 10 a § and 10 e § are that collector's: the letter is the provider's as
  // collector, sent for the creditor (toimeksiantaja), and names both apart (collectionParties).
  FIN: {
    interestNotice: null,
    title: { reminder: "MAKSUMUISTUTUS", collection: "MAKSUVAATIMUS" },
    date: { reminder: "Päiväys", collection: "Päiväys" },
    reference: "Viitenumero",
    referenceLater: "Viitenumero annetaan, kun lasku lähetetään.",
    noticeDate: "Muistutus lähetetty",
    reminderFee: "Muistutusmaksu",
    collectionFee: "Maksuvaatimuskulu",
    collectionIntro: (reminded) =>
      `Toimeksiantajamme saatava on edelleen maksamatta${reminded ? " muistutuksesta huolimatta" : ""}. Pyydämme maksamaan saatavan viimeistään eräpäivänä toimeksiantajamme tilille alla olevalla tilisiirrolla, jotta välttyisitte lisäkuluilta.`,
    interestThrough: (date, rate, from) =>
      `Viivästyskorko (korkolaki 633/1982) on laskettu ${from ? `ajalta ${finnishSpan(from.first, date)}` : `${date} asti`}. Jos maksatte myöhemmin, korkoa kertyy ${rate} % vuodessa maksupäivään asti; jos maksatte aiemmin, liikaa maksettu palautetaan teille pyytämättä.`,
    reminderNotice: (contact) =>
      `Jos olette jo maksaneet laskun, tämä muistutus on aiheeton. Jos katsotte, ettei saatava ole aiheellinen tai sen määrä on virheellinen, ilmoittakaa siitä ennen eräpäivää: ${contact}. Jos saatavaa ei makseta eräpäivään mennessä, se siirtyy perintään, mistä aiheutuu lisäkuluja.`,
    collectionNotice: (contact, consumer, toCollector) =>
      `Tämä on saatavien perinnästä annetun lain (513/1999) ${consumer ? "5 ja 5 a §:n " : ""}mukainen maksuvaatimus. Saatavan peruste ja erittely ovat yllä. Jos haluatte huomauttaa saatavan perusteesta tai määrästä, ilmoittakaa siitä ${toCollector ? "perijälle" : "meille"} ennen eräpäivää: ${contact}; perintä keskeytetään, kunnes huomautus on selvitetty. Jos saatavaa ei makseta eräpäivään mennessä, se voidaan siirtää oikeudelliseen perintään, mistä aiheutuu lisäkuluja; tuomioistuimen ratkaisusta voi seurata merkintä luottotietorekisteriin.${consumer ? " Voitte myös pyytää, että vapaaehtoinen perintä keskeytetään ja asia siirretään tuomioistuimen ratkaistavaksi (513/1999 4 c §)." : ""}`,
  },
  SWE: {
    interestNotice: "Jos laskua ei makseta ajallaan, olette velvollinen maksamaan viivästyskorkoa Ruotsin korkolain (räntelagen 1975:635) mukaan.",
    title: { reminder: "MAKSUMUISTUTUS", collection: "PERINTÄVAATIMUS" },
    date: { reminder: "Päiväys", collection: "Päiväys" },
    reference: "Viitenumero (OCR)",
    referenceLater: "Viitenumero (OCR) annetaan, kun lasku lähetetään.",
    noticeDate: "Muistutus lähetetty",
    reminderFee: "Muistutusmaksu",
    collectionFee: "Perintämaksu",
    businessCollectionFee: "Viivästyskorvaus (förseningsersättning)",
    businessReminderFee: "Viivästyskorvaus (förseningsersättning), muistutuksen osuus",
    collectionIntro: (reminded) =>
      `Saatavamme on edelleen maksamatta${reminded ? " muistutuksesta huolimatta" : ""}. Pyydämme maksamaan sen viimeistään eräpäivänä, jotta välttyisitte lisäkuluilta.`,
    interestThrough: (date, rate, from) =>
      `Viivästyskorko (Ruotsin korkolaki, räntelagen 1975:635) on laskettu ${from ? `ajalta ${finnishSpan(from.first, date)}` : `${date} asti`}. Jos maksatte myöhemmin, korkoa kertyy ${rate} % vuodessa maksupäivään asti; jos maksatte aiemmin, liikaa maksettu palautetaan teille pyytämättä.`,
    reminderNotice: (contact) =>
      `Jos olette jo maksaneet laskun, tämä muistutus on aiheeton. Jos haluatte huomauttaa laskusta, ilmoittakaa siitä meille ennen eräpäivää: ${contact}. Jos laskua ei makseta ajallaan, se voidaan siirtää perintään, mistä aiheutuu lisäkuluja.`,
    collectionNotice: (contact) =>
      `Tämä on Ruotsin perintälain (inkassolagen 1974:182) mukainen perintävaatimus (inkassokrav). Saatava ja sen kulut ovat yllä. Jos haluatte huomauttaa vaatimuksesta, ilmoittakaa siitä meille mahdollisimman pian, mieluiten ennen eräpäivää: ${contact}; jatkotoimiin ei ryhdytä ennen kuin huomautus on käsitelty. Jos vaatimusta ei makseta ajallaan, voimme hakea maksamismääräystä Ruotsin ulosottoviranomaiselta (Kronofogdemyndigheten), mistä aiheutuu lisäkuluja ja mistä voi seurata maksuhäiriömerkintä (betalningsanmärkning).`,
  },
  NOR: {
    interestNotice: null,
    title: { reminder: "PERINTÄVAROITUS", collection: "MAKSUKEHOTUS" },
    date: { reminder: "Päiväys", collection: "Päiväys" },
    reference: "Viitenumero (KID)",
    referenceLater: "Viitenumero (KID) annetaan, kun lasku lähetetään.",
    noticeDate: "Perintävaroitus annettu",
    reminderFee: "Perintävaroituksen maksu",
    collectionFee: "Maksukehotuksen maksu",
    collectionIntro: (reminded) =>
      `Saatavamme on edelleen maksamatta${reminded ? " perintävaroituksesta huolimatta" : ""}. Pyydämme maksamaan sen viimeistään eräpäivänä, jotta välttyisitte lisäkuluilta.`,
    interestThrough: (date, rate, from) =>
      `Viivästyskorko (Norjan viivästyskorkolaki, forsinkelsesrenteloven) on laskettu ${from ? (from.original ? `alkuperäisestä eräpäivästä ${from.date} lähtien ` : `${from.date} lähtien `) : ""}${date} asti. Jos maksatte myöhemmin, korkoa kertyy ${rate} % vuodessa maksupäivään asti; jos maksatte aiemmin, liikaa maksettu palautetaan teille pyytämättä.`,
    reminderNotice: (contact) =>
      `Tämä on Norjan perintälain (inkassoloven) 9 §:n mukainen perintävaroitus (inkassovarsel). Jos saatavaa ei ole maksettu viimeistään eräpäivänä, se siirretään perintään, mistä aiheutuu lisäkuluja. Jos haluatte huomauttaa saatavasta, ottakaa yhteyttä ennen määräaikaa: ${contact}.`,
    collectionNotice: (contact) =>
      `Tämä on Norjan perintälain (inkassoloven) 10 §:n mukainen maksukehotus (betalingsoppfordring). Saatava ja sen kulut ovat yllä. Jos katsotte, että saatava on virheellinen, ilmoittakaa siitä ennen eräpäivää, mieluiten kirjallisesti ja perustellen: ${contact}. Jos saatavaa ei makseta määräajassa, asiassa voidaan ryhtyä oikeudellisiin toimiin, mistä aiheutuu lisäkuluja.`,
  },
};

/*
 * Swedish letters. For a Finnish case, Finland's law and Finland-Swedish terms, not Sweden's: a
 * Finnish debtor who reads Swedish is owed what laki saatavien perinnästä (lag om indrivning av
 * fordringar 513/1999) wants said, not inkassolagen and Kronofogden, whose procedures do not reach
 * him. The Swedish text of 513/1999 5 § names the collection letter a betalningskrav; a Finnish
 * payment reference is a referensnummer (the bank form's "Ref.nr"), not an OCR number; dates read
 * 5.11.2026.
 */
const SWE_CASES: Record<Country, CaseTexts> = {
  // 513/1999 5 a §: the basis and itemisation of the claim (above), the due date, where to object,
  // and what follows from not paying; 513/1999 4 b § stops collection while an objection is examined.
  FIN: {
    locale: "sv-FI",
    interestNotice: null,
    title: { reminder: "BETALNINGSPÅMINNELSE", collection: "BETALNINGSKRAV" },
    date: { reminder: "Påminnelsedatum", collection: "Datum" },
    reference: "Referensnummer",
    referenceLater: "Referensnumret ges när fakturan skickas.",
    noticeDate: "Påminnelse skickad",
    reminderFee: "Påminnelseavgift",
    collectionFee: "Kostnad för betalningskravet",
    collectionIntro: (reminded) =>
      `Vår uppdragsgivares fordran är ${reminded ? "trots påminnelse " : ""}fortfarande obetald. Vänligen betala senast på förfallodagen till uppdragsgivarens konto med gireringsblanketten nedan, så undviker ni ytterligare kostnader.`,
    interestThrough: (date, rate, from) =>
      `Dröjsmålsräntan (räntelagen 633/1982) är beräknad ${from ? `från och med ${from.first} ` : ""}till och med ${date}. Betalar ni senare tillkommer ränta med ${rate} % per år till betalningsdagen; betalar ni tidigare betalar vi tillbaka det ni betalat för mycket utan att ni behöver begära det.`,
    reminderNotice: (contact) =>
      `Om ni redan har betalat fakturan är denna påminnelse obefogad. Anser ni att fordran är ogrundad eller att beloppet är felaktigt, meddela oss det före förfallodagen: ${contact}. Betalas fordran inte senast på förfallodagen överlämnas den till indrivning, vilket medför ytterligare kostnader.`,
    collectionNotice: (contact, consumer, toCollector) =>
      `Detta är ett betalningskrav enligt ${consumer ? "5 och 5 a § i " : ""}lagen om indrivning av fordringar (513/1999). Fordringens grund och specifikation framgår ovan. Vill ni göra invändningar mot fordringens grund eller belopp, meddela ${toCollector ? "indrivaren" : "oss"} det före förfallodagen: ${contact}; indrivningen avbryts tills invändningen har utretts. Betalas fordran inte senast på förfallodagen kan den överlämnas till rättslig indrivning, vilket medför ytterligare kostnader; ett domstolsavgörande kan leda till en anteckning i kreditupplysningsregistret.${consumer ? " Ni kan också begära att den frivilliga indrivningen avbryts och att saken förs till domstol (513/1999 4 c §)." : ""}`,
  },
  // Inkassolagen (1974:182) 5 §: the claim, a short time to pay, what follows if nothing is paid,
  // and that the debtor who objects should say so, and to whom: he is urged to, and loses nothing by
  // objecting after the due date, so the letter asks it soon, not before a deadline.
  SWE: {
    interestNotice: "Betalas fakturan inte i tid är ni skyldig att betala dröjsmålsränta enligt räntelagen (1975:635).",
    title: { reminder: "BETALNINGSPÅMINNELSE", collection: "INKASSOKRAV" },
    date: { reminder: "Påminnelsedatum", collection: "Datum" },
    reference: "OCR-nummer",
    referenceLater: "OCR-numret ges när fakturan skickas.",
    noticeDate: "Påminnelse skickad",
    reminderFee: "Påminnelseavgift",
    collectionFee: "Inkassoavgift",
    businessCollectionFee: "Förseningsersättning",
    businessReminderFee: "Förseningsersättning, del vid påminnelse",
    collectionIntro: (reminded) =>
      `Vår fordran är ${reminded ? "trots påminnelse " : ""}fortfarande obetald. Vänligen betala senast på förfallodagen för att undvika ytterligare kostnader.`,
    interestThrough: (date, rate, from) =>
      `Dröjsmålsräntan (räntelagen 1975:635) är beräknad ${from ? `från och med ${from.first} ` : ""}till och med ${date}. Betalar ni senare tillkommer ränta med ${rate} % per år till betalningsdagen; betalar ni tidigare betalar vi tillbaka det ni betalat för mycket utan att ni behöver begära det.`,
    reminderNotice: (contact) =>
      `Om ni redan har betalat kan ni bortse från denna påminnelse. Har ni invändningar mot fakturan, kontakta oss före förfallodagen: ${contact}. Betalas fakturan inte i tid kan den lämnas till inkasso, vilket medför ytterligare kostnader.`,
    collectionNotice: (contact) =>
      `Detta är ett inkassokrav enligt inkassolagen (1974:182). Fordran och dess kostnader framgår ovan. Har ni invändningar mot kravet bör ni meddela oss dem snarast, helst före förfallodagen: ${contact}; vi avvaktar då med vidare åtgärder tills invändningen har prövats. Betalas kravet inte i tid kan vi ansöka om betalningsföreläggande hos Kronofogdemyndigheten, vilket medför ytterligare kostnader och kan leda till en betalningsanmärkning.`,
  },
  // A Norwegian case: the inkassovarsel (inkassovarning) and betalingsoppfordring (betalningsuppmaning)
  // of the Norwegian inkassoloven, which the Swedish inkassolag does not know.
  NOR: {
    interestNotice: null,
    title: { reminder: "INKASSOVARNING", collection: "BETALNINGSUPPMANING" },
    date: { reminder: "Varningsdatum", collection: "Datum" },
    reference: "KID-nummer",
    referenceLater: "KID-numret ges när fakturan skickas.",
    noticeDate: "Inkassovarning skickad",
    reminderFee: "Avgift för inkassovarning",
    collectionFee: "Avgift för betalningsuppmaning",
    collectionIntro: (reminded) =>
      `Vår fordran är ${reminded ? "trots inkassovarning " : ""}fortfarande obetald. Vänligen betala senast på förfallodagen för att undvika ytterligare kostnader.`,
    interestThrough: (date, rate, from) =>
      `Dröjsmålsräntan (norska dröjsmålsräntelagen, forsinkelsesrenteloven) är beräknad ${from ? (from.original ? `från den ursprungliga förfallodagen ${from.date} ` : `från ${from.date} `) : ""}till och med ${date}. Betalar ni senare tillkommer ränta med ${rate} % per år till betalningsdagen; betalar ni tidigare betalar vi tillbaka det ni betalat för mycket utan att ni behöver begära det.`,
    reminderNotice: (contact) =>
      `Detta är en inkassovarning enligt 9 § i den norska inkassolagen (inkassoloven). Är fordran inte betald senast på förfallodagen lämnas den till inkasso, vilket medför ytterligare kostnader. Har ni invändningar mot fordran, kontakta oss före förfallodagen: ${contact}.`,
    collectionNotice: (contact) =>
      `Detta är en betalningsuppmaning enligt 10 § i den norska inkassolagen (inkassoloven). Fordran och dess kostnader framgår ovan. Anser ni att fordran är felaktig, meddela oss det före förfallodagen, helst skriftligen och med angivande av skäl: ${contact}. Betalas fordran inte i tid kan rättsliga åtgärder vidtas, vilket medför ytterligare kostnader.`,
  },
};

/*
 * Norwegian letters. Only a Norwegian case has an inkassovarsel and a betalingsoppfordring: a Finnish
 * or Swedish case is reminded by a betalingspåminnelse, and its collection letter is the betalingskrav
 * of 513/1999 or the inkassokrav of the Swedish inkassolag.
 */
const NOR_CASES: Record<Country, CaseTexts> = {
  FIN: {
    interestNotice: null,
    title: { reminder: "BETALINGSPÅMINNELSE", collection: "BETALINGSKRAV" },
    date: { reminder: "Påminnelsesdato", collection: "Dato" },
    reference: "Referansenummer",
    referenceLater: "Referansenummeret gis når fakturaen sendes.",
    noticeDate: "Påminnelse sendt",
    reminderFee: "Purregebyr",
    collectionFee: "Gebyr for betalingskravet",
    collectionIntro: (reminded) =>
      `Vår oppdragsgivers krav er fortsatt ikke betalt${reminded ? " etter påminnelsen" : ""}. Vennligst betal innen forfallsdatoen til vår oppdragsgivers konto med giroen nedenfor, for å unngå ytterligere kostnader.`,
    interestThrough: (date, rate, from) =>
      `Forsinkelsesrenten etter den finske renteloven (korkolaki 633/1982) er beregnet ${from ? `fra og med ${from.first} ` : ""}til og med ${date}. Betaler du senere, påløper rente med ${rate} % per år frem til betaling skjer; betaler du tidligere, betaler vi tilbake det du har betalt for mye, uten at du må be om det.`,
    reminderNotice: (contact) =>
      `Har du allerede betalt fakturaen, kan du se bort fra denne påminnelsen. Mener du at kravet er uberettiget eller at beløpet er feil, gi beskjed før forfallsdatoen: ${contact}. Betales kravet ikke innen forfallsdatoen, går det til inkasso, noe som medfører ytterligere kostnader.`,
    collectionNotice: (contact, consumer, toCollector) =>
      `Dette er et betalingskrav etter ${consumer ? "§§ 5 og 5 a i " : ""}den finske loven om inndriving av fordringer (laki saatavien perinnästä 513/1999). Kravets grunnlag og spesifikasjon fremgår ovenfor. Vil du komme med innsigelser mot kravets grunnlag eller beløp, gi ${toCollector ? "innkreveren" : "oss"} beskjed før forfallsdatoen: ${contact}; innkrevingen stanses til innsigelsen er avklart. Betales kravet ikke innen forfallsdatoen, kan det bli overført til rettslig inndriving, noe som medfører ytterligere kostnader; en rettsavgjørelse kan føre til en betalingsanmerkning i det finske kredittopplysningsregisteret.${consumer ? " Du kan også be om at den frivillige innkrevingen stilles i bero og at saken bringes inn for domstolen (513/1999 § 4 c)." : ""}`,
  },
  SWE: {
    interestNotice: "Hvis fakturaen ikke betales i tide, plikter dere å betale forsinkelsesrente etter den svenske renteloven (räntelagen 1975:635).",
    title: { reminder: "BETALINGSPÅMINNELSE", collection: "INKASSOKRAV" },
    date: { reminder: "Påminnelsesdato", collection: "Dato" },
    reference: "OCR-nummer",
    referenceLater: "OCR-nummeret gis når fakturaen sendes.",
    noticeDate: "Påminnelse sendt",
    reminderFee: "Purregebyr",
    collectionFee: "Inkassogebyr",
    businessCollectionFee: "Forsinkelseserstatning (förseningsersättning)",
    businessReminderFee: "Forsinkelseserstatning (förseningsersättning), del ved purring",
    collectionIntro: (reminded) =>
      `Kravet vårt er fortsatt ikke betalt${reminded ? " etter påminnelsen" : ""}. Vennligst betal innen forfallsdatoen for å unngå ytterligere kostnader.`,
    interestThrough: (date, rate, from) =>
      `Forsinkelsesrenten etter den svenske renteloven (räntelagen 1975:635) er beregnet ${from ? `fra og med ${from.first} ` : ""}til og med ${date}. Betaler du senere, påløper rente med ${rate} % per år frem til betaling skjer; betaler du tidligere, betaler vi tilbake det du har betalt for mye, uten at du må be om det.`,
    reminderNotice: (contact) =>
      `Har du allerede betalt, kan du se bort fra denne påminnelsen. Har du innvendinger mot fakturaen, ta kontakt før forfallsdatoen: ${contact}. Betales fakturaen ikke i tide, kan den bli sendt til inkasso, noe som medfører ytterligere kostnader.`,
    collectionNotice: (contact) =>
      `Dette er et inkassokrav etter den svenske inkassolagen (1974:182). Kravet og omkostningene fremgår ovenfor. Har du innvendinger mot kravet, bør du gi oss beskjed snarest, helst før forfallsdatoen: ${contact}; vi venter da med videre skritt til innvendingen er vurdert. Betales kravet ikke i tide, kan vi begjære betalingspålegg (betalningsföreläggande) hos den svenske namsmyndigheten Kronofogdemyndigheten, noe som medfører ytterligere kostnader og kan føre til en betalingsanmerkning.`,
  },
  NOR: {
    // Inkassoloven: the service's first notice is the inkassovarsel (§ 9), its collection letter the
    // betalingsoppfordring (§ 10).
    interestNotice: null,
    title: { reminder: "INKASSOVARSEL", collection: "BETALINGSOPPFORDRING" },
    date: { reminder: "Varseldato", collection: "Dato" },
    reference: "KID",
    referenceLater: "KID gis når fakturaen sendes.",
    noticeDate: "Inkassovarsel sendt",
    reminderFee: "Gebyr for inkassovarsel",
    collectionFee: "Gebyr for betalingsoppfordring",
    collectionIntro: (reminded) =>
      `Kravet vårt er fortsatt ikke betalt${reminded ? " etter inkassovarselet" : ""}. Vennligst betal innen forfallsdatoen for å unngå ytterligere kostnader.`,
    interestThrough: (date, rate, from) =>
      `Forsinkelsesrenten etter forsinkelsesrenteloven er beregnet ${from ? (from.original ? `fra opprinnelig forfallsdato ${from.date} ` : `fra ${from.date} `) : ""}frem til ${date}. Betaler du senere, påløper rente med ${rate} % per år frem til betaling skjer; betaler du tidligere, betaler vi tilbake det du har betalt for mye, uten at du må be om det.`,
    // Inkassoloven § 9: the inkassovarsel gives at least 14 days to pay (lifecycle/rules.ts sets the
    // due date it prints) and says that the claim goes to collection, with further costs, if it is
    // not paid by then. The letter does not vouch for its own term: the date is printed.
    reminderNotice: (contact) =>
      `Dette er et inkassovarsel etter inkassoloven § 9. Dersom kravet ikke er betalt innen forfallsdatoen, vil det bli sendt til inkasso, og det vil påløpe ytterligere omkostninger. Har du innvendinger mot kravet, ta kontakt før fristen: ${contact}.`,
    // Inkassoloven § 10: the betalingsoppfordring names the claim and its costs, gives 14 days, and
    // says what follows; an objection stops collection until it is answered. Its point (f), the
    // right to a complaints board under § 22, binds only a licensed collection business (§ 5): this
    // letter is the creditor's own (its fee is § 1-2 tredje ledd's for one "fordringshaveren selv
    // har sendt"), and Finansklagenemnda Inkasso hears no complaint about a creditor's own
    // collection (finkn.no, read 27 November 2026), so naming it would send a debtor away.
    collectionNotice: (contact) =>
      `Dette er en betalingsoppfordring etter inkassoloven § 10. Kravet og omkostningene fremgår ovenfor. Mener du at kravet er uriktig, må du gi beskjed før forfallsdatoen, helst skriftlig og med begrunnelse: ${contact}. Betales kravet ikke innen fristen, kan det bli tatt rettslige skritt, noe som medfører ytterligere omkostninger.`,
  },
};

/*
 * English letters: one name per letter, the one its country's law gives, in title, fee and text
 * alike, and the act it relies on in English with its own name or number, so a debtor abroad and
 * the adviser who reads it for him can find it.
 */
const ENG_CASES: Record<Country, CaseTexts> = {
  FIN: {
    interestNotice: null,
    title: { reminder: "PAYMENT REMINDER", collection: "PAYMENT DEMAND" },
    date: { reminder: "Reminder date", collection: "Date" },
    reference: "Payment reference",
    referenceLater: "The payment reference is given when the invoice is sent.",
    noticeDate: "Reminder sent",
    reminderFee: "Reminder fee",
    collectionFee: "Payment demand fee",
    collectionIntro: (reminded) =>
      `Our client's claim is still unpaid${reminded ? " despite a reminder" : ""}. Please pay by the due date into our client's account using the bank transfer form below, to avoid further costs.`,
    interestThrough: (date, rate, from) =>
      `Interest on arrears under the Finnish Interest Act (633/1982) is calculated ${from ? `from ${from.first} ` : ""}up to ${date}. If you pay later, interest of ${rate} % a year runs until the day you pay; if you pay earlier, we pay back what you overpaid without you having to ask.`,
    reminderNotice: (contact) =>
      `If you have already paid, please disregard this reminder. If you dispute the claim or its amount, tell us before the due date: ${contact}. If the claim is not paid by the due date, it will be passed to debt collection, which will incur further costs.`,
    collectionNotice: (contact, consumer, toCollector) =>
      `This is a payment demand (maksuvaatimus) under ${consumer ? "sections 5 and 5 a of " : ""}the Finnish Act on the Collection of Debts (513/1999). The basis of the claim and its itemisation are shown above. If you dispute the basis or the amount of the claim, tell ${toCollector ? "the collector" : "us"} before the due date: ${contact}; collection is suspended until your objection has been resolved. If the claim is not paid by the due date, it may be passed to legal collection, which will incur further costs; a court decision may lead to an entry in the Finnish credit information register.${consumer ? " You may also ask that voluntary collection be suspended and the claim be taken to court (section 4 c of 513/1999)." : ""}`,
  },
  SWE: {
    interestNotice: "If the invoice is not paid on time, you are liable to pay interest on arrears under the Swedish Interest Act (räntelagen 1975:635).",
    title: { reminder: "PAYMENT REMINDER", collection: "COLLECTION DEMAND" },
    date: { reminder: "Reminder date", collection: "Date" },
    reference: "OCR number",
    referenceLater: "The OCR number is given when the invoice is sent.",
    noticeDate: "Reminder sent",
    reminderFee: "Reminder fee",
    collectionFee: "Collection fee",
    businessCollectionFee: "Late payment compensation (förseningsersättning)",
    businessReminderFee: "Late payment compensation (förseningsersättning), part charged with the reminder",
    collectionIntro: (reminded) => `Our claim is still unpaid${reminded ? " despite a reminder" : ""}. Please pay it by the due date to avoid further costs.`,
    interestThrough: (date, rate, from) =>
      `Interest on arrears under the Swedish Interest Act (räntelagen 1975:635) is calculated ${from ? `from ${from.first} ` : ""}up to ${date}. If you pay later, interest of ${rate} % a year runs until the day you pay; if you pay earlier, we pay back what you overpaid without you having to ask.`,
    reminderNotice: (contact) =>
      `If you have already paid, please disregard this reminder. If you dispute the claim or its amount, tell us before the due date: ${contact}. If the claim is not paid by the due date, it may be passed to debt collection, which will incur further costs.`,
    collectionNotice: (contact) =>
      `This is a collection demand (inkassokrav) under the Swedish Debt Collection Act (1974:182). The claim and its costs are shown above. If you object to the claim, tell us as soon as possible, preferably before the due date: ${contact}; we then take no further action until your objection has been examined. If the claim is not paid in time, we may apply to the Swedish Enforcement Authority (Kronofogdemyndigheten) for an order to pay, which will incur further costs and may lead to a payment default record (betalningsanmärkning).`,
  },
  NOR: {
    interestNotice: null,
    title: { reminder: "COLLECTION WARNING", collection: "PAYMENT REQUEST" },
    date: { reminder: "Warning date", collection: "Date" },
    reference: "KID number",
    referenceLater: "The KID number is given when the invoice is sent.",
    noticeDate: "Collection warning sent",
    reminderFee: "Collection warning fee",
    collectionFee: "Payment request fee",
    collectionIntro: (reminded) =>
      `Our claim is still unpaid${reminded ? " despite a collection warning" : ""}. Please pay it by the due date to avoid further costs.`,
    interestThrough: (date, rate, from) =>
      `Interest on arrears under the Norwegian Act on Interest on Overdue Payments (forsinkelsesrenteloven) is calculated ${from ? (from.original ? `from the original due date, ${from.date}, ` : `from ${from.date} `) : ""}up to ${date}. If you pay later, interest of ${rate} % a year runs until the day you pay; if you pay earlier, we pay back what you overpaid without you having to ask.`,
    reminderNotice: (contact) =>
      `This is a collection warning (inkassovarsel) under section 9 of the Norwegian Debt Collection Act (inkassoloven). If the claim is not paid by the due date, it will be passed to debt collection and further costs will be incurred. If you dispute the claim, contact us before the deadline: ${contact}.`,
    collectionNotice: (contact) =>
      `This is a payment request (betalingsoppfordring) under section 10 of the Norwegian Debt Collection Act (inkassoloven). The claim and its costs are shown above. If you believe the claim is wrong, tell us before the due date, preferably in writing and with your reasons: ${contact}. If the claim is not paid by the deadline, legal action may be taken, which will incur further costs.`,
  },
};

/*
 * Estonian letters. The law and the letters' names are the case's country's, in Estonian, with each
 * act's own name beside it as the Finnish letters give it, so that the debtor's adviser finds it:
 * the Finnish maksuvaatimus and the Norwegian betalingsoppfordring are a maksenõue, the Swedish
 * inkassokrav an inkassonõue, the Norwegian inkassovarsel an inkassohoiatus (a warning, not a
 * reminder). Paragraphs are cited the Estonian way, "§ 5".
 */
const ESTONIAN_DATES = { reminder: "Kuupäev", collection: "Kuupäev" };
const ESTONIAN_PAYBACK = "kui tasute varem, tagastame enammakstud summa, ilma et peaksite seda küsima.";
const EST_CASES: Record<Country, CaseTexts> = {
  FIN: {
    interestNotice: null,
    title: { reminder: "MAKSEMEELDETULETUS", collection: "MAKSENÕUE" },
    date: ESTONIAN_DATES,
    reference: "Viitenumber",
    referenceLater: "Viitenumber antakse arve saatmisel.",
    noticeDate: "Meeldetuletus saadetud",
    reminderFee: "Meeldetuletustasu",
    collectionFee: "Maksenõude tasu",
    collectionIntro: (reminded) =>
      `Meie kliendi nõue on ${reminded ? "meeldetuletusest hoolimata " : ""}endiselt tasumata. Palun tasuge see hiljemalt maksetähtajaks meie kliendi kontole alloleva pangaülekande andmetega, et vältida lisakulusid.`,
    interestThrough: (date, rate, from) =>
      `Viivis on arvestatud Soome intressiseaduse (korkolaki 633/1982) alusel ${from ? `alates ${from.first} ` : ""}kuni ${date}. Kui tasute hiljem, lisandub viivis ${rate} % aastas kuni tasumise päevani; ${ESTONIAN_PAYBACK}`,
    reminderNotice: (contact) =>
      `Kui olete arve juba tasunud, palume seda meeldetuletust mitte arvestada. Kui vaidlustate nõude või selle summa, teatage sellest enne maksetähtaega: ${contact}. Kui nõuet ei tasuta maksetähtajaks, suunatakse see sissenõudmisele, millega kaasnevad lisakulud.`,
    collectionNotice: (contact, consumer, toCollector) =>
      `See on Soome inkassoseaduse (laki saatavien perinnästä 513/1999) ${consumer ? "§ 5 ja § 5 a " : ""}kohane maksenõue (maksuvaatimus). Nõude alus ja koosseis on esitatud eespool. Kui vaidlustate nõude aluse või summa, teatage sellest ${toCollector ? "sissenõudjale" : "meile"} enne maksetähtaega: ${contact}; sissenõudmine peatatakse, kuni vastuväide on lahendatud. Kui nõuet ei tasuta maksetähtajaks, võidakse see anda üle kohtulikule sissenõudmisele, millega kaasnevad lisakulud; kohtulahend võib kaasa tuua kande Soome krediidiinfo registrisse.${consumer ? " Samuti võite taotleda, et vabatahtlik sissenõudmine peatataks ja asi antaks lahendamiseks kohtule (513/1999 § 4 c)." : ""}`,
  },
  SWE: {
    interestNotice: "Kui arvet ei tasuta õigeks ajaks, olete kohustatud maksma viivist Rootsi intressiseaduse (räntelagen 1975:635) alusel.",
    title: { reminder: "MAKSEMEELDETULETUS", collection: "INKASSONÕUE" },
    date: ESTONIAN_DATES,
    reference: "Viitenumber (OCR)",
    referenceLater: "Viitenumber (OCR) antakse arve saatmisel.",
    noticeDate: "Meeldetuletus saadetud",
    reminderFee: "Meeldetuletustasu",
    collectionFee: "Inkassotasu",
    businessCollectionFee: "Hilinemishüvitis (förseningsersättning)",
    businessReminderFee: "Hilinemishüvitis (förseningsersättning), meeldetuletuse osa",
    collectionIntro: (reminded) =>
      `Meie nõue on ${reminded ? "meeldetuletusest hoolimata " : ""}endiselt tasumata. Palun tasuge see hiljemalt maksetähtajaks, et vältida lisakulusid.`,
    interestThrough: (date, rate, from) =>
      `Viivis on arvestatud Rootsi intressiseaduse (räntelagen 1975:635) alusel ${from ? `alates ${from.first} ` : ""}kuni ${date}. Kui tasute hiljem, lisandub viivis ${rate} % aastas kuni tasumise päevani; ${ESTONIAN_PAYBACK}`,
    reminderNotice: (contact) =>
      `Kui olete juba tasunud, palume seda meeldetuletust mitte arvestada. Kui vaidlustate nõude või selle summa, teatage sellest enne maksetähtaega: ${contact}. Kui nõuet ei tasuta maksetähtajaks, võidakse see suunata sissenõudmisele, millega kaasnevad lisakulud.`,
    collectionNotice: (contact) =>
      `See on Rootsi inkassoseaduse (inkassolagen 1974:182) kohane inkassonõue (inkassokrav). Nõue ja selle kulud on esitatud eespool. Kui teil on nõude kohta vastuväiteid, teatage neist meile võimalikult kiiresti, soovitatavalt enne maksetähtaega: ${contact}; sel juhul ei astu me edasisi samme enne, kui vastuväide on läbi vaadatud. Kui nõuet ei tasuta õigeks ajaks, võime taotleda Rootsi täitevametilt (Kronofogdemyndigheten) maksekäsku, millega kaasnevad lisakulud ja mis võib kaasa tuua maksehäire kande (betalningsanmärkning).`,
  },
  NOR: {
    interestNotice: null,
    title: { reminder: "INKASSOHOIATUS", collection: "MAKSENÕUE" },
    date: ESTONIAN_DATES,
    reference: "Viitenumber (KID)",
    referenceLater: "Viitenumber (KID) antakse arve saatmisel.",
    noticeDate: "Inkassohoiatus antud",
    reminderFee: "Inkassohoiatuse tasu",
    collectionFee: "Maksenõude tasu",
    collectionIntro: (reminded) =>
      `Meie nõue on ${reminded ? "inkassohoiatusest hoolimata " : ""}endiselt tasumata. Palun tasuge see hiljemalt maksetähtajaks, et vältida lisakulusid.`,
    interestThrough: (date, rate, from) =>
      `Viivis on arvestatud Norra viivisseaduse (forsinkelsesrenteloven) alusel ${from ? (from.original ? `alates algsest maksetähtajast ${from.date} ` : `alates ${from.date} `) : ""}kuni ${date}. Kui tasute hiljem, lisandub viivis ${rate} % aastas kuni tasumise päevani; ${ESTONIAN_PAYBACK}`,
    reminderNotice: (contact) =>
      `See on Norra inkassoseaduse (inkassoloven) § 9 kohane inkassohoiatus (inkassovarsel). Kui nõuet ei ole maksetähtajaks tasutud, suunatakse see sissenõudmisele ja sellega kaasnevad lisakulud. Kui vaidlustate nõude, võtke meiega ühendust enne tähtaja möödumist: ${contact}.`,
    collectionNotice: (contact) =>
      `See on Norra inkassoseaduse (inkassoloven) § 10 kohane maksenõue (betalingsoppfordring). Nõue ja selle kulud on esitatud eespool. Kui leiate, et nõue on ebaõige, teatage sellest enne maksetähtaega, soovitatavalt kirjalikult ja põhjendustega: ${contact}. Kui nõuet ei tasuta tähtajaks, võidakse astuda õiguslikke samme, millega kaasnevad lisakulud.`,
  },
};

const LANGUAGE_TEXTS: Record<DocumentLanguage, LanguageTexts> = { fin: FIN, swe: SWE, nor: NOR, eng: ENG, est: EST };
const CASE_TEXTS: Record<DocumentLanguage, Record<Country, CaseTexts>> = { fin: FIN_CASES, swe: SWE_CASES, nor: NOR_CASES, eng: ENG_CASES, est: EST_CASES };

/**
 * The texts of a document in its language for a case of the country: the names of its letters and
 * fees, the name of its payment reference and the law it cites follow the case's country, the words
 * the language.
 */
export function documentTexts(language: DocumentLanguage, country: Country): DocumentTexts {
  const base = LANGUAGE_TEXTS[language];
  const { title, date, ...legal } = CASE_TEXTS[language][country];
  return {
    ...base,
    ...legal,
    businessCollectionFee: legal.businessCollectionFee ?? legal.collectionFee,
    businessReminderFee: legal.businessReminderFee ?? null,
    title: { ...base.title, ...title },
    date: { ...base.date, ...date },
  };
}

/**
 * The word on late-payment interest a document carries (interestNotice), or null: on an invoice
 * with something to pay, of a Swedish case, in the document's language. The one rule for the PDF,
 * which prints it under the total, and the e-invoice, which carries it in its payment terms: a
 * debtor who receives only the e-invoice has the bill räntelagen 4 § speaks of, and must be told as
 * well. An invoice whose total is negative is paid to nobody (invoice-document.ts isCreditNote),
 * so nothing on it can be late.
 */
export function invoiceInterestNotice(document: Pick<InvoiceDocument, "kind" | "amountDue" | "language" | "country">): string | null {
  if (document.kind !== "invoice" || isCreditNote(document)) return null;
  return documentTexts(document.language, document.country).interestNotice;
}
