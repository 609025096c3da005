import { friendlyFormatIBAN } from "ibantools";

import { buildBankgiroReadingLine } from "../../../payment-data/bankgiro-reading-line";
import { buildEpcQrPayload } from "../../../payment-data/epc-qr";
import { buildFinnishBarcode } from "../../../payment-data/finnish-barcode";
import { formatFinnishReference, formatRfReference } from "../../../payment-data/references";
import { isCreditNote, postedFrom, type InvoiceDocument } from "../invoice-document";
import { payeeAccountOf, type PayeeAccountKind } from "../payee-account";
import type { DocumentTexts } from "../texts";

import { drawCode128, drawQrCode, qrModuleSize } from "./draw-codes";
import { fitPayerLines } from "./fit-payer-lines";
import { countryLineAbroad, formatDate, formatDecimal, formatMoney } from "./format";
import { fittedLine, FONT, mm, PAGE } from "./pdf-kit";

/*
 * The part of the page a debtor pays from, in the form of the creditor's country:
 *
 * - Finland: the bank transfer form (tilisiirtolomake / girering), 101.6 mm at the foot of the
 *   page, bilingual by its standard, with the bank barcode (Code 128 of the 54-digit virtual
 *   barcode, which is also printed as text) and, for euro amounts, the EPC QR code.
 * - Sweden: Bankgirot's inbetalningskort with OCR reference, its boxes and, for a bankgiro, an
 *   OCR reference and an amount in kronor, the reading line in OCR-B at its foot
 *   (payment-data/bankgiro-reading-line.ts says what each part of the line rests on).
 * - Norway: a giro part with the account number and the KID.
 *
 * The Norwegian part gives the same data as the banks' OCR giro but is not the machine-read form
 * itself; debtors pay it in their online bank by the numbers printed.
 */

interface PaymentCodes {
  /** The 54-digit Finnish virtual barcode, when the document can carry one. */
  finnishBarcode: string | null;
  /** The EPC QR payload, for euro invoices with an IBAN. */
  epcQr: string | null;
  /** The Swedish inbetalningskort's OCR reading line, for a bankgiro, an OCR reference and kronor. */
  bankgiroReadingLine: string | null;
}

/** The machine-readable payment codes a document can carry; none on a preview, or without a reference. */
export function paymentCodes(document: InvoiceDocument): PaymentCodes {
  const { seller, reference } = document;
  const payable = !document.preview && document.amountDue > 0n && reference !== null && reference.kind !== "message";
  const finnishBarcode =
    payable && document.currency === "EUR" && seller.iban?.startsWith("FI") && (reference.kind === "fi-national" || reference.kind === "rf")
      ? safely(() => buildFinnishBarcode({ iban: seller.iban!, cents: document.amountDue, reference: reference.value, dueDate: document.dueDate }))
      : null;
  const epcQr =
    payable && document.currency === "EUR" && seller.iban
      ? safely(() => buildEpcQrPayload({ bic: seller.bic ?? "", name: seller.name, iban: seller.iban!, cents: document.amountDue, reference: reference.value }))
      : null;
  const bankgiroReadingLine =
    payable && document.country === "SWE" && seller.bankgiro && reference.kind === "se-ocr"
      ? safely(() =>
          buildBankgiroReadingLine({ reference: reference.value, amountOre: document.amountDue, currency: document.currency, bankgiro: seller.bankgiro! }),
        )
      : null;
  return { finnishBarcode, epcQr, bankgiroReadingLine };
}

/** A code the data cannot make (an amount or reference out of its range) is left off, not fatal. */
function safely(make: () => string | null): string | null {
  try {
    return make();
  } catch {
    return null;
  }
}

export function paymentPartHeight(document: InvoiceDocument): number {
  if (isCreditNote(document)) return 0;
  return document.country === "FIN" ? mm(101.6) : mm(62);
}

export function formattedReference(document: InvoiceDocument): string {
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
  doc
    .font(bold ? FONT.bold : FONT.regular)
    .fontSize(size)
    .fillColor("#000000")
    .text(text, x, y, { width, lineBreak: true });
}

/** A value on one line of its box, in black like value(), set smaller when it would not fit. */
function fittedValue(
  doc: PDFKit.PDFDocument,
  font: string,
  text: string,
  x: number,
  y: number,
  width: number,
  size: number,
  options: { align?: "left" | "right" } = {},
) {
  doc.fillColor("#000000");
  fittedLine(doc, font, text, x, y, width, size, options);
}

/** The size of the payer's name and address in every country's payer box. */
const PAYER_SIZE = 9;

