import { isCreditNote, type DocumentLanguage, type InvoiceDocument } from "../../documents/invoice-document";
import { formatDate, formatMoney } from "../../documents/pdf/format";
import { documentTexts } from "../../documents/texts";

/*
 * The e-mail that carries a document: a subject naming it, and a short text with what the PDF
 * shows (amount, due date, reference) so the receiver can pay from the message alone. The amount,
 * the date and the reference's name are the document's own, in its language's forms ("273,80 EUR",
 * "11.2.2027", "OCR-nummer"): a bank's app and a debtor read them as the PDF gives them. A credit
 * note says what is credited and that nothing is to be paid, as its PDF does.
 */

interface MailTexts {
  greeting: string;
  attached: (title: string) => string;
  amount: string;
  dueDate: string;
  letter: string;
}

const TEXTS: Record<DocumentLanguage, MailTexts> = {
  fin: {
    greeting: "Hei,",
    attached: (title) => `liitteenä ${title.toLowerCase()}.`,
    amount: "Maksettava",
    dueDate: "Eräpäivä",
    letter: "liitteenä kirje.",
  },
  swe: {
    greeting: "Hej,",
    attached: (title) => `bifogat finns ${title.toLowerCase()}.`,
    amount: "Att betala",
    dueDate: "Förfallodag",
    letter: "bifogat finns ett brev.",
  },
  nor: {
    greeting: "Hei,",
    attached: (title) => `vedlagt finner du ${title.toLowerCase()}.`,
    amount: "Å betale",
    dueDate: "Forfallsdato",
    letter: "vedlagt finner du et brev.",
  },
  eng: {
    greeting: "Hello,",
    attached: (title) => `please find the ${title.toLowerCase()} attached.`,
    amount: "Amount due",
    dueDate: "Due date",
    letter: "please find the letter attached.",
  },
  est: {
    greeting: "Tere,",
    attached: (title) => `manuses on ${title.toLowerCase()}.`,
    amount: "Tasuda",
    dueDate: "Maksetähtaeg",
    letter: "manuses on kiri.",
  },
};

/** Where the debtor's reply goes: to who sent the document, the collector of a Finnish payment demand. */
export function mailReplyTo(document: InvoiceDocument): string | null {
  return document.collector?.email ?? document.seller.email ?? null;
}

/** Who sends the document, as its mail's From names them: the collector of a Finnish payment demand, else the creditor. */
export function mailSenderName(document: InvoiceDocument, isLetter: boolean): string {
  return (!isLetter && document.collector?.name) || document.seller.name;
}

export function mailSubject(document: InvoiceDocument, isLetter: boolean): string {
  if (isLetter) return document.seller.name;
  const texts = documentTexts(document.language, document.country);
  const number = document.reminder?.originalNumber ?? document.number;
  // A Finnish payment demand's mail is its collector's, as its PDF is (render-invoice-pdf.ts), and names the creditor it collects for.
  const sender = document.collector ? `${document.collector.name}${texts.collectionParties.forCreditor(document.seller.name)}` : document.seller.name;
  return [texts.title[document.kind], number, "–", sender].filter(Boolean).join(" ");
}

export function mailText(document: InvoiceDocument, isLetter: boolean): string {
  const texts = TEXTS[document.language];
  const documentWords = documentTexts(document.language, document.country);
  const collector = isLetter ? null : document.collector;
  const seller = collector
    ? [collector.name, collector.email, collector.phone, "", `${documentWords.collectionParties.principal}: ${document.seller.name}`].join("\n")
    : [document.seller.name, document.seller.email, document.seller.phone].filter(Boolean).join("\n");
  if (isLetter) return `${texts.greeting}\n\n${texts.letter}\n\n${seller}\n`;
  const amount = (cents: bigint) => `${formatMoney(cents, documentWords.locale)} ${document.currency}`;
  const lines = isCreditNote(document)
    ? [`${documentWords.totalCredited}: ${amount(-document.amountDue)}`, documentWords.nothingToPay]
    : [
        `${texts.amount}: ${amount(document.amountDue)}`,
        ...(document.dueDate ? [`${texts.dueDate}: ${formatDate(document.dueDate, documentWords.locale)}`] : []),
        ...(document.reference ? [`${documentWords.reference}: ${document.reference.value}`] : []),
      ];
  const online = document.onlineLink ? `${documentWords.onlineService}\n${document.onlineLink}\n\n` : "";
  return `${texts.greeting}\n\n${texts.attached(documentWords.title[document.kind])}\n\n${lines.join("\n")}\n\n${online}${seller}\n`;
}
