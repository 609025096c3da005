import { createHash } from "node:crypto";

import { beforeAll, describe, expect, it } from "vitest";

import { POST as createProfileRoute } from "../../../app/rest/profile/createprofile/route";
import { getDb } from "../../db/client";
import { unseal } from "../../platform/secrets";
import { call, demoToken, json } from "../../testing/rest";

import { completeOnboarding, findOnboarding } from "./complete-onboarding";

/* The onboarding wizard's domain: the e-mailed link collects what the profile lacks, then stops working. */

let token: string;

beforeAll(async () => {
  token = await demoToken("fin-test");
});

/** Starts onboarding through createprofile and returns the link's token from the e-mail. */
async function startOnboarding(businessId: string, email: string): Promise<string> {
  const response = await call(createProfileRoute, "/fin-test/rest/profile/createprofile", {
    token,
    body: { customer_info: { business_id: businessId, name: "Aloittava Oy" }, contact_person: { email } },
  });
  expect((await json(response)).status).toBe("onboarding");
  const mail = await getDb().mailMessage.findFirstOrThrow({ where: { to: email } });
  // The link is a credential: the queued mail holds it sealed, never in clear.
  expect(mail.text).not.toMatch(/onboarding/);
  return /\/onboarding\/([A-Za-z0-9_-]+)/.exec(unseal(mail.text))![1]!;
}

const everything = {
  "customer_info.street_address": "Uusikatu 1",
  "customer_info.postal_code": "00100",
  "customer_info.town_or_city": "Helsinki",
  "customer_info.country": "FIN",
  "customer_info.liable_to_pay_vat": "1",
  "customer_info.vat_number": "FI07375462",
  "customer_info.customer_company_type": "1",
  "customer_service_contact.telephone": "+358 9 100 200",
  "contact_person.name": "Aino Aloittaja",
  "services.service_types": [1, 2],
  "settlement_settings.bank_account_type": "0",
  "settlement_settings.bank_account_number": "FI21 1234 5600 0007 85",
  "settlement_settings.bank_account_owner": "Aloittava Oy",
  "ropo_service_fees.invoicing_method": "1",
};

describe("completeOnboarding", () => {
  it("finds the profile by the link's token, which is stored only as a hash", async () => {
    const link = await startOnboarding("0737546-2", "aino@example.fi");
    const found = await findOnboarding(getDb(), link);
    expect(found).toMatchObject({ businessId: "0737546-2", name: "Aloittava Oy", status: "onboarding" });
    expect(found!.missing).toContain("settlement_settings.bank_account_number");
    const stored = await getDb().profile.findFirstOrThrow({ where: { businessId: "0737546-2" } });
    expect(stored.onboardingTokenHash).toBe(createHash("sha256").update(link).digest("hex"));
    expect(await findOnboarding(getDb(), `${link}x`)).toBeNull();
  });

  it("names each wrong answer by its member and saves nothing", async () => {
    const link = await startOnboarding("1572860-0", "b@example.fi");
    const outcome = await completeOnboarding(getDb(), link, {
      ...everything,
      "customer_info.vat_number": "FI12345678",
      "ropo_service_fees.invoicing_method": "9",
    });
    expect(outcome).toEqual({
      ok: false,
      problems: [
        { field: "ropo_service_fees.invoicing_method", code: "invalid", message: "must be one of 1, 2, 3, 4", rule: "oneOf", params: { values: "1, 2, 3, 4" } },
        {
          field: "customer_info.vat_number",
          code: "invalid",
          message: "must be a valid Finnish VAT number",
          rule: "vatNumber",
          params: { nationality: "Finnish" },
        },
      ],
    });
    expect((await findOnboarding(getDb(), link))!.missing).toContain("customer_info.street_address");
  });

  it("keeps what one step saved and asks only for what is still missing", async () => {
    const link = await startOnboarding("0201256-6", "c@example.fi");
    const first = await completeOnboarding(getDb(), link, { "customer_info.street_address": "Uusikatu 1", "ropo_service_fees.invoicing_method": "2" });
    expect(first.ok && first.status).toBe("onboarding");
    const missing = first.ok ? first.missing : [];
    expect(missing).not.toContain("customer_info.street_address");
    expect(missing).toContain("ropo_service_fees.invoicing_email_address"); // asked because e-mail was chosen
  });

  it("takes only the members it asks for, however their path is written", async () => {
    const link = await startOnboarding("0763403-0", "e@example.fi");
    const outcome = await completeOnboarding(getDb(), link, {
      "customer_info..business_id": "2617416-4",
      "customer_info.business_id": "2617416-4",
      "contact_person.email": "attacker@example.com",
      "customer_info..street_address": "Polku 2",
    });
    expect(outcome.ok).toBe(true);
    const stored = await getDb().profile.findFirstOrThrow({ where: { businessId: "0763403-0" } });
    expect(stored.onboardingData).toMatchObject({
      customer_info: { business_id: "0763403-0", street_address: "Polku 2" },
      contact_person: { email: "e@example.fi" },
    });
  });

  it("creates the profile when nothing is missing, and the link stops working", async () => {
    const link = await startOnboarding("0109862-8", "d@example.fi");
    const outcome = await completeOnboarding(getDb(), link, {
      ...everything,
      "customer_info.vat_number": "FI01098628",
      "customer_info.business_id": "9999999-9",
    });
    expect(outcome).toEqual({ ok: true, status: "created", missing: [] });
    const profile = await getDb().profile.findFirstOrThrow({ where: { businessId: "0109862-8" } });
    expect(profile).toMatchObject({ status: "created", onboardingTokenHash: null, missing: [] });
    expect(await findOnboarding(getDb(), link)).toBeNull();
    expect(await completeOnboarding(getDb(), link, everything)).toEqual({ ok: false, expired: true });
  });
});
