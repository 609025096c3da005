import { beforeAll, describe, expect, it } from "vitest";

import { getDb } from "@/lib/db/client";
import { unseal } from "@/lib/platform/secrets";
import type { CreateProfileResponse } from "@/lib/spec/create-profile";
import type { ProblemDetails } from "@/lib/spec/problem-details";
import { call, demoToken, json, profileWithToken } from "@/lib/testing/rest";

import { POST } from "./route";

let fin: string;
let swe: string;
let nor: string;

beforeAll(async () => {
  fin = await demoToken("fin-test");
  swe = await demoToken("swe-test");
  nor = await demoToken("nor-test");
});

const create = (body: unknown, token = fin, environment = "fin-test") => call(POST, `/${environment}/rest/profile/createprofile`, { body, token });

async function created(body: unknown, token = fin, environment = "fin-test") {
  const response = await create(body, token, environment);
  expect(response.status).toBe(200);
  return json<CreateProfileResponse>(response);
}

/** Everything a complete Finnish profile needs. */
function complete(businessId: string, overrides: Record<string, unknown> = {}) {
  return {
    customer_info: {
      business_id: businessId,
      name: "Rakennus Oy",
      street_address: "Teollisuuskatu 5",
      postal_code: "00510",
      town_or_city: "Helsinki",
      country: "FIN",
      language: "fin",
      currency: "EUR",
      liable_to_pay_vat: 1,
      vat_number: `FI${businessId.replace("-", "")}`,
      customer_company_type: 1,
    },
    customer_service_contact: { telephone: "+358 9 123 4567", email: "asiakaspalvelu@rakennus.fi", www: "https://rakennus.fi" },
    contact_person: { name: "Liisa Laskuttaja", telephone: "+358 40 123 4567", email: "liisa@rakennus.fi" },
    agreement_acceptor: { email: "toimitusjohtaja@rakennus.fi" },
    money_laundering_acceptor: { email: null },
    services: { service_types: [1, 2, 3] },
    settlement_settings: { bank_account_type: 0, bank_account_number: "FI21 1234 5600 0007 85", bank_account_owner: "Rakennus Oy" },
    ropo_service_fees: { invoicing_method: 2, invoicing_email_address: "laskut@rakennus.fi" },
    additional_information: { profile_uuid: `uuid-${businessId}` },
    users: [{ first_name: "Liisa", last_name: "Laskuttaja", email: "liisa@rakennus.fi", ssn: "131052-308T", country: "FIN", language: "fin" }],
    ...overrides,
  };
}

