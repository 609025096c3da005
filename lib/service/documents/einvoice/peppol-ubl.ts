import { create } from "xmlbuilder2";
import type { XMLBuilder } from "xmlbuilder2/lib/interfaces";

import { isNotice } from "../../../spec/sent-documents";
import type { Buyer, DocumentLanguage, InvoiceDocument, Party, Seller } from "../invoice-document";
import { deliveryDateOf, deliveryPlaceOf } from "../particulars";
import { invoiceInterestNotice } from "../texts";

import {
  businessIdOf,
  compactReference,
  digitsOf,
  EInvoiceError,
  exemptionOf,
  isNegativeDecimal,
  negateDecimal,
  ovtOf,
  plainDecimal,
  sellerBankOf,
  ublAmount,
  vatCategoryOf,
  type VatCategoryOptions,
} from "./shared";

/*
 * Peppol BIS Billing 3.0 (UBL 2.1 Invoice and CreditNote), and its Norwegian form EHF Billing 3.0,
 * which is the same message with the Norwegian rules (NO-R-*) of the Peppol rule file applied.
 *
 * A credit note is written as a UBL CreditNote whose amounts are positive: the document type carries
 * the sign (EN 16931). The service's document of a credit note has negative totals, so every amount
 * and quantity is turned here. Unit prices are never negative (BR-27): a negative row carries its
 * sign in the quantity.
 */

/** The profile and what a Peppol message carries beyond the document. */
export interface PeppolOptions extends VatCategoryOptions {
  /** "ehf" for Norway: requires a Norwegian seller. */
  profile: "peppol" | "ehf";
  /** The invoice image, embedded as an additional document. */
  pdf?: Buffer;
  /** The embedded PDF's file name; `<invoice number>.pdf` by default. */
  pdfFilename?: string;
  /**
   * Whether the Norwegian seller is registered in Foretaksregisteret (AS, ASA, NUF …), which its
   * invoices must then state (foretaksregisterloven § 10-2). Defaults to what the document's seller
   * says (particulars.ts foretaksregisteretOf), so the e-invoice and the PDF state the same.
   */
  foretaksregisteret?: boolean;
}

const CUSTOMIZATION_ID = "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0";
const PROFILE_ID = "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0";
const NS = {
  invoice: "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2",
  creditNote: "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2",
  cac: "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
  cbc: "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
};

/** UN/ECE Recommendation 20 "one": the document model has no units. */
const UNIT_CODE = "C62";

const TEXTS: Record<DocumentLanguage, { due: string; image: string }> = {
  fin: { due: "Eräpäivä", image: "Laskun kuva" },
  swe: { due: "Förfallodag", image: "Fakturabild" },
  nor: { due: "Forfallsdato", image: "Fakturabilde" },
  eng: { due: "Due date", image: "Invoice image" },
  est: { due: "Maksetähtaeg", image: "Arve pilt" },
};

const cbc = (parent: XMLBuilder, name: string, text?: string, attributes?: Record<string, string>): XMLBuilder => {
  const element = parent.ele(NS.cbc, `cbc:${name}`, attributes);
  return text === undefined ? element : element.txt(text);
};
const cac = (parent: XMLBuilder, name: string): XMLBuilder => parent.ele(NS.cac, `cac:${name}`);

interface Endpoint {
  scheme: string;
  id: string;
}

/** The seller's Peppol address: OVT (0216) in Finland, organisationsnummer (0007) in Sweden, organisasjonsnummer (0192) in Norway. */
function sellerEndpoint(seller: Seller): Endpoint {
  const id = businessIdOf(seller);
  if (id && seller.country === "FI") return { scheme: "0216", id: ovtOf(id)! };
  if (id && seller.country === "SE") return { scheme: "0007", id: digitsOf(id) };
  if (id && seller.country === "NO") return { scheme: "0192", id: digitsOf(id) };
  throw new EInvoiceError("Peppol needs the seller's Finnish, Swedish or Norwegian business id for its electronic address");
}

