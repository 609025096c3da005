import { isIsoDate } from "../platform/calendar-days";

import { mod97 } from "./check-digits";
import { isValidFinnishReference, isValidRfReference } from "./references";

/*
 * The Finnish bank barcode (pankkiviivakoodi) as its 54 digits, the "virtual barcode"
 * (virtuaaliviivakoodi) that payers copy into their online bank; printed as Code 128 it is the
 * barcode of the Finnish bank transfer form. Finance Finland, "Pankkiviivakoodi-opas", version 5.3.
 *
 *   version 4 (national reference)           version 5 (RF creditor reference)
 *   1  "4"                                   1  "5"
 *   16 IBAN after "FI" (check digits, BBAN)  16 IBAN after "FI"
 *   6  euros                                 6  euros
 *   2  cents                                 2  cents
 *   3  "000" (reserved)                      2  RF check digits
 *   20 reference, right-aligned, zeros       21 RF body, right-aligned, zeros
 *   6  due date YYMMDD, "000000" for none    6  due date YYMMDD, "000000" for none
 *
 * Amount: all zeros means the barcode carries no amount and the payer types it (the guide's test
 * invoice 6 is one). The field cannot hold more than 999 999.99 €, and a negative amount is
 * nothing to pay; both are written as zeros, so the payer enters what the invoice says rather than
 * the bank taking a wrong amount from the code. Zeros over the limit is our reading of the guide,
 * not checked against its wording (the guide's text was not at hand); we know of no rule of its
 * for negative amounts, so zeros there is our own choice.
 *
 * Due date: two digits of year, so only 2000–2099 can be written, and a code is read back in
 * that century (the guide's examples run from 2010 to 2099).
 */

/** 999 999.99 €, the largest amount the 8-digit field holds. */
export const MAX_BARCODE_CENTS = 99_999_999n;

interface FinnishBarcodeInput {
  /** A Finnish IBAN, with or without spaces. */
  iban: string;
  /** The amount in euro cents; out of 0…99 999 999 it is written as zeros (see above). */
  cents: bigint;
  /** A Finnish national reference (version 4) or an RF creditor reference with a numeric body (version 5). */
  reference: string;
  /** YYYY-MM-DD in 2000–2099, or null when the invoice has none. */
  dueDate?: string | null;
}

interface FinnishBarcode {
  version: 4 | 5;
  /** Electronic form, "FI" and 16 digits. */
  iban: string;
  /** 0n when the code carries no amount. */
  cents: bigint;
  /** Compact: the national reference without leading zeros, or "RF" + check digits + body. */
  reference: string;
  dueDate: string | null;
}

const compact = (value: string) => value.replace(/\s/g, "").toUpperCase();

function ibanDigits(iban: string): string {
  const value = compact(iban);
  if (!value.startsWith("FI")) throw new RangeError(`the bank barcode carries only Finnish IBANs (FI…), not ${JSON.stringify(iban)}`);
  if (!/^FI\d{16}$/.test(value) || mod97(value.slice(4) + value.slice(0, 4)) !== 1) {
    throw new RangeError(`${JSON.stringify(iban)} is not a valid Finnish IBAN`);
  }
  return value.slice(2);
}

function amountField(cents: bigint): string {
  if (cents < 0n || cents > MAX_BARCODE_CENTS) return "00000000";
  return String(cents).padStart(8, "0");
}

/** The version and the 23 digits between the amount and the due date. */
function referenceField(reference: string): { version: 4 | 5; digits: string } {
  const value = compact(reference);
  if (value.startsWith("RF")) {
    if (!isValidRfReference(value)) throw new RangeError(`${JSON.stringify(reference)} is not a valid RF creditor reference`);
    const body = value.slice(4);
    if (!/^\d+$/.test(body)) {
      throw new RangeError(`the RF reference ${value} has letters, which the bank barcode (digits only) cannot carry`);
    }
    // Leading zeros of the body do not change its value mod 97, so dropping them keeps the check digits right.
    return { version: 5, digits: value.slice(2, 4) + body.replace(/^0+/, "").padStart(21, "0") };
  }
  if (!isValidFinnishReference(value)) {
    throw new RangeError(`${JSON.stringify(reference)} is neither a Finnish national reference nor an RF creditor reference`);
  }
  return { version: 4, digits: "000" + value.replace(/^0+/, "").padStart(20, "0") };
}

function dueDateField(dueDate: string | null | undefined): string {
  if (dueDate === null || dueDate === undefined) return "000000";
  if (!isIsoDate(dueDate)) throw new RangeError(`the due date must be a date YYYY-MM-DD, not ${JSON.stringify(dueDate)}`);
  const year = Number(dueDate.slice(0, 4));
  if (year < 2000 || year > 2099) throw new RangeError(`the bank barcode writes due dates of 2000–2099 only, not ${dueDate}`);
  return dueDate.slice(2, 4) + dueDate.slice(5, 7) + dueDate.slice(8, 10);
}

/** The 54-digit Finnish virtual barcode: version 4 for a national reference, 5 for a numeric RF reference. */
export function buildFinnishBarcode(input: FinnishBarcodeInput): string {
  const iban = ibanDigits(input.iban);
  const amount = amountField(input.cents);
  const { version, digits } = referenceField(input.reference);
  return `${version}${iban}${amount}${digits}${dueDateField(input.dueDate)}`;
}

/** Reads a 54-digit Finnish virtual barcode of version 4 or 5; throws RangeError on anything else. */
export function parseFinnishBarcode(code: string): FinnishBarcode {
  const value = code.trim();
  if (!/^\d{54}$/.test(value)) throw new RangeError(`a Finnish virtual barcode has exactly 54 digits, not ${JSON.stringify(code)}`);
  const version = value[0];
  if (version !== "4" && version !== "5") throw new RangeError(`virtual barcode version ${version} is not supported (only 4 and 5)`);

  const iban = `FI${value.slice(1, 17)}`;
  if (mod97(iban.slice(4) + iban.slice(0, 4)) !== 1) throw new RangeError(`the account ${iban} in the barcode fails its IBAN check`);
  const cents = BigInt(value.slice(17, 25));

  let reference: string;
  if (version === "4") {
    if (value.slice(25, 28) !== "000") throw new RangeError("the reserved digits of a version 4 barcode must be 000");
    reference = value.slice(28, 48).replace(/^0+/, "");
    if (!isValidFinnishReference(reference)) throw new RangeError(`the reference ${reference} in the barcode fails its check digit`);
  } else {
    reference = `RF${value.slice(25, 27)}${value.slice(27, 48).replace(/^0+/, "")}`;
    if (!isValidRfReference(reference)) throw new RangeError(`the RF reference ${reference} in the barcode fails its check digits`);
  }

  const date = value.slice(48);
  let dueDate: string | null = null;
  if (date !== "000000") {
    dueDate = `20${date.slice(0, 2)}-${date.slice(2, 4)}-${date.slice(4, 6)}`;
    if (!isIsoDate(dueDate)) throw new RangeError(`the due date ${date} in the barcode is not a date`);
  }

  return { version: version === "4" ? 4 : 5, iban, cents, reference, dueDate };
}
