import { z } from "zod";

import { BANK_ACCOUNT_TYPE_CODES, CURRENCIES, CUSTOMER_COMPANY_TYPE_CODES, INVOICING_METHOD_CODES, PROFILE_LANGUAGES, SERVICE_TYPE_CODES } from "./codes";
import { alpha3CountryCode } from "./dataset-item";
import { COUNTRY_RULES, type Country } from "./environments";
import { isValidBankgiro, isValidBusinessId, isValidDomesticAccount, isValidIban, isValidPersonalId, isValidPlusgiro, isValidVatNumber } from "./national-ids";
import { email, expected, expectedOneOf, integer, integerCode, isPresent, optional, text } from "./primitives";
import { missingMember, problemsFromZod, ruleError, ruleProblem, stated, type FieldProblem } from "./problems";
import { PROFILE_WORDS } from "./profile-words";
import type { Rule } from "./rules";

/*
 * POST /profile/createprofile: a partner creates a customer profile. Only
 * customer_info.business_id and contact_person.email are required by the shape; everything else
 * may come now or be collected later by the onboarding wizard. Which data a complete profile needs,
 * and the country rules, are below the shape (profileProblems, missingProfileData).
 */

const group = <T extends z.core.$ZodLooseShape>(shape: T) => optional(z.object(shape, { error: expected("an object") }));
const phone = () => text(50).regex(/^\+?[0-9 ()-]{5,}$/, { error: ruleError("telephone") });

const liableToPayVat = z
  .union([z.literal([1, 2]), z.literal(["1", "2"]), z.boolean()], { error: expected("1 (yes), 2 (no), true or false") })
  .transform((value) => (value === true || value === 1 || value === "1" ? 1 : 2) as 1 | 2);

export const createProfileRequestSchema = z
  .object(
    {
      allowIncompleteData: optional(z.boolean({ error: expected("true or false") })).meta({
        description: "When true and required data is missing, the profile is stored for later completion instead of created, and no onboarding e-mail is sent.",
      }),
      customer_info: z.object(
        {
          business_id: text(30).min(1, { error: missingMember }).meta({ description: "Business id or personal identity code. Cannot be changed afterwards." }),
          name: optional(text(200)),
          street_address: optional(text(255)),
          street_address2: optional(text(255)),
          postal_code: optional(text(20)),
          town_or_city: optional(text(100)),
          country: optional(alpha3CountryCode()),
          language: optional(z.enum(PROFILE_LANGUAGES, { error: expectedOneOf(PROFILE_LANGUAGES) })),
          currency: optional(z.enum(CURRENCIES, { error: expectedOneOf(CURRENCIES) })),
          liable_to_pay_vat: optional(liableToPayVat),
          vat_number: optional(text(30)),
          customer_company_type: optional(integerCode(CUSTOMER_COMPANY_TYPE_CODES)),
          // Our design: the interface specification has neither member. Both print among the
          // particulars company law asks on the creditor's invoices and letters.
          registered_office: optional(text(100)).meta({
            description:
              "The company's registered office (kotipaikka, säte): the municipality in its articles of association. Printed on its invoices and letters where the law asks it (Finland, Sweden); none is printed when it is not given.",
          }),
          foretaksregisteret: optional(z.boolean({ error: expected("true or false") })).meta({
            description:
              "Norway: whether the company is registered in Foretaksregisteret, which its invoices and letters then state after the organisation number. When not given, an AS or ASA (by its name) is taken as registered and other forms as not.",
          }),
        },
        { error: expected("an object with business_id") },
      ),
      customer_service_contact: group({ telephone: optional(phone()), email: optional(email()), www: optional(z.url({ error: ruleError("url") }).max(255)) }),
      contact_person: z.object({ name: optional(text(200)), telephone: optional(phone()), email: email() }, { error: expected("an object with email") }),
      agreement_acceptor: group({ email: optional(email()) }),
      money_laundering_acceptor: group({ email: optional(email()) }),
      services: group({
        service_types: optional(z.array(integerCode(SERVICE_TYPE_CODES), { error: expected("an array of service type codes") }).max(5)),
      }),
      settlement_settings: group({
        bank_account_type: optional(integerCode(BANK_ACCOUNT_TYPE_CODES)),
        bank_account_number: optional(text(42)),
        bank_account_owner: optional(text(200)),
        // At least 10: the service's references are one series per environment, and a shorter fixed
        // length would run out of numbers while the series grows.
        reference_length: optional(integer({ min: 10, max: 25 })),
      }),
      ropo_service_fees: group({
        invoicing_method: optional(integerCode(INVOICING_METHOD_CODES)),
        invoicing_email_address: optional(email()),
        evoice_address: optional(text(100)),
        broker_id: optional(text(100)),
      }),
      additional_information: group({ profile_uuid: optional(text(100)) }),
      users: optional(
        z
          .array(
            z.object({
              first_name: optional(text(100)),
              last_name: optional(text(100)),
              street_address: optional(text(255)),
              postal_code: optional(text(20)),
              town_or_city: optional(text(100)),
              country: optional(alpha3CountryCode()),
              nationality: optional(alpha3CountryCode()),
              ssn: optional(text(20)),
              phone_number: optional(phone()),
              email: optional(email()),
              language: optional(z.enum(PROFILE_LANGUAGES, { error: expectedOneOf(PROFILE_LANGUAGES) })),
            }),
          )
          .max(50, { error: "must have at most 50 users" }),
      ),
    },
    { error: expected("a JSON object") },
  )
  .meta({ id: "CreateProfileRequest", description: "Request body of POST /profile/createprofile." });
