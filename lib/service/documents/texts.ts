import type { DocumentKind, DocumentLanguage } from "./invoice-document";

/*
 * The fixed texts of documents in each language the interface names. The Finnish bank transfer
 * form is bilingual (Finnish and Swedish) by its standard whatever the document's language, so
 * its labels are not here.
 */

export interface DocumentTexts {
  locale: string;
  title: Record<DocumentKind, string>;
  number: string;
  date: string;
  dueDate: string;
  reference: string;
  customerNumber: string;
  ourReference: string;
  yourReference: string;
  orderNumber: string;
  deliveryDate: string;
  overdueInterest: string;
  description: string;
  quantity: string;
  unitPrice: string;
  vatPercent: string;
  net: string;
  vat: string;
  gross: string;
  vatBreakdown: string;
  vatRate: string;
  totalNet: string;
  totalVat: string;
  totalToPay: string;
  originalInvoice: string;
  originalDate: string;
  originalDueDate: string;
  noticeDate: string;
  capital: string;
  reminderFee: string;
  collectionCosts: string;
  interest: string;
  interestDetail: (rate: string, days: number) => string;
  reminderIntro: string;
  collectionIntro: string;
  reverseCharge: string;
  businessId: string;
  vatNumber: string;
  page: (current: number, total: number) => string;
  preview: string;
  referenceLater: string;
  virtualBarcode: string;
  recipient: string;
  account: string;
  amount: string;
  payTo: string;
}

const FIN: DocumentTexts = {
  locale: "fi-FI",
  title: { invoice: "LASKU", "credit-note": "HYVITYSLASKU", reminder: "MAKSUMUISTUTUS", collection: "PERINTÄKIRJE" },
  number: "Laskun numero",
  date: "Päiväys",
  dueDate: "Eräpäivä",
  reference: "Viitenumero",
  customerNumber: "Asiakasnumero",
  ourReference: "Viitteemme",
  yourReference: "Viitteenne",
  orderNumber: "Tilausnumero",
  deliveryDate: "Toimituspäivä",
  overdueInterest: "Viivästyskorko",
  description: "Kuvaus",
  quantity: "Määrä",
  unitPrice: "À-hinta",
  vatPercent: "Alv %",
  net: "Veroton",
  vat: "Alv",
  gross: "Yhteensä",
  vatBreakdown: "Arvonlisävero",
  vatRate: "Verokanta",
  totalNet: "Veroton yhteensä",
  totalVat: "Arvonlisävero yhteensä",
  totalToPay: "Maksettava yhteensä",
  originalInvoice: "Alkuperäinen lasku",
  originalDate: "Laskun päiväys",
  originalDueDate: "Alkuperäinen eräpäivä",
  noticeDate: "Maksumuistutus lähetetty",
  capital: "Pääoma",
  reminderFee: "Muistutusmaksu",
  collectionCosts: "Perintäkulut",
  interest: "Viivästyskorko",
  interestDetail: (rate, days) => `${rate} %, ${days} pv`,
  reminderIntro: "Kirjanpitomme mukaan alla oleva lasku on vielä maksamatta. Pyydämme maksamaan sen viimeistään eräpäivänä.",
  collectionIntro: "Saatavamme on edelleen maksamatta muistutuksesta huolimatta. Pyydämme maksamaan sen viimeistään eräpäivänä, jotta vältytään lisäkuluilta.",
  reverseCharge: "Käännetty verovelvollisuus (AVL 8 c §).",
  businessId: "Y-tunnus",
  vatNumber: "ALV-numero",
  page: (current, total) => `Sivu ${current}/${total}`,
  preview: "ESIKATSELU – ei maksettavaksi",
  referenceLater: "Viitenumero annetaan, kun lasku lähetetään.",
  virtualBarcode: "Virtuaaliviivakoodi",
  recipient: "Saaja",
  account: "Tilinumero",
  amount: "Määrä",
  payTo: "Maksun saaja",
};

const SWE: DocumentTexts = {
  locale: "sv-SE",
  title: { invoice: "FAKTURA", "credit-note": "KREDITFAKTURA", reminder: "BETALNINGSPÅMINNELSE", collection: "INKASSOKRAV" },
  number: "Fakturanummer",
  date: "Fakturadatum",
  dueDate: "Förfallodag",
  reference: "OCR-nummer",
  customerNumber: "Kundnummer",
  ourReference: "Vår referens",
  yourReference: "Er referens",
  orderNumber: "Ordernummer",
  deliveryDate: "Leveransdatum",
  overdueInterest: "Dröjsmålsränta",
  description: "Beskrivning",
  quantity: "Antal",
  unitPrice: "À-pris",
  vatPercent: "Moms %",
  net: "Exkl. moms",
  vat: "Moms",
  gross: "Summa",
  vatBreakdown: "Mervärdesskatt",
  vatRate: "Momssats",
  totalNet: "Summa exkl. moms",
  totalVat: "Moms totalt",
  totalToPay: "Att betala",
  originalInvoice: "Ursprunglig faktura",
  originalDate: "Fakturadatum",
  originalDueDate: "Ursprunglig förfallodag",
  noticeDate: "Påminnelse skickad",
  capital: "Kapital",
  reminderFee: "Påminnelseavgift",
  collectionCosts: "Inkassokostnad",
  interest: "Dröjsmålsränta",
  interestDetail: (rate, days) => `${rate} %, ${days} dagar`,
  reminderIntro: "Enligt våra noteringar är fakturan nedan fortfarande obetald. Vänligen betala senast på förfallodagen.",
  collectionIntro: "Vår fordran är trots påminnelse fortfarande obetald. Vänligen betala senast på förfallodagen för att undvika ytterligare kostnader.",
  reverseCharge: "Omvänd betalningsskyldighet.",
  businessId: "Org.nr",
  vatNumber: "Momsreg.nr",
  page: (current, total) => `Sida ${current}/${total}`,
  preview: "FÖRHANDSGRANSKNING – inte för betalning",
  referenceLater: "OCR-numret ges när fakturan skickas.",
  virtualBarcode: "Virtuell streckkod",
  recipient: "Mottagare",
  account: "Konto",
  amount: "Belopp",
  payTo: "Betalningsmottagare",
};

