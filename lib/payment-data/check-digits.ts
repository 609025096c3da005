/*
 * The check-digit algorithms behind Nordic payment references and account numbers. Each takes and
 * returns strings of digits, so leading zeros survive.
 */

const DIGITS = /^\d+$/;

export function assertDigits(value: string, what = "value"): void {
  if (!DIGITS.test(value)) throw new RangeError(`${what} must contain only digits`);
}

/** Mod 10 (Luhn), as Swedish OCR, Bankgiro, Plusgiro and Norwegian KID MOD10 use it. */
export function luhnCheckDigit(base: string): string {
  assertDigits(base, "base");
  let sum = 0;
  // The rightmost digit of the base is doubled (it sits next to the check digit).
  for (let i = 0; i < base.length; i++) {
    let digit = base.charCodeAt(base.length - 1 - i) - 48;
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

export function isValidLuhn(value: string): boolean {
  return DIGITS.test(value) && value.length >= 2 && luhnCheckDigit(value.slice(0, -1)) === value.slice(-1);
}

/**
 * Mod 11 with weights 2, 3, 4, 5, 6, 7 repeating from the right, as Norwegian KID MOD11 uses it.
 * A remainder that would give 10 is written "-".
 */
export function mod11CheckDigit(base: string): string {
  assertDigits(base, "base");
  let sum = 0;
  for (let i = 0; i < base.length; i++) {
    const digit = base.charCodeAt(base.length - 1 - i) - 48;
    sum += digit * ((i % 6) + 2);
  }
  const check = 11 - (sum % 11);
  if (check === 11) return "0";
  if (check === 10) return "-";
  return String(check);
}

export function isValidMod11(value: string): boolean {
  return /^\d+[\d-]$/.test(value) && value.length >= 2 && mod11CheckDigit(value.slice(0, -1)) === value.slice(-1);
}

/** ISO 7064 mod 97-10 over an alphanumeric string (letters A=10 … Z=35), as IBAN and RF use it. */
export function mod97(value: string): number {
  let remainder = 0;
  for (const char of value.toUpperCase()) {
    const code = char.charCodeAt(0);
    const digits = code >= 65 && code <= 90 ? String(code - 55) : char;
    for (const d of digits) remainder = (remainder * 10 + (d.charCodeAt(0) - 48)) % 97;
  }
  return remainder;
}
