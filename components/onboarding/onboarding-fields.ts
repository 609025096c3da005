import { BANK_ACCOUNT_TYPES, CUSTOMER_COMPANY_TYPES, INVOICING_METHODS, SERVICE_TYPES } from "@/lib/spec/codes";
import { PROFILE_MEMBER_LABELS } from "@/lib/spec/create-profile";
import type { Country } from "@/lib/spec/environments";

/*
 * The inputs of the onboarding wizard, one per member createprofile's missingProfileData can name.
 * The wizard shows those the profile lacks.
 */

export type FieldKind = "text" | "email" | "tel" | "select" | "radio" | "checkboxes";

export interface OnboardingField {
  path: string;
  label: string;
  kind: FieldKind;
  hint?: string;
  options?: { value: string; label: string }[];
  autoComplete?: string;
}

const options = (table: Record<number, string>, only?: readonly number[]) =>
  Object.entries(table)
    .filter(([value]) => !only || only.includes(Number(value)))
    .map(([value, label]) => ({ value, label }));

const ACCOUNT_TYPES: Record<Country, readonly number[]> = { FIN: [0], SWE: [0, 1, 2, 3], NOR: [0, 1] };

export function fieldsFor(missing: readonly string[], country: Country): OnboardingField[] {
  const all: Record<string, OnboardingField[]> = {
    "customer_info.name": [{ path: "customer_info.name", label: PROFILE_MEMBER_LABELS["customer_info.name"]!, kind: "text", autoComplete: "organization" }],
    "customer_info.street_address": [
      { path: "customer_info.street_address", label: PROFILE_MEMBER_LABELS["customer_info.street_address"]!, kind: "text", autoComplete: "address-line1" },
    ],
    "customer_info.postal_code": [
      { path: "customer_info.postal_code", label: PROFILE_MEMBER_LABELS["customer_info.postal_code"]!, kind: "text", autoComplete: "postal-code" },
    ],
    "customer_info.town_or_city": [
      { path: "customer_info.town_or_city", label: PROFILE_MEMBER_LABELS["customer_info.town_or_city"]!, kind: "text", autoComplete: "address-level2" },
    ],
    "customer_info.country": [
      { path: "customer_info.country", label: PROFILE_MEMBER_LABELS["customer_info.country"]!, kind: "text", hint: "Three letters: FIN, SWE, NOR…" },
    ],
    "customer_info.liable_to_pay_vat": [
      {
        path: "customer_info.liable_to_pay_vat",
        label: PROFILE_MEMBER_LABELS["customer_info.liable_to_pay_vat"]!,
        kind: "radio",
        options: [
          { value: "1", label: "Yes" },
          { value: "2", label: "No" },
        ],
      },
    ],
    "customer_info.vat_number": [
      {
        path: "customer_info.vat_number",
        label: PROFILE_MEMBER_LABELS["customer_info.vat_number"]!,
        kind: "text",
        hint: `For example ${country === "FIN" ? "FI12345678" : country === "SWE" ? "SE556703748501" : "NO988077917MVA"}`,
      },
    ],
    "customer_info.customer_company_type": [
      {
        path: "customer_info.customer_company_type",
        label: PROFILE_MEMBER_LABELS["customer_info.customer_company_type"]!,
        kind: "select",
        options: options(CUSTOMER_COMPANY_TYPES),
      },
    ],
    "customer_service_contact.telephone or customer_service_contact.email": [
      {
        path: "customer_service_contact.telephone",
        label: PROFILE_MEMBER_LABELS["customer_service_contact.telephone"]!,
        kind: "tel",
        hint: "A telephone number or an e-mail address, or both",
      },
      { path: "customer_service_contact.email", label: PROFILE_MEMBER_LABELS["customer_service_contact.email"]!, kind: "email" },
    ],
    "contact_person.name": [{ path: "contact_person.name", label: PROFILE_MEMBER_LABELS["contact_person.name"]!, kind: "text", autoComplete: "name" }],
    "services.service_types": [
      { path: "services.service_types", label: PROFILE_MEMBER_LABELS["services.service_types"]!, kind: "checkboxes", options: options(SERVICE_TYPES) },
    ],
    "settlement_settings.bank_account_type": [
      {
        path: "settlement_settings.bank_account_type",
        label: PROFILE_MEMBER_LABELS["settlement_settings.bank_account_type"]!,
        kind: "select",
        options: options(BANK_ACCOUNT_TYPES, ACCOUNT_TYPES[country]),
      },
    ],
    "settlement_settings.bank_account_number": [
      { path: "settlement_settings.bank_account_number", label: PROFILE_MEMBER_LABELS["settlement_settings.bank_account_number"]!, kind: "text" },
    ],
    "settlement_settings.bank_account_owner": [
      {
        path: "settlement_settings.bank_account_owner",
        label: PROFILE_MEMBER_LABELS["settlement_settings.bank_account_owner"]!,
        kind: "text",
        hint: "As the bank knows the owner: used to verify the payee",
      },
    ],
    "ropo_service_fees.invoicing_method": [
      {
        path: "ropo_service_fees.invoicing_method",
        label: PROFILE_MEMBER_LABELS["ropo_service_fees.invoicing_method"]!,
        kind: "select",
        options: options(INVOICING_METHODS),
      },
    ],
    "ropo_service_fees.invoicing_email_address": [
      { path: "ropo_service_fees.invoicing_email_address", label: PROFILE_MEMBER_LABELS["ropo_service_fees.invoicing_email_address"]!, kind: "email" },
    ],
    "ropo_service_fees.evoice_address": [
      { path: "ropo_service_fees.evoice_address", label: PROFILE_MEMBER_LABELS["ropo_service_fees.evoice_address"]!, kind: "text" },
    ],
    "ropo_service_fees.broker_id": [{ path: "ropo_service_fees.broker_id", label: PROFILE_MEMBER_LABELS["ropo_service_fees.broker_id"]!, kind: "text" }],
  };
  return missing.flatMap((path) => all[path] ?? [{ path, label: path, kind: "text" as const }]);
}
