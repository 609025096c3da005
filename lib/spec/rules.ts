/*
 * The rules the interface states most often, each under a stable key: its English wording (what a
 * problem's `message` says) with named parameters. The service words these problems from here and
 * names the key beside the message (a problem's `rule` and `params`, lib/spec/problems.ts); the
 * portal carries the key (ruleKeyed) and shows its own text for it, so nothing reads the English
 * to find a rule, rewording a rule changes no translation, and a translation missing for a key is a
 * type error (lib/portal/i18n/rule-texts.ts, and for the provider's onboarding wizard
 * lib/spec/onboarding-rule-texts.ts). Rules not listed stay in English after the member's label.
 */

import { fillTemplate } from "../platform/fill-template";

import { keyAndParams, keyWithParams } from "./keyed-message";

export const RULES = {
  // The two conditions a portal form decides for the clerk (who the recipient is, how it is sent),
  // so it says them in its own words; before `required`, which reads like them.
  /** `customertype`: the code and its meaning, "1 (company)". */
  requiredByCustomertype: "is required when customertype is {customertype}",
  /** `sendtype`: the way of sending, "email", with what the member then is where that needs saying. */
  requiredBySendtype: "is required when sendtype is {sendtype}",
  /** `when`: the condition in the interface's words (" when checkbillnum is 1"), or empty. */
  required: "is required{when}",
  notNull: "must not be null",
  integer: "must be an integer",
  /** A value of another type where a number belongs. */
  numberType: "must be a number",
  /** A text that is no decimal number ("12,50"). */
  number: "must be a number, with a dot before decimals",
  date: "must be a real calendar date written YYYY-MM-DD",
  email: "must be a valid e-mail address",
  emailList: "must be an e-mail address, or several separated by ';'",
  maxLength: "must be at most {max} characters",
  atLeast: "must be at least {min}",
  atMost: "must be at most {max}",
  minOneRow: "must have at least one row",
  dueBeforeBillDate: "must not be before billdate ({billdate})",
  positiveCapital: "must be greater than 0 (the open capital)",
  paymentTermDays: "must be a whole number of days from 0 to 365",
  finnishReference: "is not a valid Finnish reference number (4–20 digits with a 7-3-1 check digit)",
  ocrReference: "is not a valid OCR number (2–25 digits with a Luhn check digit)",
  kidReference: "is not a valid KID (2–25 digits with a MOD10 or MOD11 check digit)",
  rfReference: "looks like an RF creditor reference but its check digits are wrong",
  alpha3Country: "must be an ISO 3166-1 alpha-3 country code",
  iban: "must be a valid IBAN",
  bbanInFinland: "BBAN accounts are not used in Finland; give an IBAN",
  swedishAccount: "must be a Swedish clearing and account number",
  norwegianAccount: "must be a Norwegian account number (11 digits, MOD11)",
  plusgiro: "must be a Plusgiro number (2–8 digits with a valid check digit)",
  bankgiro: "must be a Bankgiro number (7–8 digits with a valid check digit)",
  telephone: "must be a telephone number (digits, spaces, an optional leading +)",
  url: "must be a URL",
  /** `nationality`: Finnish, Swedish or Norwegian. */
  businessOrPersonalId: "must be a valid {nationality} business id or personal identity code",
  vatNumber: "must be a valid {nationality} VAT number",
  // A debtor's postcode and identity code by the country it lives in (lib/spec/minimum-data.ts).
  finnishPostcode: "must be a Finnish postcode of five digits",
  swedishPostcode: "must be a Swedish postcode of five digits (123 45)",
  norwegianPostcode: "must be a Norwegian postcode of four digits",
  /** `personalId`: the country's own name of the code, "henkilötunnus", "personnummer", "fødselsnummer". */
  personalIdOfCountry: "must be the person's {personalId}, with a valid check digit",
  /** `businessId`: the country's own name of the code, "Y-tunnus", "organisationsnummer", "organisasjonsnummer". */
  businessIdOfCountry: "must be the company's {businessId}, with a valid check digit",
  /** Where the job does not say whether the party is a company or a person. */
  businessOrPersonalIdOfCountry: "must be a {businessId} or a {personalId}, with a valid check digit",
  userPersonalId: "must be a valid personal identity code of the user's nationality",
  norwaySwedenOnly: "applies only in Norway and Sweden",
  accountTypeOfCountry: "must be one of {types} in {country}",
  /** A code outside its table; after accountTypeOfCountry, which it starts like. `values`: the codes, ", "-separated. */
  oneOf: "must be one of {values}",
  controlCharacters: "must not contain control characters",
  // Rarer rules, each said by one check: letters (jobtype 301), ledger rows, amounts of the payment
  // operations, a period, the event receiver.
  letterSendtype: "must be post or email for jobtype 301",
  letterCountry: "must be an ISO 3166-1 alpha-3 code for jobtype 301",
  documentTypeRows: "must have at least one row, one of them with propname documenttype",
  documentTypeRow: "must have a row with propname documenttype",
  oneDocumentTypeRow: "must have only one row with propname documenttype",
  letterPdf: "must carry the PDF: base64 in image.file, or image.filename naming a PDF in the same ZIP package",
  debitOrCredit: "must have either a debit or a credit amount, not both or neither",
  twoDecimals: "must have at most two decimals",
  moreThanZero: "must be more than 0",
  /** `max`: the case's open capital, "20.50". */
  atMostOpenCapital: "must be at most {max}, the open capital",
  /**
   * A reminder or collection job's `noticefee` above the reminder fees the law allows: `max` "5.00",
   * `reminders` how many the fee may be for ("1"), `most` how many of a claim's reminders may carry
   * a fee ("3"), `law` the act and sections that cap them. It tells the principal how a larger fee
   * is claimed: each earlier reminder dated.
   */
  atMostReminderFees:
    "must be at most {max}, what the law allows for {reminders} reminder(s) ({law}); counted are a reminder job's own letter and each earlier reminder dated in noticedate to noticedate4, at most {most}: to claim the fees of more reminders, give each earlier one's date there",
  /**
   * A collection the customer prints itself (sendtype print) posted before the notice before it has
   * given its term (intake/printed-collection.ts): `noticedate` and `from` dates, `term` and `grace`
   * days, `law` the act and section ("inkassoloven § 9").
   */
  printedCollectionNotBefore:
    "is {noticedate}: a collection the customer prints (sendtype print) may be posted on {from} at the earliest, once the notice's term of at least {term} days from its sending and {grace} days' grace for payments in transit have run ({law}); post it then, or with a sendtype the service sends, which holds it until that day",
  /**
   * A payable job of a profile whose creditor details give nothing its country's debtors pay to
   * (intake/payee-account.ts): `accounts`, what the country takes, "bankgiro, plusgiro, bank account or IBAN".
   */
  payeeAccount:
    "the job cannot be paid: the profile's settlement settings give no {accounts} for the debtor to pay to; have the provider's support add one to the profile, then post the job again under a new Idempotency-Key",
  tooLarge: "is too large",
  decimalNumber: "must be a decimal number such as 12.50",
  eitherOf: "give either {a} or {b}",
  periodOrder: "must not be before from",
  httpsInProduction: "must be an https URL in a production environment",
  noUrlCredentials: "must not hold credentials; put them in auth",
} as const;

