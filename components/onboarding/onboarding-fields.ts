import type { Country } from "@/lib/spec/environments";
import type { WizardFormTexts } from "@/lib/spec/onboarding-texts";
import type { ProfileWords } from "@/lib/spec/profile-words";

/*
 * The inputs of the onboarding wizard, one per member createprofile's missingProfileData can name.
 * The wizard shows those the profile lacks.
 */

type FieldKind = "text" | "email" | "tel" | "select" | "radio" | "checkboxes";

export interface OnboardingField {
  path: string;
  label: string;
  kind: FieldKind;
  hint?: string;
  options?: { value: string; label: string }[];
  autoComplete?: string;
}

const options = (table: Record<string, string>, only?: readonly number[]) =>
  Object.entries(table)
    .filter(([value]) => !only || only.includes(Number(value)))
    .map(([value, label]) => ({ value, label }));

const ACCOUNT_TYPES: Record<Country, readonly number[]> = { FIN: [0], SWE: [0, 1, 2, 3], NOR: [0, 1] };

/** The inputs for what the profile lacks, in the customer's language. */
export function fieldsFor(missing: readonly string[], country: Country, words: ProfileWords, texts: WizardFormTexts): OnboardingField[] {
  const label = (path: keyof ProfileWords["labels"]) => texts.labels[path] ?? words.labels[path];
  const all: Record<string, OnboardingField[]> = {
    "customer_info.name": [{ path: "customer_info.name", label: label("customer_info.name"), kind: "text", autoComplete: "organization" }],
    "customer_info.street_address": [
      { path: "customer_info.street_address", label: label("customer_info.street_address"), kind: "text", autoComplete: "address-line1" },
    ],
    "customer_info.postal_code": [{ path: "customer_info.postal_code", label: label("customer_info.postal_code"), kind: "text", autoComplete: "postal-code" }],
    "customer_info.town_or_city": [
      { path: "customer_info.town_or_city", label: label("customer_info.town_or_city"), kind: "text", autoComplete: "address-level2" },
    ],
    "customer_info.country": [{ path: "customer_info.country", label: label("customer_info.country"), kind: "text", hint: texts.hints.country }],
    "customer_info.liable_to_pay_vat": [
      {
        path: "customer_info.liable_to_pay_vat",
        label: label("customer_info.liable_to_pay_vat"),
        kind: "radio",
        options: [
          { value: "1", label: texts.yes },
          { value: "2", label: texts.no },
        ],
      },
    ],
    "customer_info.vat_number": [
      {
        path: "customer_info.vat_number",
        label: label("customer_info.vat_number"),
        kind: "text",
        hint: `${texts.hints.vatNumber} ${country === "FIN" ? "FI12345678" : country === "SWE" ? "SE556703748501" : "NO988077917MVA"}`,
      },
    ],
    "customer_info.customer_company_type": [
      {
        path: "customer_info.customer_company_type",
        label: label("customer_info.customer_company_type"),
        kind: "select",
        options: options(words.companyTypes),
      },
    ],
    "customer_service_contact.telephone or customer_service_contact.email": [
      {
        path: "customer_service_contact.telephone",
        label: label("customer_service_contact.telephone"),
        kind: "tel",
        hint: texts.hints.contact,
      },
      { path: "customer_service_contact.email", label: label("customer_service_contact.email"), kind: "email" },
    ],
    "contact_person.name": [{ path: "contact_person.name", label: label("contact_person.name"), kind: "text", autoComplete: "name" }],
    "services.service_types": [
      { path: "services.service_types", label: label("services.service_types"), kind: "checkboxes", options: options(words.serviceTypes) },
    ],
    "settlement_settings.bank_account_type": [
      {
        path: "settlement_settings.bank_account_type",
        label: label("settlement_settings.bank_account_type"),
        kind: "select",
        options: options(words.accountTypes, ACCOUNT_TYPES[country]),
      },
    ],
    "settlement_settings.bank_account_number": [
      { path: "settlement_settings.bank_account_number", label: label("settlement_settings.bank_account_number"), kind: "text" },
    ],
    "settlement_settings.bank_account_owner": [
      {
        path: "settlement_settings.bank_account_owner",
        label: label("settlement_settings.bank_account_owner"),
        kind: "text",
        hint: texts.hints.accountOwner,
      },
    ],
    "ropo_service_fees.invoicing_method": [
      {
        path: "ropo_service_fees.invoicing_method",
        label: label("ropo_service_fees.invoicing_method"),
        kind: "select",
        options: options(words.invoicingMethods),
      },
    ],
    "ropo_service_fees.invoicing_email_address": [
      { path: "ropo_service_fees.invoicing_email_address", label: label("ropo_service_fees.invoicing_email_address"), kind: "email" },
    ],
    "ropo_service_fees.evoice_address": [{ path: "ropo_service_fees.evoice_address", label: label("ropo_service_fees.evoice_address"), kind: "text" }],
    "ropo_service_fees.broker_id": [{ path: "ropo_service_fees.broker_id", label: label("ropo_service_fees.broker_id"), kind: "text" }],
  };
  return missing.flatMap((path) => all[path] ?? [{ path, label: path, kind: "text" as const }]);
}
