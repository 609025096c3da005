import countries from "i18n-iso-countries";

import { exactCents, formatCents } from "../payment-data/amounts";

import { DOCUMENT_TYPES, LETTER_SENDTYPES } from "./codes";
import { datasetItemSchema, type DatasetItem } from "./dataset-item";
import { COUNTRIES, type Country } from "./environments";
import { isValidBusinessId, isValidIban, isValidPersonalId } from "./national-ids";
import { isPresent } from "./primitives";
import { problemParams, required, ruleProblem, stated, type FieldProblem } from "./problems";
import type { Rule } from "./rules";

/*
 * The specification's "Minimum data per job kind", and the rules between members that a single
 * member's type cannot express. The result is a list of problems; an empty list means the job
 * carries what its kind needs. Country rules come from the environment the job is posted to.
 */

type Item = DatasetItem;

function need(item: Item, fields: readonly (keyof Item & string)[], problems: FieldProblem[]) {
  for (const field of fields) if (!isPresent(item[field])) problems.push(required(field));
}

function recipient(item: Item, problems: FieldProblem[]) {
  if (item.customertype === 1 && !isPresent(item.company)) {
    problems.push({ field: "company", code: "required", ...stated("requiredByCustomertype", { customertype: "1 (company)" }) });
  }
  if (item.customertype === 2 && !isPresent(item.person)) {
    problems.push({ field: "person", code: "required", ...stated("requiredByCustomertype", { customertype: "2 (natural person)" }) });
  }
}

function dueAfterBillDate(item: Item, problems: FieldProblem[]) {
  if (item.billdate && item.paydate && item.paydate < item.billdate) {
    problems.push({ field: "paydate", code: "invalid", ...stated("dueBeforeBillDate", { billdate: item.billdate }) });
  }
}

function payrows(item: Item, problems: FieldProblem[]) {
  const rows = item.payrow ?? [];
  if (rows.length === 0) {
    problems.push({ field: "payrow", code: "required", ...stated("minOneRow") });
    return;
  }
  rows.forEach((row, index) => {
    for (const field of ["desc", "count", "amount", "taxpr"] as const) {
      if (!isPresent(row[field])) problems.push(required(`payrow[${index}].${field}`));
    }
  });
}

/**
 * Accounting rows (Embed): each names its account, its net and VAT, and is either a debit or a
 * credit. Debits and credits must balance, or the principal's ledger would not.
 */
function accountrows(item: Item, problems: FieldProblem[]) {
  const rows = item.accountrow;
  if (!rows || rows.length === 0) return;
  let debit = 0n;
  let credit = 0n;
  rows.forEach((row, index) => {
    for (const field of ["accountid", "netamount", "vatamount", "desc", "taxpr"] as const) {
      if (!isPresent(row[field])) problems.push(required(`accountrow[${index}].${field}`));
    }
    const hasDebit = isPresent(row.debit) && row.debit !== 0;
    const hasCredit = isPresent(row.credit) && row.credit !== 0;
    if (hasDebit === hasCredit) {
      problems.push({
        field: `accountrow[${index}]`,
        code: "invalid",
        ...stated("debitOrCredit"),
      });
    }
    if (row.debit) debit += exactCents(row.debit);
    if (row.credit) credit += exactCents(row.credit);
  });
  if (debit !== credit) {
    problems.push({
      field: "accountrow",
      code: "invalid",
      message: `debits (${formatCents(debit)}) and credits (${formatCents(credit)}) must balance`,
    });
  }
}

function sendtypeAddress(item: Item, problems: FieldProblem[]) {
  switch (item.sendtype) {
    case "email":
      if (!isPresent(item.email)) problems.push({ field: "email", code: "required", ...stated("requiredBySendtype", { sendtype: "email" }) });
      break;
    case "evoice":
    case "evoicenet":
    case "evoicesm":
      if (!isPresent(item.evoice)) problems.push({ field: "evoice", code: "required", ...stated("requiredBySendtype", { sendtype: item.sendtype }) });
      if (!isPresent(item.evoiceint)) problems.push({ field: "evoiceint", code: "required", ...stated("requiredBySendtype", { sendtype: item.sendtype }) });
      break;
    case "peppol":
      if (!isPresent(item.evoice)) {
        problems.push({
          field: "evoice",
          code: "required",
          ...stated("requiredBySendtype", { sendtype: "peppol (the recipient's Peppol participant id)" }),
        });
      }
      break;
  }
}

function refund(item: Item, problems: FieldProblem[]) {
  if (isPresent(item.refundiban) && !isValidIban(item.refundiban ?? "")) {
    problems.push({ field: "refundiban", code: "invalid", ...stated("iban") });
  }
  if (item.checkbillnum === 1 && !isPresent(item.billnum)) {
    problems.push({ field: "billnum", code: "required", ...stated("required", { when: " when checkbillnum is 1" }) });
  }
}