describe("POST /profile/createprofile", () => {
  it("refuses a profile without the create_customer_api contract with 403", async () => {
    const plain = await profileWithToken("fin-test", { createCustomerApi: false });
    const response = await create({ customer_info: { business_id: "0737546-2" }, contact_person: { email: "a@b.fi" } }, plain.token);
    expect(response.status).toBe(403);
    expect(await json<ProblemDetails>(response)).toMatchObject({ type: "/rest/problems/forbidden", detail: expect.stringMatching(/create_customer_api/) });
  });

  it("refuses a request without a token with 401", async () => {
    expect((await call(POST, "/fin-test/rest/profile/createprofile", { body: {} })).status).toBe(401);
  });

  it("starts onboarding with only a business id and an e-mail, and says what the wizard collects", async () => {
    const body = await created({ customer_info: { business_id: "0737546-2" }, contact_person: { email: "yrittaja@example.fi" } });
    expect(body.status).toBe("onboarding");
    expect(body.customerId).toMatch(/^\d+$/);
    expect(body.missing).toEqual(
      expect.arrayContaining([
        "customer_info.name",
        "customer_info.customer_company_type",
        "services.service_types",
        "settlement_settings.bank_account_number",
      ]),
    );
    expect(body.message).toContain("yrittaja@example.fi");
    const mail = await getDb().mailMessage.findFirstOrThrow({ where: { to: "yrittaja@example.fi" } });
    // Sealed while it waits (the link is a credential); the sender opens it.
    expect(mail.text).not.toMatch(/onboarding/);
    expect(unseal(mail.text)).toMatch(/\/onboarding\/[A-Za-z0-9_-]{20,}/);
    // The contact person reads what the wizard asks for in words, never the interface's paths, and
    // in the customer's language: a Finnish customer that named none reads Finnish.
    expect(mail.subject).toBe("Viimeistelkää laskutuspalvelun profiilinne");
    expect(unseal(mail.text)).toContain("- Yrityksen nimi");
    expect(unseal(mail.text)).toContain("- Asiakaspalvelun puhelin tai Asiakaspalvelun sähköposti");
    expect(unseal(mail.text)).not.toMatch(/customer_info|settlement_settings|\w\.\w+_/);
    expect(body.message).toContain("The wizard collects: Company name, ");
    expect(body.message).not.toContain("customer_info.");
    const profile = await getDb().profile.findFirstOrThrow({ where: { environment: "fin-test", cid: body.customerId! } });
    expect(profile).toMatchObject({ status: "onboarding", businessId: "0737546-2", apicodeHash: null });
    expect(profile.onboardingTokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("writes the onboarding e-mail in the language the customer gave", async () => {
    const body = await created({ customer_info: { business_id: "1796717-0", language: "swe" }, contact_person: { email: "kund@example.se", name: "Karin" } });
    expect(body.status).toBe("onboarding");
    const mail = await getDb().mailMessage.findFirstOrThrow({ where: { to: "kund@example.se" } });
    expect(mail.subject).toBe("Slutför er profil i faktureringstjänsten");
    const text = unseal(mail.text);
    expect(text).toContain("Hej Karin,");
    expect(text).toContain("Miljö: Finland (testmiljö).");
    expect(text).toContain("Guiden frågar efter:");
    expect(text).toContain("- Företagsnamn");
  });

  it("creates the profile and skips onboarding when everything is supplied", async () => {
    const body = await created(complete("2336509-6"));
    expect(body).toMatchObject({ status: "created", missing: [] });
    expect(await getDb().mailMessage.count({ where: { to: "liisa@rakennus.fi" } })).toBe(0);
    const profile = await getDb().profile.findFirstOrThrow({ where: { environment: "fin-test", cid: body.customerId! } });
    expect(profile).toMatchObject({ status: "created", name: "Rakennus Oy", externalId: "uuid-2336509-6" });
    // users[].ssn is sealed at rest.
    expect(JSON.stringify(profile.onboardingData)).not.toContain("131052-308T");
  });

  it("stores an incomplete profile for later without e-mail when allowIncompleteData is true", async () => {
    const body = await created({
      allowIncompleteData: true,
      customer_info: { business_id: "1572860-0", name: "Pieni Oy" },
      contact_person: { email: "pieni@example.fi" },
    });
    expect(body.status).toBe("incomplete");
    expect(body.missing).not.toContain("customer_info.name");
    // The message is for a person (the portal shows it as the answer): labels, never the paths of `missing`.
    expect(body.message).toContain("Still missing: ");
    expect(body.message).toContain("Street address");
    expect(body.message).not.toMatch(/customer_info|settlement_settings|\w\.\w+_/);
    expect(await getDb().mailMessage.count({ where: { to: "pieni@example.fi" } })).toBe(0);
  });

  it("completes a stored profile when called again for the same business id, keeping its customerId", async () => {
    const first = await created({ allowIncompleteData: true, customer_info: { business_id: "0201256-6" }, contact_person: { email: "x@example.fi" } });
    const second = await created(complete("0201256-6"));
    expect(second).toMatchObject({ status: "created", customerId: first.customerId });
    const again = await create(complete("0201256-6"));
    expect(again.status).toBe(409);
  });

  it("keeps partners apart: another partner gets a profile of its own and learns nothing of the first", async () => {
    const first = await created({
      allowIncompleteData: true,
      customer_info: { business_id: "0109862-8", name: "Ensimmäinen" },
      contact_person: { email: "y@example.fi" },
    });
    const other = await profileWithToken("fin-test", { createCustomerApi: true });
    const second = await created(complete("0109862-8"), other.token);
    expect(second.customerId).not.toBe(first.customerId);
    expect(second.status).toBe("created");
    const stored = await getDb().profile.findFirstOrThrow({ where: { environment: "fin-test", cid: first.customerId! } });
    expect(stored).toMatchObject({ status: "incomplete", name: "Ensimmäinen" });
  });

  it("completes, not overwrites: a later call with less data keeps what was stored", async () => {
    const first = await created({
      allowIncompleteData: true,
      customer_info: { business_id: "2101016-0", name: "Muistava Oy", street_address: "Katu 1" },
      contact_person: { email: "m@example.fi", name: "Maija" },
    });
    const second = await created({
      allowIncompleteData: true,
      customer_info: { business_id: "2101016-0", postal_code: "00100" },
      contact_person: { email: "m@example.fi" },
    });
    expect(second.customerId).toBe(first.customerId);
    expect(second.missing.length).toBe(first.missing.length - 1);
    const stored = await getDb().profile.findFirstOrThrow({ where: { environment: "fin-test", cid: first.customerId! } });
    expect(stored.name).toBe("Muistava Oy");
    expect(stored.onboardingData).toMatchObject({
      customer_info: { name: "Muistava Oy", street_address: "Katu 1", postal_code: "00100" },
      contact_person: { name: "Maija" },
    });
  });

  it("sends the onboarding link once, however often the partner calls", async () => {
    const body = { customer_info: { business_id: "0763403-0" }, contact_person: { email: "once@example.fi" } };
    await created(body);
    await created({ ...body, customer_info: { ...body.customer_info, name: "Kerran Oy" } });
    expect(await getDb().mailMessage.count({ where: { to: "once@example.fi" } })).toBe(1);
  });

  it("creates one profile when a partner sends the same business id several times at once", async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        create({ allowIncompleteData: true, customer_info: { business_id: "0112038-9" }, contact_person: { email: "r@example.fi" } }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const ids = new Set(await Promise.all(answers.map(async (answer) => (await json<CreateProfileResponse>(answer)).customerId)));
    expect(ids.size).toBe(1);
    expect(await getDb().profile.count({ where: { environment: "fin-test", businessId: "0112038-9" } })).toBe(1);
  });

  it("names each invalid member in problems", async () => {
    const response = await create({
      customer_info: { business_id: "1234567-8", country: "FINLAND", liable_to_pay_vat: 3, vat_number: "FI12345678" },
      contact_person: { email: "not-an-email" },
      settlement_settings: { bank_account_type: 0, bank_account_number: "FI00 1234" },
    });
    expect(response.status).toBe(400);
    const problem = await json<ProblemDetails>(response);
    expect(problem.type).toBe("/rest/problems/invalid-request");
    // Shape and country rules in one answer: the VAT number, business id and account are checked too.
    expect(problem.problems?.map((p) => p.field).sort()).toEqual([
      "contact_person.email",
      "customer_info.business_id",
      "customer_info.country",
      "customer_info.liable_to_pay_vat",
      "customer_info.vat_number",
      "settlement_settings.bank_account_number",
    ]);
  });

  it("checks business id, VAT number and account by the country's algorithms", async () => {
    const response = await create({
      customer_info: { business_id: "1234567-8", vat_number: "FI12345678" },
      contact_person: { email: "a@example.fi" },
      settlement_settings: { bank_account_type: 0, bank_account_number: "FI21 1234 5600 0007 86" },
    });
    expect(response.status).toBe(400);
    expect((await json<ProblemDetails>(response)).problems?.map((p) => p.field)).toEqual([
      "customer_info.business_id",
      "customer_info.vat_number",
      "settlement_settings.bank_account_number",
    ]);
  });

  it("requires customer_company_type in Finland only, and allows reference_length in Sweden and Norway only", async () => {
    const finland = await create({
      customer_info: { business_id: "1796717-0" },
      contact_person: { email: "a@example.fi" },
      settlement_settings: { reference_length: 10 },
    });
    expect(finland.status).toBe(400);
    expect((await json<ProblemDetails>(finland)).problems).toEqual([
      { field: "settlement_settings.reference_length", code: "invalid", message: "applies only in Norway and Sweden", rule: "norwaySwedenOnly", params: {} },
    ]);

    const sweden = await created(
      { customer_info: { business_id: "556036-0793" }, contact_person: { email: "a@example.se" }, settlement_settings: { reference_length: "10" } },
      swe,
      "swe-test",
    );
    expect(sweden.missing).not.toContain("customer_info.customer_company_type");
    const profile = await getDb().profile.findFirstOrThrow({ where: { environment: "swe-test", cid: sweden.customerId! } });
    expect(profile.referenceLength).toBe(10);
  });

  it("accepts the country's own account types: Bankgiro in Sweden, a domestic account in Norway, IBAN only in Finland", async () => {
    const sweden = await created(
      {
        customer_info: { business_id: "556016-0680" },
        contact_person: { email: "b@example.se" },
        settlement_settings: { bank_account_type: 3, bank_account_number: "5050-1055" },
      },
      swe,
      "swe-test",
    );
    expect(sweden.status).toBe("onboarding");
    const norway = await created(
      {
        customer_info: { business_id: "923609016" },
        contact_person: { email: "c@example.no" },
        settlement_settings: { bank_account_type: 1, bank_account_number: "8601 11 17947" },
      },
      nor,
      "nor-test",
    );
    expect(norway.status).toBe("onboarding");
    const finland = await create({
      customer_info: { business_id: "0112038-9" },
      contact_person: { email: "d@example.fi" },
      settlement_settings: { bank_account_type: 3, bank_account_number: "5050-1055" },
    });
    expect((await json<ProblemDetails>(finland)).problems).toEqual([
      {
        field: "settlement_settings.bank_account_type",
        code: "invalid",
        message: "must be one of 0 in Finland",
        rule: "accountTypeOfCountry",
        params: { types: "0", country: "Finland" },
      },
    ]);
  });

  it("answers malformed JSON and a wrong content type as a whole", async () => {
    const malformed = await call(POST, "/fin-test/rest/profile/createprofile", { raw: "{", token: fin, headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
    const wrongType = await call(POST, "/fin-test/rest/profile/createprofile", { raw: "x=1", token: fin, headers: { "content-type": "text/plain" } });
    expect(wrongType.status).toBe(415);
  });
});
