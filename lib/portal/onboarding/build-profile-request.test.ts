import { describe, expect, it } from "vitest";

import { createProfileRequestSchema, missingProfileData, profileProblems } from "@/lib/spec/create-profile";
import type { Country } from "@/lib/spec/environments";

import { buildProfileRequest, redactProfileRequest } from "./build-profile-request";
import { defaultWizardValues, emptyWizardUser, type WizardValues } from "./wizard-values";

/* The form → createprofile body mapping: the body parses with the service's own schema, carries only
 * what was filled in and what the country and options use, and is complete when the form is. */

type DeepPartial<T> = { [K in keyof T]?: T[K] extends (infer U)[] ? U[] : T[K] extends object ? DeepPartial<T[K]> : T[K] };

function values(patch: DeepPartial<WizardValues> = {}): WizardValues {
  const base = defaultWizardValues("connection-1");
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    const current = (base as Record<string, unknown>)[key];
    merged[key] = value && typeof value === "object" && !Array.isArray(value) ? { ...(current as object), ...value } : value;
  }
  return merged as WizardValues;
}

/** Everything a complete Finnish profile needs, as typed into the wizard. */
const COMPLETE_FINNISH_FORM: DeepPartial<WizardValues> = {
  customer_info: {
    business_id: " 2617416-4 ",
    name: "Firma Oy",
    street_address: "Esimerkkikatu 1",
    postal_code: "00100",
    town_or_city: "Helsinki",
    country: "fin",
    liable_to_pay_vat: "1",
    vat_number: "FI26174164",
    customer_company_type: "1",
  },
  contact_person: { name: "Maija Meikäläinen", email: "maija@example.fi", telephone: "" },
  customer_service_contact: { telephone: "+358 9 123 4567", email: "", www: "" },
  services: { service_types: ["3", "1"] },
  settlement_settings: { bank_account_type: "0", bank_account_number: "FI21 1234 5600 0007 85", bank_account_owner: "Firma Oy", reference_length: "" },
  ropo_service_fees: { invoicing_method: "2", invoicing_email_address: "laskut@example.fi", evoice_address: "", broker_id: "" },
};

const parse = (body: unknown) => createProfileRequestSchema.parse(body);

