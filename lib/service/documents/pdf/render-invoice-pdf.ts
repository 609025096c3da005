import type { FinnishCollector } from "../../../env";
import { isNotice } from "../../../spec/sent-documents";
import { addDays } from "../../calendar/dates";
import { isCreditNote, postedFrom, type InvoiceDocument, type NoticeFee, type Party } from "../invoice-document";
import { collectorParticulars, deliveryDateOf, deliveryPlaceOf, sellerParticulars } from "../particulars";
import { documentTexts, invoiceInterestNotice, type DocumentTexts } from "../texts";

import { drawQrCode } from "./draw-codes";
import { countryLineAbroad, formatDate, formatDecimal, formatMoney, formatPercent } from "./format";
import { drawPaymentPart, formattedReference, paymentCodes, paymentPartHeight } from "./payment-parts";
import { finish, fittedLine, fittingSize, FONT, mm, newDocument, PAGE, type NewDocumentOptions } from "./pdf-kit";

/*
 * The invoice image: one renderer for invoices (jobtype 0, 300, 602), credit notes, reminders (1),
 * collection letters (2) and cut-off warnings (150).
 *
 * Layout on A4, in millimetres from the top left: the sender at 20/15; the recipient where the
 * window of a C5/C4 window envelope shows it, 20 from the left and 45 from the top, 90 × 40; the
 * document's details to the right of it; then the rows (for a notice, the claim and the invoice's
 * rows as its basis), an invoice's VAT breakdown, the totals and the free text; the country's payment part at the foot of the
 * last page (payment-parts.ts). Rows that do not fit continue on further pages.
 */

const LEFT = mm(20);
/**
 * The debtor link's QR code, quiet zone included, between the title and the details: 19 mm holds
 * its 33 modules (and the quiet zone) at 0.46 mm a module, which any phone camera reads.
 */
const ONLINE_QR = { x: mm(119), y: mm(23.5), size: mm(19) };
const WIDTH = mm(170);
const WINDOW = { x: mm(20), y: mm(45), width: mm(90), height: mm(40) };
/**
 * The size of what a letter tells the debtor under the claim: how its interest is counted, and what
 * the law wants said (where to object, what follows). Read by the debtor, not only kept for the
 * record: at 7.5 and 8 pt it was finer print than the claim above it.
 */
const NOTICE_SIZE = 9;
/** The principal's free text under the total. */
const FREE_TEXT_SIZE = 9;
/** The rows' header line and the rule under it. */
const TABLE_HEADER_HEIGHT = mm(5);
/** Where the body starts on a further page (newPage): under the page's top margin and its running title. */
const PAGE_TOP = mm(20);
const RUNNING_TITLE_HEIGHT = mm(8);
/** The room a page keeps clear at its foot for its footer, on every page but the one with the payment part. */
const FOOT_RESERVE = mm(20);
/** Where the body starts on the first page: 7 mm under the envelope window, so nothing of it shows there. */
const BODY_TOP = mm(92);
/** A payment demand's creditor under the details (Writer.principal), and its gap when at the top of the body. */
const PRINCIPAL = { x: mm(120), width: mm(70) };
const PRINCIPAL_GAP = mm(2.5);
/** The claim's left column (claim), and the room the rule over a total takes (rule). */
const CLAIM_COLUMN = mm(84);
const RULE_HEIGHT = mm(2.5);
/**
 * A line of the document's details (header), 8.5 pt, and the room under them before the body: 4.6
 * and 6 mm, or 4.2 mm (1.4 times their size, as the claim's lines) and 3 mm where only that keeps a
 * notice on one page (Writer.chooseLayout). At 4.6 mm and 6 mm under them, the details of a cut-off
 * warning that named its invoice there with the job's own references took the room of a line of
 * its legal notice.
 */
const DETAIL_PITCH = { normal: mm(4.6), close: mm(4.2) };
const DETAILS_GAP = { normal: mm(6), close: mm(3) };
/**
 * A claim's amount lines and its total, at their usual pitch and closer: a closer layout sets the
 * claimed amounts closer too. A collection letter with a reminder fee posted with it and its own
 * fee has one cost line more than the invoice's particulars beside it, which sent the payment
 * demand of a two-line creditor name, three references and five rows onto a second page by 2.2 mm.
 */
const AMOUNT_PITCH = { normal: mm(4.6), close: mm(4.2) };
const TOTAL_PITCH = { normal: mm(6), close: mm(4.9) };
/**
 * The details' column, and the lines a long reference of the job's own takes in it at most, at full
 * size, under its label, before it ends in an ellipsis (the job may send 255 characters).
 */
const DETAILS = { x: mm(120), width: mm(70) };
const DETAIL_LINES = 3;

/**
 * A line of the details (Writer.detailRows): `kind` "text" for a reference of the job's own (free
 * text), "reference" for the payment reference, "fixed" for numbers and dates.
 */
interface Detail {
  label: string;
  value: string;
  kind: "fixed" | "text" | "reference";
}

/** The details' lines with a cut-off warning's invoice particulars where they stand (Writer.arrangements). */
interface Arrangement {
  rows: Detail[];
  /** The invoice's date and due date in the details, under its number, not in the claim. */
  invoice: boolean;
  /** And the day it was reminded. */
  notice: boolean;
}

/** A layout of the details and the claim, measured (Writer.layoutOf). */
interface Layout extends Arrangement {
  close: boolean;
  flip: boolean;
  labelWidth: number;
  /** Each line's height, and whether its value stands on the line under its label. */
  lines: { height: number; under: boolean }[];
  /** The smallest size a reference of the job's own is set in. */
  smallest: number;
  /** Where the claim ends on the first page. */
  end: number;
}

interface Column {
  key: "description" | "quantity" | "unitPrice" | "discount" | "vatRate" | "net" | "vat" | "gross";
  width: number;
  align: "left" | "right";
}

const COLUMNS: Column[] = [
  { key: "description", width: mm(61), align: "left" },
  { key: "quantity", width: mm(14), align: "right" },
  { key: "unitPrice", width: mm(22), align: "right" },
  { key: "vatRate", width: mm(15), align: "right" },
  { key: "net", width: mm(20), align: "right" },
  { key: "vat", width: mm(18), align: "right" },
  { key: "gross", width: mm(20), align: "right" },
];

/** With a discount on some row, its column takes its width from the description's. */
const DISCOUNT_WIDTH = mm(16);
const DISCOUNT_COLUMNS: Column[] = COLUMNS.flatMap((column): Column[] => {
  if (column.key === "description") return [{ ...column, width: column.width - DISCOUNT_WIDTH }];
  if (column.key === "vatRate") return [{ key: "discount", width: DISCOUNT_WIDTH, align: "right" }, column];
  return [column];
});

/**
 * The size of the rows' text, the smallest their numbers are set in where the numbers of the
 * largest amounts the service takes (99 999 999 999,99, payment-data/amounts.ts MAX_CENTS) leave the
 * description too little room at it, and the narrowest the description is made for them (rowsLayout).
 */
const ROW_SIZE = 8.5;
const MIN_ROW_NUMBER_SIZE = 6;
const MIN_DESCRIPTION_WIDTH = mm(40);
/** A cell's text keeps 2 points from each side of its column. */
const CELL_PADDING = 4;

/**
 * The VAT breakdown's columns (summary): the bases end 47 mm and the VAT 65 mm from the left margin
 * at the least, each 2 mm at the least right of what stands before it; the totals beside it start
 * 5 mm right of its end, 70 mm from the left margin at the least.
 */
const BREAKDOWN = { netRight: mm(47), vatWidth: mm(18), gap: mm(2), totalsGap: mm(5) };
const TOTALS_LABEL_X = mm(70);
/** The room a total's amount has at the least, and what its label keeps at the least where the amount takes more. */
const TOTAL_AMOUNT_WIDTH = mm(38);
const TOTAL_LABEL_MIN_WIDTH = mm(20);

/**
 * A reminder's, collection letter's or cut-off warning's rows: the invoice's, listed as the basis
 * of the claim, each with what was supplied, how much, and what the invoice charged for it in all.
 * A notice carries no VAT breakdown, VAT totals or VAT columns: it is no invoice, and a letter that
 * prints them over its amount to pay reads to a bookkeeper as a second VAT invoice for the same
 * supply (the VAT was invoiced once, on the invoice the claim is for).
 */
