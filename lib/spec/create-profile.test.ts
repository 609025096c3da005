import { describe, expect, it } from "vitest";

import { createProfileRequestSchema, createProfileResponseSchema, missingProfileData, PROFILE_STATUSES, profileProblems } from "./create-profile";
import type { Country } from "./environments";
import { isValidBankgiro, isValidBusinessId, isValidDomesticAccount, isValidIban, isValidPersonalId, isValidPlusgiro, isValidVatNumber } from "./national-ids";
import { problemsFromZod } from "./problems";

type Body = Record<string, unknown>;

/** A profile with every datum a complete profile needs, for each country. */
const complete: Record<Country, Body> = {
  FIN: {
    customer_info: {
      business_id: "2617416-4",
      name: "Firma Oy",
      street_address: "Esimerkkikatu 1",
      postal_code: "00100",
      town_or_city: "Helsinki",
      country: "FIN",
      language: "fin",
      currency: "EUR",
      liable_to_pay_vat: 1,
      vat_number: "FI26174164",
      customer_company_type: 1,
    },
    customer_service_contact: { telephone: "+358 9 123 4567", email: "asiakaspalvelu@example.fi", www: "https://example.fi" },
    contact_person: { name: "Maija Meikäläinen", telephone: "+358 40 123 4567", email: "maija@example.fi" },
    services: { service_types: [1, 2, 3] },
    settlement_settings: { bank_account_type: 0, bank_account_number: "FI21 1234 5600 0007 85", bank_account_owner: "Firma Oy" },
    ropo_service_fees: { invoicing_method: 2, invoicing_email_address: "laskut@example.fi" },
  },
  SWE: {
    customer_info: {
      business_id: "556703-7485",
      name: "Företag AB",
      street_address: "Storgatan 1",
      postal_code: "111 22",
      town_or_city: "Stockholm",
      country: "SWE",
      liable_to_pay_vat: "1",
      vat_number: "SE556703748501",
    },
    customer_service_contact: { email: "kundtjanst@example.se" },
    contact_person: { name: "Sven Svensson", email: "sven@example.se" },
    services: { service_types: ["1"] },
    settlement_settings: { bank_account_type: 3, bank_account_number: "5050-1055", bank_account_owner: "Företag AB", reference_length: 10 },
    ropo_service_fees: { invoicing_method: 1 },
  },
  NOR: {
    customer_info: {
      business_id: "988077917",
      name: "Firma AS",
      street_address: "Storgata 1",
      postal_code: "0155",
      town_or_city: "Oslo",
      country: "NOR",
      liable_to_pay_vat: true,
      vat_number: "NO988077917MVA",
    },
    customer_service_contact: { telephone: "+47 22 00 00 00" },
    contact_person: { name: "Ola Nordmann", email: "ola@example.no" },
    services: { service_types: [0, 1] },
    settlement_settings: { bank_account_type: 1, bank_account_number: "86011117947", bank_account_owner: "Firma AS", reference_length: 12 },
    ropo_service_fees: { invoicing_method: 4, evoice_address: "0192:988077917" },
  },
};

const minimal: Record<Country, Body> = {
  FIN: { customer_info: { business_id: "2617416-4" }, contact_person: { email: "maija@example.fi" } },
  SWE: { customer_info: { business_id: "556703-7485" }, contact_person: { email: "sven@example.se" } },
  NOR: { customer_info: { business_id: "988077917" }, contact_person: { email: "ola@example.no" } },
};

/** A body with one group's members replaced or added. */
function withGroup(body: Body, group: string, members: Record<string, unknown>): Body {
  return { ...body, [group]: { ...(body[group] as Record<string, unknown> | undefined), ...members } };
}

const parse = (body: unknown) => createProfileRequestSchema.parse(body);
const problemsIn = (body: Body, country: Country) => profileProblems(parse(body), country);
const fieldsIn = (body: Body, country: Country) => problemsIn(body, country).map((problem) => problem.field);
const missingIn = (body: Body, country: Country) => missingProfileData(parse(body), country);

