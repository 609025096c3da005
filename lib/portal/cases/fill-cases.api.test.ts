import { describe, expect, it } from "vitest";

import { GET as pollRoute } from "../../../app/rest/events/route";
import { GET as lookUpRoute, POST as postJobs } from "../../../app/rest/jobs/route";
import { POST as tokenRoute } from "../../../app/rest/token/route";
import { ServiceClient } from "../../client";
import { getDb } from "../../db/client";
import { Backoff } from "../../platform/backoff";
import { fixedClock } from "../../platform/clock";
import { environment } from "../../spec/environments";
import { invoice } from "../../testing/jobs";
import { createTestOrganization } from "../../testing/organization-fixture";
import { call, json, profileWithToken } from "../../testing/rest";
import type { Connection } from "../connections/connections";
import { pollConnection } from "../events/poll-connection";
import { CONNECTION_RETRY } from "../events/portal-loops";

import { fillCasesFromService } from "./fill-cases";

/*
 * Jobs an ERP posted straight to the service reach the portal as events only; the portal fills
 * each such case from the service's GET /jobs?jobids=… through its real client, answered by the
 * service's route handlers.
 */

function routedClient(profile: { id: string; cid: string }, seen: string[]): ServiceClient {
  const routed: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/fin-test\/rest/, "");
    seen.push(`${request.method} ${path}`);
    const local = new Request(`http://localhost${url.pathname}${url.search}`, request);
    if (path === "/token") return tokenRoute(local);
    if (path === "/events") return pollRoute(local);
    if (path === "/jobs" && request.method === "GET") return lookUpRoute(local);
    return new Response(null, { status: 404 });
  };
  return new ServiceClient({ baseUrl: "http://service.test/fin-test/rest", cid: profile.cid, apicode: `apicode-${profile.id}`, fetch: routed });
}

async function setUp() {
  const profile = await profileWithToken("fin-test");
  const org = await createTestOrganization(getDb(), [{ environment: "fin-test", cid: profile.cid, eventMode: "poll" }]);
  const row = org.connections[0]!;
  const connection: Connection = {
    id: row.id,
    organizationId: org.organizationId,
    environment: environment("fin-test"),
    label: "fin-test",
    baseUrl: "http://service.test/fin-test/rest",
    cid: profile.cid,
    eventMode: "poll",
    receiverRegisteredAt: null,
    receiverError: null,
    lastContactAt: null,
  };
  const seen: string[] = [];
  return { profile, org, connection, seen, client: routedClient(profile, seen) };
}

/** What the customer's ERP posts, past the portal. */
async function postFromErp(token: string, ...items: unknown[]) {
  const response = await call(postJobs, "/fin-test/rest/jobs", { token, body: { datastream: { dataset: items } } });
  expect(response.status).toBe(200);
  return (await json<{ result: { jobid: number; amount: number; billnum: string; reference: string }[] }>(response)).result;
}

const clock = fixedClock("2026-11-25T10:00:00Z");

