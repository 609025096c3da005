import { z } from "zod";

import { keyed } from "@/lib/portal/i18n/messages";
import { INVOICING_METHOD_CODES, PROFILE_LANGUAGES, SERVICE_TYPE_CODES } from "@/lib/spec/codes";
import { PROFILE_STATUSES } from "@/lib/spec/create-profile";
import type { Country } from "@/lib/spec/environments";
import { ruleKeyed } from "@/lib/spec/rules";

/*
 * What the onboarding wizard holds: strings, as inputs hold them, under the createprofile body's own
 * member names, so a problem the service names ("customer_info.business_id", "users[0].ssn") lands
 * on its field without a translation table. Whether the values make a valid body is decided by the
 * service's schema and country rules (wizard-problems.ts), never here: this schema only bounds the
 * input a server action accepts.
 */

const input = (max = 1000) => z.string().max(max, { error: ruleKeyed("maxLength", { max }) });
const code = <const T extends readonly number[]>(codes: T) => z.enum(["", ...codes.map(String)] as [string, ...string[]]);

const WIZARD_MODES = ["full", "minimal"] as const;
export type WizardMode = (typeof WIZARD_MODES)[number];

const wizardUserSchema = z.object({
  first_name: input(),
  last_name: input(),
  street_address: input(),
  postal_code: input(),
  town_or_city: input(),
  country: input(),
  nationality: input(),
  /** Kept in memory only: never written to sessionStorage nor to the portal's database. */
  ssn: input(),
  phone_number: input(),
  email: input(),
  language: z.enum(["", ...PROFILE_LANGUAGES]),
});
export type WizardUser = z.infer<typeof wizardUserSchema>;

export const wizardValuesSchema = z.object({
  connectionId: z
    .string()
    .min(1, { error: ruleKeyed("required") })
    .max(100),
  mode: z.enum(WIZARD_MODES),
  allowIncompleteData: z.boolean(),
  customer_info: z.object({
    business_id: input(),
    name: input(),
    street_address: input(),
    street_address2: input(),
    postal_code: input(),
    town_or_city: input(),
    country: input(),
    language: z.enum(["", ...PROFILE_LANGUAGES]),
    currency: z.enum(["", "EUR", "SEK", "NOK"]),
    liable_to_pay_vat: z.enum(["", "1", "2"]),
    vat_number: input(),
    customer_company_type: code([1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const),
  }),
  customer_service_contact: z.object({ telephone: input(), email: input(), www: input() }),
  contact_person: z.object({ name: input(), telephone: input(), email: input() }),
  agreement_acceptor: z.object({ email: input() }),
  money_laundering_acceptor: z.object({ email: input() }),
  services: z.object({ service_types: z.array(z.enum(SERVICE_TYPE_CODES.map(String) as [string, ...string[]])).max(SERVICE_TYPE_CODES.length) }),
  settlement_settings: z.object({
    bank_account_type: code([0, 1, 2, 3] as const),
    bank_account_number: input(),
    bank_account_owner: input(),
    reference_length: input(10),
  }),
  ropo_service_fees: z.object({
    invoicing_method: code(INVOICING_METHOD_CODES),
    invoicing_email_address: input(),
    evoice_address: input(),
    broker_id: input(),
  }),
  additional_information: z.object({ profile_uuid: input() }),
  users: z.array(wizardUserSchema).max(50, { error: keyed("tooManyUsers", { max: 50 }) }),
});
export type WizardValues = z.infer<typeof wizardValuesSchema>;

export const emptyWizardUser = (): WizardUser => ({
  first_name: "",
  last_name: "",
  street_address: "",
  postal_code: "",
  town_or_city: "",
  country: "",
  nationality: "",
  ssn: "",
  phone_number: "",
  email: "",
  language: "",
});

export function defaultWizardValues(connectionId: string): WizardValues {
  return {
    connectionId,
    mode: "full",
    allowIncompleteData: false,
    customer_info: {
      business_id: "",
      name: "",
      street_address: "",
      street_address2: "",
      postal_code: "",
      town_or_city: "",
      country: "",
      language: "",
      currency: "",
      liable_to_pay_vat: "",
      vat_number: "",
      customer_company_type: "",
    },
    customer_service_contact: { telephone: "", email: "", www: "" },
    contact_person: { name: "", telephone: "", email: "" },
    agreement_acceptor: { email: "" },
    money_laundering_acceptor: { email: "" },
    services: { service_types: [] },
    settlement_settings: { bank_account_type: "", bank_account_number: "", bank_account_owner: "", reference_length: "" },
    ropo_service_fees: { invoicing_method: "", invoicing_email_address: "", evoice_address: "", broker_id: "" },
    additional_information: { profile_uuid: "" },
    users: [],
  };
}

/** A connection as the wizard knows it: nothing secret. */
export interface WizardConnection {
  id: string;
  label: string;
  environmentId: string;
  country: Country;
}

/*
 * The country rules the wizard shows as they apply. The account types a country takes are the
 * service's (create-profile.ts refuses the others); the rest is what the specification says of
 * createprofile's members.
 */
export const COUNTRY_FIELD_RULES: Record<
  Country,
  { companyType: boolean; moneyLaunderingAcceptor: boolean; referenceLength: boolean; accountTypes: readonly string[] }
> = {
  FIN: { companyType: true, moneyLaunderingAcceptor: true, referenceLength: false, accountTypes: ["0"] },
  SWE: { companyType: false, moneyLaunderingAcceptor: false, referenceLength: true, accountTypes: ["0", "1", "2", "3"] },
  NOR: { companyType: false, moneyLaunderingAcceptor: false, referenceLength: true, accountTypes: ["0", "1"] },
};

/** What the wizard shows after sending: the service's answer, as the portal recorded it. */
export const onboardingAnswerSchema = z.object({
  onboardingId: z.string(),
  customerId: z.string().nullable(),
  status: z.enum(PROFILE_STATUSES).nullable(),
  message: z.string().nullable(),
  missing: z.array(z.string()),
});
export type OnboardingAnswer = z.infer<typeof onboardingAnswerSchema>;