const NOTICE_COLUMNS: Column[] = [
  { key: "description", width: mm(126), align: "left" },
  { key: "quantity", width: mm(20), align: "right" },
  { key: "gross", width: mm(24), align: "right" },
];

/** A notice's total stands under its claim's amounts (Writer.claimTotal), not under its rows. */
const totalInClaim = (document: InvoiceDocument) => isNotice(document.kind) && document.reminder !== null;

const columnsOf = (document: InvoiceDocument): Column[] => {
  if (isNotice(document.kind)) return NOTICE_COLUMNS;
  return document.rows.some((row) => row.discount) ? DISCOUNT_COLUMNS : COLUMNS;
};

function addressLines(party: Party, domesticCountry: string, locale: string): string[] {
  const postal = [party.postcode, party.city].filter(Boolean).join(" ");
  const abroad = countryLineAbroad(party.country, domesticCountry, locale);
  const foreign = abroad ? [abroad] : [];
  return [party.name, ...party.extraLines, party.street ?? "", postal, ...foreign].filter((line) => line.trim() !== "");
}

/** A line of the letter: fitted to its width, on the baseline its full size puts it. */
function fitted(doc: PDFKit.PDFDocument, font: string, text: string, x: number, y: number, width: number, size: number, align: "left" | "right" = "left") {
  fittedLine(doc, font, text, x, y, width, size, { align, keepBaseline: true });
}

class Writer {
  y = 0;
  /** A payment demand's creditor goes at the top of the body, not under the details (header). */
  principalInBody = false;
  /** How the details and the claim are laid out (chooseLayout). */
  private chosen: Layout | undefined;
  private rowsLayoutOf: { columns: Column[]; numberSize: number } | undefined;
  constructor(
    readonly doc: PDFKit.PDFDocument,
    readonly document: InvoiceDocument,
    readonly texts: DocumentTexts,
  ) {}

  get locale() {
    return this.texts.locale;
  }

  money(cents: bigint) {
    return formatMoney(cents, this.locale);
  }

  /** Room left on the page before `reserve` at its foot. */
  fits(height: number, reserve = FOOT_RESERVE) {
    return this.y + height <= PAGE.height - reserve;
  }

  /** Whether `height` fits on a further page (newPage) before `reserve` at its foot. */
  fitsOnNewPage(height: number, reserve = FOOT_RESERVE) {
    return PAGE_TOP + RUNNING_TITLE_HEIGHT + height <= PAGE.height - reserve;
  }

  newPage() {
    this.doc.addPage({ size: "A4", margin: 0 });
    this.y = PAGE_TOP;
    this.doc.font(FONT.bold).fontSize(9).fillColor("#000000");
    this.doc.text(`${this.texts.title[this.document.kind]} ${this.document.number ?? ""}`.trim(), LEFT, this.y, { width: WIDTH });
    this.y += RUNNING_TITLE_HEIGHT;
  }

  header() {
    const { doc, document, texts } = this;
    const seller = document.seller;
    // A payment demand is sent by its collector in its own name; every other document by the creditor.
    if (document.collector) this.collectorLetterhead(document.collector);
    else {
      doc
        .font(FONT.bold)
        .fontSize(12)
        .fillColor("#000000")
        .text(seller.name, LEFT, mm(15), { width: mm(90) });
      doc.font(FONT.regular).fontSize(8.5).fillColor("#333333");
      doc.text(addressLines({ ...seller, name: "", country: "" }, "", this.locale).join("\n"), LEFT, doc.y + 2, { width: mm(90) });
    }

    doc.fillColor("#000000");
    fitted(doc, FONT.bold, texts.title[document.kind], mm(120), mm(15), mm(70), 16);

    // The recipient, inside the envelope window.
    doc.font(FONT.regular).fontSize(10).fillColor("#000000");
    doc.text(addressLines(document.buyer, postedFrom(document), this.locale).join("\n"), WINDOW.x + mm(2), WINDOW.y + mm(4), {
      width: WINDOW.width - mm(4),
      height: WINDOW.height - mm(4),
      ellipsis: true,
    });

    const { rows, labelWidth, lines } = this.layout();
    this.onlineLink();
    const valueX = mm(121) + labelWidth;
    const lineHeight = this.detailLineHeight();
    let y = mm(45);
    rows.forEach(({ label, value, kind }, index) => {
      const line = lines[index]!;
      doc.fillColor("#333333");
      fitted(doc, FONT.regular, label, mm(120), y, labelWidth, 8.5);
      doc.fillColor("#000000");
      // A value too long for its place beside the label goes on the line under it, across the
      // details' width, at full size: a reference of the job's own wrapped between its words, the
      // payment reference whole on one line, grouped as the payment part prints it, for the debtor
      // to type. Beside its label it had been set as small as 6 pt and still broke onto the next
      // line, over the value there.
      if (line.under && kind === "text")
        doc
          .font(FONT.bold)
          .fontSize(8.5)
          .text(value, DETAILS.x, y + lineHeight, { width: DETAILS.width, height: (DETAIL_LINES + 0.5) * lineHeight, ellipsis: true });
      else if (line.under) fitted(doc, FONT.bold, formattedReference(document) || value, DETAILS.x, y + lineHeight, DETAILS.width, 8.5);
      else fitted(doc, FONT.bold, value, valueX, y, mm(190) - valueX, 8.5);
      y += line.height;
    });
    const gap = this.layout().close ? DETAILS_GAP.close : DETAILS_GAP.normal;
    this.y = Math.max(BODY_TOP, y + gap);
    if (!document.collector) return;
    // The creditor a payment demand collects for goes where it costs the page least: under the
    // details where the column has room for it above the body, else on one line at the top of the
    // body. Under the details of a job that adds its own lines to them (customer number, our and
    // your reference, order number) it reached far below the envelope window and moved the whole
    // letter down with it, and the bank form to a second page.
    if (this.principalUnderDetails(y, gap)) this.y = Math.max(BODY_TOP, this.principal(y) + gap);
    else this.principalInBody = true;
  }

  /** Whether a payment demand's creditor goes under details ending at `end` (header), else at the top of the body. */
  principalUnderDetails(end: number, gap: number): boolean {
    return Math.max(BODY_TOP, end + this.principalHeight() + gap) - Math.max(BODY_TOP, end + gap) <= this.principalLineHeight();
  }

  /**
   * The document's details in the order they are printed, and the invoice's particulars a cut-off
   * warning may name among them, under its number (chooseLayout).
   */
  detailRows(): { details: Detail[]; invoiceDates: Detail[]; noticeDate: Detail[] } {
    const { document, texts } = this;
    const details: Detail[] = [];
    // `kind`: "text" for a reference of the job's own, free text up to 255 characters; "reference"
    // for the payment reference. Either goes on the line under its label where it is longer than
    // the values' column at full size (chooseLayout); numbers and dates stay on their line.
    const add = (label: string, value: string | null | undefined, kind: Detail["kind"] = "fixed") => {
      if (value) details.push({ label, value, kind });
    };
    add(isCreditNote(document) ? texts.creditNoteNumber : texts.number, document.reminder?.originalNumber ?? document.number);
    const invoiceDates: Detail[] = [];
    const noticeDate: Detail[] = [];
    if (document.cutoff && document.reminder?.originalNumber) {
      const reminder = document.reminder;
      if (reminder.originalDate) invoiceDates.push({ label: texts.originalDate, value: formatDate(reminder.originalDate, this.locale), kind: "fixed" });
      if (reminder.originalDueDate)
        invoiceDates.push({ label: texts.originalDueDate, value: formatDate(reminder.originalDueDate, this.locale), kind: "fixed" });
      if (reminder.noticeDate) noticeDate.push({ label: texts.noticeDate, value: formatDate(reminder.noticeDate, this.locale), kind: "fixed" });
    }
    add(texts.date[document.kind], formatDate(document.date, this.locale));
    // A credit note is paid by no one: it has no due date to show.
    // Nor a payment reference: the credit note names the invoice it credits instead.
    if (isCreditNote(document)) add(texts.creditedInvoice, document.creditedNumber);
    else {
      add(texts.dueDate, formatDate(document.dueDate, this.locale));
      add(texts.reference, document.reference?.value ?? (document.preview ? "—" : null), "reference");
    }
    add(texts.customerNumber, document.buyer.customerNumber, "text");
    add(texts.ourReference, document.ourReference, "text");
    add(texts.yourReference, document.yourReference, "text");
    add(texts.orderNumber, document.orderNumber, "text");
    add(texts.deliveryDate, formatDate(deliveryDateOf(document), this.locale));
    add(texts.deliveryPlace, deliveryPlaceOf(document), "text");
    if (document.overdueInterestRate) add(texts.overdueInterest, `${formatPercent(document.overdueInterestRate, this.locale)} %`);
    return { details, invoiceDates, noticeDate };
  }

