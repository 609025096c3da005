import { create } from "xmlbuilder2";
import type { XMLBuilder } from "xmlbuilder2/lib/interfaces";

import { formatCents } from "../../../payment-data/amounts";
import { addDays, daysBetween } from "../../calendar/dates";
import type { DocumentKind, DocumentLanguage, DocumentRow, InvoiceDocument } from "../invoice-document";
import { documentTexts } from "../texts";

import {
  businessIdOf,
  chunks,
  compactReference,
  cut,
  EInvoiceError,
  exemptionOf,
  isNegativeDecimal,
  negateDecimal,
  ovtOf,
  plainDecimal,
  roundDecimal,
  sellerBankOf,
  vatCategoryOf,
  type VatCategoryOptions,
} from "./shared";

/*
 * Finvoice 3.0 (Finance Finland) for invoices, credit notes, payment reminders and collection
 * letters. The element order, lengths and number formats follow Finvoice3.0.xsd; the XSD is the
 * contract, so every limit it sets is applied here (texts cut or split, decimals rounded) rather
 * than left for an operator to reject.
 *
 * Type codes (InvoiceTypeCode, the SPY code list of the Finvoice implementation guidelines):
 * INV01 invoice (lasku), INV02 credit note (hyvityslasku), INV08 payment reminder
 * (huomautuslasku), INV05 collection invoice (perintälasku). Finvoice3.0.xsd (modified 30.11.2020)
 * gives no list: InvoiceTypeCodePatternFI only fixes the form, one of REQ QUO ORD ORC INV DEV TES
 * INF PRI DEN SEI REC RES SDD and two digits, with CodeListAgencyIdentifier "SPY". INV08 and INV05
 * are as a Finnish e-invoice operator's documentation of Finvoice type codes lists them (Maventa,
 * "Document types and type codes": INV03 interest note, INV05 collect note, INV08 reminder
 * invoice, all since Finvoice 1.3), and as published implementations send a reminder (INV08
 * HUOMAUTUSLASKU); the guideline's own code list was not read here. Only a Finnish
 * case's documents go as Finvoice (distribution/channels.ts einvoiceFormatOf), so these are a
 * Finnish reminder and maksuvaatimus; a Swedish or Norwegian case's notice never is a Finvoice.
 */

/** What a Finvoice message needs beyond the document: its transmission details and the image link. */
export interface FinvoiceOptions extends VatCategoryOptions {
  /** MessageIdentifier: unique per message from this sender, 2–48 characters. */
  messageIdentifier: string;
  /** MessageTimeStamp: when the message was made. */
  messageTimeStamp: Date | string;
  /** FromIntermediator: the operator or bank (BIC) that carries the seller's e-invoices. */
  senderIntermediator: string;
  /** InvoiceUrlText: where the invoice image can be fetched. */
  invoiceUrl?: string;
  /** InvoiceUrlNameText: the link's text; defaults to a localized "Invoice image". */
  invoiceUrlName?: string;
}

interface TypeInfo {
  code: string;
  /** UNTDID 1001, for receivers that map Finvoice to EN 16931. */
  un: string | null;
}

/**
 * A cut-off warning is a letter the law wants in writing on paper (contracts/cutoff-warnings.ts):
 * never a Finvoice. InvoiceTypeText is the title the PDF prints (texts.ts), so the bank shows the
 * letter by the name its law gives it: a Finnish case's collection letter is a maksuvaatimus, in
 * Swedish a betalningskrav (513/1999 5 §), not the inkassokrav of Sweden's inkassolag.
 */
const TYPES: Record<Exclude<DocumentKind, "cutoff">, TypeInfo> = {
  invoice: { code: "INV01", un: "380" },
  "credit-note": { code: "INV02", un: "381" },
  reminder: { code: "INV08", un: null },
  collection: { code: "INV05", un: null },
};

const LANGUAGE_CODES: Record<DocumentLanguage, string> = { fin: "fi", swe: "sv", nor: "no", eng: "en", est: "et" };

