import { describe, expect, it } from "vitest";

import { POST as apikeysRoute } from "@/app/api/webhooks/apikeys/route";
import { POST as portalTokenRoute } from "@/app/api/webhooks/token/route";
import * as apikeyReceiverRoute from "@/app/rest/profile/apikeyreceiver/route";
import { POST as createProfileRoute } from "@/app/rest/profile/createprofile/route";
import { POST as serviceTokenRoute } from "@/app/rest/token/route";
import { ServiceClient } from "@/lib/client";
import { getDb } from "@/lib/db/client";
import { systemClock } from "@/lib/platform/clock";
import { unseal } from "@/lib/platform/secrets";
import { deliverApikeys } from "@/lib/service/profiles/apikey-delivery";
import type { ApikeyMessage } from "@/lib/spec/apikey-receiver";
import type { CreateProfileResponse } from "@/lib/spec/create-profile";
import { basicHeader, createTestOrganization } from "@/lib/testing/organization-fixture";
import { call, json, profileWithToken } from "@/lib/testing/rest";

import { getConnection } from "../connections/connections";

import type { CreateProfileBody } from "./build-profile-request";
import { listOnboardings } from "./list-onboardings";
import { receiveApikey } from "./receive-apikey";
import { recordOnboarding } from "./record-onboarding";
import { registerApikeyReceiver } from "./register-apikey-receiver";

/*
 * The portal's side of the API-key delivery: the portal registers its apicode receiver with a
 * partner connection's service before onboarding, the service delivers the complete profile's
 * apicode there, and the profile becomes a connection of its own, shown on the onboarding list.
 */

const SERVICE = "http://embedded-service.test";
const PORTAL = "http://portal.test";

/** The service's and the portal's route handlers, reached by URL as their servers would. */
const routed: typeof fetch = async (input, init) => {
  const request = new Request(input as RequestInfo, init);
  const url = new URL(request.url);
  if (url.origin === PORTAL && url.pathname === "/api/webhooks/apikeys") return apikeysRoute(request);
  if (url.origin === PORTAL && url.pathname === "/api/webhooks/token") return portalTokenRoute(request);
  if (url.origin === SERVICE && url.pathname.endsWith("/rest/token")) return serviceTokenRoute(request);
  if (url.origin === SERVICE && url.pathname.endsWith("/rest/profile/apikeyreceiver")) {
    return request.method === "GET" ? apikeyReceiverRoute.GET(request) : apikeyReceiverRoute.PUT(request);
  }
  throw new Error(`no route for ${request.method} ${request.url}`);
};

const complete = (businessId: string): CreateProfileBody => ({
  customer_info: {
    business_id: businessId,
    name: "Kumppanin Asiakas Oy",
    street_address: "Teollisuuskatu 5",
    postal_code: "00510",
    town_or_city: "Helsinki",
    country: "FIN",
    liable_to_pay_vat: 1 as const,
    vat_number: `FI${businessId.replace("-", "")}`,
    customer_company_type: 1 as const,
  },
  customer_service_contact: { telephone: "+358 9 123 4567" },
  contact_person: { name: "Liisa Laskuttaja", email: "liisa@asiakas.fi" },
  services: { service_types: [1, 2] },
  settlement_settings: { bank_account_type: 0, bank_account_number: "FI21 1234 5600 0007 85", bank_account_owner: "Kumppanin Asiakas Oy" },
  ropo_service_fees: { invoicing_method: 1 },
});