  /** The layout chooseLayout() chose, or a document's usual one where it was not asked to choose. */
  layout(): Layout {
    this.chosen ??= this.layoutOf(this.arrangements()[0]!, false, false, "under");
    return this.chosen;
  }

  /** Where a cut-off warning can name its invoice's particulars: in the details with the day it was reminded, without it, or in the claim. */
  arrangements(): Arrangement[] {
    const { details, invoiceDates, noticeDate } = this.detailRows();
    const arrangement = (inHeader: Detail[], invoice: boolean, notice: boolean) => ({ rows: [details[0]!, ...inHeader, ...details.slice(1)], invoice, notice });
    if (invoiceDates.length === 0) return [arrangement([], false, false)];
    return [
      ...(noticeDate.length > 0 ? [arrangement([...invoiceDates, ...noticeDate], true, true)] : []),
      arrangement(invoiceDates, true, false),
      arrangement([], false, false),
    ];
  }

  /**
   * How a notice's details and claim are laid out, measured as drawn, so that the letter keeps one
   * page with its payment part where any layout does: a debtor pays by the page the bank form is
   * on. Its usual layout comes first, and each change to it only where that buys the page:
   *
   * 1. Everything at full size, the job's long references and a long payment reference each on the
   *    line under its label. Where a cut-off warning names its invoice's dates (in the details or in
   *    the claim) is the shorter way, as before. Failing that, the details closer (4.2 mm a line,
   *    3 mm under them), then the interest's explanation in the other place (beside the amounts or
   *    across the page), then both.
   * 2. Where no full-size layout keeps one page, the job's references are set smaller beside their
   *    labels, only the longest kept on the line under its label, then none: the one page with the
   *    largest of their smallest sizes is taken, never under 6 pt. A cut-off warning of a Finnish
   *    consumer with a long customer number, our and your reference, each wrapped under its label,
   *    ran onto a second page with its legal notice and bank form alone there; a reference set a
   *    little smaller costs the debtor less than a second sheet. The payment reference is never
   *    set smaller: the debtor types it (at 6 pt a 23-character RF reference broke onto a second
   *    line, over the next one).
   * 3. Where nothing keeps one page, the usual layout, and the letter runs on.
   *
   * An invoice and a credit note take their usual layout: their rows run on to further pages.
   */
  chooseLayout(summaryHeight: number, reserve: number) {
    const arrangements = this.arrangements();
    if (!isNotice(this.document.kind)) {
      this.chosen = this.layoutOf(arrangements[0]!, false, false, "under");
      return;
    }
    const room = PAGE.height - reserve - this.introHeight() - this.otherInvoicesHeight() - summaryHeight;
    const fits = (layout: Layout) => layout.end <= room;
    // The shortest, the first of them where they end alike: the invoice named in one place where that costs nothing.
    const shortest = (layouts: Layout[]) => layouts.reduce((best, candidate) => (candidate.end < best.end - 0.01 ? candidate : best));
    const levels: [boolean, boolean][] = [
      [false, false],
      [true, false],
      [false, true],
      [true, true],
    ];
    let usual: Layout | undefined;
    for (const [close, flip] of levels) {
      const layout = shortest(arrangements.map((arrangement) => this.layoutOf(arrangement, close, flip, "under")));
      usual ??= layout;
      if (fits(layout)) {
        this.chosen = layout;
        return;
      }
    }
    let best: Layout | undefined;
    for (const references of ["longest", "beside"] as const)
      for (const [close, flip] of levels)
        for (const arrangement of arrangements) {
          const layout = this.layoutOf(arrangement, close, flip, references);
          if (fits(layout) && (!best || layout.smallest > best.smallest + 0.01)) best = layout;
        }
    this.chosen = best ?? usual!;
  }

  /**
   * One layout of the details and the claim, measured as header() and claim() draw it: `close` the
   * details' closer lines, `flip` the interest's explanation in the place claimLayout() does not
   * choose for it, `references` where the job's long references go: all on the line under their
   * labels, only the longest, or none (set smaller beside their labels, down to 6 pt, where they
   * fit there at that size). `end`: where the claim ends on the first page.
   */
  layoutOf(arrangement: Arrangement, close: boolean, flip: boolean, references: "under" | "longest" | "beside"): Layout {
    const { doc, document } = this;
    const { rows, invoice, notice } = arrangement;
    const pitch = close ? DETAIL_PITCH.close : DETAIL_PITCH.normal;
    const gap = close ? DETAILS_GAP.close : DETAILS_GAP.normal;
    const lineHeight = this.detailLineHeight();
    // The labels keep their full size: where the invoice's particulars bring longer ones
    // ("Alkuperäinen eräpäivä", "Meeldetuletus saadetud"), the values move right by what they need.
    const widest = Math.max(...rows.map(({ label }) => doc.font(FONT.regular).fontSize(8.5).widthOfString(label)));
    const labelWidth = invoice ? Math.min(mm(40), Math.max(mm(31), widest + mm(0.5))) : mm(31);
    const room = mm(190) - (mm(121) + labelWidth);
    const width = (value: string, size = 8.5) => doc.font(FONT.bold).fontSize(size).widthOfString(value);
    const long = rows.filter(({ kind, value }) => kind === "text" && width(value) > room);
    const longest = long.reduce<Detail | null>((found, row) => (found && width(found.value) >= width(row.value) ? found : row), null);
    let smallest = 8.5;
    const lines = rows.map((row) => {
      if (row.kind === "fixed" || width(row.value) <= room) return { height: pitch, under: false };
      const beside = row.kind === "text" && (references === "beside" || (references === "longest" && row !== longest)) && width(row.value, 6) <= room;
      if (beside) {
        smallest = Math.min(smallest, fittingSize(doc, FONT.bold, row.value, room, 8.5));
        return { height: pitch, under: false };
      }
      if (row.kind === "reference") return { height: pitch + lineHeight, under: true };
      const wrapped = Math.round(doc.font(FONT.bold).fontSize(8.5).heightOfString(row.value, { width: DETAILS.width }) / lineHeight);
      return { height: pitch + Math.min(DETAIL_LINES, wrapped) * lineHeight, under: true };
    });
    const end = mm(45) + lines.reduce((sum, line) => sum + line.height, 0);
    let bodyTop = Math.max(BODY_TOP, end + gap);
    if (document.collector)
      bodyTop = this.principalUnderDetails(end, gap) ? Math.max(BODY_TOP, end + this.principalHeight() + gap) : bodyTop + this.principalLineHeight();
    const claim = this.claimLayout(invoice, notice, flip, close);
    return { rows, invoice, notice, close, flip, labelWidth, lines, smallest, end: bodyTop + claim.height };
  }

  /** The height intro() takes, the creditor over it excluded (layoutOf counts that with the details). */
  introHeight(): number {
    const text = this.introText();
    return text === null ? 0 : this.doc.font(FONT.regular).fontSize(9.5).heightOfString(text, { width: WIDTH }) + mm(3);
  }

  /** The height otherInvoices() takes where they fit the page. */
  otherInvoicesHeight(): number {
    const { doc, texts } = this;
    const others = this.document.cutoff?.others ?? [];
    if (others.length === 0) return 0;
    const heading = doc.font(FONT.bold).fontSize(8.5).heightOfString(texts.cutoffOthers, { width: WIDTH }) + mm(2);
    return heading + others.reduce((sum, other) => sum + this.amountLineHeight(this.otherInvoiceLabel(other), other.open, false, 0), 0);
  }

  detailLineHeight(): number {
    return this.doc.font(FONT.bold).fontSize(8.5).currentLineHeight(true);
  }

