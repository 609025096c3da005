import { buildEpcQrPayload } from "../../../payment-data/epc-qr";
import { buildFinnishBarcode } from "../../../payment-data/finnish-barcode";
import { formatFinnishReference, formatRfReference } from "../../../payment-data/references";
import { formatBankgiro, formatPlusgiro } from "../../../payment-data/swedish-giro";
import type { InvoiceDocument } from "../invoice-document";
import type { DocumentTexts } from "../texts";

import { drawCode128, drawQrCode } from "./draw-codes";
import { formatDate, formatMoney } from "./format";
import { FONT, mm, PAGE } from "./pdf-kit";

/*
 * The part of the page a debtor pays from, in the form of the creditor's country:
 *
 * - Finland: the bank transfer form (tilisiirtolomake / girering), 101.6 mm at the foot of the
 *   page, bilingual by its standard, with the bank barcode (Code 128 of the 54-digit virtual
 *   barcode, which is also printed as text) and, for euro amounts, the EPC QR code.
 * - Sweden: a payment slip with the Bankgiro (or Plusgiro) number and the OCR number.
 * - Norway: a giro part with the account number and the KID.
 *
 * The Swedish and Norwegian parts give the same data as the banks' OCR forms but are not the
 * machine-read forms themselves (those need OCR-B print on special paper); debtors pay them in
 * their online bank by the numbers printed.
 */

export interface PaymentCodes {
  /** The 54-digit Finnish virtual barcode, when the document can carry one. */
  finnishBarcode: string | null;
  /** The EPC QR payload, for euro invoices with an IBAN. */
  epcQr: string | null;
}

/** The machine-readable payment codes a document can carry; none on a preview, or without a reference. */
export function paymentCodes(document: InvoiceDocument): PaymentCodes {
  const { seller, reference } = document;
  const payable = !document.preview && document.amountDue > 0 && reference !== null && reference.kind !== "message";
  const finnishBarcode =
    payable && document.currency === "EUR" && seller.iban?.startsWith("FI") && (reference.kind === "fi-national" || reference.kind === "rf")
      ? safely(() => buildFinnishBarcode({ iban: seller.iban!, cents: document.amountDue, reference: reference.value, dueDate: document.dueDate }))
      : null;
  const epcQr =
    payable && document.currency === "EUR" && seller.iban
      ? safely(() => buildEpcQrPayload({ bic: seller.bic ?? "", name: seller.name, iban: seller.iban!, cents: document.amountDue, reference: reference.value }))
      : null;
  return { finnishBarcode, epcQr };
}

/** A code the data cannot make (an amount or reference out of its range) is left off, not fatal. */
function safely(make: () => string): string | null {
  try {
    return make();
  } catch {
    return null;
  }
}

export function paymentPartHeight(document: InvoiceDocument): number {
  return document.country === "FIN" ? mm(101.6) : mm(62);
}

function formattedReference(document: InvoiceDocument): string {
  const reference = document.reference;
  if (!reference) return "";
  if (reference.kind === "fi-national") return formatFinnishReference(reference.value);
  if (reference.kind === "rf") return formatRfReference(reference.value);
  return reference.value;
}

function label(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number) {
  doc.font(FONT.regular).fontSize(6.5).fillColor("#333333").text(text, x, y, { width, lineBreak: true });
}

function value(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number, size = 10, bold = false) {
  doc.font(bold ? FONT.bold : FONT.regular).fontSize(size).fillColor("#000000").text(text, x, y, { width, lineBreak: true });
}

/**
 * The Finnish bank transfer form, bilingual Finnish–Swedish as the standard prints it. Heights in
 * millimetres from the form's top edge: account 0–16.9, payee –33.9, payer –59.3, signature –72,
 * from-account and, on the right, reference –72 and due date / amount –84.7; the barcode below.
 */
