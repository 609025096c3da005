import { randomUUID } from "node:crypto";

import { beforeAll, describe, expect, it } from "vitest";

import { getDb } from "@/lib/db/client";
import type { CreateProfileResponse } from "@/lib/spec/create-profile";

import type { CreateProfileBody } from "./build-profile-request";
import { listOnboardings } from "./list-onboardings";
import { recordOnboarding } from "./record-onboarding";

/* The portal's record of onboarded profiles against a real database: per organization, newest first,
 * each profile once in its latest state, never a user's personal identity code. */

const org = randomUUID();
const otherOrg = randomUUID();
const finTest = randomUUID();
const sweTest = randomUUID();
const otherConnection = randomUUID();

beforeAll(async () => {
  const db = getDb();
  await db.portalOrganization.createMany({
    data: [
      { id: org, name: "Onboarding Oy" },
      { id: otherOrg, name: "Other Oy" },
    ],
  });
  await db.portalConnection.createMany({
    data: [
      {
        id: finTest,
        organizationId: org,
        environment: "fin-test",
        label: "FIN test",
        baseUrl: "http://127.0.0.1/fin-test/rest",
        cid: "p-fin",
        apicodeEncrypted: "x",
      },
      {
        id: sweTest,
        organizationId: org,
        environment: "swe-test",
        label: "SWE test",
        baseUrl: "http://127.0.0.1/swe-test/rest",
        cid: "p-swe",
        apicodeEncrypted: "x",
      },
      {
        id: otherConnection,
        organizationId: otherOrg,
        environment: "fin-test",
        label: "Other",
        baseUrl: "http://127.0.0.1/fin-test/rest",
        cid: "o-fin",
        apicodeEncrypted: "x",
      },
    ],
  });
});

const body = (businessId: string, extra: Partial<CreateProfileBody> = {}): CreateProfileBody => ({
  customer_info: { business_id: businessId, name: `Firma ${businessId}` },
  contact_person: { email: `${businessId}@example.fi` },
  ...extra,
});
const answer = (customerId: string, status: CreateProfileResponse["status"]): CreateProfileResponse => ({
  customerId,
  status,
  message: `${status}.`,
  missing: [],
});
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("onboardings", () => {
  it("lists the organization's profiles newest first, each once in the state of its latest answer", async () => {
    const db = getDb();
    await recordOnboarding(db, { organizationId: org, connectionId: finTest, request: body("2617416-4"), response: answer("100001", "onboarding") });
    await tick();
    await recordOnboarding(db, { organizationId: org, connectionId: sweTest, request: body("556703-7485"), response: answer("100001", "incomplete") });
    await tick();
    await recordOnboarding(db, { organizationId: org, connectionId: finTest, request: body("2617416-4"), response: answer("100001", "created") });

    const profiles = await listOnboardings(db, { organizationId: org });
    expect(profiles.map((profile) => [profile.businessId, profile.connection.environment, profile.status])).toEqual([
      ["2617416-4", "fin-test", "created"],
      ["556703-7485", "swe-test", "incomplete"],
    ]);
    expect(profiles[0]).toMatchObject({
      name: "Firma 2617416-4",
      contactEmail: "2617416-4@example.fi",
      customerId: "100001",
      message: "created.",
      connection: { label: "FIN test" },
    });
  });

  it("never shows another organization's profiles", async () => {
    const db = getDb();
    await recordOnboarding(db, {
      organizationId: otherOrg,
      connectionId: otherConnection,
      request: body("1796717-0"),
      response: answer("100009", "onboarding"),
    });
    expect((await listOnboardings(db, { organizationId: org })).map((profile) => profile.businessId)).not.toContain("1796717-0");
    expect((await listOnboardings(db, { organizationId: otherOrg })).map((profile) => profile.businessId)).toEqual(["1796717-0"]);
  });

  it("keeps the request without users' personal identity codes", async () => {
    const db = getDb();
    const request = body("0112038-9", { users: [{ first_name: "Maija", ssn: "131052-308T" }] });
    const { id } = await recordOnboarding(db, { organizationId: org, connectionId: finTest, request, response: answer("100002", "onboarding") });
    const row = await db.portalOnboarding.findUniqueOrThrow({ where: { id } });
    expect(row.request).toMatchObject({ users: [{ first_name: "Maija" }] });
    expect(JSON.stringify(row.request)).not.toContain("131052-308T");
  });

  it("answers an organization without onboardings with an empty list", async () => {
    expect(await listOnboardings(getDb(), { organizationId: randomUUID() })).toEqual([]);
  });
});