  /**
   * A payment demand's letterhead: the collector's name and address, the label that says it
   * collects for the creditor with its business id, its telephone and e-mail, and its entry in the
   * register of collection businesses, each line fitted to its width and cut to one line, so the
   * block ends above the envelope window (WINDOW.y - 1 mm) whatever its settings hold (lib/env.ts
   * caps their lengths). The register line shortens its label before the entry itself.
   */
  collectorLetterhead(collector: FinnishCollector) {
    const { doc, texts } = this;
    const parties = texts.collectionParties;
    const bottom = WINDOW.y - mm(1);
    const width = mm(92);
    let y = mm(15);
    const line = (font: string, text: string, size: number, color: string) => {
      const fit = fittingSize(doc, font, text, width, size, 6);
      const height = doc.font(font).fontSize(fit).currentLineHeight(true);
      if (y + height > bottom) return;
      // One line high: what still does not fit at 6 pt ends in an ellipsis rather than a second line.
      doc.fillColor(color).text(text, LEFT, y, { width, height, ellipsis: true });
      y += height + mm(0.4);
    };
    line(FONT.bold, collector.name, 12, "#000000");
    line(FONT.regular, collector.address, 8.5, "#333333");
    line(FONT.regular, `${parties.collector} · ${texts.businessId("FI")} ${collector.businessId}`, 7.5, "#000000");
    line(FONT.regular, `${collector.phone} · ${collector.email}`, 7.5, "#000000");
    // The register line takes the room left, two lines at most; where the entry and the register's
    // name do not fit, the name is cut word by word with an ellipsis, never the entry.
    doc.font(FONT.regular).fontSize(7.5).fillColor("#333333");
    const room = bottom - y;
    const words = parties.register.split(" ");
    let register = `${parties.register}: ${collector.registerEntry}`;
    for (let count = words.length - 1; count >= 0 && doc.heightOfString(register, { width }) > room; count--)
      register = count > 0 ? `${words.slice(0, count).join(" ")} …: ${collector.registerEntry}` : collector.registerEntry;
    doc.text(register, LEFT, y, { width, height: room, ellipsis: true });
    doc.fillColor("#000000");
  }

  /**
   * The creditor a payment demand collects for, by name, business id and address, which 513/1999
   * 5 a § wants on the demand: under the document's details, apart from the collector in the
   * letterhead, where they leave it room (header). Returns where it ends.
   */
  principal(top: number): number {
    const { doc, texts } = this;
    const x = PRINCIPAL.x;
    const width = PRINCIPAL.width;
    doc
      .font(FONT.regular)
      .fontSize(8.5)
      .fillColor("#333333")
      .text(texts.collectionParties.principal, x, top + mm(1.5), { width });
    doc.font(FONT.bold).fillColor("#000000").text(this.document.seller.name, x, doc.y, { width });
    // The address on one line, as the collector's in the letterhead: the demand stays on one page with its bank form.
    let y = doc.y;
    for (const line of this.principalLines()) {
      fitted(doc, FONT.regular, line, x, y, width, 8.5);
      y += doc.font(FONT.regular).fontSize(8.5).currentLineHeight(true);
    }
    return y;
  }

  /** The creditor's business id and its address on one line, as principal() prints them under its name. */
  principalLines(): string[] {
    const { seller } = this.document;
    const address = [seller.street, [seller.postcode, seller.city].filter(Boolean).join(" ")].filter(Boolean).join(", ");
    return [seller.businessId ? `${this.texts.businessId(seller.country)} ${seller.businessId}` : null, address || null].filter((line) => line !== null);
  }

  /** The height principal() takes under the details, measured as it draws. */
  principalHeight(): number {
    const { doc } = this;
    const { width } = PRINCIPAL;
    const label = doc.font(FONT.regular).fontSize(8.5).heightOfString(this.texts.collectionParties.principal, { width });
    const name = doc.font(FONT.bold).fontSize(8.5).heightOfString(this.document.seller.name, { width });
    return mm(1.5) + label + name + this.principalLines().length * doc.font(FONT.regular).fontSize(8.5).currentLineHeight(true);
  }

  /**
   * The creditor at the top of the body, as lines across the page: its label, its name, then its
   * business id and its address. A line breaks between words of the name, but only between the
   * particulars, never inside one: at a hyphen or a space of its own a line broke "Y-" from
   * "tunnus 2617416-4", and the id from its label.
   */
  principalInBodyLines(): { text: string; bold: boolean }[][] {
    const { doc } = this;
    const words = this.document.seller.name.split(/\s+/).filter(Boolean);
    const pieces = [
      { text: this.texts.collectionParties.principal, bold: false, gap: "" },
      ...words.map((word, index) => ({ text: word, bold: true, gap: index === 0 ? "  " : " " })),
      ...this.principalLines().map((line) => ({ text: line, bold: false, gap: ", " })),
    ];
    const width = (text: string, bold: boolean) =>
      doc
        .font(bold ? FONT.bold : FONT.regular)
        .fontSize(8.5)
        .widthOfString(text);
    const lines: { text: string; bold: boolean }[][] = [];
    let line: { text: string; bold: boolean }[] = [];
    let used = 0;
    for (const piece of pieces) {
      // The separator after the name belongs to the name's face; the comma is never bold.
      const gap = piece.gap === ", " ? "," : piece.gap;
      const space = piece.gap === ", " ? " " : "";
      const joined = width(gap, piece.bold) + width(space, false) + width(piece.text, piece.bold);
      if (line.length > 0 && used + joined > WIDTH) {
        if (gap === ",") line.push({ text: ",", bold: false });
        lines.push(line);
        line = [{ text: piece.text, bold: piece.bold }];
        used = width(piece.text, piece.bold);
        continue;
      }
      if (line.length > 0) line.push({ text: gap + space, bold: gap === "," ? false : piece.bold });
      line.push({ text: piece.text, bold: piece.bold });
      used += line.length > 1 ? joined : width(piece.text, piece.bold);
    }
    if (line.length > 0) lines.push(line);
    // Drawn a run to a face (the label in its own grey): the text reads back as set, not word by word.
    return lines.map((runs, number) =>
      runs.reduce<{ text: string; bold: boolean }[]>((merged, run) => {
        const last = merged.at(-1);
        if (last && last.bold === run.bold && !(number === 0 && merged.length === 1)) last.text += run.text;
        else merged.push({ ...run });
        return merged;
      }, []),
    );
  }

  /** The height the creditor takes at the top of the body, its gap under it included. */
  principalLineHeight(): number {
    return this.principalInBodyLines().length * this.doc.font(FONT.regular).fontSize(8.5).currentLineHeight(true) + PRINCIPAL_GAP;
  }

  /** The creditor at the top of the body, where the details' column had no room for it (header). */
  principalInBodyLine() {
    const { doc } = this;
    if (!this.principalInBody) return;
    const height = doc.font(FONT.regular).fontSize(8.5).currentLineHeight(true);
    for (const [number, line] of this.principalInBodyLines().entries()) {
      let x = LEFT;
      for (const [index, run] of line.entries()) {
        const label = number === 0 && index === 0;
        doc
          .font(run.bold ? FONT.bold : FONT.regular)
          .fontSize(8.5)
          .fillColor(label ? "#333333" : "#000000")
          .text(run.text, x, this.y, { lineBreak: false });
        x += doc.widthOfString(run.text);
      }
      this.y += height;
    }
    this.y += PRINCIPAL_GAP;
  }

  /**
   * The debtor's own page of the case, in the free space under the title: a QR code to scan and the
   * address to type, the address over two lines (where it is and the case's 24 characters), so
   * neither is ever set too small to read.
   */
  onlineLink() {
    const { doc, document, texts } = this;
    if (!document.onlineLink || isCreditNote(document)) return;
    drawQrCode(doc, document.onlineLink, ONLINE_QR.x, ONLINE_QR.y, ONLINE_QR.size);
    const x = ONLINE_QR.x + ONLINE_QR.size + mm(1);
    const width = mm(190) - x;
    const cut = document.onlineLink.lastIndexOf("/") + 1;
    doc
      .font(FONT.regular)
      .fontSize(7)
      .fillColor("#000000")
      .text(texts.onlineService, x, ONLINE_QR.y + mm(1.5), { width });
    const top = doc.y + mm(0.8);
    fitted(doc, FONT.regular, document.onlineLink.slice(0, cut), x, top, width, 7.5);
    fitted(doc, FONT.bold, document.onlineLink.slice(cut), x, top + mm(3.4), width, 8.5);
  }

