import { formatCents } from "../../../payment-data/amounts";
import type { DocumentLanguage, InvoiceDocument } from "../../documents/invoice-document";
import { documentTexts } from "../../documents/texts";

/*
 * The e-mail that carries a document: a subject naming it, and a short text with what the PDF
 * shows (amount, due date, reference) so the receiver can pay from the message alone.
 */

interface MailTexts {
  greeting: string;
  attached: (title: string) => string;
  amount: string;
  dueDate: string;
  reference: string;
  letter: string;
}

const TEXTS: Record<DocumentLanguage, MailTexts> = {
  fin: {
    greeting: "Hei,",
    attached: (title) => `liitteenä ${title.toLowerCase()}.`,
    amount: "Maksettava",
    dueDate: "Eräpäivä",
    reference: "Viite",
    letter: "liitteenä kirje.",
  },
  swe: {
    greeting: "Hej,",
    attached: (title) => `bifogat finns ${title.toLowerCase()}.`,
    amount: "Att betala",
    dueDate: "Förfallodag",
    reference: "Referens",
    letter: "bifogat finns ett brev.",
  },
  nor: {
    greeting: "Hei,",
    attached: (title) => `vedlagt finner du ${title.toLowerCase()}.`,
    amount: "Å betale",
    dueDate: "Forfallsdato",
    reference: "KID/referanse",
    letter: "vedlagt finner du et brev.",
  },
  eng: {
    greeting: "Hello,",
    attached: (title) => `please find the ${title.toLowerCase()} attached.`,
    amount: "Amount due",
    dueDate: "Due date",
    reference: "Reference",
    letter: "please find the letter attached.",
  },
  est: {
    greeting: "Tere,",
    attached: (title) => `manuses on ${title.toLowerCase()}.`,
    amount: "Tasuda",
    dueDate: "Maksetähtaeg",
    reference: "Viitenumber",
    letter: "manuses on kiri.",
  },
};

/**
 * A Finnish payment demand's sender and the creditor it collects for, as its PDF names them
 * (render-invoice-pdf.ts): the mail is the collector's too, and the debtor knows the creditor's name.
 */
function collectorOfMail(document: InvoiceDocument) {
  const labels = documentTexts(document.language, document.country).collectionParties;
  return document.kind === "collection" && document.collector && labels ? { collector: document.collector, principal: labels.principal } : null;
}

export function mailSubject(document: InvoiceDocument, isLetter: boolean): string {
  if (isLetter) return document.seller.name;
  const title = documentTexts(document.language, document.country).title[document.kind];
  const number = document.reminder?.originalNumber ?? document.number;
  const collecting = collectorOfMail(document);
  const sender = collecting ? `${collecting.collector.name} (${collecting.principal}: ${document.seller.name})` : document.seller.name;
  return [title, number, "–", sender].filter(Boolean).join(" ");
}

export function mailText(document: InvoiceDocument, isLetter: boolean): string {
  const texts = TEXTS[document.language];
  const collecting = isLetter ? null : collectorOfMail(document);
  const seller = collecting
    ? [collecting.collector.name, collecting.collector.email, collecting.collector.phone, "", `${collecting.principal}: ${document.seller.name}`].join("\n")
    : [document.seller.name, document.seller.email, document.seller.phone].filter(Boolean).join("\n");
  if (isLetter) return `${texts.greeting}\n\n${texts.letter}\n\n${seller}\n`;
  const title = documentTexts(document.language, document.country).title[document.kind];
  const lines = [`${texts.amount}: ${formatCents(document.amountDue)} ${document.currency}`];
  if (document.dueDate) lines.push(`${texts.dueDate}: ${document.dueDate}`);
  if (document.reference) lines.push(`${texts.reference}: ${document.reference.value}`);
  const online = document.onlineLink ? `${documentTexts(document.language, document.country).onlineService}\n${document.onlineLink}\n\n` : "";
  return `${texts.greeting}\n\n${texts.attached(title)}\n\n${lines.join("\n")}\n\n${online}${seller}\n`;
}