/** The buyer's Peppol address: its "scheme:id" e-invoice address, an OVT code, or one derived from its business id. */
function buyerEndpoint(buyer: Buyer): Endpoint {
  const address = buyer.eInvoiceAddress?.replace(/\s+/g, "");
  const participant = address ? /^(\d{4}):(.+)$/.exec(address) : null;
  if (participant) return { scheme: participant[1]!, id: participant[2]! };
  if (address && /^0037\d{8,13}$/.test(address)) return { scheme: "0216", id: address };
  const id = businessIdOf(buyer);
  if (id && buyer.country === "FI") return { scheme: "0216", id: ovtOf(id)! };
  if (id && buyer.country === "SE") return { scheme: "0007", id: digitsOf(id) };
  if (id && buyer.country === "NO") return { scheme: "0192", id: digitsOf(id) };
  throw new EInvoiceError("Peppol needs the buyer's electronic address: a scheme:id e-invoice address or a Nordic business id");
}

/** The legal registration id with its ICD: Finnish Y-tunnus 0212, Swedish 0007, Norwegian 0192. */
function legalId(party: Party): { id: string; scheme: string } | null {
  const id = businessIdOf(party);
  if (!id) return null;
  if (party.country === "FI") return { id: id.includes("-") ? id : `${id.slice(0, 7)}-${id.slice(7)}`, scheme: "0212" };
  if (party.country === "SE") return { id: digitsOf(id), scheme: "0007" };
  return { id: digitsOf(id), scheme: "0192" };
}

/** A VAT number with its country prefix ("26174164" → "FI26174164"). */
function vatId(party: Party): string | null {
  const value = party.vatNumber?.replace(/[\s.-]/g, "").toUpperCase();
  if (!value) return null;
  return /^[A-Z]{2}/.test(value) ? value : `${party.country}${value}`;
}