function refused(body: unknown) {
  const result = createProfileRequestSchema.safeParse(body);
  if (result.success) throw new Error(`expected ${JSON.stringify(body)} to be refused`);
  return problemsFromZod(result.error);
}

describe("the test data", () => {
  it("uses identity codes and accounts that the national algorithms accept", () => {
    expect(isValidBusinessId("FIN", "2617416-4") && isValidBusinessId("SWE", "556703-7485") && isValidBusinessId("NOR", "988077917")).toBe(true);
    expect(isValidVatNumber("FIN", "FI26174164") && isValidVatNumber("SWE", "SE556703748501") && isValidVatNumber("NOR", "NO988077917MVA")).toBe(true);
    expect(isValidIban("FI21 1234 5600 0007 85")).toBe(true);
    expect(isValidBankgiro("5050-1055") && isValidPlusgiro("28 65 43-4")).toBe(true);
    expect(isValidDomesticAccount("SWE", "5440-0002225") && isValidDomesticAccount("NOR", "86011117947")).toBe(true);
    expect(isValidPersonalId("FIN", "131052-308T") && isValidPersonalId("SWE", "811228-9874") && isValidPersonalId("NOR", "15108695088")).toBe(true);
  });
});

describe("createProfileRequestSchema", () => {
  it("accepts a body with only customer_info.business_id and contact_person.email", () => {
    expect(parse(minimal.FIN)).toEqual(minimal.FIN);
  });

  it.each(["FIN", "SWE", "NOR"] as const)("accepts the complete %s profile", (country) => {
    expect(createProfileRequestSchema.safeParse(complete[country]).success).toBe(true);
  });

  it("requires customer_info.business_id", () => {
    expect(refused({ customer_info: {}, contact_person: { email: "maija@example.fi" } })).toEqual([
      { field: "customer_info.business_id", code: "required", message: "is required", rule: "required", params: {} },
    ]);
    expect(refused({ customer_info: { business_id: "" }, contact_person: { email: "maija@example.fi" } })).toEqual([
      { field: "customer_info.business_id", code: "required", message: "is required", rule: "required", params: {} },
    ]);
  });

  it("requires contact_person.email, where the onboarding link goes", () => {
    expect(refused({ customer_info: { business_id: "2617416-4" }, contact_person: { name: "Maija" } })).toEqual([
      { field: "contact_person.email", code: "required", message: "is required", rule: "required", params: {} },
    ]);
    expect(refused({ customer_info: { business_id: "2617416-4" } })).toEqual([
      { field: "contact_person", code: "required", message: "is required", rule: "required", params: {} },
    ]);
  });

  it("refuses a contact_person.email that is not an e-mail address", () => {
    expect(refused({ ...minimal.FIN, contact_person: { email: "maija" } })).toEqual([
      { field: "contact_person.email", code: "invalid", message: "must be a valid e-mail address", rule: "email", params: {} },
    ]);
  });

  it("refuses a body that is not an object", () => {
    for (const body of [null, [], "x", 5]) expect(createProfileRequestSchema.safeParse(body).success).toBe(false);
  });

  it("accepts allowIncompleteData as true, false or null", () => {
    expect(parse({ ...minimal.FIN, allowIncompleteData: true }).allowIncompleteData).toBe(true);
    expect(parse({ ...minimal.FIN, allowIncompleteData: false }).allowIncompleteData).toBe(false);
    expect(parse({ ...minimal.FIN, allowIncompleteData: null }).allowIncompleteData).toBeNull();
    expect(createProfileRequestSchema.safeParse({ ...minimal.FIN, allowIncompleteData: "yes" }).success).toBe(false);
  });

  it.each([
    [1, 1],
    ["1", 1],
    [true, 1],
    [2, 2],
    ["2", 2],
    [false, 2],
  ])("reads liable_to_pay_vat %j as %d (1 yes, 2 no)", (sent, read) => {
    expect(parse(withGroup(minimal.FIN, "customer_info", { liable_to_pay_vat: sent })).customer_info.liable_to_pay_vat).toBe(read);
  });

  it("refuses liable_to_pay_vat other than 1, 2, true or false", () => {
    for (const value of [0, 3, "yes"])
      expect(createProfileRequestSchema.safeParse(withGroup(minimal.FIN, "customer_info", { liable_to_pay_vat: value })).success).toBe(false);
  });

  it("accepts customer_company_type 1–10, as a number or a string", () => {
    for (let type = 1; type <= 10; type++) {
      expect(parse(withGroup(minimal.FIN, "customer_info", { customer_company_type: type })).customer_info.customer_company_type).toBe(type);
      expect(parse(withGroup(minimal.FIN, "customer_info", { customer_company_type: String(type) })).customer_info.customer_company_type).toBe(type);
    }
    for (const type of [0, 11])
      expect(createProfileRequestSchema.safeParse(withGroup(minimal.FIN, "customer_info", { customer_company_type: type })).success).toBe(false);
  });

  it("takes the registered office as text and foretaksregisteret as true or false, both optional", () => {
    const info = parse(withGroup(minimal.NOR, "customer_info", { registered_office: "Oslo", foretaksregisteret: true })).customer_info;
    expect(info.registered_office).toBe("Oslo");
    expect(info.foretaksregisteret).toBe(true);
    expect(parse(minimal.FIN).customer_info.registered_office).toBeUndefined();
    expect(createProfileRequestSchema.safeParse(withGroup(minimal.FIN, "customer_info", { registered_office: "x".repeat(101) })).success).toBe(false);
    expect(createProfileRequestSchema.safeParse(withGroup(minimal.NOR, "customer_info", { foretaksregisteret: "yes" })).success).toBe(false);
  });

  it("accepts the languages fin, eng, swe and nor and the currencies EUR, SEK and NOK", () => {
    for (const language of ["fin", "eng", "swe", "nor"])
      expect(parse(withGroup(minimal.FIN, "customer_info", { language })).customer_info.language).toBe(language);
    for (const currency of ["EUR", "SEK", "NOK"]) expect(parse(withGroup(minimal.FIN, "customer_info", { currency })).customer_info.currency).toBe(currency);
    expect(createProfileRequestSchema.safeParse(withGroup(minimal.FIN, "customer_info", { language: "est" })).success).toBe(false);
    expect(createProfileRequestSchema.safeParse(withGroup(minimal.FIN, "customer_info", { currency: "USD" })).success).toBe(false);
  });

  it("reads customer_info.country as a 3-character country code", () => {
    expect(parse(withGroup(minimal.FIN, "customer_info", { country: "fin" })).customer_info.country).toBe("FIN");
    for (const country of ["FI", "XXX", "246"])
      expect(createProfileRequestSchema.safeParse(withGroup(minimal.FIN, "customer_info", { country })).success).toBe(false);
  });

  it("accepts the service types 0–4 (printing, invoicing, reminder, debt collection, e-invoices)", () => {
    expect(parse({ ...minimal.FIN, services: { service_types: [0, 1, 2, 3, "4"] } }).services?.service_types).toEqual([0, 1, 2, 3, 4]);
    expect(createProfileRequestSchema.safeParse({ ...minimal.FIN, services: { service_types: [5] } }).success).toBe(false);
  });

  it("accepts bank_account_type 0 iban, 1 bban, 2 plusgiro, 3 bankgiro, and no other", () => {
    for (const type of [0, 1, 2, 3])
      expect(parse({ ...minimal.SWE, settlement_settings: { bank_account_type: type } }).settlement_settings?.bank_account_type).toBe(type);
    expect(createProfileRequestSchema.safeParse({ ...minimal.SWE, settlement_settings: { bank_account_type: 4 } }).success).toBe(false);
  });

  it("accepts invoicing_method 1 post, 2 email, 3 einvoice, 4 peppol in the group ropo_service_fees", () => {
    for (const method of [1, 2, 3, 4])
      expect(parse({ ...minimal.FIN, ropo_service_fees: { invoicing_method: method } }).ropo_service_fees?.invoicing_method).toBe(method);
    expect(createProfileRequestSchema.safeParse({ ...minimal.FIN, ropo_service_fees: { invoicing_method: 5 } }).success).toBe(false);
  });

  it("accepts reference_length between 2 and 25", () => {
    expect(parse({ ...minimal.SWE, settlement_settings: { reference_length: 25 } }).settlement_settings?.reference_length).toBe(25);
    for (const length of [1, 26, 10.5])
      expect(createProfileRequestSchema.safeParse({ ...minimal.SWE, settlement_settings: { reference_length: length } }).success).toBe(false);
  });

  it("accepts users with their optional members", () => {
    const user = {
      first_name: "Maija",
      last_name: "Meikäläinen",
      street_address: "Esimerkkikatu 1",
      postal_code: "00100",
      town_or_city: "Helsinki",
      country: "FIN",
      nationality: "FIN",
      ssn: "131052-308T",
      phone_number: "+358 40 123 4567",
      email: "maija@example.fi",
      language: "fin",
    };
    expect(parse({ ...minimal.FIN, users: [user, {}] }).users).toEqual([user, {}]);
  });

  it("accepts null and empty strings in optional members as absent", () => {
    const body = parse({ ...minimal.FIN, customer_info: { business_id: "2617416-4", name: null, vat_number: "" }, agreement_acceptor: null, users: null });
    expect(body.customer_info).toEqual({ business_id: "2617416-4", name: null, vat_number: null });
    expect(body.agreement_acceptor).toBeNull();
  });

  // DEFECT (create-profile.ts group() = primitives.ts optional(z.object(…))): a bad member inside an
  // optional group is reported at the group with "Invalid input" (here
  // { field: "settlement_settings", message: "Invalid input" }) instead of at
  // settlement_settings.bank_account_type with "must be one of 0, 1, 2, 3".
  it("reports a bad member of an optional group at the member's own path", () => {
    expect(refused({ ...minimal.SWE, settlement_settings: { bank_account_type: 4 } })).toEqual([
      {
        field: "settlement_settings.bank_account_type",
        code: "invalid",
        message: "must be one of 0, 1, 2, 3",
        rule: "oneOf",
        params: { values: "0, 1, 2, 3" },
      },
    ]);
  });

  // DOUBTFUL (create-profile.ts): reference_length is z.int(), so "10" is refused, while every other
  // integer member of the body (customer_company_type, bank_account_type, service_types,
  // invoicing_method) and of the whole interface accepts an integer sent as a string.
  it("reads reference_length sent as a string of digits, like the other integers of the interface", () => {
    expect(parse({ ...minimal.SWE, settlement_settings: { reference_length: "10" } }).settlement_settings?.reference_length).toBe(10);
  });
});

