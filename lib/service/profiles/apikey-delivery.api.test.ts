import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { DELETE as deleteReceiverRoute, GET as getReceiverRoute, PUT as putReceiverRoute } from "@/app/rest/profile/apikeyreceiver/route";
import { POST as createProfileRoute } from "@/app/rest/profile/createprofile/route";
import { POST as tokenRoute } from "@/app/rest/token/route";
import { getDb } from "@/lib/db/client";
import { fixedClock, systemClock } from "@/lib/platform/clock";
import { metrics } from "@/lib/platform/metrics";
import { unseal } from "@/lib/platform/secrets";
import type { ApikeyMessage, ApikeyReceiverView } from "@/lib/spec/apikey-receiver";
import type { CreateProfileResponse } from "@/lib/spec/create-profile";
import { call, json, profileWithToken } from "@/lib/testing/rest";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";

import { deliverApikeys } from "./apikey-delivery";
import { completeOnboarding } from "./complete-onboarding";

/*
 * The API-key receiving endpoint: a partner's onboarded profile, once complete, has its apicode
 * issued and delivered to the partner's receiver, retried as events are, and never kept after.
 */

let webhook: WebhookReceiver;

beforeAll(async () => {
  webhook = await startWebhookReceiver({ basic: { username: "partner", password: "apikeys-pa55" } });
});

afterAll(async () => {
  await webhook.close();
});

const PATH = "/fin-test/rest/profile/apikeyreceiver";
const basic = () => ({ url: webhook.url, auth: { scheme: "basic", username: "partner", password: "apikeys-pa55" } });

/** Everything a complete Finnish profile needs. */
function complete(businessId: string, uuid: string) {
  return {
    customer_info: {
      business_id: businessId,
      name: "Rakennus Oy",
      street_address: "Teollisuuskatu 5",
      postal_code: "00510",
      town_or_city: "Helsinki",
      country: "FIN",
      liable_to_pay_vat: 1,
      vat_number: `FI${businessId.replace("-", "")}`,
      customer_company_type: 1,
    },
    customer_service_contact: { telephone: "+358 9 123 4567" },
    contact_person: { name: "Liisa Laskuttaja", email: "liisa@rakennus.fi" },
    services: { service_types: [1, 2, 3] },
    settlement_settings: { bank_account_type: 0, bank_account_number: "FI21 1234 5600 0007 85", bank_account_owner: "Rakennus Oy" },
    ropo_service_fees: { invoicing_method: 1 },
    additional_information: { profile_uuid: uuid },
  };
}

async function create(token: string, body: unknown): Promise<CreateProfileResponse> {
  const response = await call(createProfileRoute, "/fin-test/rest/profile/createprofile", { token, body });
  expect(response.status).toBe(200);
  return json<CreateProfileResponse>(response);
}

const postsFor = (cid: string) => webhook.posts.filter((post) => (post.body as unknown as ApikeyMessage).cid === cid);