  intro() {
    const { doc } = this;
    const intro = this.introText();
    if (intro === null) return;
    this.principalInBodyLine();
    doc.font(FONT.regular).fontSize(9.5).fillColor("#000000");
    doc.text(intro, LEFT, this.y, { width: WIDTH });
    // The gap under the intro is closer than the body's others: at 5 mm a Finnish payment demand,
    // whose intro says that the creditor is paid by the bank form below, and a Finnish consumer's
    // cut-off warning, whose notice is the longest, went onto a second page with their bank form.
    this.y = doc.y + mm(3);
  }

  /** A notice's opening paragraph: what it is about and, for a cut-off warning, the place and the day. */
  introText(): string | null {
    const { document, texts } = this;
    if (!isNotice(document.kind)) return null;
    return document.cutoff
      ? texts.cutoffIntro(document.cutoff.usagePlaceCode, formatDate(document.cutoff.disconnectionDate, this.locale), document.cutoff.others.length > 0)
      : document.kind === "reminder"
        ? texts.reminderIntro
        : texts.collectionIntro(document.reminder?.reminded ?? false);
  }

  tableHeader() {
    const { doc, texts } = this;
    let x = LEFT;
    doc.font(FONT.bold).fontSize(8).fillColor("#000000");
    const labels: Record<Column["key"], string> = {
      description: texts.description,
      quantity: texts.quantity,
      unitPrice: texts.unitPrice,
      discount: texts.discountPercent,
      vatRate: texts.vatPercent,
      net: texts.net,
      vat: texts.vat,
      gross: texts.gross,
    };
    for (const column of this.rowsLayout().columns) {
      // The discount's label is set smaller rather than run into the VAT column in a long language.
      if (column.key === "discount") {
        fitted(doc, FONT.bold, labels.discount, x + 2, this.y, column.width - 4, 8, column.align);
        doc.font(FONT.bold).fontSize(8);
      } else doc.text(labels[column.key], x + 2, this.y, { width: column.width - 4, align: column.align, lineBreak: false });
      x += column.width;
    }
    this.y += TABLE_HEADER_HEIGHT;
    doc
      .save()
      .lineWidth(0.5)
      .moveTo(LEFT, this.y - mm(1))
      .lineTo(LEFT + WIDTH, this.y - mm(1))
      .stroke()
      .restore();
  }

  /** A row's height: its description wraps in its column. */
  rowHeight(row: InvoiceDocument["rows"][number]): number {
    const description = this.rowsLayout().columns[0]!;
    return (
      Math.max(
        this.doc
          .font(FONT.regular)
          .fontSize(8.5)
          .heightOfString(row.description, { width: description.width - 4 }),
        mm(4),
      ) + mm(1.5)
    );
  }

  /** The height rows() takes where it all fits on the page: the header, every row and the gap under them. */
  rowsHeight(): number {
    const rows = this.document.rows;
    return rows.length === 0 ? 0 : TABLE_HEADER_HEIGHT + rows.reduce((sum, row) => sum + this.rowHeight(row), 0) + mm(2);
  }

  /**
   * Whether the document lists its rows. An invoice always does. A notice lists the invoice's rows as
   * the basis of its claim, which its basis line names too (claim): where the rows would move the
   * total, the legal notice and the payment part onto a second page that the letter without them
   * does not need, the notice leaves them off. A debtor pays by the page the bank form is on, and a
   * Finnish one expects the payment demand and its tilisiirtolomake on one sheet; the rows were on
   * the invoice itself. Where the summary does not fit either (a long free text), the rows stay.
   */
  listsRows(summaryHeight: number, reserve: number): boolean {
    const { document } = this;
    if (!isNotice(document.kind) || !document.reminder?.basis) return true;
    return this.fits(this.rowsHeight() + summaryHeight, reserve) || !this.fits(summaryHeight, reserve);
  }

  rows(reserveOnLastPage: number) {
    const { doc, document } = this;
    if (document.rows.length === 0) return;
    const { columns, numberSize } = this.rowsLayout();
    /*
     * The room a row keeps under it. The last keeps the summary and the payment part on its page,
     * where a page can hold the three; where none can, the summary goes to a page of its own (the
     * caller moves it) and the row needs only the footer's room: a new page for the row would hold
     * it no better, and left its header alone on the page before.
     */
    const reserveOf = (height: number, last: boolean) =>
      last && this.fitsOnNewPage(TABLE_HEADER_HEIGHT + height, reserveOnLastPage) ? reserveOnLastPage : FOOT_RESERVE;
    // The header goes where its first row fits too: a header alone at a page's foot heads nothing.
    // It moves only where the new page holds the row, or the row would move on once more without it.
    const first = TABLE_HEADER_HEIGHT + this.rowHeight(document.rows[0]!);
    const firstReserve = reserveOf(first - TABLE_HEADER_HEIGHT, document.rows.length === 1);
    if (!this.fits(first, firstReserve) && this.fitsOnNewPage(first, firstReserve)) this.newPage();
    this.tableHeader();
    document.rows.forEach((row, index) => {
      const cells = this.rowCells(row);
      const height = this.rowHeight(row);
      if (!this.fits(height, reserveOf(height, index === document.rows.length - 1))) {
        this.newPage();
        this.tableHeader();
      }
      let x = LEFT;
      doc.fillColor("#000000");
      for (const column of columns) {
        // Text wraps in its column; a number stays whole on its line, in a column as wide as its
        // widest number (rowsLayout), on the baseline of the row's first line.
        if (column.key === "description")
          doc
            .font(FONT.regular)
            .fontSize(ROW_SIZE)
            .text(cells[column.key], x + 2, this.y, { width: column.width - CELL_PADDING, align: column.align });
        else fitted(doc, FONT.regular, cells[column.key], x + 2, this.y + (ROW_SIZE - numberSize) * 0.8, column.width - CELL_PADDING, numberSize, column.align);
        x += column.width;
      }
      this.y += height;
    });
    this.y += mm(2);
  }

  /** A row's cells as the table prints them. */
  rowCells(row: InvoiceDocument["rows"][number]): Record<Column["key"], string> {
    return {
      description: row.description,
      quantity: formatDecimal(row.quantity, this.locale),
      unitPrice: formatDecimal(row.unitPrice, this.locale, { min: 2, max: 6 }),
      discount: row.discount ? formatPercent(row.discount.rate, this.locale) : "",
      vatRate: formatPercent(row.vatRate, this.locale),
      net: this.money(row.net),
      vat: this.money(row.vat),
      gross: this.money(row.gross),
    };
  }

  /**
   * The rows' columns, measured with the font as the rows draw them: a number's column is as wide as
   * its widest number needs, at the least its usual width, and the description gives up what they
   * take, down to 40 mm; where that is not room enough, every number of the table is set smaller
   * alike, to 6 pt at the least. At fixed widths the numbers of a million or more were set in 6 pt
   * and still broke across two lines ("99 999 999 999, / 99").
   */
  rowsLayout(): { columns: Column[]; numberSize: number } {
    if (this.rowsLayoutOf) return this.rowsLayoutOf;
    const { doc } = this;
    const usual = columnsOf(this.document);
    const cells = this.document.rows.map((row) => this.rowCells(row));
    const at = (size: number) => {
      doc.font(FONT.regular).fontSize(size);
      const numbers = usual.slice(1).map((column) => ({
        ...column,
        width: Math.max(column.width, ...cells.map((cell) => doc.widthOfString(cell[column.key]) + CELL_PADDING)),
      }));
      const description = { ...usual[0]!, width: WIDTH - numbers.reduce((sum, column) => sum + column.width, 0) };
      return { columns: [description, ...numbers], numberSize: size };
    };
    let layout = at(ROW_SIZE);
    for (let size = ROW_SIZE - 0.25; size >= MIN_ROW_NUMBER_SIZE && layout.columns[0]!.width < MIN_DESCRIPTION_WIDTH; size -= 0.25) layout = at(size);
    this.rowsLayoutOf = layout;
    return layout;
  }

