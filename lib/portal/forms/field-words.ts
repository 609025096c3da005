import type { Locale } from "@/lib/portal/i18n/locale";
import { fillText } from "@/lib/portal/i18n/locale";
import { messageText } from "@/lib/portal/i18n/messages";

import { FORM_TEXTS, type FormTexts } from "./texts";

/*
 * A member the service names by its path ("payrow[0].amount", "customer_info.street_address") in
 * the words of the form a person would have typed it in: "Row 1: Unit price (excl. VAT)". The
 * labels are the forms' own, so the message names the field as the user saw it. A member no form
 * shows keeps its name, without the brackets and dots of a path.
 */

type Label = keyof FormTexts;

const MEMBER_LABELS: Record<string, Label> = {
  person: "personName",
  company: "companyName",
  address: "address",
  postcode: "postcode",
  city: "city",
  email: "email",
  custnum: "custnum",
  govid: "govidPerson",
  vatid: "vatid",
  yourcode: "yourcode",
  ownref: "ownref",
  billdate: "billdate",
  paydate: "paydate",
  noticedate: "noticedate",
  sendtype: "sendtype",
  evoice: "evoice",
  evoiceint: "evoiceint",
  language: "language",
  billnum: "billnum",
  billcode: "billcode",
  amount: "amount",
  jobtype: "jobtype",
  customertype: "customertype",
  payrow: "rows",
  accountrow: "accounting",
  freetext: "freetext",
};

const ROW_LABELS: Record<string, Label> = {
  desc: "desc",
  count: "count",
  amount: "unitPrice",
  taxpr: "vatRate",
  discountpr: "discountpr",
  accountid: "accountid",
  debit: "debit",
  credit: "credit",
  netamount: "netamount",
  vatamount: "vatamount",
};

const text = (texts: FormTexts, label: Label): string => {
  const value = texts[label];
  return typeof value === "string" ? value : String(label);
};

/** A member's label: of a row's member (payrow, accountrow) when `inRow`, else of the job's. */
export function memberLabel(member: string, locale: Locale, inRow = false): string {
  const texts = FORM_TEXTS[locale];
  const label = inRow ? ROW_LABELS[member] : MEMBER_LABELS[member];
  return label ? text(texts, label) : member.replaceAll("_", " ");
}

/**
 * A member of a list of the posted job as a person names it, the list's label and the entry's
 * number first: "addaddress.1.govid" is "<additional address> 2: <personal identity code>"; a
 * member outside a list is its label.
 */
export function listMemberLabel(member: string, locale: Locale): string {
  const [list, index, inner] = member.split(".");
  return index !== undefined && /^\d+$/.test(index) && inner
    ? `${memberLabel(list!, locale)} ${Number(index) + 1}: ${memberLabel(inner, locale)}`
    : memberLabel(member, locale);
}

/** The member at `path` as the user knows it; null for no member (a problem of the whole job). */
export function fieldInWords(path: string | null, locale: Locale): string | null {
  if (!path) return null;
  const texts = FORM_TEXTS[locale];
  const parts = path
    .replace(/\[(\d+)\]/g, ".$1")
    .split(".")
    .filter(Boolean);
  const [first, index, member] = parts;
  if ((first === "payrow" || first === "accountrow") && index !== undefined && /^\d+$/.test(index)) {
    const row = fillText(first === "payrow" ? texts.row : texts.accountRow, { n: Number(index) + 1 });
    const label = member ? ROW_LABELS[member] : undefined;
    return member ? `${row}: ${label ? text(texts, label) : member}` : row;
  }
  const last = parts.at(-1) ?? path;
  const label = MEMBER_LABELS[last];
  return label ? text(texts, label) : last.replaceAll("_", " ");
}

/** A problem's field and message as one sentence for a person: "Row 1: Unit price (excl. VAT): must be …". */
export function problemInWords(problem: { field: string | null; message: string }, locale: Locale): string {
  const field = fieldInWords(problem.field, locale);
  // A rule travels by its key (problemMessage) and is said here in the reader's language; the service's own words come as they are.
  const message = messageText(problem.message, locale);
  return field ? `${field}: ${message}` : message;
}