describe("PUT /profile/apikeyreceiver and the apicode delivery", () => {
  it("delivers a complete profile's apicode once; it opens POST /token and the service keeps only its hash", async () => {
    const partner = await profileWithToken("fin-test", { createCustomerApi: true });
    const put = await call(putReceiverRoute, PATH, { method: "PUT", body: basic(), token: partner.token });
    expect(put.status).toBe(201);
    const view = await json<ApikeyReceiverView>(put);
    expect(view.auth).toEqual({ scheme: "basic", username: "partner", password: "set" });

    const created = await create(partner.token, complete("0737546-2", "uuid-delivered"));
    expect(created).toMatchObject({ status: "created", message: expect.stringContaining("apicode receiver") });

    expect(await deliverApikeys(getDb(), systemClock)).toMatchObject({ delivered: 1 });
    const [post, ...more] = postsFor(created.customerId!);
    expect(more).toEqual([]);
    expect(post!.authorization).toBe(`Basic ${Buffer.from("partner:apikeys-pa55").toString("base64")}`);
    const message = post!.body as unknown as ApikeyMessage;
    expect(message).toMatchObject({ cid: created.customerId, environment: "fin-test", business_id: "0737546-2", profile_uuid: "uuid-delivered" });
    expect(message.apicode).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const token = await call(tokenRoute, "/fin-test/rest/token", { body: { cid: message.cid, apicode: message.apicode } });
    expect(token.status).toBe(201);

    const delivery = await getDb().apikeyDelivery.findFirstOrThrow({ where: { partnerProfileId: partner.id } });
    expect(delivery).toMatchObject({ status: "delivered", apicodeSealed: null, attempts: 1 });
    const shown = await call(getReceiverRoute, PATH, { method: "GET", token: partner.token });
    const text = await shown.text();
    expect(text).not.toContain(message.apicode);
    expect(JSON.parse(text)).toMatchObject({ deliveries: [{ cid: created.customerId, profile_uuid: "uuid-delivered", status: "delivered", attempts: 1 }] });

    // Delivered is delivered: nothing goes twice.
    await deliverApikeys(getDb(), systemClock);
    expect(postsFor(created.customerId!)).toHaveLength(1);
  });

  it("retries a 5xx, marks a refusal failed, and sends the same apicode once the receiver is put again", async () => {
    const partner = await profileWithToken("fin-test", { createCustomerApi: true });
    await call(putReceiverRoute, PATH, { method: "PUT", body: basic(), token: partner.token });
    const created = await create(partner.token, complete("2617416-4", "uuid-retried"));
    // jobs_total counts each attempt by what followed it.
    const count = async (outcome: string) =>
      (await metrics().jobs.get()).values.find((value) => value.labels.kind === "apikey" && value.labels.outcome === outcome)?.value ?? 0;
    const counted = { retry: await count("retry"), failed: await count("failed"), done: await count("done") };

    webhook.enqueue({ kind: "server_error", status: 503 });
    expect(await deliverApikeys(getDb(), systemClock)).toMatchObject({ retried: 1 });
    const waiting = await getDb().apikeyDelivery.findFirstOrThrow({ where: { partnerProfileId: partner.id } });
    expect(waiting).toMatchObject({ status: "pending", attempts: 1, lastError: expect.stringContaining("503") });
    expect(waiting.apicodeSealed).not.toBeNull();
    // Not before its time.
    expect(await deliverApikeys(getDb(), systemClock)).toMatchObject({ delivered: 0, retried: 0 });

    webhook.enqueue({ kind: "client_error", status: 422 });
    const later = fixedClock(new Date(Date.now() + 2 * 60 * 60 * 1000));
    expect(await deliverApikeys(getDb(), later)).toMatchObject({ failed: 1 });
    expect(await getDb().apikeyDelivery.findFirstOrThrow({ where: { partnerProfileId: partner.id } })).toMatchObject({ status: "failed", attempts: 2 });

    await call(putReceiverRoute, PATH, { method: "PUT", body: basic(), token: partner.token });
    expect(await deliverApikeys(getDb(), later)).toMatchObject({ delivered: 1 });
    expect({ retry: await count("retry"), failed: await count("failed"), done: await count("done") }).toEqual({
      retry: counted.retry + 1,
      failed: counted.failed + 1,
      done: counted.done + 1,
    });
    const apicodes = new Set(postsFor(created.customerId!).map((post) => (post.body as unknown as ApikeyMessage).apicode));
    expect(apicodes.size).toBe(1);
    const [apicode] = [...apicodes];
    expect((await call(tokenRoute, "/fin-test/rest/token", { body: { cid: created.customerId, apicode } })).status).toBe(201);
  });

  it("owes the apicode when the customer finishes the onboarding wizard, not before", async () => {
    const partner = await profileWithToken("fin-test", { createCustomerApi: true });
    await call(putReceiverRoute, PATH, { method: "PUT", body: basic(), token: partner.token });
    const started = await create(partner.token, {
      customer_info: { business_id: "0737546-2", name: "Aloittava Oy" },
      contact_person: { email: "aino@aloittava.fi" },
    });
    expect(started.status).toBe("onboarding");
    expect(await getDb().apikeyDelivery.count({ where: { partnerProfileId: partner.id } })).toBe(0);

    const mail = await getDb().mailMessage.findFirstOrThrow({ where: { to: "aino@aloittava.fi" }, orderBy: { createdAt: "desc" } });
    const link = /\/onboarding\/([A-Za-z0-9_-]+)/.exec(unseal(mail.text))![1]!;
    const finished = await completeOnboarding(getDb(), link, {
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
    });
    expect(finished).toMatchObject({ ok: true, status: "created" });
    expect(await deliverApikeys(getDb(), systemClock)).toMatchObject({ delivered: 1 });
    expect(postsFor(started.customerId!)).toHaveLength(1);
  });

  it("is a partner's alone, and without one support issues the apicode", async () => {
    const plain = await profileWithToken("fin-test", { createCustomerApi: false });
    expect((await call(putReceiverRoute, PATH, { method: "PUT", body: basic(), token: plain.token })).status).toBe(403);
    expect((await call(getReceiverRoute, PATH, { method: "GET", token: plain.token })).status).toBe(403);

    const partner = await profileWithToken("fin-test", { createCustomerApi: true });
    expect((await call(getReceiverRoute, PATH, { method: "GET", token: partner.token })).status).toBe(404);
    const created = await create(partner.token, complete("0737546-2", "uuid-support"));
    expect(created.message).toContain("Support issues");
    expect(await getDb().apikeyDelivery.count({ where: { partnerProfileId: partner.id } })).toBe(0);

    // A bad body is named; a removed receiver drops what it had not delivered.
    const bad = await call(putReceiverRoute, PATH, { method: "PUT", body: { url: "ftp://x", auth: { scheme: "basic" } }, token: partner.token });
    expect(bad.status).toBe(400);
    await call(putReceiverRoute, PATH, { method: "PUT", body: basic(), token: partner.token });
    const dropped = await create(partner.token, complete("2617416-4", "uuid-dropped"));
    // Issued and sent once, but the answer was a 503: the partner may hold it unconfirmed.
    webhook.enqueue({ kind: "server_error", status: 503 });
    expect(await deliverApikeys(getDb(), systemClock)).toMatchObject({ retried: 1 });
    const sent = postsFor(dropped.customerId!).map((post) => (post.body as unknown as ApikeyMessage).apicode);
    expect(sent).toHaveLength(1);
    // It works until then.
    expect((await call(tokenRoute, "/fin-test/rest/token", { body: { cid: dropped.customerId, apicode: sent[0] } })).status).toBe(201);
    expect(await getDb().apikeyDelivery.count({ where: { partnerProfileId: partner.id, status: "pending" } })).toBe(1);
    expect((await call(deleteReceiverRoute, PATH, { method: "DELETE", token: partner.token })).status).toBe(204);
    expect(await getDb().apikeyDelivery.count({ where: { partnerProfileId: partner.id } })).toBe(0);
    // Dropped undelivered, so revoked: nobody tracks it any more.
    expect((await call(tokenRoute, "/fin-test/rest/token", { body: { cid: dropped.customerId, apicode: sent[0] } })).status).toBe(400);
    expect((await call(deleteReceiverRoute, PATH, { method: "DELETE", token: partner.token })).status).toBe(404);
  });
});