export type CreateProfileRequest = z.output<typeof createProfileRequestSchema>;

export const PROFILE_STATUSES = ["created", "onboarding", "incomplete"] as const;
export type ProfileStatus = (typeof PROFILE_STATUSES)[number];

export const createProfileResponseSchema = z
  .object({
    customerId: z.string().nullable().meta({ description: "The new profile's customer id (cid) in this environment." }),
    message: z.string().nullable().meta({ description: "What happened and, when data is missing, what the onboarding still collects." }),
    status: z.enum(PROFILE_STATUSES).nullable().meta({
      description:
        "created: every required datum was supplied and onboarding was skipped; onboarding: the onboarding e-mail went to contact_person.email and the wizard collects the rest; incomplete: stored for later completion (allowIncompleteData).",
    }),
    missing: z.array(z.string()).meta({ description: "Members still needed for a complete profile; empty when created." }),
  })
  .meta({ id: "CreateProfileResponse" });
export type CreateProfileResponse = z.output<typeof createProfileResponseSchema>;

/* ---------- country rules ---------- */

type Body = CreateProfileRequest;

function validPersonalIdOf(country: string | null | undefined, value: string): boolean {
  // A foreign identity code has no published algorithm to check it against.
  return country === "FIN" || country === "SWE" || country === "NOR" ? isValidPersonalId(country, value) : true;
}

const BANK_ACCOUNT_TYPES_BY_COUNTRY: Record<Country, readonly number[]> = {
  FIN: [0],
  SWE: [0, 1, 2, 3],
  NOR: [0, 1],
};

function bankAccountProblem(country: Country, type: number, number: string): Rule | null {
  switch (type) {
    case 0:
      return isValidIban(number) ? null : "iban";
    case 1:
      if (country === "SWE") return isValidDomesticAccount(country, number) ? null : "swedishAccount";
      if (country === "NOR") return isValidDomesticAccount(country, number) ? null : "norwegianAccount";
      return "bbanInFinland";
    case 2:
      return isValidPlusgiro(number) ? null : "plusgiro";
    case 3:
      return isValidBankgiro(number) ? null : "bankgiro";
    default:
      return null;
  }
}

/** Rules that depend on the country of the environment, or on more than one member. */
/** The members the country rules read; a parsed body is one, and so is what looseView finds in a broken one. */
interface CountryRuleInput {
  customer_info?: { business_id?: string | null; vat_number?: string | null } | null;
  settlement_settings?: { reference_length?: number | null; bank_account_type?: number | null; bank_account_number?: string | null } | null;
  users?: readonly ({ ssn?: string | null; nationality?: string | null; country?: string | null } | null)[] | null;
}

export function profileProblems(body: CountryRuleInput, country: Country): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const info = body.customer_info;
  const { name: countryName, adjective } = COUNTRY_RULES[country];

  if (info?.business_id && !isValidBusinessId(country, info.business_id) && !isValidPersonalId(country, info.business_id)) {
    problems.push({
      field: "customer_info.business_id",
      code: "invalid",
      ...stated("businessOrPersonalId", { nationality: adjective }),
    });
  }
  if (info?.vat_number && !isValidVatNumber(country, info.vat_number)) {
    problems.push({ field: "customer_info.vat_number", code: "invalid", ...stated("vatNumber", { nationality: adjective }) });
  }

  const settlement = body.settlement_settings;
  if (settlement?.reference_length != null && country === "FIN") {
    problems.push({
      field: "settlement_settings.reference_length",
      code: "invalid",
      ...stated("norwaySwedenOnly"),
    });
  }
  if (settlement?.bank_account_type != null && !BANK_ACCOUNT_TYPES_BY_COUNTRY[country].includes(settlement.bank_account_type)) {
    problems.push({
      field: "settlement_settings.bank_account_type",
      code: "invalid",
      ...stated("accountTypeOfCountry", { types: BANK_ACCOUNT_TYPES_BY_COUNTRY[country].join(", "), country: countryName }),
    });
  } else if (settlement?.bank_account_number) {
    const problem = bankAccountProblem(country, settlement.bank_account_type ?? 0, settlement.bank_account_number);
    if (problem) problems.push(ruleProblem("settlement_settings.bank_account_number", "invalid", problem));
  }

  body.users?.forEach((user, index) => {
    if (user?.ssn && !validPersonalIdOf(user.nationality ?? user.country ?? country, user.ssn)) {
      problems.push({ field: `users[${index}].ssn`, code: "invalid", ...stated("userPersonalId") });
    }
  });
  return problems;
}