const TEXTS: Record<DocumentLanguage, { overdue: string; fee: string; interest: string; net: string; image: string }> = {
  fin: { overdue: "Erääntynyt lasku", fee: "Muistutusmaksu", interest: "Viivästyskorko", net: "pv netto", image: "Laskun kuva" },
  swe: { overdue: "Förfallen faktura", fee: "Påminnelseavgift", interest: "Dröjsmålsränta", net: "dagar netto", image: "Fakturabild" },
  nor: { overdue: "Forfalt faktura", fee: "Purregebyr", interest: "Forsinkelsesrente", net: "dager netto", image: "Fakturabilde" },
  eng: { overdue: "Overdue invoice", fee: "Reminder fee", interest: "Late payment interest", net: "days net", image: "Invoice image" },
  est: { overdue: "Tähtaja ületanud arve", fee: "Meeldetuletustasu", interest: "Viivis", net: "päeva neto", image: "Arve pilt" },
};

/** Finvoice money: "-1234,50", two decimals and a comma. */
const money = (cents: bigint): string => formatCents(cents).replace(".", ",");

/** A Finvoice date: "20261122" with Format="CCYYMMDD". */
const dateElement = (parent: XMLBuilder, name: string, date: string) => parent.ele(name, { Format: "CCYYMMDD" }).txt(date.replaceAll("-", ""));

/** A Finvoice percentage: "25,5", at most four decimals. */
const percent = (rate: number): string => roundDecimal(String(rate), 4).replace(".", ",");

/** A unit price: two to five decimals and a comma. */
function unitPrice(value: string): string {
  const [whole, fraction = ""] = roundDecimal(value, 5).split(".");
  return `${whole},${fraction.padEnd(2, "0")}`;
}

const EPI_REFERENCE = /^[\p{L}\p{Nd}._:-]{0,35}$/u;

