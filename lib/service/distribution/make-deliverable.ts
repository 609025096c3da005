import { PDFDocument } from "@cantoo/pdf-lib";
import MailComposer from "nodemailer/lib/mail-composer";

import { buildFinvoice, type FinvoiceOptions } from "../documents/einvoice/finvoice";
import { buildPeppolInvoice } from "../documents/einvoice/peppol-ubl";
import { EInvoiceError } from "../documents/einvoice/shared";
import type { InvoiceDocument } from "../documents/invoice-document";
import { letterForPrint } from "../documents/pdf/letter-pdf";
import { renderInvoicePdf } from "../documents/pdf/render-invoice-pdf";

import type { EInvoiceFormat } from "./channels";
import { mailSubject, mailText } from "./send/email-texts";

/*
 * Everything CPU-heavy a dispatch needs before its channel takes it, as one task of the render
 * pool (lib/service/render): the PDF (an invoice image, or a letter with the address page the
 * envelope window needs), and for its channel the page count (post), the whole MIME message
 * (e-mail) or the e-invoice XML. One task per dispatch: the distribution loop's own thread only
 * reads and writes rows and files, and a document crosses between threads once each way.
 *
 * Plain data in, plain data out (structured clone): no database, no clock, no classes.
 */

export interface MailFields {
  /** The service's address, under the name of who sends the document through it (send-email.ts mailFields). */
  from: { name: string; address: string };
  replyTo: string | null;
  to: string[];
  filename: string;
  /** One per dispatch: a message sent again after a crash is recognisably the same one. */
  messageId: string;
  date: Date;
}

export type DeliverableChannel =
  { kind: "post" } | { kind: "email"; mail: MailFields } | { kind: "einvoice"; format: EInvoiceFormat; finvoice: FinvoiceOptions | null; pdfFilename: string };

export interface DeliverableRequest {
  document: InvoiceDocument;
  /** A letter's own PDF (jobtype 301); null for a document the service draws. */
  letter: { pdf: Uint8Array; doubleSided: boolean } | null;
  /** Printed and posted: a letter gets an address page when its window shows no recipient. */
  forPost: boolean;
  channel: DeliverableChannel;
}

type EInvoiceOutcome = { ok: true; xml: string } | { ok: false; message: string };

export interface Deliverable {
  pdf: Uint8Array;
  /** Pages of the PDF as printed (post only). */
  pages: number | null;
  /** The whole message as sent (e-mail only). */
  message: Uint8Array | null;
  /** The e-invoice message, or why it cannot be made (e-invoice only). */
  einvoice: EInvoiceOutcome | null;
}

async function pdfOf(request: DeliverableRequest): Promise<Uint8Array> {
  const { document, letter } = request;
  if (!letter) return new Uint8Array(await renderInvoicePdf(document));
  if (!request.forPost) return letter.pdf;
  return (await letterForPrint(letter.pdf, document.seller, document.buyer, { doubleSided: letter.doubleSided })).pdf;
}

function einvoiceOf(document: InvoiceDocument, pdf: Uint8Array, channel: Extract<DeliverableChannel, { kind: "einvoice" }>): EInvoiceOutcome {
  try {
    if (channel.format === "finvoice") {
      if (!channel.finvoice) return { ok: false, message: "Finvoice needs the sender's intermediator" };
      return { ok: true, xml: buildFinvoice(document, channel.finvoice) };
    }
    const attachment = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    return { ok: true, xml: buildPeppolInvoice(document, { profile: channel.format, pdf: attachment, pdfFilename: channel.pdfFilename }) };
  } catch (error) {
    if (error instanceof EInvoiceError) return { ok: false, message: error.message };
    throw error;
  }
}

async function mailOf(document: InvoiceDocument, pdf: Uint8Array, isLetter: boolean, mail: MailFields): Promise<Uint8Array> {
  const composer = new MailComposer({
    from: mail.from,
    replyTo: mail.replyTo ?? undefined,
    to: mail.to,
    subject: mailSubject(document, isLetter),
    text: mailText(document, isLetter),
    attachments: [{ filename: mail.filename, content: Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength), contentType: "application/pdf" }],
    messageId: mail.messageId,
    date: mail.date,
  });
  return new Uint8Array(await composer.compile().build());
}

export async function makeDeliverable(request: DeliverableRequest): Promise<Deliverable> {
  const pdf = await pdfOf(request);
  const { channel } = request;
  return {
    pdf,
    pages: channel.kind === "post" ? (await PDFDocument.load(pdf, { updateMetadata: false })).getPageCount() : null,
    message: channel.kind === "email" ? await mailOf(request.document, pdf, request.letter !== null, channel.mail) : null,
    einvoice: channel.kind === "einvoice" ? einvoiceOf(request.document, pdf, channel) : null,
  };
}