/**
 * The payer's name and address in its box, a line to a text run (fit-payer-lines.ts chooses the
 * lines): the postcode and city always there, on the last line or, for a payer abroad, above the
 * country's name; nothing outside the box.
 */
function payerLines(doc: PDFKit.PDFDocument, document: InvoiceDocument, locale: string, x: number, y: number, width: number, height: number) {
  doc.font(FONT.regular).fontSize(PAYER_SIZE).fillColor("#000000");
  const lineHeight = doc.currentLineHeight(true);
  // A payer abroad gets the country line of the envelope's address block, in the document's language.
  const country = countryLineAbroad(document.buyer.country, postedFrom(document), locale);
  const box = { width, lines: Math.floor(height / lineHeight), widthOf: (text: string) => doc.widthOfString(text) };
  const lines = fitPayerLines(document.buyer, box, country);
  lines.forEach((line, index) => doc.text(line, x, y + index * lineHeight, { lineBreak: false }));
}

/**
 * Where things sit on the Finnish form, in millimetres from its top edge (the form is the lowest
 * 101.6 mm of the A4 page): its lines; the due date and amount boxes; the QR code's square, whose
 * own quiet zone of four modules lies inside it (ISO/IEC 18004), clear of the form's lines; and
 * the bank barcode under the last line, 10 mm tall, ending 5 mm above the sheet's edge, which
 * printers cannot reach, with 15 mm of quiet zone left of it (Finanssiala's bank barcode guide
 * wants at least 6.4 mm on each side).
 */
export const FINNISH_FORM = {
  height: 101.6,
  lines: [0, 16.9, 33.9, 59.3, 72, 84.7],
  dueDate: { x: 121, width: 18.5, y: 75.2, size: 10.5 },
  amount: { x: 152, width: 55, y: 75.2, size: 10.5 },
  qr: { x: 176.5, y: 1.5, size: 31 },
  barcode: { x: 15, y: 86.6, width: 105, height: 10 },
  payer: { x: 4, y: 41.5, width: 98, height: 17 },
} as const;

/** The QR code's module and quiet zone for a payload drawn into the form's square. */
export function qrModule(payload: string, size = FINNISH_FORM.qr.size): number {
  return qrModuleSize(payload, size);
}

/**
 * The Finnish bank transfer form, bilingual Finnish–Swedish as the standard prints it. Heights in
 * millimetres from the form's top edge: account 0–16.9, payee –33.9, payer –59.3, signature –72,
 * from-account and, on the right, reference –72 and due date / amount –84.7; the barcode below.
 */
function finnishForm(doc: PDFKit.PDFDocument, document: InvoiceDocument, texts: DocumentTexts, codes: PaymentCodes, top: number) {
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
  const account = [seller.iban ? `IBAN ${friendlyFormatIBAN(seller.iban)}` : "", seller.bic ? `BIC ${seller.bic}` : ""];
  value(doc, account.filter(Boolean).join("\n"), labelColumn + mm(2), at(3), mm(83), 9.5);
  label(doc, "Saaja\nMottagare", mm(2), at(18.4), mm(17));
  value(doc, seller.name, labelColumn + mm(2), at(20), mm(83), 10);

  label(doc, "Maksajan nimi ja osoite\nBetalarens namn och adress", mm(2), at(35.4), mm(100));
  const payer = FINNISH_FORM.payer;
  payerLines(doc, document, texts.locale, mm(payer.x), at(payer.y), mm(payer.width), mm(payer.height));
  label(doc, "Allekirjoitus\nUnderskrift", mm(2), at(60.8), mm(20));
  label(doc, "Tililtä nro\nFrån konto nr", mm(2), at(73.5), mm(20));

  label(doc, "Viitenro\nRef.nr", middle + mm(2), at(60.8), mm(16));
  value(doc, formattedReference(document), middle + mm(20), at(62.5), mm(83), 10.5, true);
  label(doc, "Eräpäivä\nFörfallodag", middle + mm(2), at(73.5), mm(16));
  // The date fits its box between the label and the amount's divider, set smaller when long.
  const due = FINNISH_FORM.dueDate;
  fittedValue(doc, FONT.bold, formatDate(document.dueDate, "fi-FI"), mm(due.x), at(due.y), mm(due.width), due.size);
  label(doc, "Euro", mm(141.5), at(73.5), mm(10));
  const amount = FINNISH_FORM.amount;
  fittedValue(doc, FONT.bold, formatMoney(document.amountDue, "fi-FI"), mm(amount.x), at(amount.y), mm(amount.width), amount.size);

  // The free space of the right half: the QR code, and the virtual barcode as text to type in.
  if (codes.epcQr) drawQrCode(doc, codes.epcQr, mm(FINNISH_FORM.qr.x), at(FINNISH_FORM.qr.y), mm(FINNISH_FORM.qr.size));
  if (codes.finnishBarcode) {
    label(doc, "Virtuaaliviivakoodi / Virtuell streckkod", middle + mm(2), at(44), mm(95));
    doc
      .font(FONT.mono)
      .fontSize(6.6)
      .fillColor("#000000")
      .text(codes.finnishBarcode, middle + mm(2), at(48.5), { width: mm(100), lineBreak: false });
    const bar = FINNISH_FORM.barcode;
    drawCode128(doc, codes.finnishBarcode, mm(bar.x), at(bar.y), mm(bar.width), mm(bar.height));
  }
  doc
    .font(FONT.bold)
    .fontSize(8)
    .fillColor("#000000")
    .text("TILISIIRTO. GIRERING", mm(140), at(90), { width: mm(60), align: "right" });
}