function finnishForm(doc: PDFKit.PDFDocument, document: InvoiceDocument, codes: PaymentCodes, top: number) {
  const at = (y: number) => top + mm(y);
  const middle = mm(105);
  const labelColumn = mm(20);
  doc.save().lineWidth(0.8).strokeColor("#000000");
  const line = (x1: number, y1: number, x2: number, y2: number) => doc.moveTo(x1, y1).lineTo(x2, y2).stroke();
  line(0, at(0), PAGE.width, at(0));
  line(middle, at(0), middle, at(84.7));
  line(labelColumn, at(0), labelColumn, at(33.9));
  for (const y of [16.9, 33.9, 59.3, 72]) line(0, at(y), middle, at(y));
  line(middle, at(59.3), PAGE.width, at(59.3));
  line(middle, at(72), PAGE.width, at(72));
  line(mm(140), at(72), mm(140), at(84.7));
  line(0, at(84.7), PAGE.width, at(84.7));
  doc.restore();

  const seller = document.seller;
  label(doc, "Saajan\ntilinumero\nMottagarens\nkontonummer", mm(2), at(1.5), mm(17));
  const account = [seller.iban ? `IBAN ${seller.iban.replace(/(.{4})/g, "$1 ").trim()}` : "", seller.bic ? `BIC ${seller.bic}` : ""];
  value(doc, account.filter(Boolean).join("\n"), labelColumn + mm(2), at(3), mm(83), 9.5);
  label(doc, "Saaja\nMottagare", mm(2), at(18.4), mm(17));
  value(doc, seller.name, labelColumn + mm(2), at(20), mm(83), 10);

  label(doc, "Maksajan nimi ja osoite\nBetalarens namn och adress", mm(2), at(35.4), mm(100));
  const buyer = document.buyer;
  const payer = [buyer.name, ...buyer.extraLines, buyer.street, [buyer.postcode, buyer.city].filter(Boolean).join(" ")];
  value(doc, payer.filter(Boolean).join("\n"), mm(4), at(41.5), mm(98), 9);
  label(doc, "Allekirjoitus\nUnderskrift", mm(2), at(60.8), mm(20));
  label(doc, "Tililtä nro\nFrån konto nr", mm(2), at(73.5), mm(20));

  label(doc, "Viitenro\nRef.nr", middle + mm(2), at(60.8), mm(16));
  value(doc, formattedReference(document), middle + mm(20), at(62.5), mm(83), 10.5, true);
  label(doc, "Eräpäivä\nFörfallodag", middle + mm(2), at(73.5), mm(16));
  value(doc, formatDate(document.dueDate, "fi-FI"), middle + mm(17), at(75.2), mm(22), 10.5, true);
  label(doc, "Euro", mm(141.5), at(73.5), mm(10));
  value(doc, formatMoney(document.amountDue, "fi-FI"), mm(152), at(75.2), mm(55), 10.5, true);

  // The free space of the right half: the QR code, and the virtual barcode as text to type in.
  if (codes.epcQr) drawQrCode(doc, codes.epcQr, mm(176), at(3), mm(29));
  if (codes.finnishBarcode) {
    label(doc, "Virtuaaliviivakoodi / Virtuell streckkod", middle + mm(2), at(44), mm(95));
    doc.font(FONT.mono).fontSize(6.6).fillColor("#000000").text(codes.finnishBarcode, middle + mm(2), at(48.5), { width: mm(100), lineBreak: false });
    // Below the form's last line, with quiet zones on both sides.
    drawCode128(doc, codes.finnishBarcode, mm(15), at(87), mm(105), mm(13));
  }
  doc.font(FONT.bold).fontSize(8).fillColor("#000000").text("TILISIIRTO. GIRERING", mm(140), at(92), { width: mm(60), align: "right" });
}

function slip(doc: PDFKit.PDFDocument, top: number, fields: [string, string, boolean?][], heading: string) {
  doc.save().lineWidth(0.8).strokeColor("#000000");
  doc.moveTo(0, top).lineTo(PAGE.width, top).dash(3, { space: 3 }).stroke().undash();
  doc.restore();
  doc.font(FONT.bold).fontSize(11).fillColor("#000000").text(heading, mm(20), top + mm(5), { width: mm(170) });
  const columns = 2;
  fields.forEach(([name, content, emphasis], index) => {
    const x = mm(20) + (index % columns) * mm(88);
    const y = top + mm(14) + Math.floor(index / columns) * mm(14);
    doc.save().lineWidth(0.5).rect(x, y, mm(84), mm(12)).stroke().restore();
    label(doc, name, x + mm(1.5), y + mm(1), mm(80));
    value(doc, content, x + mm(1.5), y + mm(5), mm(80), emphasis ? 11 : 10, emphasis);
  });
}

/** Draws the country's payment part at the foot of the current page. */
export function drawPaymentPart(doc: PDFKit.PDFDocument, document: InvoiceDocument, texts: DocumentTexts, codes: PaymentCodes) {
  const top = PAGE.height - paymentPartHeight(document);
  const amount = `${formatMoney(document.amountDue, texts.locale)} ${document.currency}`;
  const reference = document.reference ? formattedReference(document) : texts.referenceLater;
  if (document.country === "FIN") {
    finnishForm(doc, document, codes, top);
    return;
  }
  const seller = document.seller;
  if (document.country === "SWE") {
    const giro: [string, string] = seller.bankgiro
      ? ["Bankgiro", formatBankgiro(seller.bankgiro)]
      : seller.plusgiro
        ? ["Plusgiro", formatPlusgiro(seller.plusgiro)]
        : [texts.account, seller.iban ?? ""];
    slip(doc, top, [[texts.payTo, seller.name], giro, [texts.reference, reference, true], [texts.amount, amount, true], [texts.dueDate, formatDate(document.dueDate, texts.locale)]], "Inbetalning / Payment");
    return;
  }
  const account = seller.account ? seller.account.replace(/\D/g, "").replace(/^(\d{4})(\d{2})(\d{5})$/, "$1 $2 $3") : (seller.iban ?? "");
  slip(doc, top, [[texts.payTo, seller.name], [texts.account, account], [texts.reference, reference, true], [texts.amount, amount, true], [texts.dueDate, formatDate(document.dueDate, texts.locale)]], "Giro / Betaling");
}