function letter(item: Item, problems: FieldProblem[]) {
  need(item, ["sendtype", "customertype", "address", "postcode", "city", "addresscountry", "countryname"], problems);
  if (item.sendtype && !(LETTER_SENDTYPES as readonly string[]).includes(item.sendtype)) {
    problems.push({ field: "sendtype", code: "invalid", ...stated("letterSendtype") });
  }
  if (item.addresscountry && !/^[A-Z]{3}$/.test(item.addresscountry)) {
    problems.push({ field: "addresscountry", code: "invalid", ...stated("letterCountry") });
  }
  if (item.sendtype === "email" && !isPresent(item.email)) {
    problems.push({ field: "email", code: "required", ...stated("requiredBySendtype", { sendtype: "email" }) });
  }
  const properties = item.propertyrow ?? [];
  if (properties.length === 0) {
    problems.push({ field: "propertyrow", code: "required", ...stated("documentTypeRows") });
  }
  properties.forEach((row, index) => {
    if (!isPresent(row.propname)) problems.push(required(`propertyrow[${index}].propname`));
    if (!isPresent(row.propvalue)) problems.push(required(`propertyrow[${index}].propvalue`));
  });
  const documentTypes = properties.filter((row) => row.propname === "documenttype");
  const documentType = documentTypes[0];
  if (properties.length > 0 && !documentType) {
    problems.push({ field: "propertyrow", code: "required", ...stated("documentTypeRow") });
  }
  if (documentTypes.length > 1) {
    problems.push({ field: "propertyrow", code: "invalid", ...stated("oneDocumentTypeRow") });
  }
  if (documentType?.propvalue && !(DOCUMENT_TYPES as readonly string[]).includes(documentType.propvalue)) {
    const index = properties.indexOf(documentType);
    problems.push({
      field: `propertyrow[${index}].propvalue`,
      code: "invalid",
      ...stated("oneOf", { values: `${DOCUMENT_TYPES.join(", ")} when propname is documenttype` }),
    });
  }
  if (!isPresent(item.image?.file) && !isPresent(item.image?.filename)) {
    problems.push({
      field: "image",
      code: "required",
      ...stated("letterPdf"),
    });
  }
}

/**
 * Where a collection may not begin before the debtor was reminded, a job posted straight to
 * collection must say when. Finland: the specification's rule (a payment demand follows the
 * creditor's reminder). Norway: inkassoloven § 9 (LOV-1988-05-13-26, read 2026-11-28) lets
 * collection begin only after a written inkassovarsel with at least 14 days to pay; without its
 * date the service would send a betalingsoppfordring the law forbids. Sweden's inkassolagen asks
 * no reminder before an inkassokrav.
 */
const NOTICE_BEFORE_COLLECTION: Partial<Record<Country, string>> = {
  FIN: " for debt collection in Finland (the date the creditor sent the reminder)",
  NOR: " for debt collection in Norway (the date the inkassovarsel was sent, inkassoloven § 9)",
};

/** Whether a job posted straight to collection in the country must carry its noticedate. */
export const collectionNeedsNoticeDate = (country: Country): boolean => NOTICE_BEFORE_COLLECTION[country] !== undefined;

export function minimumDataProblems(item: Item, country: Country): FieldProblem[] {
  const problems: FieldProblem[] = [];
  need(item, ["jobtype", "address", "city", "customertype"], problems);
  recipient(item, problems);
  switch (item.jobtype) {
    case 0:
    case 300:
    case 602:
      need(item, ["postcode", "billdate", "paydate"], problems);
      if (item.jobtype === 602 && !isPresent(item.origbillnum)) {
        problems.push({ field: "origbillnum", code: "required", ...stated("required", { when: " for a sub invoice (jobtype 602)" }) });
      }
      payrows(item, problems);
      break;
    case 1:
    case 2:
      need(item, ["billcode", "amount", "billnum", "postcode", "billdate", "paydate"], problems);
      if (item.jobtype === 2 && !isPresent(item.noticedate)) {
        const when = NOTICE_BEFORE_COLLECTION[country];
        if (when) problems.push({ field: "noticedate", code: "required", ...stated("required", { when }) });
      }
      if (isPresent(item.amount) && (item.amount ?? 0) <= 0) {
        problems.push({ field: "amount", code: "invalid", ...stated("positiveCapital") });
      }
      break;
    case 301:
      letter(item, problems);
      break;
  }
  if (item.jobtype !== 301) sendtypeAddress(item, problems);
  dueAfterBillDate(item, problems);
  accountrows(item, problems);
  refund(item, problems);
  nationalFormats(item, country, problems);
  additionalAddresses(item, country, problems);
  return dedupe(problems);
}