/** A Finvoice 3.0 message for the document: invoice, credit note, reminder or collection letter. */
export function buildFinvoice(doc: InvoiceDocument, options: FinvoiceOptions): string {
  if (doc.preview) throw new EInvoiceError("a preview is never sent as an e-invoice");
  if (doc.kind === "cutoff") throw new EInvoiceError("a cut-off warning goes by letter, not as an e-invoice");
  if (!doc.number) throw new EInvoiceError("Finvoice needs the invoice number");
  const sender = ovtOf(doc.seller.country === "FI" ? doc.seller.businessId : null);
  if (!sender) throw new EInvoiceError("Finvoice needs a Finnish seller: its OVT code comes from the business id");
  if (!doc.buyer.eInvoiceAddress || !doc.buyer.eInvoiceOperator) {
    throw new EInvoiceError("Finvoice needs the buyer's e-invoice address and operator");
  }
  const { iban, bic } = sellerBankOf(doc.seller);
  if (!iban) throw new EInvoiceError("Finvoice needs the seller's IBAN for its payment details");
  if (doc.buyer.name.trim().length < 2) throw new EInvoiceError("Finvoice needs the buyer's name");

  const currency = doc.currency;
  const texts = TEXTS[doc.language];
  const amount = (parent: XMLBuilder, name: string, cents: bigint) => parent.ele(name, { AmountCurrencyIdentifier: currency }).txt(money(cents));

  const root = create({ version: "1.0", encoding: "UTF-8" }).ele("Finvoice", { Version: "3.0" });

  const transmission = root.ele("MessageTransmissionDetails");
  const from = transmission.ele("MessageSenderDetails");
  from.ele("FromIdentifier").txt(sender);
  from.ele("FromIntermediator").txt(cut(options.senderIntermediator, 35));
  const to = transmission.ele("MessageReceiverDetails");
  const receiver = /^(\d{4}):(.+)$/.exec(doc.buyer.eInvoiceAddress.trim());
  (receiver ? to.ele("ToIdentifier", { SchemeID: receiver[1]! }) : to.ele("ToIdentifier")).txt(cut(receiver?.[2] ?? doc.buyer.eInvoiceAddress.trim(), 35));
  to.ele("ToIntermediator").txt(cut(doc.buyer.eInvoiceOperator.trim(), 35));
  const message = transmission.ele("MessageDetails");
  message.ele("MessageIdentifier").txt(cut(options.messageIdentifier, 48));
  message.ele("MessageTimeStamp").txt(typeof options.messageTimeStamp === "string" ? options.messageTimeStamp : options.messageTimeStamp.toISOString());

  const seller = root.ele("SellerPartyDetails");
  seller.ele("SellerPartyIdentifier").txt(doc.seller.businessId!.trim());
  for (const line of chunks(doc.seller.name, 70, 2)) seller.ele("SellerOrganisationName").txt(line);
  if (doc.seller.vatNumber) seller.ele("SellerOrganisationTaxCode").txt(cut(doc.seller.vatNumber.replace(/\s+/g, ""), 35));
  postalAddress(seller, "Seller", doc.seller);
  root.ele("SellerOrganisationUnitNumber").txt(sender);
  if (doc.seller.contact) root.ele("SellerContactPersonName").txt(cut(doc.seller.contact, 70));
  if (doc.seller.phone || doc.seller.email) {
    const communication = root.ele("SellerCommunicationDetails");
    if (doc.seller.phone) communication.ele("SellerPhoneNumberIdentifier").txt(cut(doc.seller.phone, 35));
    if (doc.seller.email) communication.ele("SellerEmailaddressIdentifier").txt(cut(doc.seller.email, 70));
  }
  const information = root.ele("SellerInformationDetails");
  if (doc.seller.www) information.ele("SellerWebaddressIdentifier").txt(cut(doc.seller.www, 70));
  if (bic) {
    const account = information.ele("SellerAccountDetails");
    account.ele("SellerAccountID", { IdentificationSchemeName: "IBAN" }).txt(iban);
    account.ele("SellerBic", { IdentificationSchemeName: "BIC" }).txt(bic);
  }

  root.ele("InvoiceRecipientLanguageCode").txt(LANGUAGE_CODES[doc.language]);

  const buyer = root.ele("BuyerPartyDetails");
  const buyerId = businessIdOf(doc.buyer);
  if (buyerId) buyer.ele("BuyerPartyIdentifier").txt(buyerId);
  for (const line of chunks(doc.buyer.name, 70, 4)) buyer.ele("BuyerOrganisationName").txt(line);
  if (doc.buyer.vatNumber) buyer.ele("BuyerOrganisationTaxCode").txt(cut(doc.buyer.vatNumber.replace(/\s+/g, ""), 35));
  postalAddress(buyer, "Buyer", doc.buyer);
  if (doc.buyer.contact) root.ele("BuyerContactPersonName").txt(cut(doc.buyer.contact, 70));
  if (doc.buyer.phone || doc.buyer.email) {
    const communication = root.ele("BuyerCommunicationDetails");
    if (doc.buyer.phone) communication.ele("BuyerPhoneNumberIdentifier").txt(cut(doc.buyer.phone, 35));
    if (doc.buyer.email) communication.ele("BuyerEmailaddressIdentifier").txt(cut(doc.buyer.email, 70));
  }
  if (doc.deliveryDate) dateElement(root.ele("DeliveryDetails"), "DeliveryDate", doc.deliveryDate);

  const type = TYPES[doc.kind];
  const details = root.ele("InvoiceDetails");
  details.ele("InvoiceTypeCode").txt(type.code);
  if (type.un) details.ele("InvoiceTypeCodeUN").txt(type.un);
  details.ele("InvoiceTypeText").txt(documentTexts(doc.language, doc.country).title[doc.kind]);
  details.ele("OriginCode").txt("Original");
  details.ele("InvoiceNumber").txt(cut(doc.number, 20));
  dateElement(details, "InvoiceDate", doc.date);
  if (doc.reminder?.originalNumber) details.ele("OriginalInvoiceNumber").txt(cut(doc.reminder.originalNumber, 20));
  if (doc.reminder?.originalDate) dateElement(details, "OriginalInvoiceDate", doc.reminder.originalDate);
  if (doc.ourReference) details.ele("SellerReferenceIdentifier").txt(cut(doc.ourReference, 70));
  if (doc.buyer.customerNumber) details.ele("SellersBuyerIdentifier").txt(cut(doc.buyer.customerNumber, 70));
  if (doc.orderNumber) details.ele("OrderIdentifier").txt(cut(doc.orderNumber, 70));
  if (doc.yourReference) details.ele("BuyerReferenceIdentifier").txt(cut(doc.yourReference, 70));

  const reminder = doc.reminder;
  const vatLines = reminder
    ? // Capital was taxed on the original invoice; fee and interest are outside the scope of VAT.
      [{ rate: 0, net: doc.amountDue, vat: 0n, category: "O", exemption: null }]
    : doc.vatBreakdown.map((line) => {
        const category = vatCategoryOf(line.rate, doc, options);
        return { ...line, category: category as string, exemption: exemptionOf(category, doc, options) };
      });
  const net = reminder ? doc.amountDue : doc.totals.net;
  const vat = reminder ? 0n : doc.totals.vat;
  amount(details, "RowsTotalVatExcludedAmount", net);
  amount(details, "InvoiceTotalVatExcludedAmount", net);
  amount(details, "InvoiceTotalVatAmount", vat);
  amount(details, "InvoiceTotalVatIncludedAmount", net + vat);
  for (const line of vatLines) {
    const specification = details.ele("VatSpecificationDetails");
    amount(specification, "VatBaseAmount", line.net);
    specification.ele("VatRatePercent").txt(percent(line.rate));
    specification.ele("VatCode").txt(line.category);
    amount(specification, "VatRateAmount", line.vat);
    if (line.exemption) {
      for (const text of chunks(line.exemption.reason, 70, 3)) specification.ele("VatFreeText").txt(text);
      if (line.exemption.code) specification.ele("VatExemptionReasonCode").txt(line.exemption.code);
    }
  }
  if (doc.freeText) for (const text of chunks(doc.freeText, 512, 10)) details.ele("InvoiceFreeText").txt(text);
  // Finvoice 3.0 has no party for a collector who is not paid (its factoring party is one the claim
  // was assigned to): a payment demand names its collector, its register entry and where the debtor
  // objects in free text, as its PDF does in the letterhead and the legal notice (513/1999 5 §, 5 a §).
  for (const line of collectorLines(doc)) for (const text of sentenceChunks(line, 512, 4)) details.ele("InvoiceFreeText").txt(text);
  if (doc.reverseCharge) details.ele("InvoiceVatFreeText").txt(cut(exemptionOf("AE", doc)!.reason, 70));
  if (doc.dueDate || doc.overdueInterestRate) {
    const terms = details.ele("PaymentTermsDetails");
    if (doc.dueDate) {
      const days = daysBetween(doc.date, doc.dueDate);
      if (days >= 0) terms.ele("PaymentTermsFreeText").txt(`${days} ${texts.net}`);
      dateElement(terms, "InvoiceDueDate", doc.dueDate);
    }
    if (doc.overdueInterestRate) terms.ele("PaymentOverDueFineDetails").ele("PaymentOverDueFinePercent").txt(percent(doc.overdueInterestRate));
  }

  if (reminder) reminderRows(root, doc, amount);
  else for (const row of doc.rows) invoiceRow(root, doc, row, options, amount);

  const epi = root.ele("EpiDetails");
  const identification = epi.ele("EpiIdentificationDetails");
  dateElement(identification, "EpiDate", doc.date);
  identification.ele("EpiReference").txt(EPI_REFERENCE.test(doc.number) ? doc.number : "");
  const parties = epi.ele("EpiPartyDetails");
  const bfi = parties.ele("EpiBfiPartyDetails");
  if (bic) bfi.ele("EpiBfiIdentifier", { IdentificationSchemeName: "BIC" }).txt(bic);
  const beneficiary = parties.ele("EpiBeneficiaryPartyDetails");
  beneficiary.ele("EpiNameAddressDetails").txt(cut(doc.seller.name.trim(), 35));
  beneficiary.ele("EpiAccountID", { IdentificationSchemeName: "IBAN" }).txt(iban);
  const instruction = epi.ele("EpiPaymentInstructionDetails");
  const reference = doc.reference && (doc.reference.kind === "fi-national" || doc.reference.kind === "rf") ? doc.reference : null;
  if (reference) {
    instruction
      .ele("EpiRemittanceInfoIdentifier", { IdentificationSchemeName: reference.kind === "rf" ? "ISO" : "SPY" })
      .txt(compactReference(reference.value).toUpperCase());
  }
  instruction.ele("EpiInstructedAmount", { AmountCurrencyIdentifier: currency }).txt(money(doc.amountDue));
  instruction.ele("EpiCharge", { ChargeOption: "SHA" }).txt("SHA");
  dateElement(instruction, "EpiDateOptionDate", doc.dueDate ?? doc.date);
  instruction.ele("EpiPaymentMeansCode").txt("58");

  if (options.invoiceUrl) {
    root.ele("InvoiceUrlNameText").txt(cut(options.invoiceUrlName ?? texts.image, 512));
    root.ele("InvoiceUrlText").txt(cut(options.invoiceUrl, 512));
  }

  return root.end({ prettyPrint: true });
}

