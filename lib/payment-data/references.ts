import type { Country } from "../spec/environments";
import { stated, type Said } from "../spec/problems";

import { assertDigits, isValidLuhn, isValidMod11, luhnCheckDigit, mod11CheckDigit, mod97 } from "./check-digits";

/*
 * National payment references: how a payment finds its invoice.
 *
 * - Finland: the national reference (viitenumero), 3–19 digits and a check digit from weights
 *   7, 3, 1 repeating from the right; and the international RF creditor reference (ISO 11649).
 * - Sweden: the OCR number, Luhn check digit, optionally with a length digit before it.
 * - Norway: the KID, MOD10 (Luhn) or MOD11.
 */

/* ---------- Finland ---------- */

const WEIGHTS_731 = [7, 3, 1] as const;

export function finnishCheckDigit(base: string): string {
  assertDigits(base, "base");
  let sum = 0;
  for (let i = 0; i < base.length; i++) {
    sum += (base.charCodeAt(base.length - 1 - i) - 48) * WEIGHTS_731[i % 3]!;
  }
  return String((10 - (sum % 10)) % 10);
}

export function createFinnishReference(base: string): string {
  const trimmed = base.replace(/^0+/, "");
  if (trimmed.length < 3 || trimmed.length > 19) throw new RangeError("a Finnish reference base has 3 to 19 digits");
  return trimmed + finnishCheckDigit(trimmed);
}

export function isValidFinnishReference(reference: string): boolean {
  const compact = reference.replace(/\s/g, "");
  // Leading zeros are allowed (the 20-digit machine form), but the base itself must be 3–19 digits.
  if (!/^\d{4,20}$/.test(compact) || compact.replace(/^0+/, "").length < 4) return false;
  return finnishCheckDigit(compact.slice(0, -1)) === compact.slice(-1);
}

/** Groups of five from the right without leading zeros, as printed on a Finnish bank transfer form. */
export function formatFinnishReference(reference: string): string {
  const compact = reference.replace(/\s/g, "").replace(/^0+/, "");
  return compact.replace(/\B(?=(\d{5})+(?!\d))/g, " ");
}

/* ---------- RF creditor reference (ISO 11649) ---------- */

export function createRfReference(reference: string): string {
  const body = reference.replace(/\s/g, "").toUpperCase();
  if (!/^[0-9A-Z]{1,21}$/.test(body)) throw new RangeError("an RF reference carries 1 to 21 letters and digits");
  const check = 98 - mod97(`${body}RF00`);
  return `RF${String(check).padStart(2, "0")}${body}`;
}

export function isValidRfReference(reference: string): boolean {
  const compact = reference.replace(/\s/g, "").toUpperCase();
  if (!/^RF\d{2}[0-9A-Z]{1,21}$/.test(compact)) return false;
  // As in IBAN, check digits are 02–98; 00, 01 and 99 are never issued.
  const check = Number(compact.slice(2, 4));
  if (check < 2 || check > 98) return false;
  return mod97(compact.slice(4) + compact.slice(0, 4)) === 1;
}

/** Groups of four, as ISO 11649 prints it. */
export function formatRfReference(reference: string): string {
  return reference
    .replace(/\s/g, "")
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, "$1 ");
}

/* ---------- Sweden: OCR ---------- */

/**
 * An OCR number for a base. With `lengthDigit` the digit before the check digit is the total length
 * modulo 10 (Bankgirot's "variable length with length check"); with `length` the base is padded with
 * leading zeros to that total length.
 */
export function createOcr(base: string, options: { lengthDigit?: boolean; length?: number } = {}): string {
  assertDigits(base, "base");
  const { lengthDigit = true, length } = options;
  const extra = lengthDigit ? 2 : 1;
  let body = base;
  if (length !== undefined) {
    if (base.length + extra > length) throw new RangeError(`base ${base} does not fit in an OCR of ${length} digits`);
    body = base.padStart(length - extra, "0");
  }
  const total = body.length + extra;
  if (total < 2 || total > 25) throw new RangeError("an OCR number has 2 to 25 digits");
  if (lengthDigit) body += String(total % 10);
  return body + luhnCheckDigit(body);
}

