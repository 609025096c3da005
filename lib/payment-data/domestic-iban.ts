import { composeIBAN, friendlyFormatIBAN } from "ibantools";

import { isValidDomesticAccount, swedishAccountParts } from "../spec/national-ids";
import { stated, type Said } from "../spec/problems";

import { isValidLuhn } from "./check-digits";
import { bicForFinnishBban } from "./finnish-bics";
import { bicForNorwegianAccount } from "./norwegian-bics";
import { swedishBban } from "./swedish-iban";

/*
 * A domestic account number written as its owner knows it, as the IBAN (and BIC) a payment needs.
 *
 * - Finland: the domestic form "123456-785" (6 digits, a dash, 2 to 8 digits) or the 14-digit
 *   machine form. Zeros fill it to 14 digits after the 7th digit for banks whose code starts with 4
 *   or 5 (savings banks, POP banks, Aktia, OP) and after the 6th for the others; the last digit is a
 *   Luhn check digit over the 14. Source: Finance Finland, "Tilinumeron rakenne" (the structure of
 *   the Finnish account number) and "Suomalaiset rahalaitostunnukset ja BIC-koodit".
 * - Norway: 11 digits (4 bank registration, 2 account group, 4 account, 1 MOD11 check digit),
 *   written with or without dots and spaces. Source: Bits AS, the Norwegian account number standard.
 *   The BIC is the bank registration number's in Bits' register (norwegian-bics.ts); null for a
 *   number the register does not list (a SEPA payment needs the IBAN only).
 * - Sweden: the clearing number and account are checked by Bankgirot's rules (kontonummer, as
 *   everywhere in the service: the check digit, and a type 1 account's length), and the lengths an
 *   account of its bank is written in (swedish-iban.ts); the IBAN-ID, BIC and layout are the bank's
 *   (swedish-iban.ts), and the clearing ranges whose layout is not confirmed are refused, never
 *   guessed: a wrong guess would be a valid IBAN of someone else's account.
 */

type DomesticCountry = "FIN" | "SWE" | "NOR";

type DomesticIban =
  | { ok: true; bban: string; iban: string; ibanPrint: string; bic: string | null }
  | ({ ok: false; reason: "invalid" } & Said)
  | { ok: false; reason: "not_derivable"; message: string };

const SEPARATORS = /[\s.]/g;

/** The Finnish domestic account number in its 14-digit machine form, or null when it is not one. */
export function finnishMachineForm(account: string): string | null {
  const compact = account.replace(SEPARATORS, "");
  const dashed = /^(\d{6})-(\d{2,8})$/.exec(compact);
  let machine: string;
  if (dashed) {
    const [, bank, rest] = dashed as unknown as [string, string, string];
    machine = /^[45]/.test(bank) ? bank + rest[0] + rest.slice(1).padStart(7, "0") : bank + rest.padStart(8, "0");
  } else if (/^\d{14}$/.test(compact)) {
    machine = compact;
  } else {
    return null;
  }
  return isValidLuhn(machine) ? machine : null;
}

export function domesticIban(country: DomesticCountry, account: string): DomesticIban {
  switch (country) {
    case "FIN": {
      const bban = finnishMachineForm(account);
      if (!bban) return { ok: false, reason: "invalid", message: "must be a Finnish account number (123456-785 or 14 digits) with a valid check digit" };
      return found("FI", bban, bicForFinnishBban(bban));
    }
    case "NOR": {
      const bban = account.replace(SEPARATORS, "");
      if (!/^\d{11}$/.test(bban) || !isValidDomesticAccount("NOR", bban)) return { ok: false, reason: "invalid", ...stated("norwegianAccount") };
      return found("NO", bban, bicForNorwegianAccount(bban));
    }
    case "SWE": {
      const parsed = swedishAccountParts(account.trim());
      if (!parsed) return { ok: false, reason: "invalid", ...stated("swedishAccount") };
      const result = swedishBban(parsed.sortingCode, parsed.accountNumber);
      if (!result.ok) return { ok: false, reason: result.reason, message: result.message };
      return found("SE", result.bban, result.bic);
    }
  }
}

/** The IBAN of a checked BBAN: ibantools computes its ISO 13616 check digits. */
function found(countryCode: "FI" | "NO" | "SE", bban: string, bic: string | null): DomesticIban {
  const iban = composeIBAN({ countryCode, bban });
  if (!iban) throw new Error(`no IBAN for the checked ${countryCode} BBAN ${bban}`);
  return { ok: true, bban, iban, ibanPrint: friendlyFormatIBAN(iban)!, bic };
}
