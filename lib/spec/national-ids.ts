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
 * A Swedish personnummer or samordningsnummer in its long form, YYYYMMDDNNNN (the form Skatteverket's
 * registers use), or null when the value is none. The century of a short one follows its separator
 * (folkbokföringslagen 1991:481 18 §, Skatteverket SKV 704): `-` the last hundred years, `+` a
 * hundred or more years ago, counted from the birth date to `today`, so a code keeps its century
 * until its holder turns a hundred, when its separator changes too. The personnummer library
 * guesses the century from the year alone and would put someone born in December 1926 in December
 * 2026, so the century is reckoned here.
 */
export function swedishPersonalLong(value: string, today: string): string | null {
  if (!Personnummer.valid(value)) return null;
  const long = /^(\d{8})-?(\d{4})$/.exec(value);
  if (long) return `${long[1]}${long[2]}`;
  const short = /^(\d{2})(\d{2})(\d{2})([-+]?)(\d{4})$/.exec(value);
  if (!short) return null;
  const [, yy, mm, dd, separator, last] = short as unknown as [string, string, string, string, string, string];
  // A samordningsnummer carries its day plus 60.
  const day = String(Number(dd) > 60 ? Number(dd) - 60 : Number(dd)).padStart(2, "0");
  const thisYear = Number(today.slice(0, 4));
  let year = thisYear - ((((thisYear - Number(yy)) % 100) + 100) % 100);
  if (`${year}-${mm}-${day}` > today) year -= 100;
  if (separator === "+") year -= 100;
  return `${year}${mm}${dd}${last}`;
}

/**
 * Every reading of an identity code, one per country whose rules accept it, each in that country's
 * one spelling with the country in front: a Swedish personnummer as YYYYMMDDNNNN however written, an
 * organisationsnummer as ten digits (with or without its hyphen or the 16 of the century), a
 * Norwegian number without print's spaces, a Y-tunnus as NNNNNNN-N (also from its VAT form FI…).
 * Finnish henkilötunnus stay as written: since 2023 `-` and `Y`, or `A` and `B`, are different
 * people born on the same day (Digi- ja väestötietovirasto, henkilötunnuksen uudistus 1.1.2023). A
 * short Swedish personnummer can also be a valid henkilötunnus, so a code may have two readings.
 */
/** A code without spaces, in capitals: what is left of one no country's rules accept. */
const compactOf = (value: string) => value.replace(/\s+/g, "").toUpperCase();

/*
 * Each validator costs 8–14 µs even on a code of another shape, and every code went through six of
 * them: some 70 µs a job, 70 ms of the request thread for 1000 invoices with identity codes. A
 * validator is asked only when the code can pass it: each of them removes separators only and then
 * wants that many digits (a henkilötunnus 11 characters), so a code written in ASCII with another
 * count of digits cannot. A code with other characters goes to all of them, since stdnum reads
 * other scripts' digits and dashes as these (a property test holds the two ways equal).
 */
const ASCII = /^[\x20-\x7e]*$/;
const digitCount = (text: string) => text.replace(/[^0-9]/g, "").length;

function govidReadings(value: string, today: string): { country: Country; canonical: string }[] {
  const compact = compactOf(value);
  const ascii = ASCII.test(compact);
  const digits = ascii ? digitCount(compact) : -1;
  const may = (count: number) => !ascii || digits === count;
  const readings: { country: Country; canonical: string }[] = [];
  if ((!ascii || compact.length === 11) && check("FI", "hetu", compact)) readings.push({ country: "FIN", canonical: `FI:${compact}` });
  else if (may(8)) {
    const ytunnus = stdnum.FI!.ytunnus!.validate(compact);
    if (ytunnus.isValid) readings.push({ country: "FIN", canonical: `FI:${stdnum.FI!.ytunnus!.format(ytunnus.compact)}` });
  }
  const person = may(10) || may(12) ? swedishPersonalLong(compact, today) : null;
  const orgnr = /^16\d{10}$/.test(compact) ? compact.slice(2) : compact;
  if (person) readings.push({ country: "SWE", canonical: `SE:${person}` });
  else if ((!ascii || digitCount(orgnr) === 10) && check("SE", "orgnr", orgnr))
    readings.push({ country: "SWE", canonical: `SE:${stdnum.SE!.orgnr!.compact(orgnr)}` });
  if (may(11) && check("NO", "fodselsnummer", compact)) readings.push({ country: "NOR", canonical: `NO:${stdnum.NO!.fodselsnummer!.compact(compact)}` });
  else if (may(9) && check("NO", "orgnr", compact)) readings.push({ country: "NOR", canonical: `NO:${stdnum.NO!.orgnr!.compact(compact)}` });
  return readings;
}

/**
 * The one spelling a code is stored under: its reading by `country` (the debtor's) where that
 * country's rules accept it, else its only or first reading, else (a foreign code) its characters
 * without spaces, in capitals.
 */
export function canonicalGovid(value: string, country: Country | null, today: string): string {
  const readings = govidReadings(value, today);
  return (readings.find((reading) => reading.country === country) ?? readings[0])?.canonical ?? compactOf(value);
}

/** What a lookup by the code must match: every reading, as the code may have been stored under any. */
export function govidLookupKeys(value: string, today: string): string[] {
  const readings = govidReadings(value, today).map((reading) => reading.canonical);
  return readings.length > 0 ? readings : [compactOf(value)];
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

/**
 * A Swedish clearing and account number checked by Bankgirot's rules (its check digit, and a type 1
 * account's length), as its parts: the clearing number (Swedbank's five digits where written) and
 * the account; null when it is not one.
 */
export function swedishAccountParts(value: string): { sortingCode: string; accountNumber: string } | null {
  try {
    const parsed = parseSwedishAccount(value, { mode: "semi" });
    return parsed.valid ? { sortingCode: parsed.sortingCode, accountNumber: parsed.accountNumber } : null;
  } catch {
    return null;
  }
}

/** A domestic (BBAN) account: Swedish clearing + account number, or a Norwegian 11-digit account. */
export function isValidDomesticAccount(country: Country, value: string): boolean {
  switch (country) {
    case "SWE":
      return swedishAccountParts(value) !== null;
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