export function isValidOcr(reference: string): boolean {
  const compact = reference.replace(/\s/g, "");
  return compact.length >= 2 && compact.length <= 25 && isValidLuhn(compact);
}

/** True when the OCR also carries a correct length digit. */
export function hasOcrLengthDigit(reference: string): boolean {
  const compact = reference.replace(/\s/g, "");
  return isValidOcr(compact) && compact.length >= 3 && compact.at(-2) === String(compact.length % 10);
}

/* ---------- Norway: KID ---------- */

export function createKid(base: string, options: { algorithm?: "mod10" | "mod11"; length?: number } = {}): string {
  assertDigits(base, "base");
  const { algorithm = "mod10", length } = options;
  let body = base;
  if (length !== undefined) {
    if (base.length + 1 > length) throw new RangeError(`base ${base} does not fit in a KID of ${length} digits`);
    body = base.padStart(length - 1, "0");
  }
  if (body.length + 1 < 2 || body.length + 1 > 25) throw new RangeError("a KID has 2 to 25 characters");
  if (algorithm === "mod10") return body + luhnCheckDigit(body);
  return body + mod11CheckDigit(body);
}

export function isValidKid(reference: string): boolean {
  const compact = reference.replace(/\s/g, "");
  if (compact.length < 2 || compact.length > 25) return false;
  return isValidLuhn(compact) || isValidMod11(compact);
}

/* ---------- by country ---------- */

interface ReferenceSettings {
  /** Finland only: national (default) or RF. */
  format?: "national" | "rf";
  /** Sweden and Norway: fixed total length; null or undefined for variable length. */
  length?: number | null;
}

/** The reference the service gives a job, from a unique sequence number. */
export function createReference(country: Country, sequence: number, settings: ReferenceSettings = {}): string {
  const base = String(sequence);
  switch (country) {
    case "FIN": {
      const national = createFinnishReference(base);
      return settings.format === "rf" ? createRfReference(national) : national;
    }
    case "SWE":
      return createOcr(base, { lengthDigit: true, length: settings.length ?? undefined });
    case "NOR":
      return createKid(base, { algorithm: "mod10", length: settings.length ?? undefined });
  }
}

/** A valid billcode, compact; `structured` when it is one of the reference formats, not a free message. */
type ReferenceCheck = { ok: true; reference: string; structured: boolean } | ({ ok: false } & Said);

/**
 * Checks a billcode the caller sent. A billcode that looks like one of the country's reference
 * formats (digits, or RF…) must be a valid one; anything else is a free payment message and is kept
 * as sent. Valid references come back compact (no spaces), which is how payments quote them.
 */
export function checkGivenReference(country: Country, billcode: string): ReferenceCheck {
  const compact = billcode.replace(/\s/g, "");
  if (/^RF\d/i.test(compact)) {
    return isValidRfReference(compact) ? { ok: true, reference: compact.toUpperCase(), structured: true } : { ok: false, ...stated("rfReference") };
  }
  // Digits only (a KID may end in "-"): a reference. "2026-0001" or "INV 12" is a payment message.
  if (!/^\d+-?$/.test(compact)) return { ok: true, reference: billcode, structured: false };
  const valid = (reference: string) => ({ ok: true as const, reference, structured: true });
  switch (country) {
    case "FIN":
      return isValidFinnishReference(compact) ? valid(compact) : { ok: false, ...stated("finnishReference") };
    case "SWE":
      return isValidOcr(compact) ? valid(compact) : { ok: false, ...stated("ocrReference") };
    case "NOR":
      return isValidKid(compact) ? valid(compact) : { ok: false, ...stated("kidReference") };
  }
}

/** How many references a fixed length leaves room for: the digits the base may have. */
export function referenceBaseDigits(country: Country, length: number | null | undefined): number | null {
  if (length === null || length === undefined) return null;
  if (country === "SWE") return length - 2; // length digit and check digit
  if (country === "NOR") return length - 1; // check digit
  return null;
}