/** A Peppol BIS Billing 3.0 UBL Invoice, or a CreditNote for a credit note; with the ehf profile, EHF Billing 3.0. */
export function buildPeppolInvoice(doc: InvoiceDocument, options: PeppolOptions): string {
  if (doc.preview) throw new EInvoiceError("a preview is never sent as an e-invoice");
  if (isNotice(doc.kind)) throw new EInvoiceError("Peppol BIS Billing has no reminder, collection letter or cut-off warning");
  if (!doc.number) throw new EInvoiceError("Peppol needs the invoice number");
  if (doc.rows.length === 0) throw new EInvoiceError("Peppol needs at least one invoice line");
  if (options.profile === "ehf" && doc.seller.country !== "NO") throw new EInvoiceError("EHF is for Norwegian sellers");
  const buyerReference = doc.yourReference ?? doc.buyer.customerNumber;
  if (!buyerReference && !doc.orderNumber) throw new EInvoiceError("Peppol needs the buyer's reference or an order number");

  const credit = doc.kind === "credit-note";
  const sign = (cents: bigint): bigint => (credit ? -cents : cents);
  const currency = doc.currency;
  const money = (parent: XMLBuilder, name: string, cents: bigint) => cbc(parent, name, ublAmount(sign(cents)), { currencyID: currency });
  const texts = TEXTS[doc.language];

  const root = create({ version: "1.0", encoding: "UTF-8" }).ele(credit ? NS.creditNote : NS.invoice, credit ? "CreditNote" : "Invoice", {
    "xmlns:cac": NS.cac,
    "xmlns:cbc": NS.cbc,
  });
  cbc(root, "CustomizationID", CUSTOMIZATION_ID);
  cbc(root, "ProfileID", PROFILE_ID);
  cbc(root, "ID", doc.number);
  cbc(root, "IssueDate", doc.date);
  if (credit) {
    cbc(root, "CreditNoteTypeCode", "381");
  } else {
    if (doc.dueDate) cbc(root, "DueDate", doc.dueDate);
    cbc(root, "InvoiceTypeCode", "380");
  }
  // Peppol allows one document note (PEPPOL-EN16931-R002).
  const notes = [doc.freeText, doc.reverseCharge ? exemptionOf("AE", doc)!.reason : null].filter(Boolean);
  if (notes.length) cbc(root, "Note", notes.join("\n"));
  cbc(root, "DocumentCurrencyCode", currency);
  if (buyerReference) cbc(root, "BuyerReference", buyerReference);
  if (doc.orderNumber) cbc(cac(root, "OrderReference"), "ID", doc.orderNumber);
  if (options.pdf) {
    const reference = cac(root, "AdditionalDocumentReference");
    cbc(reference, "ID", doc.number);
    cbc(reference, "DocumentDescription", texts.image);
    cbc(cac(reference, "Attachment"), "EmbeddedDocumentBinaryObject", options.pdf.toString("base64"), {
      mimeCode: "application/pdf",
      filename: options.pdfFilename ?? `${doc.number.replace(/[^\w.-]+/g, "_")}.pdf`,
    });
  }

  const foretaksregisteret = doc.seller.country === "NO" && (options.foretaksregisteret ?? doc.seller.foretaksregisteret);
  party(cac(root, "AccountingSupplierParty"), doc.seller, sellerEndpoint(doc.seller), foretaksregisteret);
  party(cac(root, "AccountingCustomerParty"), doc.buyer, buyerEndpoint(doc.buyer), false);
  // A Norwegian sales document names the time and place of delivery (bokføringsforskriften § 5-1-1
  // første ledd nr. 4, as in force 1.1.2023): the same date and place its PDF prints (particulars.ts).
  const norwegian = doc.seller.country === "NO";
  const deliveryDate = norwegian ? deliveryDateOf(doc) : doc.deliveryDate;
  if (deliveryDate) {
    const delivery = cac(root, "Delivery");
    cbc(delivery, "ActualDeliveryDate", deliveryDate);
    if (norwegian && deliveryPlaceOf(doc)) {
      const address = cac(cac(delivery, "DeliveryLocation"), "Address");
      if (doc.buyer.street) cbc(address, "StreetName", doc.buyer.street);
      if (doc.buyer.city) cbc(address, "CityName", doc.buyer.city);
      if (doc.buyer.postcode) cbc(address, "PostalZone", doc.buyer.postcode);
      cbc(cac(address, "Country"), "IdentificationCode", doc.buyer.country);
    }
  }

  paymentMeans(doc).forEach((means, index) => {
    const element = cac(root, "PaymentMeans");
    cbc(element, "PaymentMeansCode", means.code);
    // A credit note has no DueDate element; its due date goes with the payment means, once (UBL-SR-45).
    if (credit && doc.dueDate && index === 0) cbc(element, "PaymentDueDate", doc.dueDate);
    if (doc.reference) cbc(element, "PaymentID", compactReference(doc.reference.value));
    const account = cac(element, "PayeeFinancialAccount");
    cbc(account, "ID", means.account);
    if (means.branch) cbc(cac(account, "FinancialInstitutionBranch"), "ID", means.branch);
  });
  // BR-CO-25 asks for a due date or payment terms; a credit note's due date does not count, terms do.
  // The terms are also where a reader shows a Swedish case's word on late-payment interest, which
  // its PDF prints under the total (texts.ts invoiceInterestNotice, räntelagen 4 §): a debtor who
  // gets only the e-invoice must be told too. One note in one PaymentTerms (UBL-SR-05), so both
  // go in it, a line each.
  const terms = [doc.dueDate ? `${texts.due} ${doc.dueDate}` : null, invoiceInterestNotice(doc)].filter(Boolean);
  if (terms.length) cbc(cac(root, "PaymentTerms"), "Note", terms.join("\n"));

  const taxTotal = cac(root, "TaxTotal");
  money(taxTotal, "TaxAmount", doc.totals.vat);
  for (const line of doc.vatBreakdown) {
    const subtotal = cac(taxTotal, "TaxSubtotal");
    money(subtotal, "TaxableAmount", line.net);
    money(subtotal, "TaxAmount", line.vat);
    const category = vatCategoryOf(line.rate, doc, options);
    const taxCategory = cac(subtotal, "TaxCategory");
    cbc(taxCategory, "ID", category);
    cbc(taxCategory, "Percent", plainDecimal(line.rate));
    const exemption = exemptionOf(category, doc, options);
    if (exemption?.code) cbc(taxCategory, "TaxExemptionReasonCode", exemption.code);
    if (exemption) cbc(taxCategory, "TaxExemptionReason", exemption.reason);
    cbc(cac(taxCategory, "TaxScheme"), "ID", "VAT");
  }

  const totals = cac(root, "LegalMonetaryTotal");
  money(totals, "LineExtensionAmount", doc.totals.net);
  money(totals, "TaxExclusiveAmount", doc.totals.net);
  money(totals, "TaxInclusiveAmount", doc.totals.gross);
  money(totals, "PayableAmount", doc.amountDue);

  doc.rows.forEach((row, index) => {
    const line = cac(root, credit ? "CreditNoteLine" : "InvoiceLine");
    cbc(line, "ID", String(index + 1));
    const negativePrice = isNegativeDecimal(row.unitPrice);
    let quantity = negativePrice ? negateDecimal(row.quantity) : plainDecimal(row.quantity);
    if (credit) quantity = negateDecimal(quantity);
    cbc(line, credit ? "CreditedQuantity" : "InvoicedQuantity", quantity, { unitCode: UNIT_CODE });
    money(line, "LineExtensionAmount", row.net);
    // A row's discount is a line allowance (UBL orders it after LineExtensionAmount, before Item):
    // reason code 95 "Discount" of UNCL 5189, Amount = BaseAmount × percent / 100 rounded as the
    // service rounds (PEPPOL-EN16931-R040), and LineExtensionAmount already net of it (R120).
    if (row.discount) {
      const allowance = cac(line, "AllowanceCharge");
      cbc(allowance, "ChargeIndicator", "false");
      cbc(allowance, "AllowanceChargeReasonCode", "95");
      cbc(allowance, "MultiplierFactorNumeric", plainDecimal(row.discount.rate));
      money(allowance, "Amount", row.discount.amount);
      money(allowance, "BaseAmount", row.discount.base);
    }
    const item = cac(line, "Item");
    cbc(item, "Name", row.description.trim() || "-");
    const category = cac(item, "ClassifiedTaxCategory");
    cbc(category, "ID", vatCategoryOf(row.vatRate, doc, options));
    cbc(category, "Percent", plainDecimal(row.vatRate));
    cbc(cac(category, "TaxScheme"), "ID", "VAT");
    cbc(cac(line, "Price"), "PriceAmount", negativePrice ? negateDecimal(row.unitPrice) : plainDecimal(row.unitPrice), { currencyID: currency });
  });

  return root.end({ prettyPrint: true });
}

