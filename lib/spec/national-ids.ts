import { electronicFormatIBAN, isValidIBAN } from "ibantools";
import { parse as parseSwedishAccount } from "kontonummer";
import Personnummer from "personnummer";
import { stdnum } from "stdnum";

import type { Country } from "./environments";

/*
 * Identity codes and account numbers of the three countries, checked with the published algorithms
 * (stdnum, personnummer, kontonummer, ibantools). Each function answers only "valid or not".
 */

const ALPHA2: Record<Country, "FI" | "SE" | "NO"> = { FIN: "FI", SWE: "SE", NOR: "NO" };

function check(country: "FI" | "SE" | "NO", name: string, value: string): boolean {
  const validator = stdnum[country]?.[name];
  if (!validator) throw new Error(`stdnum has no ${country}.${name}`);
  return validator.validate(value).isValid;
}

export function isValidBusinessId(country: Country, value: string): boolean {
  switch (country) {
    case "FIN":
      return check("FI", "ytunnus", value);
    case "SWE":
      return check("SE", "orgnr", value);
    case "NOR":
      return check("NO", "orgnr", value);
  }
}

/** A natural person's identity code: henkilötunnus (incl. the 2023 century letters), personnummer, fødselsnummer. */
export function isValidPersonalId(country: Country, value: string): boolean {
  switch (country) {
    case "FIN":
      return check("FI", "hetu", value);
    case "SWE":
      return Personnummer.valid(value);
    case "NOR":
      return check("NO", "fodselsnummer", value);
  }
}

export function isValidVatNumber(country: Country, value: string): boolean {
  switch (country) {
    case "FIN":
      return check("FI", "alv", value);
    case "SWE":
      return check("SE", "vat", value);
    case "NOR":
      return check("NO", "mva", value);
  }
}

export function isValidIban(value: string): boolean {
  return isValidIBAN(electronicFormatIBAN(value) ?? "");
}

export function ibanCountry(value: string): string | null {
  const iban = electronicFormatIBAN(value);
  return iban && isValidIBAN(iban) ? iban.slice(0, 2) : null;
}

/** A domestic (BBAN) account: Swedish clearing + account number, or a Norwegian 11-digit account. */
export function isValidDomesticAccount(country: Country, value: string): boolean {
  switch (country) {
    case "SWE":
      try {
        return parseSwedishAccount(value, { mode: "semi" }).valid;
      } catch {
        return false;
      }
    case "NOR":
      return check("NO", "kontonr", value);
    case "FIN":
      return false; // Finland uses IBAN only
  }
}

// One implementation of the giro checks, kept where the payment numbers live.
export { isValidBankgiro, isValidPlusgiro } from "../payment-data/swedish-giro";

export function countryAlpha2(country: Country) {
  return ALPHA2[country];
}