  /**
   * How the claim is laid out, measured as claim() draws it: the invoice's particulars the details do
   * not name on the left, what is claimed on the right, and the explanation of the interest in the
   * left column under them or across the page under both. `invoiceInHeader`, `noticeDateInHeader`:
   * what the details name (header). The explanation stands beside the amounts where the details
   * name the invoice and that ends the claim no lower, as before, else across the page; `flip` puts
   * it in the other place, where only that keeps the letter on one page (chooseLayout): beside the
   * amounts, a Swedish reminder's explanation took six lines of the 84 mm column. The invoice's number is never repeated
   * here: the details name it ("Laskun numero"), and a second "Alkuperäinen lasku" line beside the
   * amounts sent a Finnish payment demand with a two-line creditor, the job's header lines and the
   * invoice's rows onto a second page.
   */
  claimLayout(invoiceInHeader: boolean, noticeDateInHeader: boolean, flip = false, close = false) {
    const { doc, document, texts } = this;
    const reminder = document.reminder;
    if (!reminder) return { lines: [], interestText: null, interestInColumn: false, amounts: [], height: 0 };
    const lines: [string, string][] = invoiceInHeader
      ? []
      : [
          [texts.originalDate, formatDate(reminder.originalDate, this.locale)],
          [texts.originalDueDate, formatDate(reminder.originalDueDate, this.locale)],
        ];
    if (reminder.noticeDate && !noticeDateInHeader) lines.push([texts.noticeDate, formatDate(reminder.noticeDate, this.locale)]);
    if (reminder.basis) lines.push([texts.basis, reminder.basis]);
    const rate = reminder.interestRate ? formatPercent(reminder.interestRate, this.locale) : null;
    const interestText =
      reminder.interest > 0n && rate && reminder.interestThrough
        ? texts.interestThrough(formatDate(reminder.interestThrough, this.locale), rate, this.interestFrom(reminder))
        : null;
    // A Swedish business debtor's reminder and collection fees are the förseningsersättning (lag 1981:739 4 a §, 6 §); texts.ts names them.
    const reminderName = (!reminder.consumer && texts.businessReminderFee) || null;
    const feeLabel = (fee: NoticeFee) => {
      const reminded = reminderName ?? texts.reminderFee;
      if (fee.kind === "reminder") return fee.date ? `${reminded} ${formatDate(fee.date, this.locale)}` : reminded;
      if (fee.kind === "collection") return reminder.consumer ? texts.collectionFee : texts.businessCollectionFee;
      return fee.kind === "posted" ? (reminderName ?? texts.postedFee) : texts.paidCosts;
    };
    // Each fee on its own line, as the laws ask the costs itemised.
    const amounts: [string, bigint][] = [[texts.capital, reminder.capital], ...reminder.fees.map((fee): [string, bigint] => [feeLabel(fee), fee.amount])];
    if (reminder.interest > 0n && reminder.interestPeriods.length > 0) {
      // A line per rate with its days, so each amount can be checked.
      for (const line of reminder.interestPeriods) {
        amounts.push([`${texts.interest} (${texts.interestDetail(formatPercent(line.rate, this.locale), line.days)})`, line.amount]);
      }
    } else if (reminder.interest > 0n) {
      // Charged on capitals that changed (job-documents.ts): no one rate and day count gives the amount.
      amounts.push([texts.interest, reminder.interest]);
    }
    const labelWidth = this.claimLabelWidth(lines);
    const left = lines.reduce((sum, [label, value]) => sum + this.claimLineHeight(label, value, labelWidth), 0);
    const right =
      amounts.reduce((sum, [label, cents]) => sum + this.amountLineHeight(label, cents, false, mm(88), close), 0) +
      (totalInClaim(document) ? RULE_HEIGHT + this.amountLineHeight(texts.totalToPay, document.amountDue, true, mm(88), close) : 0);
    const text = (width: number) => (interestText ? doc.font(FONT.regular).fontSize(NOTICE_SIZE).heightOfString(interestText, { width }) : 0);
    const inColumn = Math.max(left + (interestText ? (lines.length > 0 ? mm(1) : 0) + text(CLAIM_COLUMN) : 0), right) + mm(1);
    const below = Math.max(left, right) + mm(1) + (interestText ? mm(1.5) + text(WIDTH) : 0);
    const usual = invoiceInHeader && inColumn <= below;
    const interestInColumn = interestText !== null && usual !== flip;
    return { lines, interestText, interestInColumn, amounts, height: interestInColumn ? inColumn : below };
  }

  /**
   * The claim's left column's label width: its widest label's, 37 mm at most, the values beside
   * them taking the rest of the column. With the invoice named in the details, the basis alone
   * ("Peruste") has the column nearly to itself, and the invoice's rows it names stand on one line
   * rather than two under a 37 mm label.
   */
  claimLabelWidth(lines: [string, string][]): number {
    const widest = Math.max(0, ...lines.map(([label]) => this.doc.font(FONT.regular).fontSize(8.5).widthOfString(label)));
    return Math.min(mm(37), widest + mm(1.5));
  }

  /** A line of the claim's left column: a long label or basis wraps onto lines of its own. */
  claimLineHeight(label: string, value: string, labelWidth: number): number {
    const { doc } = this;
    const labelHeight = doc.font(FONT.regular).fontSize(8.5).heightOfString(label, { width: labelWidth });
    const valueHeight = doc
      .font(FONT.regular)
      .fontSize(8.5)
      .heightOfString(value, { width: CLAIM_COLUMN - labelWidth - mm(1) });
    return Math.max(mm(4.5), valueHeight + mm(0.8), labelHeight + mm(0.8));
  }

  claim() {
    const { doc } = this;
    const { invoice, notice, flip, close } = this.layout();
    const { lines, interestText, interestInColumn, amounts } = this.claimLayout(invoice, notice, flip, close);
    if (!this.document.reminder) return;
    // Two columns: the invoice the claim is for on the left, what is claimed on the right, so the
    // claim, the legal notice and the bank form share one page.
    const top = this.y;
    const labelWidth = this.claimLabelWidth(lines);
    for (const [label, value] of lines) {
      doc.font(FONT.regular).fontSize(8.5).fillColor("#333333").text(label, LEFT, this.y, { width: labelWidth });
      doc
        .font(FONT.regular)
        .fontSize(8.5)
        .fillColor("#000000")
        .text(value, LEFT + labelWidth + mm(1), this.y, { width: CLAIM_COLUMN - labelWidth - mm(1) });
      this.y += this.claimLineHeight(label, value, labelWidth);
    }
    if (interestText && interestInColumn) {
      doc
        .font(FONT.regular)
        .fontSize(NOTICE_SIZE)
        .fillColor("#333333")
        .text(interestText, LEFT, this.y + (lines.length > 0 ? mm(1) : 0), { width: CLAIM_COLUMN });
      this.y = doc.y;
      doc.fillColor("#000000");
    }
    const leftBottom = this.y;
    this.y = top;
    for (const [label, cents] of amounts) this.amountLine(label, cents, false, mm(88), close);
    this.claimTotal(close);
    this.y = Math.max(this.y, leftBottom) + mm(1);
    if (interestText && !interestInColumn) {
      doc
        .font(FONT.regular)
        .fontSize(NOTICE_SIZE)
        .fillColor("#333333")
        .text(interestText, LEFT, this.y + mm(0.5), { width: WIDTH });
      this.y = doc.y + mm(1);
      doc.fillColor("#000000");
    }
  }

  /**
   * A notice's total, under the amounts it adds up, in their column: the column beside the invoice's
   * particulars is the shorter one, so the total takes no room of its own there. Under the rows and
   * the other invoices of a cut-off warning it took a line of the page more, which sent a Finnish
   * consumer's letter onto a second page with its bank form, and it stood under amounts it does not
   * include (the usage place's other invoices, the invoice's rows at their invoice total).
   */
  claimTotal(close: boolean) {
    if (!totalInClaim(this.document)) return;
    this.rule(mm(88));
    this.amountLine(this.texts.totalToPay, this.document.amountDue, true, mm(88), close);
  }

  /** The rule over a total, from `from` (from the left margin) to the text's right edge, with its gaps. */
  rule(from = mm(70)) {
    this.y += mm(1);
    this.doc
      .save()
      .lineWidth(0.5)
      .moveTo(LEFT + from, this.y)
      .lineTo(LEFT + WIDTH, this.y)
      .stroke()
      .restore();
    this.y += RULE_HEIGHT - mm(1);
  }