describe("createProfileResponseSchema", () => {
  it("has customerId, message and status, each a string or null, and missing[]", () => {
    expect(createProfileResponseSchema.parse({ customerId: "100001", message: "Created.", status: "created", missing: [] })).toBeTruthy();
    expect(createProfileResponseSchema.parse({ customerId: null, message: null, status: null, missing: ["contact_person.name"] })).toBeTruthy();
  });

  it("knows the statuses created, onboarding and incomplete", () => {
    expect([...PROFILE_STATUSES]).toEqual(["created", "onboarding", "incomplete"]);
    expect(createProfileResponseSchema.safeParse({ customerId: null, message: null, status: "pending", missing: [] }).success).toBe(false);
  });
});

describe("profileProblems: country rules", () => {
  it.each(["FIN", "SWE", "NOR"] as const)("finds no problem in the complete %s profile", (country) => {
    expect(problemsIn(complete[country], country)).toEqual([]);
  });

  it.each(["FIN", "SWE", "NOR"] as const)("finds no problem in the minimal %s profile", (country) => {
    expect(problemsIn(minimal[country], country)).toEqual([]);
  });

  it.each([
    ["FIN", "2617416-5", "Finnish"],
    ["SWE", "556703-7486", "Swedish"],
    ["NOR", "988077918", "Norwegian"],
  ] as const)("refuses the %s business id %s with a wrong check digit", (country, businessId, name) => {
    expect(problemsIn(withGroup(minimal[country], "customer_info", { business_id: businessId }), country)).toEqual([
      {
        field: "customer_info.business_id",
        code: "invalid",
        message: `must be a valid ${name} business id or personal identity code`,
        rule: "businessOrPersonalId",
        params: { nationality: name },
      },
    ]);
  });

  it("checks the business id by the environment's country", () => {
    expect(fieldsIn(withGroup(minimal.FIN, "customer_info", { business_id: "556703-7485" }), "FIN")).toEqual(["customer_info.business_id"]);
    expect(fieldsIn(withGroup(minimal.SWE, "customer_info", { business_id: "2617416-4" }), "SWE")).toEqual(["customer_info.business_id"]);
    expect(fieldsIn(withGroup(minimal.NOR, "customer_info", { business_id: "2617416-4" }), "NOR")).toEqual(["customer_info.business_id"]);
  });

  it.each([
    ["FIN", "131052-308T"],
    ["SWE", "811228-9874"],
    ["NOR", "15108695088"],
  ] as const)("accepts a %s personal identity code (%s) as business_id, for a sole proprietor", (country, id) => {
    expect(problemsIn(withGroup(minimal[country], "customer_info", { business_id: id }), country)).toEqual([]);
  });

  it.each([
    ["FIN", "FI26174165", "Finnish"],
    ["SWE", "SE556703748601", "Swedish"],
    ["NOR", "NO988077918MVA", "Norwegian"],
  ] as const)("refuses the %s VAT number %s", (country, vat, name) => {
    expect(problemsIn(withGroup(minimal[country], "customer_info", { vat_number: vat }), country)).toEqual([
      { field: "customer_info.vat_number", code: "invalid", message: `must be a valid ${name} VAT number`, rule: "vatNumber", params: { nationality: name } },
    ]);
  });

  it("checks the VAT number by the environment's country", () => {
    expect(fieldsIn(withGroup(minimal.SWE, "customer_info", { vat_number: "FI26174164" }), "SWE")).toEqual(["customer_info.vat_number"]);
  });

  it("refuses reference_length in Finland: it applies only in Norway and Sweden", () => {
    expect(problemsIn({ ...minimal.FIN, settlement_settings: { reference_length: 10 } }, "FIN")).toEqual([
      { field: "settlement_settings.reference_length", code: "invalid", message: "applies only in Norway and Sweden", rule: "norwaySwedenOnly", params: {} },
    ]);
  });

  it.each(["SWE", "NOR"] as const)("accepts reference_length in %s", (country) => {
    expect(problemsIn({ ...minimal[country], settlement_settings: { reference_length: 10 } }, country)).toEqual([]);
  });

  it("accepts reference_length null in Finland: null is no value", () => {
    expect(problemsIn({ ...minimal.FIN, settlement_settings: { reference_length: null } }, "FIN")).toEqual([]);
  });

  it.each([
    ["FIN", [0], [1, 2, 3], "0"],
    ["NOR", [0, 1], [2, 3], "0, 1"],
    ["SWE", [0, 1, 2, 3], [], "0, 1, 2, 3"],
  ] as const)("allows in %s the bank account types %j only", (country, allowed, refusedTypes, list) => {
    for (const type of allowed) expect(fieldsIn({ ...minimal[country], settlement_settings: { bank_account_type: type } }, country)).toEqual([]);
    for (const type of refusedTypes) {
      expect(problemsIn({ ...minimal[country], settlement_settings: { bank_account_type: type } }, country)).toEqual([
        expect.objectContaining({
          field: "settlement_settings.bank_account_type",
          code: "invalid",
          message: expect.stringContaining(`must be one of ${list} in`),
          rule: "accountTypeOfCountry",
          params: { types: list, country: expect.any(String) },
        }),
      ]);
    }
  });

  it("does not also check the number of an account type the country does not allow", () => {
    expect(fieldsIn({ ...minimal.FIN, settlement_settings: { bank_account_type: 3, bank_account_number: "5050-1055" } }, "FIN")).toEqual([
      "settlement_settings.bank_account_type",
    ]);
  });

  it.each([
    ["FIN", 0, "FI21 1234 5600 0007 85", "FI21 1234 5600 0007 86", "must be a valid IBAN", "iban"],
    ["SWE", 0, "SE45 5000 0000 0583 9825 7466", "SE45 5000 0000 0583 9825 7467", "must be a valid IBAN", "iban"],
    ["SWE", 1, "5440-0002225", "5440-0002226", "must be a Swedish clearing and account number", "swedishAccount"],
    ["SWE", 2, "28 65 43-4", "28 65 43-5", "must be a Plusgiro number (2–8 digits with a valid check digit)", "plusgiro"],
    ["SWE", 3, "5050-1055", "5050-1056", "must be a Bankgiro number (7–8 digits with a valid check digit)", "bankgiro"],
    ["NOR", 0, "NO93 8601 1117 947", "NO93 8601 1117 948", "must be a valid IBAN", "iban"],
    ["NOR", 1, "86011117947", "86011117948", "must be a Norwegian account number (11 digits, MOD11)", "norwegianAccount"],
  ] as const)("in %s checks an account of type %d: accepts %s, refuses %s", (country, type, good, bad, message, rule) => {
    const settlement = (number: string) => ({ ...minimal[country], settlement_settings: { bank_account_type: type, bank_account_number: number } });
    expect(problemsIn(settlement(good), country)).toEqual([]);
    expect(problemsIn(settlement(bad), country)).toEqual([{ field: "settlement_settings.bank_account_number", code: "invalid", message, rule, params: {} }]);
  });

  it("checks an account number without a type as an IBAN", () => {
    expect(problemsIn({ ...minimal.SWE, settlement_settings: { bank_account_number: "SE45 5000 0000 0583 9825 7466" } }, "SWE")).toEqual([]);
    expect(problemsIn({ ...minimal.SWE, settlement_settings: { bank_account_number: "5050-1055" } }, "SWE")).toEqual([
      { field: "settlement_settings.bank_account_number", code: "invalid", message: "must be a valid IBAN", rule: "iban", params: {} },
    ]);
  });

  it("checks a user's ssn by the user's nationality, then country, then the environment's country", () => {
    const users = (user: Record<string, unknown>) => ({ ...minimal.FIN, users: [user] });
    expect(problemsIn(users({ ssn: "131052-308T" }), "FIN")).toEqual([]);
    expect(fieldsIn(users({ ssn: "131052-308U" }), "FIN")).toEqual(["users[0].ssn"]);
    expect(problemsIn(users({ ssn: "811228-9874", nationality: "SWE" }), "FIN")).toEqual([]);
    expect(fieldsIn(users({ ssn: "811228-9873", nationality: "SWE" }), "FIN")).toEqual(["users[0].ssn"]);
    expect(problemsIn(users({ ssn: "15108695088", country: "NOR" }), "FIN")).toEqual([]);
    expect(fieldsIn(users({ ssn: "131052-308T", nationality: "NOR", country: "FIN" }), "FIN")).toEqual(["users[0].ssn"]);
  });

  it("does not check the ssn of a user of another nationality, which has no published algorithm here", () => {
    expect(problemsIn({ ...minimal.FIN, users: [{ ssn: "123-45-6789", nationality: "USA" }] }, "FIN")).toEqual([]);
  });

  it("names the user whose ssn is wrong", () => {
    expect(problemsIn({ ...minimal.FIN, users: [{ ssn: "131052-308T" }, { ssn: "bad" }] }, "FIN")).toEqual([
      {
        field: "users[1].ssn",
        code: "invalid",
        message: "must be a valid personal identity code of the user's nationality",
        rule: "userPersonalId",
        params: {},
      },
    ]);
  });
});

