import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { POST as receive } from "../../../app/api/webhooks/events/route";
import { POST as token } from "../../../app/api/webhooks/token/route";
import { DELETE as deleteReceiverRoute, GET as getReceiverRoute, PUT as putReceiverRoute } from "../../../app/rest/events/receiver/route";
import { GET as pollRoute } from "../../../app/rest/events/route";
import { POST as postJobs } from "../../../app/rest/jobs/route";
import { POST as simulatePayment } from "../../../app/rest/testing/payments/route";
import { POST as tokenRoute } from "../../../app/rest/token/route";
import { ServiceClient } from "../../client";
import { getDb } from "../../db/client";
import { systemClock } from "../../platform/clock";
import { dispatchEvents } from "../../service/events/dispatch-events";
import { environment } from "../../spec/environments";
import { invoice } from "../../testing/jobs";
import { createTestOrganization } from "../../testing/organization-fixture";
import { call, json, profileWithToken } from "../../testing/rest";
import type { Connection } from "../connections/connections";
import { revealReceiverCredentials } from "../receiver/receiver-credentials";
import { rotateAndRegister } from "../receiver/rotate-and-register";

import { projectBatches } from "./ingest-batch";
import { pollConnection } from "./poll-connection";
import { registerReceiver } from "./register-receiver";
import { setEventMode } from "./set-event-mode";

/*
 * The whole path of a status event: the service's own dispatcher delivers to the portal's receiver
 * over real HTTP (a node:http server in front of the route handlers), fetching its bearer token
 * from the portal's token endpoint, after the portal registered itself through PUT
 * /events/receiver. Every event arrives once, also when an answer is lost and the batch is sent
 * again.
 */

interface Seen {
  path: string;
  authorization: string | null;
  status: number;
}

let server: Server;
let baseUrl = "";
const seen: Seen[] = [];
/** Answers the next N webhook posts with 503 after storing them: the answer is "lost". */
let loseAnswers = 0;