/**
 * Where things sit on the Swedish inbetalningskort, in millimetres from its top edge (the form is
 * the lowest 62 mm of the A4 page, the height the page above has always kept for it): its boxes,
 * in two columns between 10 and 200 mm across, and under them the reading-line zone, which holds
 * nothing but the reading line. The line is set in OCR-B at 10 characters to the inch (2.54 mm a
 * character, ISO 1073-2's size I, the pitch the Nordic giro forms print their code lines in), its
 * baseline 17 mm above the sheet's edge as in ErlGuten's Bankgiro OCR form (kd_test1.erl: 48.2 pt),
 * starting 10 mm from the left edge, so its 75 places end 9.5 mm before the right one: a laser
 * printer's unprintable margin is some 5 mm.
 */
export const SWEDISH_FORM = {
  height: 62,
  heading: { x: 10, y: 1.8 },
  notice: { x: 95, y: 2.2, width: 105 },
  boxes: {
    payer: { x: 10, y: 7, width: 95, height: 21 },
    giro: { x: 110, y: 7, width: 44, height: 10 },
    dueDate: { x: 156, y: 7, width: 44, height: 10 },
    payee: { x: 110, y: 18, width: 90, height: 10 },
    reference: { x: 10, y: 29, width: 95, height: 10 },
    kronor: { x: 110, y: 29, width: 62, height: 10 },
    ore: { x: 174, y: 29, width: 26, height: 10 },
  },
  readingZone: { y: 40 },
  readingLine: { x: 10, baseline: 45, pitch: 2.54, size: 10 },
} as const;

type SwedishBox = keyof typeof SWEDISH_FORM.boxes;

/**
 * Where each printed run of the reading line starts (mm from the page's left edge) and what it
 * holds: each character has its own 2.54 mm cell, so a run starts where its first character's cell
 * does, whatever the font's advance widths.
 */
export function readingLineRuns(line: string): { x: number; text: string }[] {
  const { x, pitch } = SWEDISH_FORM.readingLine;
  return [...line.matchAll(/\S+/g)].map((run) => ({ x: x + run.index * pitch, text: run[0] }));
}

function drawReadingLine(doc: PDFKit.PDFDocument, line: string, top: number) {
  const { baseline, pitch, size } = SWEDISH_FORM.readingLine;
  doc.font(FONT.ocrB).fontSize(size).fillColor("#000000");
  const y = top + mm(baseline);
  for (const run of readingLineRuns(line)) {
    // Each run is spread to exactly its cells: the OCR-B glyphs' advances differ by a few
    // thousandths of an em, which over 25 digits would drift by most of a millimetre.
    const natural = doc.widthOfString(run.text);
    const characterSpacing = (mm(pitch) * run.text.length - natural) / run.text.length;
    doc.text(run.text, mm(run.x), y, { lineBreak: false, characterSpacing, baseline: "alphabetic" });
  }
}

/** The inbetalningskort's caption of the account box, by the kind of account (Bankgirot's forms name the first two). */
const SWEDISH_ACCOUNT_CAPTIONS: Record<PayeeAccountKind, string> = {
  bankgiro: "Bankgironummer",
  plusgiro: "Plusgironummer",
  account: "Bankkonto",
  iban: "IBAN",
};

