import type { JobDetail } from "../../spec/job-detail";
import { FORM_LANGUAGES, FORM_SENDTYPES, recipientValuesOf, type FormLanguage, type FormSendtype, type RecipientValues } from "../forms/form-fields";

/*
 * What a job says about its debtor, as the customer register keeps it, and the key that finds the
 * same customer again: the customer number when the job has one (the ERP's own identity of the
 * customer), else the name and postcode as a person would compare them. No identity code ever
 * comes along: the register is an address book, and the cases keep theirs sealed.
 */

export const CUSTOMER_TYPES = ["company", "person"] as const;
type CustomerType = (typeof CUSTOMER_TYPES)[number];

/** A customer's default way of sending and its language: what the job forms offer. */
export const CUSTOMER_SENDTYPES = FORM_SENDTYPES;
export type CustomerSendtype = FormSendtype;
export const CUSTOMER_LANGUAGES = FORM_LANGUAGES;
type CustomerLanguage = FormLanguage;

/** The connection a customer's jobs go through: the register is kept per connection. */
interface CustomerBook {
  environment: string;
  cid: string;
  /** FIN | SWE | NOR, the environment's. */
  country: string;
}

/** The recipient's name, address and number as a job form has them; the type and language as the register says them. */
export interface CustomerFacts extends CustomerBook, Pick<RecipientValues, "name" | "address" | "postcode" | "city" | "email" | "custnum"> {
  customertype: CustomerType;
  language: CustomerLanguage | null;
}

/** Case, spaces and Unicode forms folded, so "ACME  Oy" and "Acme Oy" are one customer. */
function normaliseName(name: string): string {
  return name.normalize("NFKC").toLocaleLowerCase("en").replace(/\s+/g, " ").trim();
}

function normalisePostcode(postcode: string): string {
  return postcode
    .normalize("NFKC")
    .replace(/[\s-]+/g, "")
    .toUpperCase();
}

/**
 * The register's key of the customer, or null when the job does not tell who it is: a name needs a
 * postcode or an e-mail address beside it (an e-invoice or e-mail job may have no postal address),
 * since a name alone would make every namesake of the connection one customer.
 */
export function customerKey(facts: Pick<CustomerFacts, "name" | "postcode" | "custnum"> & { email?: string }): string | null {
  const custnum = facts.custnum.trim();
  if (custnum) return `n:${custnum}`;
  const name = normaliseName(facts.name);
  if (!name) return null;
  const postcode = normalisePostcode(facts.postcode);
  if (postcode) return `a:${name}|${postcode}`;
  const email = (facts.email ?? "").trim().toLowerCase();
  return email ? `e:${name}|${email}` : null;
}

export function customerSearchText(facts: Pick<CustomerFacts, "name" | "custnum" | "city">): string {
  return [facts.name, facts.custnum, facts.city]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(" ")
    .toLowerCase();
}

const text = (value: string | null | undefined) => (value ?? "").trim();

const language = (value: unknown): CustomerLanguage | null =>
  typeof value === "string" && (CUSTOMER_LANGUAGES as readonly string[]).includes(value) ? (value as CustomerLanguage) : null;

/** The debtor of a dataset item as the portal posted it. */
export function factsOfPostedItem(item: Record<string, unknown>, book: CustomerBook): CustomerFacts | null {
  const values = recipientValuesOf(item);
  const facts: CustomerFacts = {
    ...book,
    customertype: values.customertype === "1" ? "company" : "person",
    name: text(values.name),
    address: text(values.address),
    postcode: text(values.postcode),
    city: text(values.city),
    email: text(values.email),
    custnum: text(values.custnum),
    language: language(item.language),
  };
  return customerKey(facts) ? facts : null;
}

/** The debtor of a job as the service's GET /jobs/{jobid} tells it (a job the customer's ERP posted). */
export function factsOfJobDetail(detail: JobDetail, book: CustomerBook): CustomerFacts | null {
  const facts: CustomerFacts = {
    ...book,
    customertype: detail.customertype === 1 ? "company" : "person",
    name: text(detail.customer.name),
    address: text(detail.customer.address),
    postcode: text(detail.customer.postcode),
    city: text(detail.customer.city),
    email: text(detail.customer.email),
    custnum: text(detail.customer.custnum),
    language: null,
  };
  return customerKey(facts) ? facts : null;
}