describe("buildProfileRequest", () => {
  it("makes a complete Finnish profile that the service's schema parses and finds nothing missing in", () => {
    const body = buildProfileRequest(values(COMPLETE_FINNISH_FORM), "FIN");
    const parsed = parse(body);
    expect(profileProblems(parsed, "FIN")).toEqual([]);
    expect(missingProfileData(parsed, "FIN")).toEqual([]);
    expect(body).toEqual({
      customer_info: {
        business_id: "2617416-4",
        name: "Firma Oy",
        street_address: "Esimerkkikatu 1",
        postal_code: "00100",
        town_or_city: "Helsinki",
        country: "FIN",
        liable_to_pay_vat: 1,
        vat_number: "FI26174164",
        customer_company_type: 1,
      },
      customer_service_contact: { telephone: "+358 9 123 4567" },
      contact_person: { name: "Maija Meikäläinen", email: "maija@example.fi" },
      services: { service_types: [1, 3] },
      settlement_settings: { bank_account_type: 0, bank_account_number: "FI21 1234 5600 0007 85", bank_account_owner: "Firma Oy" },
      ropo_service_fees: { invoicing_method: 2, invoicing_email_address: "laskut@example.fi" },
    });
  });

  it("sends only the business id and the e-mail on the minimal path, whatever else was typed", () => {
    const body = buildProfileRequest(values({ ...COMPLETE_FINNISH_FORM, mode: "minimal" }), "FIN");
    expect(body).toEqual({ customer_info: { business_id: "2617416-4" }, contact_person: { email: "maija@example.fi" } });
    expect(missingProfileData(parse(body), "FIN")).toContain("customer_info.name");
  });

  it("adds allowIncompleteData only when it is chosen", () => {
    expect(buildProfileRequest(values({ mode: "minimal", allowIncompleteData: true }), "FIN").allowIncompleteData).toBe(true);
    expect("allowIncompleteData" in buildProfileRequest(values({ mode: "minimal" }), "FIN")).toBe(false);
  });

  it("leaves out empty members and groups: the provider's wizard collects them", () => {
    const body = buildProfileRequest(values({ customer_info: { business_id: "2617416-4", name: "  " }, contact_person: { email: "maija@example.fi" } }), "FIN");
    expect(body).toEqual({ customer_info: { business_id: "2617416-4" }, contact_person: { email: "maija@example.fi" } });
  });

  it.each<[Country, boolean, boolean, boolean]>([
    ["FIN", true, true, false],
    ["SWE", false, false, true],
    ["NOR", false, false, true],
  ])("in %s sends customer_company_type %s, money_laundering_acceptor %s, reference_length %s", (country, companyType, acceptor, referenceLength) => {
    const body = buildProfileRequest(
      values({
        customer_info: { business_id: "x", customer_company_type: "3" },
        contact_person: { email: "a@example.fi" },
        money_laundering_acceptor: { email: "kyc@example.fi" },
        settlement_settings: { reference_length: "12" },
      }),
      country,
    );
    expect(body.customer_info.customer_company_type !== undefined).toBe(companyType);
    expect(body.money_laundering_acceptor !== undefined).toBe(acceptor);
    const settlement = body.settlement_settings as { reference_length?: unknown } | undefined;
    expect(settlement?.reference_length !== undefined).toBe(referenceLength);
    if (referenceLength) expect(settlement?.reference_length).toBe(12);
  });

  it.each([
    ["1", {}],
    ["2", { invoicing_email_address: "laskut@example.fi" }],
    ["3", { evoice_address: "003726174164", broker_id: "OKOYFIHH" }],
    ["4", { evoice_address: "003726174164" }],
  ])("with invoicing method %s sends only the addresses the method uses", (method, addresses) => {
    const body = buildProfileRequest(
      values({
        customer_info: { business_id: "2617416-4" },
        contact_person: { email: "a@example.fi" },
        ropo_service_fees: { invoicing_method: method, invoicing_email_address: "laskut@example.fi", evoice_address: "003726174164", broker_id: "OKOYFIHH" },
      }),
      "FIN",
    );
    expect(body.ropo_service_fees).toEqual({ invoicing_method: Number(method), ...addresses });
  });

  it("does not send the VAT number of a customer not liable to pay VAT", () => {
    const body = buildProfileRequest(
      values({ customer_info: { business_id: "2617416-4", liable_to_pay_vat: "2", vat_number: "FI26174164" }, contact_person: { email: "a@example.fi" } }),
      "FIN",
    );
    expect(body.customer_info).toEqual({ business_id: "2617416-4", liable_to_pay_vat: 2 });
  });

  it("keeps every user row in its place, so users[n] of a problem is row n", () => {
    const maija = { ...emptyWizardUser(), first_name: "Maija", ssn: "131052-308T", nationality: "fin" };
    const body = buildProfileRequest(
      values({ customer_info: { business_id: "2617416-4" }, contact_person: { email: "a@example.fi" }, users: [emptyWizardUser(), maija] }),
      "FIN",
    );
    expect(body.users).toEqual([{}, { first_name: "Maija", ssn: "131052-308T", nationality: "FIN" }]);
    expect(parse(body).users).toHaveLength(2);
  });

  it("sends a reference length that is not a number as typed, for the service's schema to refuse", () => {
    const body = buildProfileRequest(
      values({ customer_info: { business_id: "556703-7485" }, contact_person: { email: "a@example.se" }, settlement_settings: { reference_length: "ten" } }),
      "SWE",
    );
    expect(body.settlement_settings).toEqual({ reference_length: "ten" });
    expect(createProfileRequestSchema.safeParse(body).success).toBe(false);
  });
});

describe("redactProfileRequest", () => {
  it("drops users' personal identity codes and keeps the rest", () => {
    const body = buildProfileRequest(
      values({
        customer_info: { business_id: "2617416-4" },
        contact_person: { email: "a@example.fi" },
        users: [{ ...emptyWizardUser(), first_name: "Maija", ssn: "131052-308T" }],
      }),
      "FIN",
    );
    const redacted = redactProfileRequest(body);
    expect(redacted.users).toEqual([{ first_name: "Maija" }]);
    expect(JSON.stringify(redacted)).not.toContain("131052-308T");
    // The body sent is not changed.
    expect(body.users).toEqual([{ first_name: "Maija", ssn: "131052-308T" }]);
  });
});