/** The collector of a payment demand, its register entry and the objection sentence, in the document's language; none without a collector. */
function collectorLines(doc: InvoiceDocument): string[] {
  const collector = doc.collector;
  if (!collector) return [];
  const texts = documentTexts(doc.language, doc.country);
  const parties = texts.collectionParties;
  return [
    `${parties.collector}: ${[collector.name, `${texts.businessId("FI")} ${collector.businessId}`, collector.address, collector.phone, collector.email].join(", ")}`,
    `${parties.register}: ${collector.registerEntry}`,
    // The seller here is the creditor: the objection goes to the collector, named in the sentence
    // itself, since a reader may show this element apart from the one naming the collector.
    texts.collectionNotice(`${collector.name}, ${collector.email}, ${collector.phone}`, doc.reminder?.consumer ?? false, true),
  ];
}

/**
 * A text in pieces of at most `size` characters, at most `count` of them, each piece whole sentences
 * where they fit: a reader's program may show each InvoiceFreeText apart, and a sentence cut in two
 * reads as two. A sentence longer than a piece is cut at spaces (shared.ts chunks).
 */
function sentenceChunks(text: string, size: number, count: number): string[] {
  const pieces: string[] = [];
  let current = "";
  for (const sentence of text.trim().split(/(?<=[.!?])\s+/)) {
    const joined = current ? `${current} ${sentence}` : sentence;
    if (joined.length <= size) {
      current = joined;
      continue;
    }
    if (current) pieces.push(current);
    current = "";
    if (sentence.length <= size) current = sentence;
    else pieces.push(...chunks(sentence, size, count));
  }
  if (current) pieces.push(current);
  return pieces.slice(0, count);
}

