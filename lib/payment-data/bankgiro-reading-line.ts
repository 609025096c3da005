import { luhnCheckDigit } from "./check-digits";
import { isValidOcr } from "./references";
import { isValidBankgiro } from "./swedish-giro";

/*
 * The OCR reading line (läsrad, kodrad) at the foot of Bankgirot's inbetalningskort with OCR
 * reference ("Inbetalning/Girering avi" of type OCR), which Bankgirot's readers and a bank's
 * scanning app read instead of the printed boxes. Its fields, left to right:
 *
 *   # <OCR reference> # <kronor> <öre>   <check digit> > <bankgiro number>#41#
 *
 * What each rule rests on (Bankgirot gives its layout instructions for the form to its customers
 * and printers; none of its public pages sets out the reading line field by field):
 *
 * - The OCR reference: 2 to 25 digits, its last a modulus 10 (Luhn) check digit. Bankgirot,
 *   "Bankgiro Inbetalningar – Användarmanual", May 2017, section 5.2 (OCR-referensnummer), and
 *   Bankgirot's page "OCR-referenskontroll" ("Sista siffran ska vara checksiffra enligt 10-modul").
 * - The field order and separators: the reference between "#" and "#"; kronor, then öre in two
 *   digits, then one check digit, closed by ">"; the giro number closed by "#", a two-digit form
 *   type and "#", 41 or 42 for a Bankgiro form. DroidGiro (Apache-2.0, 2011), a scanner of Swedish
 *   giro forms, whose patterns its authors derived from Bankgirot's manual BG6070 and PlusGirot's
 *   "Allmän beskrivning Inbetalningservice" (G445): Invoice.java, OCR_PATTERN, AMOUNT_PATTERN,
 *   ACCOUNT_PATTERN and getType(). Sweden's Wikipedia (OCR-nummer) likewise places the reference
 *   "längst ned till vänster … mellan tecknen # och #".
 * - The amount's check digit: modulus 10 (Luhn) over the kronor digits followed by the two öre
 *   digits, so that kronor, öre and check digit pass the Luhn test together. DroidGiro,
 *   Invoice.parse() (isValidCC over kronor + öre + check digit); ErlGuten's Bankgiro OCR example
 *   (Johan Bevemyr, 2004, kd_test1.erl: chk10 of the amount in öre).
 * - The field widths: the reference right-aligned in 25 places, kronor right-aligned in 8, and the
 *   bankgiro number right-aligned in 25 against "#41#", so the line always has one length and each
 *   separator one place. ErlGuten's example (kd_test1.erl, bg_avi_ocrline), the one public sample
 *   of the whole line found; its leading alignment mark "H" is left out, as DroidGiro reads a line
 *   without it.
 *
 * PlusGirot's own OCR form closes with another type code, which no public source found states;
 * this module therefore builds the Bankgiro line only, and a creditor paid by Plusgiro gets the
 * form's boxes without a reading line.
 */

/** Form type 41: Bankgirot's inbetalningskort with OCR reference (DroidGiro, Invoice.getType). */
const BANKGIRO_OCR_FORM_TYPE = "41";

/** Kronor are printed in 8 places: the largest amount a line can carry is 99 999 999,99 kr. */
export const MAX_READING_LINE_ORE = 99_999_999_99n;

const REFERENCE_PLACES = 25;
const KRONOR_PLACES = 8;
const GIRO_PLACES = 25;

interface BankgiroReadingLineInput {
  /** The OCR reference, 2–25 digits with its Luhn check digit (spaces allowed). */
  reference: string;
  /** The amount to pay, in öre. */
  amountOre: bigint;
  /** ISO 4217; the form carries kronor only. */
  currency: string;
  /** The creditor's bankgiro number, 7 or 8 digits, hyphen allowed. */
  bankgiro: string;
}

/** The check digit printed after kronor and öre: Luhn over their digits. */
export function amountCheckDigit(amountOre: bigint): string {
  if (amountOre < 0n) throw new RangeError("an amount in öre is not negative");
  return luhnCheckDigit(String(amountOre).padStart(3, "0"));
}

/**
 * The reading line, or null when the amount cannot be printed on it (not kronor, nothing to pay, or
 * more than 8 places of kronor): the form then shows its boxes without a line, and the debtor pays
 * by internet bank from the numbers printed. A reference or bankgiro number that is not one is the
 * caller's error and throws.
 */
export function buildBankgiroReadingLine(input: BankgiroReadingLineInput): string | null {
  const reference = input.reference.replace(/\s/g, "");
  if (!/^\d+$/.test(reference) || !isValidOcr(reference)) throw new RangeError(`${JSON.stringify(input.reference)} is not an OCR reference`);
  if (!isValidBankgiro(input.bankgiro)) throw new RangeError(`${JSON.stringify(input.bankgiro)} is not a bankgiro number`);
  const { amountOre } = input;
  if (input.currency !== "SEK") return null;
  if (amountOre <= 0n || amountOre > MAX_READING_LINE_ORE) return null;
  const bankgiro = input.bankgiro.replace(/[\s-]/g, "");
  const kronor = String(amountOre / 100n);
  const ore = String(amountOre % 100n).padStart(2, "0");
  return (
    `# ${reference.padStart(REFERENCE_PLACES)} #` +
    `${kronor.padStart(KRONOR_PLACES)} ${ore}   ${amountCheckDigit(amountOre)} >` +
    `${bankgiro.padStart(GIRO_PLACES)}#${BANKGIRO_OCR_FORM_TYPE}#`
  );
}