const NOR: DocumentTexts = {
  locale: "nb-NO",
  title: { invoice: "FAKTURA", "credit-note": "KREDITNOTA", reminder: "PURRING", collection: "INKASSOVARSEL" },
  number: "Fakturanummer",
  date: "Fakturadato",
  dueDate: "Forfallsdato",
  reference: "KID",
  customerNumber: "Kundenummer",
  ourReference: "Vår referanse",
  yourReference: "Deres referanse",
  orderNumber: "Ordrenummer",
  deliveryDate: "Leveringsdato",
  overdueInterest: "Forsinkelsesrente",
  description: "Beskrivelse",
  quantity: "Antall",
  unitPrice: "Enhetspris",
  vatPercent: "MVA %",
  net: "Eks. MVA",
  vat: "MVA",
  gross: "Sum",
  vatBreakdown: "Merverdiavgift",
  vatRate: "Sats",
  totalNet: "Sum eks. MVA",
  totalVat: "Sum MVA",
  totalToPay: "Å betale",
  originalInvoice: "Opprinnelig faktura",
  originalDate: "Fakturadato",
  originalDueDate: "Opprinnelig forfallsdato",
  noticeDate: "Purring sendt",
  capital: "Hovedstol",
  reminderFee: "Purregebyr",
  collectionCosts: "Inkassosalær",
  interest: "Forsinkelsesrente",
  interestDetail: (rate, days) => `${rate} %, ${days} dager`,
  reminderIntro: "Vi kan ikke se å ha mottatt betaling for fakturaen nedenfor. Vennligst betal innen forfallsdato.",
  collectionIntro: "Kravet vårt er fortsatt ikke betalt etter purring. Vennligst betal innen forfallsdato for å unngå ytterligere kostnader.",
  reverseCharge: "Omvendt avgiftsplikt.",
  businessId: "Org.nr",
  vatNumber: "MVA-nr",
  page: (current, total) => `Side ${current}/${total}`,
  preview: "FORHÅNDSVISNING – ikke til betaling",
  referenceLater: "KID gis når fakturaen sendes.",
  virtualBarcode: "Virtuell strekkode",
  recipient: "Mottaker",
  account: "Kontonummer",
  amount: "Beløp",
  payTo: "Betalt til",
};

const ENG: DocumentTexts = {
  locale: "en-GB",
  title: { invoice: "INVOICE", "credit-note": "CREDIT NOTE", reminder: "PAYMENT REMINDER", collection: "COLLECTION NOTICE" },
  number: "Invoice number",
  date: "Invoice date",
  dueDate: "Due date",
  reference: "Payment reference",
  customerNumber: "Customer number",
  ourReference: "Our reference",
  yourReference: "Your reference",
  orderNumber: "Order number",
  deliveryDate: "Delivery date",
  overdueInterest: "Late payment interest",
  description: "Description",
  quantity: "Qty",
  unitPrice: "Unit price",
  vatPercent: "VAT %",
  net: "Net",
  vat: "VAT",
  gross: "Total",
  vatBreakdown: "VAT",
  vatRate: "Rate",
  totalNet: "Total excl. VAT",
  totalVat: "Total VAT",
  totalToPay: "Amount due",
  originalInvoice: "Original invoice",
  originalDate: "Invoice date",
  originalDueDate: "Original due date",
  noticeDate: "Reminder sent",
  capital: "Capital",
  reminderFee: "Reminder fee",
  collectionCosts: "Collection costs",
  interest: "Late payment interest",
  interestDetail: (rate, days) => `${rate} %, ${days} days`,
  reminderIntro: "According to our records the invoice below is still unpaid. Please pay it by the due date.",
  collectionIntro: "Our claim is still unpaid despite a reminder. Please pay it by the due date to avoid further costs.",
  reverseCharge: "Reverse charge: the buyer accounts for the VAT.",
  businessId: "Business ID",
  vatNumber: "VAT number",
  page: (current, total) => `Page ${current}/${total}`,
  preview: "PREVIEW – not for payment",
  referenceLater: "The payment reference is given when the invoice is sent.",
  virtualBarcode: "Virtual barcode",
  recipient: "Payee",
  account: "Account",
  amount: "Amount",
  payTo: "Pay to",
};

const EST: DocumentTexts = {
  ...ENG,
  locale: "et-EE",
  title: { invoice: "ARVE", "credit-note": "KREEDITARVE", reminder: "MEELDETULETUS", collection: "INKASSONÕUE" },
  number: "Arve number",
  date: "Arve kuupäev",
  dueDate: "Maksetähtaeg",
  reference: "Viitenumber",
  customerNumber: "Kliendinumber",
  description: "Kirjeldus",
  quantity: "Kogus",
  unitPrice: "Ühiku hind",
  vatPercent: "KM %",
  net: "Summa",
  vat: "KM",
  gross: "Kokku",
  totalToPay: "Tasuda",
  businessId: "Registrikood",
  vatNumber: "KMKR nr",
  page: (current, total) => `Lk ${current}/${total}`,
  preview: "EELVAADE – mitte tasumiseks",
};

export const DOCUMENT_TEXTS: Record<DocumentLanguage, DocumentTexts> = { fin: FIN, swe: SWE, nor: NOR, eng: ENG, est: EST };