describe("missingProfileData: what a complete profile still lacks", () => {
  it.each(["FIN", "SWE", "NOR"] as const)("finds nothing missing in the complete %s profile", (country) => {
    expect(missingIn(complete[country], country)).toEqual([]);
  });

  it("lists everything the onboarding wizard must still collect for a minimal Finnish profile", () => {
    expect(missingIn(minimal.FIN, "FIN")).toEqual([
      "customer_info.name",
      "customer_info.street_address",
      "customer_info.postal_code",
      "customer_info.town_or_city",
      "customer_info.country",
      "customer_info.liable_to_pay_vat",
      "customer_info.vat_number",
      "customer_info.customer_company_type",
      "customer_service_contact.telephone or customer_service_contact.email",
      "contact_person.name",
      "services.service_types",
      "settlement_settings.bank_account_type",
      "settlement_settings.bank_account_number",
      "settlement_settings.bank_account_owner",
      "ropo_service_fees.invoicing_method",
    ]);
  });

  it("requires customer_company_type only in Finland", () => {
    const withoutType = (country: Country) => {
      const info = { ...(complete[country].customer_info as Record<string, unknown>) };
      delete info.customer_company_type;
      return { ...complete[country], customer_info: info };
    };
    expect(missingIn(withoutType("FIN"), "FIN")).toEqual(["customer_info.customer_company_type"]);
    expect(missingIn(withoutType("SWE"), "SWE")).toEqual([]);
    expect(missingIn(withoutType("NOR"), "NOR")).toEqual([]);
    expect(missingIn(minimal.SWE, "SWE")).not.toContain("customer_info.customer_company_type");
  });

  it("does not require vat_number when liable_to_pay_vat is 2 (or false)", () => {
    for (const liable of [2, "2", false]) {
      const body = withGroup(complete.FIN, "customer_info", { liable_to_pay_vat: liable, vat_number: null });
      expect(missingIn(body, "FIN")).toEqual([]);
    }
    expect(missingIn(withGroup(complete.FIN, "customer_info", { vat_number: null }), "FIN")).toEqual(["customer_info.vat_number"]);
  });

  it("is content with either a customer service telephone or a customer service e-mail", () => {
    expect(missingIn({ ...complete.FIN, customer_service_contact: { telephone: "+358 9 123 4567" } }, "FIN")).toEqual([]);
    expect(missingIn({ ...complete.FIN, customer_service_contact: { email: "asiakaspalvelu@example.fi" } }, "FIN")).toEqual([]);
    expect(missingIn({ ...complete.FIN, customer_service_contact: { www: "https://example.fi" } }, "FIN")).toEqual([
      "customer_service_contact.telephone or customer_service_contact.email",
    ]);
  });

  it("requires at least one service type", () => {
    expect(missingIn({ ...complete.FIN, services: { service_types: [] } }, "FIN")).toEqual(["services.service_types"]);
  });

  it.each([
    [1, {}, []],
    [2, {}, ["ropo_service_fees.invoicing_email_address"]],
    [2, { invoicing_email_address: "laskut@example.fi" }, []],
    [3, {}, ["ropo_service_fees.evoice_address", "ropo_service_fees.broker_id"]],
    [3, { evoice_address: "003726174164", broker_id: "OKOYFIHH" }, []],
    [4, {}, ["ropo_service_fees.evoice_address"]],
    [4, { evoice_address: "0216:003726174164" }, []],
  ])("with invoicing_method %d and %j still lacks %j", (method, members, lacking) => {
    expect(missingIn({ ...complete.FIN, ropo_service_fees: { invoicing_method: method, ...members } }, "FIN")).toEqual(lacking);
  });

  it("never lists the acceptor e-mails, language or currency: they default to the contact person's and the country's", () => {
    const missing = missingIn(minimal.FIN, "FIN");
    for (const path of ["agreement_acceptor.email", "money_laundering_acceptor.email", "customer_info.language", "customer_info.currency"]) {
      expect(missing).not.toContain(path);
    }
  });

  it("counts null and empty strings as missing", () => {
    expect(missingIn(withGroup(complete.FIN, "customer_info", { name: null, street_address: "" }), "FIN")).toEqual([
      "customer_info.name",
      "customer_info.street_address",
    ]);
  });
});
