import { electronicFormatIBAN, isValidBIC, isValidIBAN } from "ibantools";
import QRCode from "qrcode";

import { formatCents } from "./amounts";
import { createRfReference, isValidFinnishReference, isValidRfReference } from "./references";

/*
 * The EPC QR code ("BCD", European Payments Council EPC069-12, "Quick Response Code: Guidelines to
 * Enable Data Capture for the Initiation of a SEPA Credit Transfer"), which a payer's banking app
 * scans to fill in a SEPA credit transfer. Version 002, character set 1 (UTF-8), SCT:
 *
 *    1 BCD             service tag
 *    2 002             version; 002 lets the BIC be left out within the EEA
 *    3 1               character set: UTF-8
 *    4 SCT             SEPA credit transfer
 *    5 BIC             8 or 11 characters, or empty
 *    6 name            beneficiary, at most 70 characters
 *    7 IBAN            beneficiary's account
 *    8 EUR12.30        "EUR" and the amount, 0.01 to 999999999.99, a dot before the cents
 *    9 purpose         empty here
 *   10 reference       structured remittance: an ISO 11649 RF creditor reference
 *   11 text            unstructured remittance, at most 140 characters, only without a reference
 *   12 information     beneficiary to originator, at most 70 characters, usually empty
 *
 * Lines end in "\n" and the last populated line has nothing after it: empty trailing elements are
 * left out, empty ones in the middle stay as empty lines so the rest keep their positions. The
 * whole payload is at most 331 bytes (a QR code of version 13 at error correction level M), counted
 * in UTF-8 bytes, so a name with ä or ø takes more room than its character count.
 */

/** The guidelines' limit on the whole payload, in bytes of its character set (UTF-8 here). */
export const EPC_MAX_PAYLOAD_BYTES = 331;
/** The largest QR version the guidelines allow (69 × 69 modules). */
const EPC_MAX_QR_VERSION = 13;
/** 999 999 999.99 €. */
export const EPC_MAX_CENTS = 99_999_999_999n;

export interface EpcQrInput {
  /** The beneficiary bank's BIC; empty or absent is allowed in version 002. */
  bic?: string | null;
  /** The beneficiary's name, at most 70 characters. */
  name: string;
  /** The beneficiary's IBAN, with or without spaces. */
  iban: string;
  /** The amount in euro cents, 1 to 99 999 999 999. */
  cents: bigint;
  /** Must be EUR when given: the code carries euro amounts only. */
  currency?: string;
  /** An RF creditor reference, or a Finnish national reference (written as its RF form). */
  reference?: string | null;
  /** Free text for the payee, at most 140 characters; only when there is no reference. */
  text?: string | null;
  /** Beneficiary to originator information, at most 70 characters. */
  information?: string | null;
}

const characters = (value: string) => [...value].length;

/** C0 and C1 control characters, line breaks among them. */
function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/** A free-text element: no line breaks or other control characters (they would shift the lines), and a length limit in characters. */
function textElement(value: string | null | undefined, what: string, maxCharacters: number, required = false): string {
  const text = (value ?? "").trim();
  if (required && text === "") throw new RangeError(`the EPC QR code needs the ${what}`);
  if (hasControlCharacter(text)) throw new RangeError(`the ${what} of an EPC QR code must not contain line breaks or other control characters`);
  if (characters(text) > maxCharacters) {
    throw new RangeError(`the ${what} of an EPC QR code has at most ${maxCharacters} characters, not ${characters(text)}`);
  }
  return text;
}

function bicElement(bic: string | null | undefined): string {
  const value = (bic ?? "").replace(/\s/g, "").toUpperCase();
  if (value !== "" && !isValidBIC(value)) throw new RangeError(`${JSON.stringify(bic)} is not a BIC (8 or 11 characters)`);
  return value;
}

function ibanElement(iban: string): string {
  const value = electronicFormatIBAN(iban) ?? "";
  if (!isValidIBAN(value)) throw new RangeError(`${JSON.stringify(iban)} is not a valid IBAN`);
  return value;
}

function amountElement(cents: bigint, currency: string): string {
  if (currency.toUpperCase() !== "EUR") throw new RangeError(`the EPC QR code carries euro amounts only, not ${currency}`);
  if (cents < 1n || cents > EPC_MAX_CENTS) throw new RangeError(`the EPC QR code carries EUR0.01 to EUR999999999.99, not ${cents} cents`);
  return `EUR${formatCents(cents)}`;
}

/** The RF creditor reference for the structured remittance line. */
function referenceElement(reference: string): string {
  const value = reference.replace(/\s/g, "").toUpperCase();
  if (isValidRfReference(value)) return value;
  // The structured element is for ISO 11649 only; a Finnish reference goes in as RF + check digits + itself.
  if (/^\d+$/.test(value) && isValidFinnishReference(value)) return createRfReference(value.replace(/^0+/, ""));
  throw new RangeError(`the reference ${JSON.stringify(reference)} is neither an RF creditor reference nor a Finnish national reference`);
}

/** The EPC QR payload (version 002, UTF-8, SCT) for a euro credit transfer; throws RangeError when a limit is broken. */
export function buildEpcQrPayload(input: EpcQrInput): string {
  const bic = bicElement(input.bic);
  const name = textElement(input.name, "beneficiary's name", 70, true);
  const iban = ibanElement(input.iban);
  const amount = amountElement(input.cents, input.currency ?? "EUR");
  const reference = input.reference?.trim() ? referenceElement(input.reference) : "";
  const text = textElement(input.text, "remittance text", 140);
  if (reference !== "" && text !== "") {
    throw new RangeError("an EPC QR code carries either a structured reference or a remittance text, not both");
  }
  const information = textElement(input.information, "information to the payer", 70);

  const elements = ["BCD", "002", "1", "SCT", bic, name, iban, amount, "", reference, text, information];
  while (elements.at(-1) === "") elements.pop();
  const payload = elements.join("\n");

  const bytes = new TextEncoder().encode(payload).length;
  if (bytes > EPC_MAX_PAYLOAD_BYTES) {
    throw new RangeError(`the EPC QR payload is ${bytes} bytes in UTF-8, over the limit of ${EPC_MAX_PAYLOAD_BYTES}; shorten the name or the text`);
  }
  return payload;
}

interface QrMatrix {
  /** Modules per side. */
  size: number;
  /** modules[row][column] is true for a dark module. */
  modules: boolean[][];
  /** The QR version the payload needed (1–40). */
  version: number;
}

/** The module matrix of the QR code (error correction M) for an EPC payload, for a renderer to draw as squares. */
export function epcQrMatrix(payload: string): QrMatrix {
  const qr = QRCode.create(payload, { errorCorrectionLevel: "M" });
  if (qr.version > EPC_MAX_QR_VERSION) {
    throw new RangeError(`the payload needs QR version ${qr.version}; the EPC guidelines allow at most ${EPC_MAX_QR_VERSION}`);
  }
  const size = qr.modules.size;
  const modules = Array.from({ length: size }, (_, row) => Array.from({ length: size }, (_, column) => qr.modules.get(row, column) === 1));
  return { size, modules, version: qr.version };
}