  /** A cut-off warning names the usage place's other unpaid invoices: the supply stays only if every one is paid. */
  otherInvoices() {
    const { doc, document, texts } = this;
    const others = document.cutoff?.others ?? [];
    if (others.length === 0) return;
    doc
      .font(FONT.bold)
      .fontSize(8.5)
      .fillColor("#000000")
      .text(texts.cutoffOthers, LEFT, this.y + mm(1), { width: WIDTH });
    this.y = doc.y + mm(1);
    for (const other of others) {
      if (!this.fits(mm(5))) this.newPage();
      this.amountLine(this.otherInvoiceLabel(other), other.open, false, 0);
    }
  }

  otherInvoiceLabel(other: NonNullable<InvoiceDocument["cutoff"]>["others"][number]): string {
    return [other.number, other.dueDate ? `${this.texts.originalDueDate} ${formatDate(other.dueDate, this.locale)}` : null].filter(Boolean).join(", ");
  }

  /**
   * A label and its amount, the amount right-aligned at the text's right edge; the label starts at
   * `labelX` from the left margin and has the room up to the amount. A label longer than that wraps
   * onto a further line at full size, a parenthesis kept whole: a cost the debtor is asked to pay is
   * never in finer print than the other lines (long fee labels were set at 6 to 7.75 pt to fit).
   */
  amountLine(label: string, cents: bigint, bold: boolean, labelX = mm(70), close = false) {
    const { doc } = this;
    const { font, size, amount, amountBox, amountSize, whole, labelWidth } = this.amountLineParts(label, cents, bold, labelX);
    doc.font(font).fontSize(size).fillColor("#000000");
    doc.text(whole, LEFT + labelX, this.y, { width: labelWidth });
    // On the baseline of its full size, as fitted() sets a smaller one.
    doc
      .font(font)
      .fontSize(amountSize)
      .text(amount, LEFT + WIDTH - amountBox, this.y + (size - amountSize) * 0.8, { width: amountBox, align: "right", lineBreak: false });
    this.y += this.amountLineHeight(label, cents, bold, labelX, close);
  }

  amountLineParts(label: string, cents: bigint, bold: boolean, labelX: number) {
    const { doc } = this;
    const font = bold ? FONT.bold : FONT.regular;
    const size = bold ? 10.5 : 9;
    const amount = `${this.money(cents)} ${this.document.currency}`;
    // The amount takes the room it needs at full size, from its usual 38 mm up to what leaves its
    // label 20 mm, and only past that is set smaller: the largest amounts (99 999 999 999,99 and a
    // minus sign) keep the size of the others. PDFKit counts the space after a word into the room
    // it takes, so the amount keeps a space's width spare, or its currency went onto a second line.
    doc.font(font).fontSize(size);
    const [natural, space] = [doc.widthOfString(amount), doc.widthOfString(" ")];
    const amountBox = Math.max(TOTAL_AMOUNT_WIDTH, Math.min(natural + space, WIDTH - labelX - TOTAL_LABEL_MIN_WIDTH));
    const amountSize = fittingSize(doc, font, amount, amountBox - space, size);
    const amountWidth = doc.font(font).fontSize(amountSize).widthOfString(amount);
    const whole = label.replace(/\([^)]*\)/g, (group) => group.replaceAll(" ", "\u00a0"));
    return { font, size, amount, amountBox, amountSize, whole, labelWidth: WIDTH - labelX - amountWidth - mm(3) };
  }

  /** The height amountLine() takes, its label's lines measured as drawn. */
  amountLineHeight(label: string, cents: bigint, bold: boolean, labelX = mm(70), close = false): number {
    const { font, size, whole, labelWidth } = this.amountLineParts(label, cents, bold, labelX);
    const labelHeight = this.doc.font(font).fontSize(size).heightOfString(whole, { width: labelWidth });
    const pitch = close ? "close" : "normal";
    return Math.max(bold ? TOTAL_PITCH[pitch] : AMOUNT_PITCH[pitch], labelHeight + mm(0.6));
  }

  /** `paymentReserve`: the room the payment part and its footer take at the last page's foot. */
  summary(paymentReserve: number) {
    const { doc, document, texts } = this;
    if (document.rows.length > 0 && !isNotice(document.kind)) {
      doc
        .font(FONT.bold)
        .fontSize(8.5)
        .fillColor("#000000")
        .text(texts.vatBreakdown, LEFT, this.y, { width: mm(60) });
      let y = this.y + mm(4.5);
      const breakdown = this.vatBreakdownLayout();
      for (const line of breakdown.lines) {
        doc.font(FONT.regular).fontSize(8.5);
        doc.text(line.label, LEFT, y, { lineBreak: false });
        fitted(doc, FONT.regular, line.net, LEFT, y, breakdown.netRight, 8.5, "right");
        fitted(doc, FONT.regular, line.vat, LEFT + breakdown.netRight, y, breakdown.vatRight - breakdown.netRight, 8.5, "right");
        y += mm(4.2);
      }
      this.amountLine(texts.totalNet, document.totals.net, false, breakdown.totalsX);
      this.amountLine(texts.totalVat, document.totals.vat, false, breakdown.totalsX);
      this.y = Math.max(this.y, y);
    }
    if (isCreditNote(document)) {
      this.rule();
      // What is credited, as a positive sum, and plainly that nothing is to be paid.
      this.amountLine(texts.totalCredited, -document.amountDue, true);
      doc.font(FONT.bold).fontSize(9.5).fillColor("#000000").text(texts.nothingToPay, LEFT, this.y, { width: WIDTH });
      this.y = doc.y + mm(2);
    } else if (!totalInClaim(document)) {
      // A notice's total is under its claim's amounts (claimTotal).
      this.rule();
      this.amountLine(texts.totalToPay, document.amountDue, true);
      // A Swedish case's invoice says that late payment makes interest payable (texts.ts invoiceInterestNotice: räntelagen 4 §).
      const interestNotice = invoiceInterestNotice(document);
      if (interestNotice) {
        doc.font(FONT.regular).fontSize(8.5).fillColor("#000000").text(interestNotice, LEFT, this.y, { width: WIDTH });
        this.y = doc.y + mm(2);
      }
    }
    // The buyer's reverse charge is a VAT invoice's particular: a notice is none.
    if (document.reverseCharge && !isNotice(document.kind)) {
      doc.font(FONT.regular).fontSize(8.5).text(texts.reverseCharge, LEFT, this.y, { width: WIDTH });
      this.y = doc.y + mm(2);
    }
    if (document.freeText) {
      this.y += mm(2);
      this.freeText(document.freeText, paymentReserve);
      this.y += mm(2);
    }
  }

  /**
   * The VAT breakdown's lines and where its amounts end, measured as summary() draws them at 8.5 pt:
   * the bases and the VAT end where their widest clears what stands left of it (BREAKDOWN), and the
   * totals beside them move right by what the breakdown takes beyond its usual 65 mm. At fixed
   * widths a base of a million or more broke across two lines ("1 234 567,8 / 9") and ran into the
   * VAT beside it.
   */
  vatBreakdownLayout() {
    const { doc, texts } = this;
    const lines = this.document.vatBreakdown.map((line) => ({
      label: `${texts.vatRate} ${formatPercent(line.rate, this.locale)} %`,
      net: this.money(line.net),
      vat: this.money(line.vat),
    }));
    doc.font(FONT.regular).fontSize(8.5);
    const widest = (key: "label" | "net" | "vat") => Math.max(0, ...lines.map((line) => doc.widthOfString(line[key])));
    const netRight = Math.max(BREAKDOWN.netRight, widest("label") + BREAKDOWN.gap + widest("net"));
    const vatRight = netRight + Math.max(BREAKDOWN.vatWidth, BREAKDOWN.gap + widest("vat"));
    return { lines, netRight, vatRight, totalsX: Math.max(TOTALS_LABEL_X, vatRight + BREAKDOWN.totalsGap) };
  }

  /** The height the free text takes as freeText() draws it, its gaps included. */
  freeTextHeight(): number {
    const text = this.document.freeText;
    return text ? this.freeTextHeightOf(text) + mm(4) : 0;
  }

  freeTextHeightOf(text: string): number {
    return this.doc.font(FONT.regular).fontSize(FREE_TEXT_SIZE).heightOfString(text, { width: WIDTH });
  }

  /**
   * The free text (up to 4000 characters), where it may run onto further pages: what is left of it
   * and the legal notice end above the payment part on the last page, and every page before keeps
   * its footer's room. A page is split at a line's end, so no line is set twice or lost.
   */
  freeText(text: string, paymentReserve: number) {
    const { doc } = this;
    const draw = (part: string) => {
      doc.font(FONT.regular).fontSize(FREE_TEXT_SIZE).fillColor("#000000").text(part, LEFT, this.y, { width: WIDTH });
      this.y = doc.y;
    };
    let rest = text;
    while (rest && !this.fits(this.freeTextHeightOf(rest) + mm(2) + this.legalNoticeHeight(), paymentReserve)) {
      const head = this.longestHeadFitting(rest, PAGE.height - FOOT_RESERVE - this.y);
      // A page that holds not one line of it (only a fresh page's room ever counts) takes the rest as it is.
      if (!head && this.y === PAGE_TOP + RUNNING_TITLE_HEIGHT) break;
      if (head) draw(head);
      rest = rest.slice(head.length).trimStart();
      this.newPage();
    }
    if (rest) draw(rest);
  }

  /** The longest part of `text` up to a space or line break that fits `height`: a whole number of its lines. */
  longestHeadFitting(text: string, height: number): string {
    const ends = [...text.matchAll(/\s+/g)].map((match) => match.index).concat(text.length);
    let [low, high] = [0, ends.length];
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (this.freeTextHeightOf(text.slice(0, ends[middle - 1])) <= height) low = middle;
      else high = middle - 1;
    }
    return low === 0 ? "" : text.slice(0, ends[low - 1]);
  }

  /**
   * Where a notice says interest starts (texts.ts interestThrough): the day after which it runs, the
   * original due date or the later day where the due date was not agreed, and the first day it runs.
   */
  interestFrom(reminder: NonNullable<InvoiceDocument["reminder"]>): { date: string; original: boolean; first: string } | null {
    const from = reminder.interestFrom ?? reminder.originalDueDate;
    if (!from) return null;
    return { date: formatDate(from, this.locale), original: from === reminder.originalDueDate, first: formatDate(addDays(from, 1), this.locale) };
  }

  /** What the law wants a reminder or collection letter to tell the debtor: where to object, what follows. */
  legalNoticeText(): string | null {
    const { document, texts } = this;
    if (!isNotice(document.kind)) return null;
    const seller = document.seller;
    // A payment demand's objections go to the collector who sent it.
    const collector = document.collector;
    const contact =
      (collector ? [collector.email, collector.phone].join(", ") : "") ||
      [seller.email, seller.phone].filter(Boolean).join(", ") ||
      [seller.name, seller.street, [seller.postcode, seller.city].filter(Boolean).join(" ")].filter(Boolean).join(", ");
    if (document.cutoff) {
      const consumer = document.cutoff.consumer ? `${texts.cutoffConsumer[document.country]} ` : "";
      return consumer + texts.cutoffObjection(contact);
    }
    return document.kind === "reminder" ? texts.reminderNotice(contact) : texts.collectionNotice(contact, document.reminder?.consumer ?? false);
  }

  /**
   * The height the legal notice takes, measured, not guessed, so the summary and it stay on the page
   * with the payment part: the gap above it and its lines. The gap legalNotice() leaves under it is
   * not counted: the reserve over the payment part already keeps the footer's room, and counting it
   * sent a payment demand that fitted to a second page.
   */
  legalNoticeHeight(): number {
    const text = this.legalNoticeText();
    if (!text) return 0;
    return this.doc.font(FONT.regular).fontSize(NOTICE_SIZE).heightOfString(text, { width: WIDTH }) + mm(2);
  }

  legalNotice() {
    const { doc } = this;
    const text = this.legalNoticeText();
    if (!text) return;
    this.y += mm(2);
    doc.font(FONT.regular).fontSize(NOTICE_SIZE).fillColor("#000000").text(text, LEFT, this.y, { width: WIDTH });
    this.y = doc.y + mm(2);
  }

  /**
   * The seller's particulars and the page number, on every page; above the payment part on the last.
   * Two lines: what the law asks of the seller (particulars.ts) on the first, so it is never cut off
   * for want of room, and how to reach it on the second.
   */
  footers(lastPageReserve: number) {
    const { doc, document, texts } = this;
    // The collector's letter is the collector's at its foot too: its particulars, not the creditor's.
    const { legal, contact } = document.collector ? collectorParticulars(document.collector, texts) : sellerParticulars(document.seller, texts);
    const range = doc.bufferedPageRange();
    for (let page = range.start; page < range.start + range.count; page++) {
      doc.switchToPage(page);
      const last = page === range.start + range.count - 1;
      // Kept above the body's reserve (mm(14) over the payment part, mm(20) on other pages) and 8 mm
      // clear of the sheet's foot, where a printer may not reach.
      const y = PAGE.height - (last ? lastPageReserve : 0) - mm(12);
      doc
        .save()
        .lineWidth(0.3)
        .strokeColor("#999999")
        .moveTo(LEFT, y - mm(1.5))
        .lineTo(LEFT + WIDTH, y - mm(1.5))
        .stroke()
        .restore();
      doc.fillColor("#444444");
      fitted(doc, FONT.regular, legal.join("  ·  "), LEFT, y, mm(145), 7);
      if (contact.length > 0) fitted(doc, FONT.regular, contact.join("  ·  "), LEFT, y + mm(3.3), mm(145), 7);
      doc.font(FONT.regular).fontSize(7);
      doc.text(texts.page(page - range.start + 1, range.count), LEFT + mm(145), y, { width: mm(25), align: "right", lineBreak: false });
      if (document.preview) this.watermark();
    }
  }

  watermark() {
    const { doc } = this;
    doc.save();
    doc.rotate(-35, { origin: [PAGE.width / 2, PAGE.height / 2] });
    doc.font(FONT.bold).fontSize(38).fillColor("#c0c0c0").fillOpacity(0.35);
    doc.text(this.texts.preview, 0, PAGE.height / 2 - 20, { width: PAGE.width, align: "center", lineBreak: false });
    doc.restore();
  }
}