/** The debtor's (or another party's) country when it is one of the three (its address country, else the environment's). */
export function debtorCountry(item: Pick<Item, "addresscountry">, country: Country): Country | null {
  if (!item.addresscountry) return country;
  const alpha3 = countries.toAlpha3(item.addresscountry);
  return (COUNTRIES as readonly string[]).includes(alpha3 ?? "") ? (alpha3 as Country) : null;
}

/** A postcode of each country, as its post writes it; a wrong one is said by the country's rule. */
const POSTCODES: Record<Country, { pattern: RegExp; rule: Rule }> = {
  FIN: { pattern: /^\d{5}$/, rule: "finnishPostcode" },
  SWE: { pattern: /^\d{3} ?\d{2}$/, rule: "swedishPostcode" },
  NOR: { pattern: /^\d{4}$/, rule: "norwegianPostcode" },
};

/** The country's own names of its identity codes: the parameters of the rules that ask for one. */
const ID_NAMES: Record<Country, { personalId: string; businessId: string }> = {
  FIN: { personalId: "henkilötunnus", businessId: "Y-tunnus" },
  SWE: { personalId: "personnummer", businessId: "organisationsnummer" },
  NOR: { personalId: "fødselsnummer", businessId: "organisasjonsnummer" },
};

/** A party of the job with an address: the recipient itself, or an additional address (addaddress[]). */
type Party = Pick<Item, "postcode" | "addresscountry"> & { govid?: string | null; customertype?: number | null };

/**
 * The problem of a postcode the party's country (its addresscountry, else the environment's) cannot
 * have; null when it can. `at` is the party's path ("addaddress[1]."), empty for the recipient.
 */
export function postcodeProblem(party: Pick<Party, "postcode" | "addresscountry">, country: Country, at = ""): FieldProblem | null {
  const home = debtorCountry(party, country);
  const postcode = party.postcode?.trim();
  if (!home || !postcode || POSTCODES[home].pattern.test(postcode)) return null;
  return ruleProblem(`${at}postcode`, "invalid", POSTCODES[home].rule);
}

/**
 * A postcode and an identity code the party's country can have: a letter with postcode "ABC" is
 * not delivered, and a wrong id collects from no one. Checked for parties in Finland, Sweden and
 * Norway, by the published check digits (national-ids.ts). govid is the specification's "business
 * id or personal identity code": either form passes (a sole trader may be given by either).
 */
function nationalFormats(party: Party, country: Country, problems: FieldProblem[], at = "") {
  const home = debtorCountry(party, country);
  if (!home) return;
  const postcode = postcodeProblem(party, country, at);
  if (postcode) problems.push(postcode);
  const govid = party.govid?.trim();
  if (!govid) return;
  if (isValidBusinessId(home, govid) || isValidPersonalId(home, govid)) return;
  const names = ID_NAMES[home];
  const field = `${at}govid`;
  if (party.customertype === 2) problems.push(ruleProblem(field, "invalid", "personalIdOfCountry", { personalId: names.personalId }));
  else if (party.customertype === 1) problems.push(ruleProblem(field, "invalid", "businessIdOfCountry", { businessId: names.businessId }));
  else problems.push(ruleProblem(field, "invalid", "businessOrPersonalIdOfCountry", names));
}

/**
 * The job's additional addresses (a secondary debtor, a delivery or billing address) by the same
 * rules, each in its own country: the specification gives an additional address its own
 * addresscountry, and one without lives where the environment is.
 */
function additionalAddresses(item: Item, country: Country, problems: FieldProblem[]) {
  (item.addaddress ?? []).forEach((address, index) => {
    if (address) nationalFormats(address, country, problems, `addaddress[${index}].`);
  });
}

function dedupe(problems: FieldProblem[]): FieldProblem[] {
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const key = `${problem.field}\u0000${problem.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * A dataset item with its kind's minimum data as one zod schema, for the country of an environment:
 * what a form validates with. Intake itself runs the two steps apart, to report type errors and
 * missing members together (see validate-job.ts).
 */
export function jobSchemaFor(country: Country) {
  return datasetItemSchema.superRefine((item, context) => {
    for (const problem of minimumDataProblems(item, country)) {
      context.addIssue({ code: "custom", message: problem.message, path: problem.field ? pathOf(problem.field) : [], params: problemParams(problem) });
    }
  });
}

/** "payrow[0].taxpr" → ["payrow", 0, "taxpr"] */
export function pathOf(field: string): (string | number)[] {
  return field
    .split(/\.|\[(\d+)\]/)
    .filter((part) => part !== undefined && part !== "")
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}