type AmountWriter = (parent: XMLBuilder, name: string, cents: bigint) => XMLBuilder;

function postalAddress(parent: XMLBuilder, prefix: "Seller" | "Buyer", party: InvoiceDocument["seller"] | InvoiceDocument["buyer"]) {
  const street = party.street?.trim();
  const city = party.city?.trim();
  const postcode = party.postcode?.trim();
  // The XSD wants street, town and postcode of two characters or more, or no address at all.
  if (!street || !city || !postcode || street.length < 2 || city.length < 2 || postcode.length < 2) return;
  const extra = party.extraLines.filter((line) => line.trim().length >= 2).slice(0, 2);
  const address = parent.ele(`${prefix}PostalAddressDetails`);
  for (const line of [...extra, street]) address.ele(`${prefix}StreetName`).txt(cut(line.trim(), 35));
  address.ele(`${prefix}TownName`).txt(cut(city, 35));
  address.ele(`${prefix}PostCodeIdentifier`).txt(cut(postcode, 35));
  address.ele("CountryCode").txt(party.country);
}

function invoiceRow(root: XMLBuilder, doc: InvoiceDocument, row: DocumentRow, options: FinvoiceOptions, amount: AmountWriter) {
  const element = root.ele("InvoiceRow");
  const description = row.description.trim();
  if (description) element.ele("ArticleName").txt(cut(description, 100));
  if (description.length > 100) element.ele("ArticleDescription").txt(cut(description, 512));
  // A negative row carries its sign in the quantity: the unit price stays positive.
  const negativePrice = isNegativeDecimal(row.unitPrice);
  const quantity = negativePrice ? negateDecimal(row.quantity) : plainDecimal(row.quantity);
  const price = negativePrice ? negateDecimal(row.unitPrice) : plainDecimal(row.unitPrice);
  element.ele("InvoicedQuantity").txt(cut(quantity.replace(".", ","), 14));
  element.ele("UnitPriceAmount", { AmountCurrencyIdentifier: doc.currency }).txt(unitPrice(price));
  // The XSD places the row's discount after its free texts and before its VAT; the amount carries
  // the row's sign, as RowVatExcludedAmount does, so base − discount = RowVatExcludedAmount.
  if (row.discount) {
    element.ele("RowDiscountPercent").txt(percent(row.discount.rate));
    amount(element, "RowDiscountAmount", row.discount.amount);
  }
  element.ele("RowVatRatePercent").txt(percent(row.vatRate));
  element.ele("RowVatCode").txt(vatCategoryOf(row.vatRate, doc, options));
  amount(element, "RowVatAmount", row.vat);
  amount(element, "RowVatExcludedAmount", row.net);
  amount(element, "RowAmount", row.gross);
}

