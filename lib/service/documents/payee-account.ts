import { friendlyFormatIBAN } from "ibantools";

import { formatBankgiro, formatPlusgiro } from "../../payment-data/swedish-giro";
import type { Country } from "../../spec/environments";

import type { Creditor } from "./creditor";

/*
 * The account a debtor pays a document to, as its payment part prints it, chosen from the
 * profile's creditor details by what the country's debtors pay to: in Finland an IBAN (the bank
 * form and its barcode carry nothing else); in Sweden a bankgiro first (the inbetalningskort's
 * reading line needs it), then a plusgiro, a bank account (clearing and account number) or an
 * IBAN; in Norway the domestic account number, else an IBAN. None when the profile has none of
 * them: such a document cannot be paid, and intake refuses it (intake/payee-account.ts) rather than
 * print a blank account.
 */

export type PayeeAccountKind = "bankgiro" | "plusgiro" | "account" | "iban";

interface PayeeAccount {
  kind: PayeeAccountKind;
  /** As printed: grouped as its kind is written. */
  text: string;
}

const KINDS: Record<Country, readonly PayeeAccountKind[]> = {
  FIN: ["iban"],
  SWE: ["bankgiro", "plusgiro", "account", "iban"],
  NOR: ["account", "iban"],
};

/** What each country's payable documents need one of, as a problem names them. */
export const PAYEE_ACCOUNT_NAMES: Record<Country, string> = {
  FIN: "IBAN",
  SWE: "bankgiro, plusgiro, bank account or IBAN",
  NOR: "account number or IBAN",
};

function formatted(kind: PayeeAccountKind, value: string, country: Country): string {
  if (kind === "bankgiro") return formatBankgiro(value);
  if (kind === "plusgiro") return formatPlusgiro(value);
  if (kind === "iban") return friendlyFormatIBAN(value) ?? value;
  const digits = value.replace(/\D/g, "");
  // A Norwegian account as the banks group it (4-2-5); a Swedish clearing and account number as given.
  return country === "NOR" ? digits.replace(/^(\d{4})(\d{2})(\d{5})$/, "$1 $2 $3") : value.trim();
}

export function payeeAccountOf(creditor: Pick<Creditor, "iban" | "bankgiro" | "plusgiro" | "account">, country: Country): PayeeAccount | null {
  for (const kind of KINDS[country]) {
    const value = creditor[kind]?.trim();
    if (value) return { kind, text: formatted(kind, value, country) };
  }
  return null;
}