export type Rule = keyof typeof RULES;
type RuleParams = Record<string, string | number>;

/** The rule in the interface's words, its parameters filled in. */
export function ruleMessage(rule: Rule, params: RuleParams = {}): string {
  return fillTemplate(RULES[rule], params, "");
}

const KEYED = "rule:";

/** Whether a key is a rule of this catalogue: a newer service may name a rule it does not know yet. */
export const isRule = (key: string): key is Rule => Object.hasOwn(RULES, key);

/**
 * A rule as a message that travels where only a string does (a form's error, an action's field
 * errors): its key and parameters, "rule:maxLength?max=40", in the query-string form of the
 * portal's own keyed messages. Whoever shows it words it by the key (keyedRule), in English by the
 * catalogue, so nothing reads the English wording to find the rule.
 */
export function ruleKeyed(rule: Rule, params: Record<string, string | number> = {}): string {
  return keyWithParams(`${KEYED}${rule}`, params);
}

/** The rule and parameters of a ruleKeyed message; null for any other text. */
export function keyedRule(message: string): { rule: Rule; params: Record<string, string> } | null {
  if (!message.startsWith(KEYED)) return null;
  const { key, params } = keyAndParams(message.slice(KEYED.length));
  return isRule(key) ? { rule: key, params } : null;
}

/** A rule of the interface (a ruleKeyed message) in the catalogue's English; null for any other message. */
export function englishRule(message: string): string | null {
  const found = keyedRule(message);
  return found ? ruleMessage(found.rule, found.params) : null;
}
