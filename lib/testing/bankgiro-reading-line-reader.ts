import { amountCheckDigit } from "../payment-data/bankgiro-reading-line";
import { isValidOcr } from "../payment-data/references";
import { isValidBankgiro } from "../payment-data/swedish-giro";

interface ReadBankgiroReadingLine {
  reference: string;
  amountOre: bigint;
  bankgiro: string;
  formType: string;
}

/**
 * What a reader of the line finds in it, checked as a reader checks it (both check digits): the
 * tests read printed lines back with it. Null for a line that does not hold together.
 */
export function readBankgiroReadingLine(line: string): ReadBankgiroReadingLine | null {
  const match = /^#\s*(\d{2,25})\s*#\s*(\d{1,8}) (\d{2})\s+(\d) >\s*(\d{7,8})#(\d{2})#$/.exec(line);
  if (!match) return null;
  const [, reference, kronor, ore, check, bankgiro, formType] = match as unknown as [string, string, string, string, string, string, string];
  const amountOre = BigInt(kronor) * 100n + BigInt(ore);
  if (!isValidOcr(reference) || amountCheckDigit(amountOre) !== check || !isValidBankgiro(bankgiro)) return null;
  return { reference, amountOre, bankgiro, formType };
}
