import { assertDigits, isValidLuhn, luhnCheckDigit } from "./check-digits";

/*
 * Swedish giro numbers: Bankgiro (Bankgirot, 7 or 8 digits) and Plusgiro (PlusGirot, 2 to 8
 * digits). Both end in a Luhn (mod 10) check digit computed over every digit before it, so the
 * whole number passes the Luhn test. The service takes them with or without the hyphen and spaces
 * people print, and prints them in the form the payer knows from slips and invoices.
 */

/** Spaces and hyphens are only print layout: "5050-1055", "28 65 43-4". */
function compact(value: string): string {
  return value.replace(/[\s-]/g, "");
}

/** True for a Bankgiro number: 7 or 8 digits with a right Luhn check digit, printed layout allowed. */
export function isValidBankgiro(value: string): boolean {
  const digits = compact(value);
  return /^\d{7,8}$/.test(digits) && isValidLuhn(digits);
}

/** True for a Plusgiro number: 2 to 8 digits with a right Luhn check digit, printed layout allowed. */
export function isValidPlusgiro(value: string): boolean {
  const digits = compact(value);
  return /^\d{2,8}$/.test(digits) && isValidLuhn(digits);
}

/** A Bankgiro number from its 6- or 7-digit base, with the check digit appended. */
export function createBankgiro(base: string): string {
  assertDigits(base, "a Bankgiro base");
  if (base.length < 6 || base.length > 7) throw new RangeError("a Bankgiro base has 6 or 7 digits (the number has 7 or 8)");
  return base + luhnCheckDigit(base);
}

/** A Plusgiro number from its 1- to 7-digit base, with the check digit appended. */
export function createPlusgiro(base: string): string {
  assertDigits(base, "a Plusgiro base");
  if (base.length < 1 || base.length > 7) throw new RangeError("a Plusgiro base has 1 to 7 digits (the number has 2 to 8)");
  return base + luhnCheckDigit(base);
}

/** A Bankgiro number as printed: "123-4567" for 7 digits, "1234-5678" for 8. */
export function formatBankgiro(value: string): string {
  const digits = compact(value);
  if (!isValidBankgiro(digits)) throw new RangeError(`${JSON.stringify(value)} is not a Bankgiro number`);
  return `${digits.slice(0, -4)}-${digits.slice(-4)}`;
}

/** A Plusgiro number as printed: the check digit after a hyphen, "1234567-8". */
export function formatPlusgiro(value: string): string {
  const digits = compact(value);
  if (!isValidPlusgiro(digits)) throw new RangeError(`${JSON.stringify(value)} is not a Plusgiro number`);
  return `${digits.slice(0, -1)}-${digits.slice(-1)}`;
}
