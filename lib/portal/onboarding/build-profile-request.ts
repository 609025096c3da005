import type { z } from "zod";

import type { createProfileRequestSchema } from "@/lib/spec/create-profile";
import type { Country } from "@/lib/spec/environments";

import { COUNTRY_FIELD_RULES, type WizardUser, type WizardValues } from "./wizard-values";

/*
 * The createprofile body the wizard sends: only what was filled in (an absent member is one the
 * provider's own wizard collects), only the members the country and the chosen options use (a
 * field hidden by them is never sent, even if it was typed before the choice changed), codes as
 * numbers. The service's schema judges the result; this mapping decides nothing.
 */

export type CreateProfileBody = z.input<typeof createProfileRequestSchema>;

type Members = Record<string, unknown>;

const trimmed = (value: string) => value.trim();

/** The members with a value; undefined when none has one, so an empty group is not sent at all. */
function present(members: Record<string, string | number | undefined>): Members | undefined {
  const out: Members = {};
  for (const [key, value] of Object.entries(members)) {
    if (value === undefined) continue;
    if (typeof value === "string" && value.trim() === "") continue;
    out[key] = typeof value === "string" ? value.trim() : value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

const codeOf = (value: string) => (value === "" ? undefined : Number(value));

/** Digits become a number; anything else goes as typed, for the service's schema to name the problem. */
const integerOf = (value: string) => {
  const text = value.trim();
  return /^\d{1,9}$/.test(text) ? Number(text) : text === "" ? undefined : text;
};

const upper = (value: string) => value.trim().toUpperCase();

function buildUser(user: WizardUser): Members {
  return (
    present({
      first_name: user.first_name,
      last_name: user.last_name,
      street_address: user.street_address,
      postal_code: user.postal_code,
      town_or_city: user.town_or_city,
      country: upper(user.country),
      nationality: upper(user.nationality),
      ssn: user.ssn,
      phone_number: user.phone_number,
      email: user.email,
      language: user.language,
    }) ?? {}
  );
}

export function buildProfileRequest(values: WizardValues, country: Country): CreateProfileBody {
  const rules = COUNTRY_FIELD_RULES[country];
  const info = values.customer_info;
  const body: Members = {};
  if (values.allowIncompleteData) body.allowIncompleteData = true;

  if (values.mode === "minimal") {
    body.customer_info = { business_id: trimmed(info.business_id) };
    body.contact_person = { ...present({ email: values.contact_person.email }) };
    return body as CreateProfileBody;
  }

  body.customer_info = {
    business_id: trimmed(info.business_id),
    ...present({
      name: info.name,
      street_address: info.street_address,
      street_address2: info.street_address2,
      postal_code: info.postal_code,
      town_or_city: info.town_or_city,
      country: upper(info.country),
      language: info.language,
      currency: info.currency,
      liable_to_pay_vat: codeOf(info.liable_to_pay_vat),
      // Not asked when the customer is not liable to pay VAT.
      vat_number: info.liable_to_pay_vat === "2" ? undefined : info.vat_number,
      customer_company_type: rules.companyType ? codeOf(info.customer_company_type) : undefined,
    }),
  };
  const groups: Record<string, Members | undefined> = {
    customer_service_contact: present(values.customer_service_contact),
    // An empty e-mail is left out, so the service's schema says it "is required", not malformed.
    contact_person: { ...present({ name: values.contact_person.name, telephone: values.contact_person.telephone, email: values.contact_person.email }) },
    agreement_acceptor: present(values.agreement_acceptor),
    money_laundering_acceptor: rules.moneyLaunderingAcceptor ? present(values.money_laundering_acceptor) : undefined,
    services: values.services.service_types.length > 0 ? { service_types: [...values.services.service_types].map(Number).sort((a, b) => a - b) } : undefined,
    settlement_settings: present({
      bank_account_type: codeOf(values.settlement_settings.bank_account_type),
      bank_account_number: values.settlement_settings.bank_account_number,
      bank_account_owner: values.settlement_settings.bank_account_owner,
      reference_length: rules.referenceLength ? integerOf(values.settlement_settings.reference_length) : undefined,
    }),
    ropo_service_fees: feesOf(values.ropo_service_fees),
    additional_information: present(values.additional_information),
  };
  for (const [group, members] of Object.entries(groups)) if (members) body[group] = members;
  // Every user row is sent, even an empty one (the wizard refuses those), so users[n] in a
  // problem of the service is row n of the form.
  if (values.users.length > 0) body.users = values.users.map(buildUser);
  return body as CreateProfileBody;
}

/** Each address the invoicing method uses, and no other. */
function feesOf(fees: WizardValues["ropo_service_fees"]): Members | undefined {
  const method = codeOf(fees.invoicing_method);
  return present({
    invoicing_method: method,
    invoicing_email_address: method === 2 ? fees.invoicing_email_address : undefined,
    evoice_address: method === 3 || method === 4 ? fees.evoice_address : undefined,
    broker_id: method === 3 ? fees.broker_id : undefined,
  });
}

/** The body as the portal keeps it: a user's personal identity code is not the portal's to store. */
export function redactProfileRequest(body: CreateProfileBody): CreateProfileBody {
  if (!Array.isArray(body.users)) return body;
  return {
    ...body,
    users: body.users.map((user) => {
      if (!user || typeof user !== "object") return user;
      const { ssn: _ssn, ...rest } = user as Members;
      return rest;
    }) as CreateProfileBody["users"],
  };
}