beforeAll(async () => {
  server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", async () => {
      const url = new URL(incoming.url ?? "/", baseUrl);
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === "string") headers.set(name, value);
      const request = new Request(url, { method: incoming.method, headers, body: chunks.length > 0 ? Buffer.concat(chunks) : undefined });
      const handler = url.pathname === "/api/webhooks/events" ? receive : url.pathname === "/api/webhooks/token" ? token : null;
      let response = handler ? await handler(request) : new Response(null, { status: 404 });
      // What the app's background thread does with a batch once it is kept.
      if (handler === receive && response.ok) await projectBatches(getDb());
      if (handler === receive && response.ok && loseAnswers > 0) {
        loseAnswers -= 1;
        response = new Response(null, { status: 503 });
      }
      seen.push({ path: url.pathname, authorization: incoming.headers.authorization ?? null, status: response.status });
      outgoing.writeHead(response.status, Object.fromEntries(response.headers));
      outgoing.end(Buffer.from(await response.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/**
 * The portal's real client, its requests answered by the service's route handlers in this process
 * (the service's side needs no server; the receiver's side does, for the dispatcher's fetch).
 */
function serviceClient(profile: { id: string; cid: string }): ServiceClient {
  const routes: Record<string, Partial<Record<string, (request: Request) => Promise<Response>>>> = {
    "/token": { POST: tokenRoute },
    "/events": { GET: pollRoute },
    "/events/receiver": { PUT: putReceiverRoute, GET: getReceiverRoute, DELETE: deleteReceiverRoute },
  };
  const routed: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname.replace(/^\/fin-test\/rest/, "");
    const handler = routes[path]?.[request.method];
    return handler
      ? handler(new Request(`http://localhost${new URL(request.url).pathname}${new URL(request.url).search}`, request))
      : new Response(null, { status: 404 });
  };
  // profileWithToken gives every test profile the apicode "apicode-<id>".
  return new ServiceClient({ baseUrl: "http://service.test/fin-test/rest", cid: profile.cid, apicode: `apicode-${profile.id}`, fetch: routed });
}

async function setUp() {
  const profile = await profileWithToken("fin-test");
  const org = await createTestOrganization(getDb(), [{ environment: "fin-test", cid: profile.cid }]);
  const row = org.connections[0]!;
  const connection: Connection = {
    id: row.id,
    organizationId: org.organizationId,
    environment: environment("fin-test"),
    label: "fin-test",
    baseUrl: "http://service.invalid/fin-test/rest",
    cid: profile.cid,
    eventMode: "push",
    receiverRegisteredAt: null,
    receiverError: null,
    lastContactAt: null,
  };
  return { profile, org, connection, client: serviceClient(profile) };
}

async function postInvoices(serviceToken: string, count: number): Promise<number[]> {
  return (await postInvoicesWithAmounts(serviceToken, count)).map((result) => result.jobid);
}

async function postInvoicesWithAmounts(serviceToken: string, count: number): Promise<{ jobid: number; amount: number }[]> {
  const response = await call(postJobs, "/fin-test/rest/jobs", {
    token: serviceToken,
    body: { datastream: { dataset: Array.from({ length: count }, () => invoice({ sendtype: "email", email: "maija@example.com" })) } },
  });
  expect(response.status).toBeLessThan(300);
  const body = await json<{ result: { jobid: number; accepted: number; amount: number }[] }>(response);
  expect(body.result.every((result) => result.accepted === 1)).toBe(true);
  return body.result;
}

async function drain(profileId: string) {
  for (let round = 0; round < 20; round++) {
    await dispatchEvents(getDb(), systemClock, { timeoutMs: 5_000, random: () => 0 });
    const receiver = await getDb().eventReceiver.findUniqueOrThrow({ where: { profileId } });
    const pending = await getDb().eventBatch.count({ where: { receiverId: receiver.id, status: { not: "delivered" } } });
    const unbatched = await getDb().event.count({ where: { profileId, seq: { gt: receiver.batchedThroughSeq } } });
    if (pending === 0 && unbatched === 0) return;
  }
  throw new Error("the service did not deliver its events");
}

describe("the service's dispatcher delivering to the portal's receiver", () => {
  it("registers with OAuth, and every event arrives once, also when an answer is lost", async () => {
    const { profile, org, connection, client } = await setUp();
    const registered = await registerReceiver(getDb(), { organizationId: org.organizationId, connection, publicBaseUrl: baseUrl, client });
    expect(registered).toEqual({ ok: true });
    const receiverRow = await getDb().eventReceiver.findUniqueOrThrow({ where: { profileId: profile.id } });
    expect(receiverRow).toMatchObject({
      scheme: "oauth2",
      url: `${baseUrl}/api/webhooks/events?environment=fin-test`,
      tokenUrl: `${baseUrl}/api/webhooks/token`,
      clientId: org.credentials.clientId,
    });
    const registeredRow = await getDb().portalConnection.findUniqueOrThrow({ where: { id: connection.id } });
    expect(registeredRow.receiverRegisteredAt).not.toBeNull();
    expect(registeredRow.lastContactAt).toEqual(registeredRow.receiverRegisteredAt);

    const posted = await postInvoicesWithAmounts(profile.token, 3);
    const jobids = posted.map((result) => result.jobid);
    loseAnswers = 1;
    await drain(profile.id);

    const serviceEvents = await getDb().event.count({ where: { profileId: profile.id } });
    expect(serviceEvents).toBeGreaterThan(0);
    const portalEvents = await getDb().portalEvent.findMany({ where: { organizationId: org.organizationId } });
    expect(portalEvents).toHaveLength(serviceEvents);
    const webhookPosts = seen.filter((item) => item.path === "/api/webhooks/events");
    expect(webhookPosts.some((item) => item.status === 503)).toBe(true);
    expect(webhookPosts.every((item) => item.authorization?.startsWith("Bearer "))).toBe(true);
    expect(seen.some((item) => item.path === "/api/webhooks/token" && item.status === 200)).toBe(true);

    const cases = await getDb().portalCase.findMany({ where: { organizationId: org.organizationId }, orderBy: { jobid: "asc" } });
    expect(cases.map((row) => row.jobid)).toEqual(jobids);
    // The service tells of a new job by delivery events; its lifecycle code comes with the post's answer (lib/portal/cases).
    for (const row of cases)
      expect(row).toMatchObject({ environment: "fin-test", cid: profile.cid, deliveryStatus: expect.any(String), deliveryChannel: "email" });

    // A payment of the whole first invoice: the case is paid, nothing open.
    const first = cases[0]!;
    const paid = await call(simulatePayment, "/fin-test/rest/testing/payments", {
      token: profile.token,
      body: { jobid: first.jobid, amount: posted[0]!.amount.toFixed(2) },
    });
    expect(paid.status).toBe(201);
    await drain(profile.id);
    const after = await getDb().portalCase.findUniqueOrThrow({ where: { id: first.id }, include: { events: true } });
    expect(after).toMatchObject({ code: 101, openCapital: 0n });
    expect(after.events.map((event) => event.type)).toEqual(expect.arrayContaining(["lcstatus", "payment"]));
    expect(await getDb().portalEvent.count({ where: { organizationId: org.organizationId } })).toBe(
      await getDb().event.count({ where: { profileId: profile.id } }),
    );
  });

  it("polls what happened before push took over, then drops the cursor", async () => {
    const { profile, org, connection, client } = await setUp();
    await getDb().portalConnection.update({ where: { id: connection.id }, data: { eventMode: "poll" } });
    const first = await postInvoices(profile.token, 2);
    const polled = await pollConnection(getDb(), { ...connection, eventMode: "poll" }, client);
    expect(polled.stored).toBeGreaterThan(0);
    expect(await getDb().portalCase.count({ where: { organizationId: org.organizationId } })).toBe(2);
    // Polling again finds nothing new and stores nothing twice.
    expect((await pollConnection(getDb(), connection, client)).stored).toBe(0);

    // More happens while polling is off, then push is switched on: registration catches up first.
    await postInvoices(profile.token, 1);
    await getDb().portalConnection.update({ where: { id: connection.id }, data: { eventMode: "push" } });
    expect(await registerReceiver(getDb(), { organizationId: org.organizationId, connection, publicBaseUrl: baseUrl, client })).toEqual({ ok: true });
    expect((await getDb().portalConnection.findUniqueOrThrow({ where: { id: connection.id } })).pollCursor).toBeNull();
    const later = await postInvoices(profile.token, 1);
    await drain(profile.id);
    const cases = await getDb().portalCase.findMany({ where: { organizationId: org.organizationId } });
    expect(cases).toHaveLength(4);
    expect(cases.map((row) => row.jobid)).toEqual(expect.arrayContaining([...first, ...later]));
    expect(await getDb().portalEvent.count({ where: { organizationId: org.organizationId } })).toBe(
      await getDb().event.count({ where: { profileId: profile.id } }),
    );
  });

  it("moves past a page it stored before when its cursor went back, and stores nothing twice", async () => {
    const { profile, org, connection, client } = await setUp();
    await getDb().portalConnection.update({ where: { id: connection.id }, data: { eventMode: "poll" } });
    await postInvoices(profile.token, 1);
    const polling = { ...connection, eventMode: "poll" as const };
    expect((await pollConnection(getDb(), polling, client)).stored).toBeGreaterThan(0);
    const cursor = (await getDb().portalConnection.findUniqueOrThrow({ where: { id: connection.id } })).pollCursor;
    const stored = await getDb().portalEvent.count({ where: { organizationId: org.organizationId } });

    // The cursor is lost (a restore, say): the same first page comes again and is a duplicate.
    // Polling must step past it, or a first page that is always full would stop it for good.
    await getDb().portalConnection.update({ where: { id: connection.id }, data: { pollCursor: null } });
    expect((await pollConnection(getDb(), polling, client)).stored).toBe(0);
    expect((await getDb().portalConnection.findUniqueOrThrow({ where: { id: connection.id } })).pollCursor).toBe(cursor);
    expect(await getDb().portalEvent.count({ where: { organizationId: org.organizationId } })).toBe(stored);
  });

  it("records why a registration failed, without any secret", async () => {
    const { org, connection, client } = await setUp();
    const outcome = await registerReceiver(getDb(), { organizationId: org.organizationId, connection, publicBaseUrl: "ftp://nowhere.example", client });
    expect(outcome.ok).toBe(false);
    const row = await getDb().portalConnection.findUniqueOrThrow({ where: { id: connection.id } });
    expect(row.receiverRegisteredAt).toBeNull();
    expect(row.lastContactAt).toBeNull();
    expect(row.receiverError).toMatch(/^400 /);
    expect(row.receiverError).not.toContain(org.credentials.clientSecret);
  });

  it("switches to polling without receiving anything twice, and back to push", async () => {
    const { profile, org, connection, client } = await setUp();
    const input = { organizationId: org.organizationId, connection, publicBaseUrl: baseUrl, client };
    expect(await registerReceiver(getDb(), input)).toEqual({ ok: true });
    await postInvoices(profile.token, 2);
    await drain(profile.id);

    expect(await setEventMode(getDb(), { ...input, mode: "poll" })).toEqual({ ok: true });
    expect(await getDb().eventReceiver.count({ where: { profileId: profile.id } })).toBe(0);
    const row = await getDb().portalConnection.findUniqueOrThrow({ where: { id: connection.id } });
    expect(row).toMatchObject({ eventMode: "poll", receiverRegisteredAt: null, pollCursor: expect.any(String) });
    // What push brought is not polled again; what came after is.
    expect((await pollConnection(getDb(), { ...connection, eventMode: "poll" }, client)).stored).toBe(0);
    await postInvoices(profile.token, 1);
    expect((await pollConnection(getDb(), { ...connection, eventMode: "poll" }, client)).stored).toBeGreaterThan(0);

    expect(await setEventMode(getDb(), { ...input, connection: { ...connection, eventMode: "poll" }, mode: "push" })).toEqual({ ok: true });
    await postInvoices(profile.token, 1);
    await drain(profile.id);
    expect(await getDb().portalCase.count({ where: { organizationId: org.organizationId } })).toBe(4);
    expect(await getDb().portalEvent.count({ where: { organizationId: org.organizationId } })).toBe(
      await getDb().event.count({ where: { profileId: profile.id } }),
    );
  });

  it("rotates the credentials and registers the new ones, so delivery goes on", async () => {
    const { profile, org, connection, client } = await setUp();
    expect(await registerReceiver(getDb(), { organizationId: org.organizationId, connection, publicBaseUrl: baseUrl, client })).toEqual({ ok: true });
    const outcome = await rotateAndRegister(getDb(), { organizationId: org.organizationId, publicBaseUrl: baseUrl, clientOf: () => client });
    expect(outcome).toEqual({ registered: 1, failed: 0 });
    const fresh = await revealReceiverCredentials(getDb(), org.organizationId);
    expect(fresh.clientSecret).not.toBe(org.credentials.clientSecret);
    expect((await getDb().eventReceiver.findUniqueOrThrow({ where: { profileId: profile.id } })).clientId).toBe(fresh.clientId);
    await postInvoices(profile.token, 1);
    await drain(profile.id);
    expect(await getDb().portalEvent.count({ where: { organizationId: org.organizationId } })).toBe(
      await getDb().event.count({ where: { profileId: profile.id } }),
    );
  });
});