/** The rows of a reminder or collection letter: the overdue capital, then the fee and the interest. */
function reminderRows(root: XMLBuilder, doc: InvoiceDocument, amount: AmountWriter) {
  const reminder = doc.reminder!;
  const texts = TEXTS[doc.language];
  const row = (name: string, cents: bigint, overdue: (details: XMLBuilder) => void) => {
    const element = root.ele("InvoiceRow");
    element.ele("ArticleName").txt(cut(name, 100));
    overdue(element.ele("RowOverDuePaymentDetails"));
    element.ele("RowVatRatePercent").txt("0");
    element.ele("RowVatCode").txt("O");
    amount(element, "RowVatAmount", 0n);
    amount(element, "RowVatExcludedAmount", cents);
    amount(element, "RowAmount", cents);
  };

  row(`${texts.overdue} ${reminder.originalNumber ?? ""}`.trim(), reminder.capital, (details) => {
    if (reminder.originalNumber) details.ele("RowOriginalInvoiceIdentifier").txt(cut(reminder.originalNumber, 35));
    if (reminder.originalDate) dateElement(details, "RowOriginalInvoiceDate", reminder.originalDate);
    if (reminder.originalDueDate) dateElement(details, "RowOriginalDueDate", reminder.originalDueDate);
    if (doc.reference) details.ele("RowOriginalEpiRemittanceInfoIdentifier").txt(cut(compactReference(doc.reference.value), 35));
    amount(details, "RowUnPaidVatIncludedAmount", reminder.capital);
  });
  if (reminder.fee) {
    row(texts.fee, reminder.fee, (details) => {
      if (reminder.noticeDate) dateElement(details, "RowCollectionDate", reminder.noticeDate);
      amount(details, "RowCollectionChargeAmount", reminder.fee);
    });
  }
  if (reminder.interest && reminder.interestPeriods.length > 0) {
    // A row per rate, each with its own days and amount.
    for (const line of reminder.interestPeriods) {
      row(texts.interest, line.amount, (details) => {
        if (reminder.originalNumber) details.ele("RowOriginalInvoiceIdentifier").txt(cut(reminder.originalNumber, 35));
        details.ele("RowInterestRate").txt(percent(line.rate));
        dateElement(details, "RowInterestStartDate", line.from);
        dateElement(details, "RowInterestEndDate", line.to);
        details.ele("RowInterestDateNumber").txt(String(line.days));
        amount(details, "RowInterestChargeAmount", line.amount);
      });
    }
  } else if (reminder.interest) {
    row(texts.interest, reminder.interest, (details) => {
      if (reminder.originalNumber) details.ele("RowOriginalInvoiceIdentifier").txt(cut(reminder.originalNumber, 35));
      // Charged on capitals that changed (job-documents.ts): the span, but no one rate or day count that would give the amount.
      // From where the case's interest starts: the due date, or a later day where it was not agreed in advance.
      const from = reminder.interestFrom ?? reminder.originalDueDate;
      if (from) {
        dateElement(details, "RowInterestStartDate", addDays(from, 1));
        dateElement(details, "RowInterestEndDate", addDays(from, reminder.interestDays));
      }
      amount(details, "RowInterestChargeAmount", reminder.interest);
    });
  }
}