/**
 * The members missingProfileData names, as a person reads them: the onboarding wizard's labels and
 * the words of the onboarding e-mail and answer (the `missing` array keeps the paths, for programs).
 */
/** A missing member (or "a or b") in words, for the partner's answer. */
export function missingInWords(path: string): string {
  const labels: Readonly<Record<string, string>> = PROFILE_WORDS.eng.labels;
  return path
    .split(" or ")
    .map((part) => labels[part] ?? part.split(".").at(-1)!.replaceAll("_", " "))
    .join(" or ");
}

/**
 * The members a complete profile still lacks. Acceptor e-mails default to the contact person's,
 * language and currency to the country's, so they are never missing.
 */
export function missingProfileData(body: Body, country: Country): string[] {
  const missing: string[] = [];
  const want = (path: string, value: unknown) => {
    if (!isPresent(value)) missing.push(path);
  };
  const info = body.customer_info;
  want("customer_info.name", info.name);
  want("customer_info.street_address", info.street_address);
  want("customer_info.postal_code", info.postal_code);
  want("customer_info.town_or_city", info.town_or_city);
  want("customer_info.country", info.country);
  want("customer_info.liable_to_pay_vat", info.liable_to_pay_vat);
  if (info.liable_to_pay_vat !== 2) want("customer_info.vat_number", info.vat_number);
  if (country === "FIN") want("customer_info.customer_company_type", info.customer_company_type);
  if (!isPresent(body.customer_service_contact?.telephone) && !isPresent(body.customer_service_contact?.email)) {
    missing.push("customer_service_contact.telephone or customer_service_contact.email");
  }
  want("contact_person.name", body.contact_person.name);
  if (!body.services?.service_types?.length) missing.push("services.service_types");
  want("settlement_settings.bank_account_type", body.settlement_settings?.bank_account_type);
  want("settlement_settings.bank_account_number", body.settlement_settings?.bank_account_number);
  want("settlement_settings.bank_account_owner", body.settlement_settings?.bank_account_owner);
  const fees = body.ropo_service_fees;
  want("ropo_service_fees.invoicing_method", fees?.invoicing_method);
  if (fees?.invoicing_method === 2) want("ropo_service_fees.invoicing_email_address", fees.invoicing_email_address);
  if (fees?.invoicing_method === 3 || fees?.invoicing_method === 4) want("ropo_service_fees.evoice_address", fees.evoice_address);
  if (fees?.invoicing_method === 3) want("ropo_service_fees.broker_id", fees.broker_id);
  return missing;
}

/** The members of a body that failed its shape which the country rules can still check. */
function looseView(body: unknown): CountryRuleInput {
  const object = (value: unknown) => (typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
  const string = (value: unknown) => (typeof value === "string" ? value : null);
  const number = (value: unknown) => (typeof value === "number" ? value : typeof value === "string" && /^\d+$/.test(value) ? Number(value) : null);
  const root = object(body);
  const info = object(root.customer_info);
  const settlement = object(root.settlement_settings);
  return {
    customer_info: { business_id: string(info.business_id), vat_number: string(info.vat_number) },
    settlement_settings: {
      reference_length: number(settlement.reference_length),
      bank_account_type: number(settlement.bank_account_type),
      bank_account_number: string(settlement.bank_account_number),
    },
    users: Array.isArray(root.users)
      ? root.users.map((user) => {
          const fields = object(user);
          return { ssn: string(fields.ssn), nationality: string(fields.nationality), country: string(fields.country) };
        })
      : null,
  };
}

/**
 * The createprofile body checked as a whole: the shape and the country's rules together, so one
 * answer names every problem, each once.
 */
export function validateProfileRequest(
  body: unknown,
  country: Country,
): { data: CreateProfileRequest; problems: [] } | { data?: undefined; problems: FieldProblem[] } {
  const parsed = createProfileRequestSchema.safeParse(body);
  if (parsed.success) {
    const problems = profileProblems(parsed.data, country);
    return problems.length > 0 ? { problems } : { data: parsed.data, problems: [] };
  }
  const problems = problemsFromZod(parsed.error);
  const flagged = new Set(problems.map((problem) => problem.field));
  problems.push(...profileProblems(looseView(body), country).filter((problem) => !flagged.has(problem.field)));
  return { problems };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A stored createprofile body with a later one over it: members the later one sends replace the
 * stored ones (arrays as a whole), members it leaves out, null or empty keep what was stored.
 */
export function mergeProfileRequests(stored: unknown, update: unknown): unknown {
  if (!isPlainObject(stored) || !isPlainObject(update)) return isPresent(update) ? update : stored;
  const merged: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(update)) {
    if (key === "__proto__") continue;
    merged[key] = isPlainObject(value) && isPlainObject(stored[key]) ? mergeProfileRequests(stored[key], value) : isPresent(value) ? value : stored[key];
  }
  return merged;
}