interface RenderOptions {
  attachment?: NewDocumentOptions["attachment"];
}

export async function renderInvoicePdf(document: InvoiceDocument, options: RenderOptions = {}): Promise<Buffer> {
  const texts = documentTexts(document.language, document.country);
  const doc = newDocument({
    title: `${texts.title[document.kind]} ${document.number ?? ""}`.trim(),
    author: document.collector?.name ?? document.seller.name,
    attachment: options.attachment,
    language: texts.locale,
  });
  const writer = new Writer(doc, document, texts);
  const codes = paymentCodes(document);
  const payment = paymentPartHeight(document);
  // An invoice's rows bring the VAT breakdown and two totals; otherwise the summary is the one total:
  // the rule above it and its bold line (summary), 8.5 mm as drawn. A notice's total is drawn with
  // its claim (claimTotal), so its summary is its free text and its legal notice.
  const totalsHeight = totalInClaim(document)
    ? 0
    : document.rows.length > 0 && !isNotice(document.kind)
      ? mm(30) + document.vatBreakdown.length * mm(4.2)
      : mm(8.5);
  // The free text measured as drawn: a notice's long free text had 20 mm reserved and ran over the
  // footer and the legal notice into the bank form.
  const summaryHeight = totalsHeight + writer.freeTextHeight() + writer.legalNoticeHeight();
  const reserve = payment + mm(14);

  writer.chooseLayout(summaryHeight, reserve);
  writer.header();
  writer.intro();
  writer.claim();
  writer.otherInvoices();
  if (writer.listsRows(summaryHeight, reserve)) writer.rows(reserve + summaryHeight);
  // A summary no page holds with the payment part starts where it is, its free text running on
  // (Writer.freeText), unless its totals and two lines of the free text do not fit above the footer there.
  if (!writer.fits(summaryHeight, reserve) && (writer.fitsOnNewPage(summaryHeight, reserve) || !writer.fits(totalsHeight + mm(10)))) writer.newPage();
  writer.summary(reserve);
  writer.legalNotice();
  drawPaymentPart(doc, document, texts, codes);
  writer.footers(payment);
  return finish(doc);
}
