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

/**
 * One spelling per identity code, so that a lookup by hash finds a customer however the ERP wrote
 * the code: a Swedish personnummer as `YYMMDD-NNNN`, `YYMMDDNNNN` or `YYYYMMDDNNNN` (the long form,
 * the one Skatteverket's own registers use), an organisationsnummer with or without its hyphen, a
 * Norwegian number with the spaces of print, a Y-tunnus with or without its hyphen or as its VAT
 * number. The country goes in front: the lengths of the three countries' codes differ, but the key
 * need not rely on that. A code none of the checks accepts (a foreign one) keeps its characters,
 * without spaces and in capitals.
 *
 * Finnish henkilötunnus are kept as written: since 2023 `-` and `Y`, or `A` and `B`, are different
 * people born on the same day (Digi- ja väestötietovirasto, henkilötunnuksen uudistus 1.1.2023).
 */
export function canonicalGovid(value: string): string {
  const compact = value.replace(/\s+/g, "").toUpperCase();
  if (check("FI", "hetu", compact)) return `FI:${compact}`;
  if (Personnummer.valid(compact)) return `SE:${Personnummer.parse(compact).format(true)}`;
  const other = (
    [
      ["SE", "orgnr"],
      ["NO", "fodselsnummer"],
      ["NO", "orgnr"],
    ] as const
  ).find(([country, name]) => check(country, name, compact));
  if (other) return `${other[0]}:${stdnum[other[0]]![other[1]]!.compact(compact)}`;
  // The Y-tunnus in its registered form, 7 digits, hyphen, check digit (also from its VAT form FI…).
  const ytunnus = stdnum.FI!.ytunnus!.validate(compact);
  if (ytunnus.isValid) return `FI:${stdnum.FI!.ytunnus!.format(ytunnus.compact)}`;
  return compact;
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
