import type { FinnishCollector } from "../../env";

import type { Creditor } from "./creditor";
import type { InvoiceDocument, Seller } from "./invoice-document";
import type { DocumentTexts } from "./texts";

/*
 * What the law of the seller's country asks its invoices and letters to say of the seller, and
 * when a document names the date of supply. Sources, as read on 26.11.2026 (README, "Legal
 * contents of the documents"):
 *
 * - Finland: arvonlisäverolaki (1501/1993) 209 e § 1 mom. 3 and 7 k.: the seller's VAT identifier,
 *   and the date of supply when it can be fixed and is not the invoice's date. Company particulars
 *   on letters and forms (EU 2017/1132 art. 26 as Finnish law carries it over): the business id
 *   (Y-tunnus) and, for a company, its registered name and registered office (kotipaikka).
 * - Sweden: mervärdesskattelagen (2023:200) 17 kap. 24 § (the seller's VAT number, the date of
 *   supply when it differs from the invoice date); aktiebolagslagen (2005:551) 28 kap. 5 §: a
 *   company's letters, invoices and order forms name its company name, the place of its registered
 *   office (säte) and its organisationsnummer.
 * - Norway: bokføringsforskriften (FOR-2004-12-01-1558, as amended by FOR-2022-12-22-2461 in force
 *   1.1.2023) § 5-1-1 første ledd nr. 4 ("tidspunkt og sted for levering av ytelsen", on every sales
 *   document, so on every invoice and credit note) and § 5-1-2 (the seller's organisation number, followed by "MVA" when it is in
 *   Merverdiavgiftsregisteret); foretaksregisterloven (1985-06-21-78) § 10-2: an AS, ASA or NUF
 *   writes "Foretaksregisteret" on its letters and invoices.
 *
 * Only what the profile knows is printed: a profile without a registered office prints none.
 */

/** The seller's legal particulars and its contact details, as the foot of every page lists them. */
interface SellerParticulars {
  /** Name, business id (with MVA and Foretaksregisteret in Norway), registered office, VAT number. */
  legal: string[];
  /** Telephone, e-mail, web address. */
  contact: string[];
}

const present = (value: string | null | undefined): value is string => typeof value === "string" && value.trim() !== "";

export function sellerParticulars(
  seller: Pick<Seller, "name" | "country" | "businessId" | "registeredOffice" | "vatNumber" | "foretaksregisteret" | "phone" | "email" | "www">,
  texts: DocumentTexts,
): SellerParticulars {
  const legal: string[] = [seller.name];
  if (seller.country === "NO") {
    // One item, as the rules read: "Org.nr 988077917 MVA Foretaksregisteret". The MVA suffix says
    // what a separate VAT number would, so none follows.
    const suffixes = [present(seller.vatNumber) ? "MVA" : null, seller.foretaksregisteret ? "Foretaksregisteret" : null].filter(present);
    if (present(seller.businessId)) legal.push([`${texts.businessId(seller.country)} ${seller.businessId.trim()}`, ...suffixes].join(" "));
    else if (seller.foretaksregisteret) legal.push("Foretaksregisteret");
    if (present(seller.registeredOffice)) legal.push(`${texts.registeredOffice(seller.country)} ${seller.registeredOffice.trim()}`);
  } else {
    if (present(seller.businessId)) legal.push(`${texts.businessId(seller.country)} ${seller.businessId.trim()}`);
    if (present(seller.registeredOffice)) legal.push(`${texts.registeredOffice(seller.country)} ${seller.registeredOffice.trim()}`);
    if (present(seller.vatNumber)) legal.push(`${texts.vatNumber} ${seller.vatNumber.trim()}`);
  }
  return { legal, contact: [seller.phone, seller.email, seller.www].filter(present) };
}

/**
 * The particulars of the collector who sends a Finnish payment demand (invoice-document.ts
 * collectorOf), as its own letter's foot gives them: a Finnish company's name, business id and
 * registered office, as the creditor's letters give the creditor's, and where to reach it.
 */
export function collectorParticulars(collector: FinnishCollector, texts: DocumentTexts): SellerParticulars {
  return sellerParticulars({ ...collector, country: "FI", vatNumber: null, foretaksregisteret: false, www: null }, texts);
}

/**
 * Whether a Norwegian creditor is registered in Foretaksregisteret. What the profile says wins.
 * Otherwise the name decides: an AS or ASA must carry its form in its name (aksjeloven and
 * allmennaksjeloven § 2-2) and must be registered (foretaksregisterloven § 2-1), so a name ending in
 * AS, ASA, aksjeselskap or allmennaksjeselskap is registered. Other registered forms (a NUF) cannot
 * be told from their names: their profile says so (customer_info.foretaksregisteret).
 */
export function foretaksregisteretOf(creditor: Pick<Creditor, "country" | "name" | "foretaksregisteret">): boolean {
  if (creditor.country !== "NO") return false;
  if (creditor.foretaksregisteret != null) return creditor.foretaksregisteret;
  return /(^|[\s,])(AS|ASA)$/.test(creditor.name.trim()) || /\b(allmenn)?aksjeselskap\b/i.test(creditor.name);
}

/**
 * Whether the document names the date of supply. Finland and Sweden ask it when it differs from
 * the invoice's date (AVL 209 e § 7 k., ML 17 kap. 24 § 5 p.); Norway asks the time of delivery
 * on every sales document (bokføringsforskriften § 5-1-1 nr. 4). A notice compares it with the
 * date of the invoice it reminds of, not with its own.
 */
export function showsDeliveryDate(document: Pick<InvoiceDocument, "deliveryDate" | "date" | "reminder" | "seller">): boolean {
  if (!document.deliveryDate) return false;
  if (document.seller.country === "NO") return true;
  const invoiceDate = document.reminder ? document.reminder.originalDate : document.date;
  return document.deliveryDate !== invoiceDate;
}

const isSalesDocument = (document: Pick<InvoiceDocument, "kind">) => document.kind === "invoice" || document.kind === "credit-note";

/**
 * The date of delivery a document prints, or none. A Norwegian invoice or credit note always names
 * one (bokføringsforskriften § 5-1-1 første ledd nr. 4, in force as amended 1.1.2023): the job's
 * deliverydate, and without it the invoice's own date, since the principal who posts no delivery
 * date invoices on the day of delivery (README, "Legal contents of the documents"). Elsewhere and on
 * notices the date shows as showsDeliveryDate says.
 */
export function deliveryDateOf(document: Pick<InvoiceDocument, "kind" | "deliveryDate" | "date" | "reminder" | "seller">): string | null {
  if (document.seller.country === "NO" && isSalesDocument(document)) return document.deliveryDate ?? document.date;
  return showsDeliveryDate(document) ? document.deliveryDate : null;
}

/**
 * The place of delivery a Norwegian invoice or credit note prints (bokføringsforskriften § 5-1-1
 * første ledd nr. 4): the job carries no delivery address, so the place is the buyer's address, as
 * the document's address block names it. None elsewhere, and none when the buyer has no address.
 */
export function deliveryPlaceOf(document: Pick<InvoiceDocument, "kind" | "seller" | "buyer">): string | null {
  if (document.seller.country !== "NO" || !isSalesDocument(document)) return null;
  const { street, postcode, city } = document.buyer;
  const town = [postcode, city].filter(present).join(" ");
  const place = [street, town].filter(present).join(", ");
  return place === "" ? null : place;
}