function party(parent: XMLBuilder, data: Seller | Buyer, endpoint: Endpoint, foretaksregisteret: boolean) {
  const element = cac(parent, "Party");
  cbc(element, "EndpointID", endpoint.id, { schemeID: endpoint.scheme });
  cbc(cac(element, "PartyName"), "Name", data.name.trim());

  const address = cac(element, "PostalAddress");
  const extra = data.extraLines.map((line) => line.trim()).filter(Boolean);
  if (data.street) cbc(address, "StreetName", data.street);
  if (extra.length) cbc(address, "AdditionalStreetName", extra.join(", "));
  if (data.city) cbc(address, "CityName", data.city);
  if (data.postcode) cbc(address, "PostalZone", data.postcode);
  cbc(cac(address, "Country"), "IdentificationCode", data.country);

  const vat = vatId(data);
  if (vat) {
    const scheme = cac(element, "PartyTaxScheme");
    cbc(scheme, "CompanyID", vat);
    cbc(cac(scheme, "TaxScheme"), "ID", "VAT");
  }
  // NO-R-002: the Norwegian statement of registration is a tax scheme "TAX" with this text.
  if (foretaksregisteret) {
    const scheme = cac(element, "PartyTaxScheme");
    cbc(scheme, "CompanyID", "Foretaksregisteret");
    cbc(cac(scheme, "TaxScheme"), "ID", "TAX");
  }

  const legal = cac(element, "PartyLegalEntity");
  cbc(legal, "RegistrationName", data.name.trim());
  const registration = legalId(data);
  if (registration) cbc(legal, "CompanyID", registration.id, { schemeID: registration.scheme });
  if (foretaksregisteret) cbc(legal, "CompanyLegalForm", "Foretaksregisteret");

  if (data.contact || data.phone || data.email) {
    const contact = cac(element, "Contact");
    if (data.contact) cbc(contact, "Name", data.contact);
    if (data.phone) cbc(contact, "Telephone", data.phone);
    if (data.email) cbc(contact, "ElectronicMail", data.email);
  }
}

interface Means {
  code: string;
  account: string;
  branch: string | null;
}

/** Credit transfer to the IBAN (SEPA, 58, in euro; otherwise 30), Bankgiro and Plusgiro, or a Norwegian account. */
function paymentMeans(doc: InvoiceDocument): Means[] {
  const seller = doc.seller;
  const means: Means[] = [];
  const { iban, bic } = sellerBankOf(seller);
  if (iban) means.push({ code: doc.currency === "EUR" ? "58" : "30", account: iban, branch: bic });
  if (seller.bankgiro) means.push({ code: "30", account: digitsOf(seller.bankgiro), branch: "SE:BANKGIRO" });
  if (seller.plusgiro) means.push({ code: "30", account: digitsOf(seller.plusgiro), branch: "SE:PLUSGIRO" });
  if (!iban && seller.account) means.push({ code: "30", account: digitsOf(seller.account), branch: null });
  return means;
}
