import { electronicFormatIBAN } from "ibantools";
import { z } from "zod";

import { bicForFinnishIban } from "../../payment-data/finnish-bics";
import { COUNTRY_RULES, type Country } from "../../spec/environments";
import { isValidBankgiro, isValidDomesticAccount, isValidIban, isValidPlusgiro, isValidVatNumber } from "../../spec/national-ids";
import type { Creditor } from "../documents/creditor";
import { PAYEE_ACCOUNT_NAMES, payeeAccountOf } from "../documents/payee-account";

/*
 * The creditor details support gives a new profile (`npm run profile:create`): what its invoices
 * and letters print as the seller and the account its debtors pay to. A profile made without them
 * printed documents with the profile's name alone and no account, which nobody can pay; a
 * production profile must now have an account its country's debtors pay to (intake refuses a
 * payable job otherwise, intake/payee-account.ts), so the command asks for one.
 */

const text = (max: number) => z.string().trim().min(1).max(max);

export const creditorOptionsShape = {
  street: text(200).optional(),
  postcode: text(20).optional(),
  city: text(100).optional(),
  iban: text(42).optional(),
  bic: text(11).optional(),
  bankgiro: text(12).optional(),
  plusgiro: text(12).optional(),
  /** A Norwegian 11-digit account, or a Swedish clearing and account number. */
  account: text(30).optional(),
  "vat-number": text(20).optional(),
  "registered-office": text(100).optional(),
  email: z.email().optional(),
  phone: text(30).optional(),
};

type CreditorOptions = { [K in keyof typeof creditorOptionsShape]?: string };

/** The creditor details from the options, or the problems, each naming its option. */
export function creditorFromOptions(
  country: Country,
  identity: { name: string; businessId: string },
  options: CreditorOptions,
): { ok: true; creditor: Creditor } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  // Without spaces and in capitals, as it is stored and printed.
  const iban = options.iban ? electronicFormatIBAN(options.iban) : null;
  if (iban && !isValidIban(iban)) problems.push(`--iban: ${options.iban} is not a valid IBAN`);
  if (options.bankgiro && !isValidBankgiro(options.bankgiro)) problems.push(`--bankgiro: ${options.bankgiro} is not a valid bankgiro number`);
  if (options.plusgiro && !isValidPlusgiro(options.plusgiro)) problems.push(`--plusgiro: ${options.plusgiro} is not a valid plusgiro number`);
  if ((options.bankgiro || options.plusgiro) && country !== "SWE") problems.push("--bankgiro, --plusgiro: Swedish accounts, for a profile in Sweden");
  if (options.account && (country === "FIN" || !isValidDomesticAccount(country, options.account)))
    problems.push(
      `--account: ${options.account} is not a valid ${country === "FIN" ? "account here: Finland pays to an IBAN (--iban)" : `${COUNTRY_RULES[country].adjective} account number`}`,
    );
  if (options["vat-number"] && !isValidVatNumber(country, options["vat-number"]))
    problems.push(`--vat-number: ${options["vat-number"]} is not a valid VAT number`);
  const creditor: Creditor = {
    name: identity.name,
    street: options.street ?? null,
    postcode: options.postcode ?? null,
    city: options.city ?? null,
    country: COUNTRY_RULES[country].alpha2,
    businessId: identity.businessId,
    vatNumber: options["vat-number"] ?? null,
    registeredOffice: options["registered-office"] ?? null,
    email: options.email ?? null,
    phone: options.phone ?? null,
    iban,
    bic: options.bic ?? (iban ? bicForFinnishIban(iban) : null),
    bankgiro: options.bankgiro ?? null,
    plusgiro: options.plusgiro ?? null,
    account: options.account ?? null,
  };
  if (problems.length === 0 && !payeeAccountOf(creditor, country))
    problems.push(`give the account its debtors pay to: ${PAYEE_ACCOUNT_NAMES[country]} (--iban, --bankgiro, --plusgiro or --account)`);
  if (!options.street || !options.postcode || !options.city) problems.push("--street, --postcode, --city: the address its documents print as the seller's");
  return problems.length === 0 ? { ok: true, creditor } : { ok: false, problems };
}