function box(
  doc: PDFKit.PDFDocument,
  top: number,
  name: SwedishBox,
  caption: string,
  content: string,
  options: { bold?: boolean; size?: number; align?: "left" | "right" } = {},
) {
  const geometry = SWEDISH_FORM.boxes[name];
  const x = mm(geometry.x);
  const y = top + mm(geometry.y);
  doc.save().lineWidth(0.5).strokeColor("#000000").rect(x, y, mm(geometry.width), mm(geometry.height)).stroke().restore();
  label(doc, caption, x + mm(1.5), y + mm(0.8), mm(geometry.width - 3));
  fittedValue(doc, options.bold ? FONT.bold : FONT.regular, content, x + mm(1.5), y + mm(4.3), mm(geometry.width - 3), options.size ?? 10, {
    align: options.align,
  });
}

/**
 * Bankgirot's inbetalningskort with OCR reference: Swedish labels, as the form has them whatever
 * the letter's language; the reading line when the data make one (a bankgiro, an OCR reference, an
 * amount in kronor), else the same boxes without it, which a debtor pays by internet bank.
 */
function swedishForm(doc: PDFKit.PDFDocument, document: InvoiceDocument, texts: DocumentTexts, codes: PaymentCodes, top: number) {
  const at = (y: number) => top + mm(y);
  doc.save().lineWidth(0.8).strokeColor("#000000");
  doc.moveTo(0, top).lineTo(PAGE.width, top).dash(3, { space: 3 }).stroke().undash();
  doc.restore();
  doc.font(FONT.bold).fontSize(10).fillColor("#000000").text("INBETALNINGSKORT", mm(SWEDISH_FORM.heading.x), at(SWEDISH_FORM.heading.y), { lineBreak: false });
  if (codes.bankgiroReadingLine) {
    const notice = SWEDISH_FORM.notice;
    doc
      .font(FONT.regular)
      .fontSize(6.5)
      .fillColor("#333333")
      .text("Meddelanden kan inte lämnas på avin. Den avläses maskinellt.", mm(notice.x), at(notice.y), {
        width: mm(notice.width),
        align: "right",
        lineBreak: false,
      });
  }

  const seller = document.seller;
  // The account by payee-account.ts: a profile with only a bank account had a blank "IBAN" box here.
  const account = payeeAccountOf(seller, "SWE");
  box(doc, top, "giro", account ? SWEDISH_ACCOUNT_CAPTIONS[account.kind] : "Konto", account?.text ?? "", { bold: true });
  box(doc, top, "dueDate", "Förfallodag", formatDate(document.dueDate, "sv-SE"), { bold: true });
  box(doc, top, "payee", "Betalningsmottagare", seller.name);

  const ocr = document.reference?.kind === "se-ocr";
  const reference = document.reference ? formattedReference(document) : texts.referenceLater;
  box(doc, top, "reference", ocr || !document.reference ? "OCR-nummer" : "Referens", reference, { bold: true, size: 11 });
  if (document.currency === "SEK") {
    box(doc, top, "kronor", "Kronor", formatDecimal(String(document.amountDue / 100n), "sv-SE", { min: 0, max: 0 }), {
      bold: true,
      size: 11,
      align: "right",
    });
    box(doc, top, "ore", "Öre", String(document.amountDue % 100n).padStart(2, "0"), { bold: true, size: 11 });
  } else {
    // An amount in another currency has no kronor and öre: one box across both, with its currency.
    const kronor = SWEDISH_FORM.boxes.kronor;
    const x = mm(kronor.x);
    const width = mm(SWEDISH_FORM.boxes.ore.x + SWEDISH_FORM.boxes.ore.width - kronor.x);
    doc.save().lineWidth(0.5).rect(x, at(kronor.y), width, mm(kronor.height)).stroke().restore();
    label(doc, "Belopp", x + mm(1.5), at(kronor.y + 0.8), width - mm(3));
    fittedValue(doc, FONT.bold, `${formatMoney(document.amountDue, "sv-SE")} ${document.currency}`, x + mm(1.5), at(kronor.y + 4.3), width - mm(3), 11);
  }

  const payerBox = SWEDISH_FORM.boxes.payer;
  doc.save().lineWidth(0.5).rect(mm(payerBox.x), at(payerBox.y), mm(payerBox.width), mm(payerBox.height)).stroke().restore();
  label(doc, "Inbetalare", mm(payerBox.x + 1.5), at(payerBox.y + 0.8), mm(payerBox.width - 3));
  payerLines(doc, document, texts.locale, mm(payerBox.x + 1.5), at(payerBox.y + 4.3), mm(payerBox.width - 3), mm(payerBox.height - 5));

  if (codes.bankgiroReadingLine) drawReadingLine(doc, codes.bankgiroReadingLine, top);
}