describe("the portal's apicode receiver", () => {
  it("turns a partner's onboarded profile into a connection once its apicode arrives", async () => {
    const db = getDb();
    const partner = await profileWithToken("fin-test", { createCustomerApi: true });
    const org = await createTestOrganization(db, [
      { environment: "fin-test", cid: partner.cid, apicode: `apicode-${partner.id}`, baseUrl: `${SERVICE}/fin-test/rest` },
    ]);
    const connection = await getConnection(db, { organizationId: org.organizationId, connectionId: org.connections[0]!.id });
    const client = new ServiceClient({ baseUrl: connection.baseUrl, cid: partner.cid, apicode: `apicode-${partner.id}`, fetch: routed });
    expect(await registerApikeyReceiver(db, { organizationId: org.organizationId, connection, publicBaseUrl: PORTAL, client })).toEqual({ ok: true });
    // Another organization on the same partner profile does not take its apicodes over.
    const other = await createTestOrganization(db, [
      { environment: "fin-test", cid: partner.cid, apicode: `apicode-${partner.id}`, baseUrl: `${SERVICE}/fin-test/rest` },
    ]);
    const theirs = await getConnection(db, { organizationId: other.organizationId, connectionId: other.connections[0]!.id });
    const refused = await registerApikeyReceiver(db, { organizationId: other.organizationId, connection: theirs, publicBaseUrl: PORTAL, client });
    expect(refused).toMatchObject({ ok: false, error: expect.stringContaining("apicodes go to") });

    const request = complete("0737546-2");
    const response = await json<CreateProfileResponse>(
      await call(createProfileRoute, "/fin-test/rest/profile/createprofile", { token: partner.token, body: request }),
    );
    expect(response.status).toBe("created");
    await recordOnboarding(db, { organizationId: org.organizationId, connectionId: connection.id, request, response });
    const before = await listOnboardings(db, { organizationId: org.organizationId });
    expect(before[0]).toMatchObject({ customerId: response.customerId, status: "created", connected: null });

    // The service's worker delivers with the portal's OAuth client, through the portal's token endpoint.
    expect(await deliverApikeys(db, systemClock, { fetch: routed })).toMatchObject({ delivered: 1 });
    const added = await db.portalConnection.findFirstOrThrow({ where: { organizationId: org.organizationId, cid: response.customerId! } });
    expect(added).toMatchObject({ environment: "fin-test", label: "Kumppanin Asiakas Oy", baseUrl: `${SERVICE}/fin-test/rest`, receiverRegisteredAt: null });
    // The apicode the portal keeps opens the new profile's service.
    const token = await call(serviceTokenRoute, "/fin-test/rest/token", { body: { cid: response.customerId, apicode: unseal(added.apicodeEncrypted) } });
    expect(token.status).toBe(201);
    const after = await listOnboardings(db, { organizationId: org.organizationId });
    expect(after[0]).toMatchObject({ status: "created", connected: { id: added.id, label: "Kumppanin Asiakas Oy" } });
  });

  it("answers what the service should never send again with 4xx, and a repeat changes nothing", async () => {
    const db = getDb();
    const org = await createTestOrganization(db, [{ environment: "fin-test" }]);
    const other = await createTestOrganization(db, [{ environment: "fin-test" }]);
    const message: ApikeyMessage = {
      id: "delivery-1",
      cid: "777001",
      apicode: "an-apicode-of-thirty-two-chars-xx",
      environment: "fin-test",
      business_id: "2617416-4",
      profile_uuid: null,
      issued_at: new Date().toISOString(),
    };
    // Only a profile the organization onboarded through the connection is taken.
    const unknown = await receiveApikey(db, { organizationId: org.organizationId, partnerConnectionId: org.connections[0]!.id, message });
    expect(unknown).toMatchObject({ ok: false, status: 404 });
    await recordOnboarding(db, {
      organizationId: org.organizationId,
      connectionId: org.connections[0]!.id,
      request: complete("2617416-4"),
      response: { customerId: "777001", status: "created", message: null, missing: [] },
    });
    const post = (
      connection: string,
      body: unknown,
      authorization: string | null = basicHeader(org.credentials.basicUsername, org.credentials.basicPassword),
    ) =>
      apikeysRoute(
        new Request(`${PORTAL}/api/webhooks/apikeys?connection=${connection}`, {
          method: "POST",
          headers: { "content-type": "application/json", ...(authorization ? { authorization } : {}) },
          body: JSON.stringify(body),
        }),
      );

    expect((await post(org.connections[0]!.id, message, null)).status).toBe(401);
    // Another organization's connection is not found: one organization never adds to another's.
    expect((await post(other.connections[0]!.id, message)).status).toBe(404);
    expect((await post(org.connections[0]!.id, { ...message, environment: "swe-test" })).status).toBe(422);
    const bad = await post(org.connections[0]!.id, { ...message, apicode: 42 });
    expect(bad.status).toBe(422);
    expect(await bad.text()).not.toContain("an-apicode");

    const first = await post(org.connections[0]!.id, message);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ created: true });
    expect(await receiveApikey(db, { organizationId: org.organizationId, partnerConnectionId: org.connections[0]!.id, message })).toMatchObject({
      ok: true,
      created: false,
    });
    const added = await db.portalConnection.findFirstOrThrow({ where: { organizationId: org.organizationId, cid: "777001" } });
    await db.portalConnection.update({ where: { id: added.id }, data: { receiverRegisteredAt: new Date() } });
    // The same apicode again: the connection's registration stands.
    await receiveApikey(db, { organizationId: org.organizationId, partnerConnectionId: org.connections[0]!.id, message });
    expect((await db.portalConnection.findUniqueOrThrow({ where: { id: added.id } })).receiverRegisteredAt).not.toBeNull();
    expect(await db.portalConnection.count({ where: { organizationId: other.organizationId, cid: "777001" } })).toBe(0);
    // The same cid at another service address is another profile: left alone.
    await db.portalConnection.update({ where: { id: added.id }, data: { baseUrl: "http://other-provider.test/fin-test/rest" } });
    const elsewhere = await receiveApikey(db, {
      organizationId: org.organizationId,
      partnerConnectionId: org.connections[0]!.id,
      message: { ...message, apicode: "another" },
    });
    expect(elsewhere).toMatchObject({ ok: false, status: 409 });
  });
});
