import { z } from "zod";

// Relative: the background thread reaches this module (filling cases, through the customer
// register) and is bundled without the "@/" alias.
import type { Country } from "../../spec/environments";
import { COUNTRY_RULES } from "../../spec/environments";
import { ruleKeyed } from "../../spec/rules";

/*
 * Building blocks the invoice, reminder and collection forms share. Inputs hold strings (what an
 * <input> holds); the mapping to a dataset item turns them into the interface's members, and the
 * service's schema judges the result.
 */

/** Send types a clerk chooses from; the others (evoicenet, evoicesm) are for ERPs that know them. */
export const FORM_SENDTYPES = ["post", "email", "evoice", "peppol", "print"] as const;
export type FormSendtype = (typeof FORM_SENDTYPES)[number];

/** Document languages a clerk chooses from. */
export const FORM_LANGUAGES = ["fin", "swe", "nor", "eng"] as const;
export type FormLanguage = (typeof FORM_LANGUAGES)[number];

export const defaultLanguage = (country: Country): FormLanguage => COUNTRY_RULES[country].language;

/** A text input: bounded so a form cannot carry megabytes, the exact rules being the service's. */
export const input = (max = 1000) => z.string().max(max, { error: ruleKeyed("maxLength", { max }) });

/** The members every form with a recipient has, by the dataset item's names (name is person or company). */
export const recipientShape = {
  draftId: z.uuid(),
  connectionId: z
    .string()
    .min(1, { error: ruleKeyed("required") })
    .max(100),
  customertype: z.enum(["1", "2"]),
  name: input(),
  address: input(),
  postcode: input(),
  city: input(),
  email: input(),
  custnum: input(),
  govid: input(),
  vatid: input(),
  yourcode: input(),
  ownref: input(),
  sendtype: z.enum(FORM_SENDTYPES),
  evoice: input(),
  evoiceint: input(),
  language: z.enum(FORM_LANGUAGES),
};

export interface RecipientValues {
  customertype: "1" | "2";
  name: string;
  address: string;
  postcode: string;
  city: string;
  email: string;
  custnum: string;
  govid: string;
  vatid: string;
  yourcode: string;
  ownref: string;
  sendtype: FormSendtype;
  evoice: string;
  evoiceint: string;
  language: FormLanguage;
}

/** Only the members that have a value: the item never carries "" where the interface means nothing. */
export function present(members: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(members)) {
    const trimmed = value?.trim();
    if (trimmed) out[key] = trimmed;
  }
  return out;
}

/** The recipient's members of a dataset item. */
export function recipientMembers(values: RecipientValues): Record<string, string> {
  const electronic = values.sendtype === "evoice" || values.sendtype === "peppol";
  return present({
    customertype: values.customertype,
    [values.customertype === "1" ? "company" : "person"]: values.name,
    address: values.address,
    postcode: values.postcode,
    city: values.city,
    email: values.email,
    custnum: values.custnum,
    // A personal identity code or business id, and a VAT id, only say something about a company
    // or a person as the clerk chose it.
    govid: values.govid,
    vatid: values.customertype === "1" ? values.vatid : undefined,
    yourcode: values.yourcode,
    ownref: values.ownref,
    sendtype: values.sendtype,
    evoice: electronic ? values.evoice : undefined,
    evoiceint: values.sendtype === "evoice" ? values.evoiceint : undefined,
    language: values.language,
  });
}

/** A member of a stored dataset item as an input holds it: text as it is, a number as its digits, anything else empty. */
export const inputText = (value: unknown): string =>
  typeof value === "string" ? value : typeof value === "number" && Number.isFinite(value) ? String(value) : "";

/**
 * recipientMembers the other way: the form's recipient values of a dataset item the portal posted
 * (a duplicate, a suggestion), except its own reference, which belongs to that job alone. A way of
 * sending or a language the form does not offer is left to the form's default.
 */
export function recipientValuesOf(item: Record<string, unknown>): Omit<Partial<RecipientValues>, "ownref"> {
  const company = inputText(item.customertype) === "1";
  const sendtype = inputText(item.sendtype);
  const language = inputText(item.language);
  return {
    customertype: company ? "1" : "2",
    name: inputText(company ? item.company : item.person),
    address: inputText(item.address),
    postcode: inputText(item.postcode),
    city: inputText(item.city),
    email: inputText(item.email),
    custnum: inputText(item.custnum),
    govid: inputText(item.govid),
    vatid: inputText(item.vatid),
    yourcode: inputText(item.yourcode),
    ...((FORM_SENDTYPES as readonly string[]).includes(sendtype) ? { sendtype: sendtype as FormSendtype } : {}),
    evoice: inputText(item.evoice),
    evoiceint: inputText(item.evoiceint),
    ...((FORM_LANGUAGES as readonly string[]).includes(language) ? { language: language as FormLanguage } : {}),
  };
}

export const emptyRecipient = (country: Country): RecipientValues => ({
  customertype: "2",
  name: "",
  address: "",
  postcode: "",
  city: "",
  email: "",
  custnum: "",
  govid: "",
  vatid: "",
  yourcode: "",
  ownref: "",
  sendtype: "post",
  evoice: "",
  evoiceint: "",
  language: defaultLanguage(country),
});
