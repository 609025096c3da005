import { exactDecimal, formatCents } from "../../../payment-data/amounts";
import type { Country } from "../../../spec/environments";
import { isValidBusinessId } from "../../../spec/national-ids";
import type { DocumentLanguage, InvoiceDocument, Party, Seller } from "../invoice-document";

/*
 * What the Finvoice and the Peppol UBL builders share: decimals as the formats write them, the VAT
 * category of a rate, and the identifiers derived from a business id.
 */

/** A document that cannot be expressed in the e-invoice format, with the reason. */
export class EInvoiceError extends Error {
  override readonly name = "EInvoiceError";
}

/** "1e-7" → "0.0000001", "+2" → "2": a decimal as plain digits, sign and point. */
export function plainDecimal(value: string | number): string {
  const { units, scale } = exactDecimal(value);
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, "0");
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

/** The decimal with its sign turned; zero stays zero. */
export function negateDecimal(value: string): string {
  const plain = plainDecimal(value);
  if (/^-?0(\.0*)?$/.test(plain)) return plain.replace(/^-/, "");
  return plain.startsWith("-") ? plain.slice(1) : `-${plain}`;
}

/** Whether the decimal is below zero. */
export function isNegativeDecimal(value: string): boolean {
  return exactDecimal(value).units < 0n;
}

/** The decimal rounded half away from zero to at most `places` decimals. */
export function roundDecimal(value: string, places: number): string {
  const { units, scale } = exactDecimal(value);
  if (scale <= places) return plainDecimal(value);
  const divisor = 10n ** BigInt(scale - places);
  const magnitude = units < 0n ? -units : units;
  const rounded = magnitude / divisor + ((magnitude % divisor) * 2n >= divisor ? 1n : 0n);
  const scaled = (units < 0n ? -rounded : rounded).toString();
  return plainDecimal(places === 0 ? scaled : insertPoint(scaled, places));
}

function insertPoint(integer: string, places: number): string {
  const negative = integer.startsWith("-");
  const digits = (negative ? integer.slice(1) : integer).padStart(places + 1, "0");
  return `${negative ? "-" : ""}${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

/** Money as UBL writes it: "1234.50". */
export const ublAmount = (cents: bigint): string => formatCents(cents);

/** The UNTDID 5305 VAT categories the service issues. */
type VatCategory = "S" | "Z" | "E" | "AE";

/** Why a 0 % row carries no VAT, when it is exempt rather than zero rated. */
interface VatExemption {
  /** The exemption reason as printed (EN 16931 BT-120), e.g. the section of the VAT act. */
  reason: string;
  /** A VATEX code (BT-121), when one applies. */
  code?: string;
}

/** How the builders classify 0 % rows. */
export interface VatCategoryOptions {
  /** When given, 0 % rows outside reverse charge are exempt (E) with this reason; otherwise zero rated (Z). */
  exemption?: VatExemption;
}

/** The VAT category of a rate on the document: reverse charge at 0 %, standard above it. */
export function vatCategoryOf(rate: number, doc: InvoiceDocument, options: VatCategoryOptions = {}): VatCategory {
  if (rate > 0) return "S";
  if (doc.reverseCharge) return "AE";
  return options.exemption ? "E" : "Z";
}

const REVERSE_CHARGE_TEXT: Record<DocumentLanguage, string> = {
  fin: "Käännetty verovelvollisuus",
  swe: "Omvänd betalningsskyldighet",
  nor: "Omvendt avgiftsplikt",
  eng: "Reverse charge",
  est: "Pöördmaksustamine",
};

/** The exemption reason text and VATEX code that go with a category, if it needs one. */
export function exemptionOf(category: VatCategory, doc: InvoiceDocument, options: VatCategoryOptions = {}): VatExemption | null {
  if (category === "AE") return { reason: REVERSE_CHARGE_TEXT[doc.language], code: "VATEX-EU-AE" };
  if (category === "E") return options.exemption ?? null;
  return null;
}

/** The Finnish business id (Y-tunnus, "2617416-4") as its OVT code "003726174164", or null if it is not one. */
export function ovtOf(businessId: string | null): string | null {
  const match = businessId ? /^(\d{7})-?(\d)$/.exec(businessId.trim()) : null;
  return match ? `0037${match[1]}${match[2]}` : null;
}

const NORDIC: Record<string, Country> = { FI: "FIN", SE: "SWE", NO: "NOR" };

// A natural person's identity code may sit in the same field (govid): it must never be sent on as
// an organisation id, so only what validates as a business id passes.
/** The party's business id when it is a valid Finnish, Swedish or Norwegian one, else null. */
export function businessIdOf(party: Party): string | null {
  const country = NORDIC[party.country];
  const id = party.businessId?.trim();
  return country && id && isValidBusinessId(country, id) ? id : null;
}

/** Only the digits of an identifier ("556677-8899" → "5566778899"). */
export const digitsOf = (value: string): string => value.replace(/\D/g, "");

/** A reference without the spaces it is printed with. */
export const compactReference = (value: string): string => value.replace(/\s+/g, "");

/** The seller's IBAN and BIC as a message carries them: without spaces, in capitals; null where there is none. */
export function sellerBankOf(seller: Seller): { iban: string | null; bic: string | null } {
  const electronic = (value: string | null) => value?.replace(/\s+/g, "").toUpperCase() || null;
  return { iban: electronic(seller.iban), bic: electronic(seller.bic) };
}

/** At most `max` characters, cut at the end. */
export function cut(text: string, max: number): string {
  return text.length <= max ? text : text.slice(0, max);
}

/** The text in pieces of at most `size` characters, broken at spaces where it can be, at most `count` pieces. */
export function chunks(text: string, size: number, count: number): string[] {
  const pieces: string[] = [];
  let rest = text.trim();
  while (rest && pieces.length < count) {
    if (rest.length <= size) {
      pieces.push(rest);
      break;
    }
    const space = rest.lastIndexOf(" ", size);
    const end = space > size / 2 ? space : size;
    pieces.push(rest.slice(0, end).trim());
    rest = rest.slice(end).trim();
  }
  return pieces;
}