/**
 * Where things sit on the Norwegian giro part, in millimetres from its top edge (the lowest 62 mm of
 * the page), as the banks' giro arranges its fields: the payer's box on the left, beside who is
 * paid, to which account and by when; the KID and the amount under them. The payer's box holds four
 * lines (name, c/o, street, postcode and city), as the Finnish and Swedish forms' do.
 */
export const NORWEGIAN_FORM = {
  height: 62,
  heading: { x: 20, y: 4 },
  boxes: {
    payer: { x: 20, y: 11, width: 84, height: 23 },
    payee: { x: 108, y: 11, width: 84, height: 11 },
    account: { x: 108, y: 24, width: 50, height: 10 },
    dueDate: { x: 160, y: 24, width: 32, height: 10 },
    reference: { x: 20, y: 36, width: 84, height: 12 },
    amount: { x: 108, y: 36, width: 84, height: 12 },
  },
} as const;

/**
 * The Norwegian giro part's captions, in Norwegian whatever the letter's language, as the banks'
 * printed giro (giroblankett) names its fields, and as the Finnish bank form keeps its Finnish and
 * Swedish captions and the Swedish inbetalningskort its Swedish ones: a debtor's bank and a payer
 * used to the giro find each field by its usual name.
 */
const NORWEGIAN_CAPTIONS: Record<keyof typeof NORWEGIAN_FORM.boxes, string> = {
  payer: "Betalt av",
  payee: "Betalt til",
  account: "Til konto",
  dueDate: "Betalingsfrist",
  reference: "Kundeidentifikasjon (KID)",
  amount: "Beløp",
};

/** A box of the Norwegian giro part: its frame, its caption, and where its content starts. */
function norwegianBox(doc: PDFKit.PDFDocument, top: number, name: keyof typeof NORWEGIAN_FORM.boxes) {
  const geometry = NORWEGIAN_FORM.boxes[name];
  const [x, y, width] = [mm(geometry.x), top + mm(geometry.y), mm(geometry.width)];
  doc.save().lineWidth(0.5).strokeColor("#000000").rect(x, y, width, mm(geometry.height)).stroke().restore();
  label(doc, NORWEGIAN_CAPTIONS[name], x + mm(1.5), y + mm(1), width - mm(3));
  return { x: x + mm(1.5), y: y + mm(4.5), width: width - mm(3), height: mm(geometry.height - 5.5) };
}

function norwegianForm(doc: PDFKit.PDFDocument, document: InvoiceDocument, texts: DocumentTexts, top: number) {
  doc.save().lineWidth(0.8).strokeColor("#000000");
  doc.moveTo(0, top).lineTo(PAGE.width, top).dash(3, { space: 3 }).stroke().undash();
  doc.restore();
  const heading = NORWEGIAN_FORM.heading;
  doc
    .font(FONT.bold)
    .fontSize(11)
    .fillColor("#000000")
    .text("Giro / Betaling", mm(heading.x), top + mm(heading.y), { lineBreak: false });
  const seller = document.seller;
  const account = payeeAccountOf(seller, "NOR")?.text ?? "";
  const payer = norwegianBox(doc, top, "payer");
  payerLines(doc, document, texts.locale, payer.x, payer.y, payer.width, payer.height);
  const fields: [keyof typeof NORWEGIAN_FORM.boxes, string, boolean][] = [
    ["payee", seller.name, false],
    ["account", account, false],
    ["dueDate", formatDate(document.dueDate, texts.locale), false],
    ["reference", document.reference ? formattedReference(document) : texts.referenceLater, true],
    ["amount", `${formatMoney(document.amountDue, texts.locale)} ${document.currency}`, true],
  ];
  for (const [name, content, emphasis] of fields) {
    const inner = norwegianBox(doc, top, name);
    // A value on one line of its box: an account, a KID or an amount is never broken.
    fittedValue(doc, emphasis ? FONT.bold : FONT.regular, content, inner.x, inner.y, inner.width, emphasis ? 11 : 10);
  }
}

/** Draws the country's payment part at the foot of the current page. */
export function drawPaymentPart(doc: PDFKit.PDFDocument, document: InvoiceDocument, texts: DocumentTexts, codes: PaymentCodes) {
  if (isCreditNote(document)) return;
  const top = PAGE.height - paymentPartHeight(document);
  if (document.country === "FIN") finnishForm(doc, document, texts, codes, top);
  else if (document.country === "SWE") swedishForm(doc, document, texts, codes, top);
  else norwegianForm(doc, document, texts, top);
}
