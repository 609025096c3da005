import type { CreateProfileBody } from "./build-profile-request";
import { labelOf, type OnboardingTexts } from "./texts";
import type { EntryStep } from "./wizard-steps";

/*
 * The review: every member the body will carry, in the steps' order and with the fields' labels,
 * codes said by their names. It is read from the body itself, not from the form, so what the
 * review shows is exactly what is sent.
 */

export interface ReviewRow {
  path: string;
  label: string;
  value: string;
}

interface ReviewSection {
  step: EntryStep;
  rows: ReviewRow[];
  /** users[]: one list of rows per user. */
  users?: ReviewRow[][];
}

const GROUPS: { step: EntryStep; groups: string[] }[] = [
  { step: "customer", groups: ["customer_info", "additional_information"] },
  { step: "contacts", groups: ["contact_person", "customer_service_contact", "agreement_acceptor", "money_laundering_acceptor"] },
  { step: "services", groups: ["services"] },
  { step: "settlement", groups: ["settlement_settings"] },
  { step: "fees", groups: ["ropo_service_fees"] },
];

type Members = Record<string, unknown>;

const isObject = (value: unknown): value is Members => typeof value === "object" && value !== null && !Array.isArray(value);

function valueText(path: string, value: unknown, texts: OnboardingTexts, countryName: (code: string) => string): string {
  const key = path.replace(/^users\.\d+\./, "users.");
  const code = String(value);
  switch (key) {
    case "customer_info.language":
    case "users.language":
      return texts.languages[code as keyof OnboardingTexts["languages"]] ?? code;
    case "customer_info.liable_to_pay_vat":
      return value === 1 || value === true || code === "1" ? texts.yes : texts.no;
    case "customer_info.customer_company_type":
      return texts.companyTypes[code as keyof OnboardingTexts["companyTypes"]] ?? code;
    case "services.service_types":
      return (Array.isArray(value) ? value : [value])
        .map((type) => texts.serviceTypes[String(type) as keyof OnboardingTexts["serviceTypes"]] ?? String(type))
        .join(", ");
    case "settlement_settings.bank_account_type":
      return texts.accountTypes[code as keyof OnboardingTexts["accountTypes"]] ?? code;
    case "ropo_service_fees.invoicing_method":
      return texts.invoicingMethods[code as keyof OnboardingTexts["invoicingMethods"]] ?? code;
    case "customer_info.country":
    case "users.country":
    case "users.nationality":
      return `${countryName(code)} (${code})`;
    case "users.ssn":
      return texts.hiddenValue;
    default:
      return code;
  }
}

function rowsOf(prefix: string, members: Members, texts: OnboardingTexts, countryName: (code: string) => string): ReviewRow[] {
  return Object.entries(members)
    .filter(([, value]) => value !== undefined && value !== null && value !== "")
    .map(([member, value]) => {
      const path = `${prefix}.${member}`;
      return { path, label: labelOf(path, texts), value: valueText(path, value, texts, countryName) };
    });
}

export function reviewSections(body: CreateProfileBody, texts: OnboardingTexts, countryName: (code: string) => string): ReviewSection[] {
  const members = body as Members;
  const sections: ReviewSection[] = [];
  for (const { step, groups } of GROUPS) {
    const rows = groups.flatMap((group) => (isObject(members[group]) ? rowsOf(group, members[group], texts, countryName) : []));
    if (rows.length > 0) sections.push({ step, rows });
  }
  if (Array.isArray(members.users) && members.users.length > 0) {
    const users = members.users.map((user, index) => (isObject(user) ? rowsOf(`users.${index}`, user, texts, countryName) : []));
    sections.push({ step: "users", rows: [], users });
  }
  return sections;
}

/** The body as JSON for the review, a user's personal identity code masked. */
export function reviewJson(body: CreateProfileBody, texts: OnboardingTexts): string {
  return JSON.stringify(body, (key, value: unknown) => (key === "ssn" && typeof value === "string" && value !== "" ? texts.hiddenValue : value), 2);
}