describe("cases learned from events are filled in from the service", () => {
  it("gets its code and amounts from the opening lcstatus, then its debtor from GET /jobs?jobids=…, once", async () => {
    const { profile, org, connection, client, seen } = await setUp();
    const posted = await postFromErp(
      profile.token,
      invoice({
        ownref: "erp-1",
        customertype: "1",
        company: "Velallinen Oy",
        person: null,
        paydate: "2026-12-30",
        sendtype: "email",
        email: "laskut@velallinen.fi",
      }),
      invoice({ ownref: "erp-2", person: "Maija Meikäläinen" }),
    );
    expect((await pollConnection(getDb(), connection, client)).stored).toBeGreaterThan(0);
    const learned = await getDb().portalCase.findMany({ where: { organizationId: org.organizationId }, orderBy: { jobid: "asc" } });
    expect(learned.map((row) => row.jobid)).toEqual(posted.map((result) => result.jobid));
    // The opening lcstatus: a code, the due date and what is open from the start; no debtor yet.
    expect(learned[0]).toMatchObject({
      code: 0,
      paydate: "2026-12-30",
      currentPaydate: "2026-12-30",
      openCapital: BigInt(Math.round(posted[0]!.amount * 100)),
      receiverName: null,
      detailsReadAt: null,
    });

    expect(await fillCasesFromService(getDb(), clock, { clientOf: () => client })).toBe(2);
    const filled = await getDb().portalCase.findMany({ where: { organizationId: org.organizationId }, orderBy: { jobid: "asc" } });
    expect(filled[0]).toMatchObject({
      receiverName: "Velallinen Oy",
      jobtype: 0,
      sendtype: "email",
      currency: "EUR",
      amount: BigInt(Math.round(posted[0]!.amount * 100)),
      billnum: posted[0]!.billnum,
      reference: posted[0]!.reference,
      documentid: "erp-1",
      code: 0,
      detailsReadAt: clock.now(),
    });
    expect(filled[1]).toMatchObject({ receiverName: "Maija Meikäläinen", documentid: "erp-2" });
    // Found by the debtor's name, as the case list's search finds it.
    const found = await getDb().portalCase.findMany({ where: { organizationId: org.organizationId, searchText: { contains: "velallinen" } } });
    expect(found.map((row) => row.jobid)).toEqual([posted[0]!.jobid]);

    // Both in one request, and only once: a second run asks nothing.
    expect(seen.filter((line) => line.startsWith("GET /jobs"))).toEqual(["GET /jobs"]);
    expect(await fillCasesFromService(getDb(), clock, { clientOf: () => client })).toBe(0);
    expect(seen.filter((line) => line.startsWith("GET /jobs"))).toHaveLength(1);
  });

  it("leaves what events said as it is, and marks a job the service does not have as read", async () => {
    const { profile, org, connection, client } = await setUp();
    const [posted] = await postFromErp(profile.token, invoice({ ownref: "erp-paid" }));
    await pollConnection(getDb(), connection, client);
    // A later event said the case was paid; the answer on its way must not undo that.
    const learned = await getDb().portalCase.findFirstOrThrow({ where: { organizationId: org.organizationId, jobid: posted!.jobid } });
    await getDb().portalCase.update({ where: { id: learned.id }, data: { code: 101, statusText: "Paid", openCapital: 0n } });
    const stranger = await getDb().portalCase.create({
      data: {
        id: crypto.randomUUID(),
        organizationId: org.organizationId,
        environment: "fin-test",
        country: "FIN",
        cid: profile.cid,
        jobid: 999_999_999,
        code: 0,
      },
    });

    expect(await fillCasesFromService(getDb(), clock, { clientOf: () => client })).toBe(2);
    expect(await getDb().portalCase.findUniqueOrThrow({ where: { id: learned.id } })).toMatchObject({
      code: 101,
      statusText: "Paid",
      openCapital: 0n,
      receiverName: expect.any(String),
    });
    expect(await getDb().portalCase.findUniqueOrThrow({ where: { id: stranger.id } })).toMatchObject({ receiverName: null, detailsReadAt: clock.now() });
  });

  it("waits out a service that fails, and fills the case once it answers", async () => {
    const { profile, org, connection, client } = await setUp();
    await postFromErp(profile.token, invoice({ ownref: "erp-later" }));
    await pollConnection(getDb(), connection, client);
    const backoff = new Backoff(CONNECTION_RETRY);
    const failing = { lookUpJobs: () => Promise.reject(new Error("connection refused")) };

    const contactBefore = (await getDb().portalConnection.findUniqueOrThrow({ where: { id: connection.id } })).lastContactAt;
    expect(await fillCasesFromService(getDb(), clock, { clientOf: () => failing, backoff })).toBe(0);
    expect(backoff.due(connection.id, clock.now())).toBe(false);
    // A failure is no contact.
    expect((await getDb().portalConnection.findUniqueOrThrow({ where: { id: connection.id } })).lastContactAt).toEqual(contactBefore);
    // Not asked again before the backoff has passed, even by a client that would answer.
    expect(await fillCasesFromService(getDb(), clock, { clientOf: () => client, backoff })).toBe(0);
    expect(await getDb().portalCase.count({ where: { organizationId: org.organizationId, detailsReadAt: null } })).toBe(1);

    const later = fixedClock("2026-11-25T10:05:00Z");
    // The poll above was contact too (at the real time); forget it, to see the answer's own.
    await getDb().portalConnection.update({ where: { id: connection.id }, data: { lastContactAt: null } });
    expect(await fillCasesFromService(getDb(), later, { clientOf: () => client, backoff })).toBe(1);
    expect(await getDb().portalCase.count({ where: { organizationId: org.organizationId, detailsReadAt: null } })).toBe(0);
    expect((await getDb().portalConnection.findUniqueOrThrow({ where: { id: connection.id } })).lastContactAt).toEqual(later.now());
  });
});
