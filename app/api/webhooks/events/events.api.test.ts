import { randomUUID } from "node:crypto";

import { describe, expect, it } from "vitest";

import { getDb } from "@/lib/db/client";
import { projectBatches } from "@/lib/portal/events/ingest-batch";
import { rotateReceiverCredentials } from "@/lib/portal/receiver/receiver-credentials";
import { lcstatusMessage as lcstatus } from "@/lib/testing/lcstatus-message";
import { basicHeader, createTestOrganization, type TestOrganization } from "@/lib/testing/organization-fixture";

import { POST as token } from "../token/route";

import { POST as receive } from "./route";

const ENDPOINT = "http://localhost/api/webhooks/events";

/** A delivery, and then what the background thread does with it: its messages stored as events and cases. */
async function post(body: unknown, authorization?: string, options: { url?: string; raw?: string; contentType?: string } = {}) {
  const headers: Record<string, string> = { "content-type": options.contentType ?? "application/json" };
  if (authorization) headers.authorization = authorization;
  const response = await receive(new Request(options.url ?? ENDPOINT, { method: "POST", headers, body: options.raw ?? JSON.stringify(body) }));
  await projectBatches(getDb());
  return response;
}

async function bearerFor(org: TestOrganization): Promise<string> {
  const form = new URLSearchParams({ grant_type: "client_credentials", client_id: org.credentials.clientId, client_secret: org.credentials.clientSecret });
  const response = await token(
    new Request("http://localhost/api/webhooks/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    }),
  );
  expect(response.status).toBe(200);
  return `Bearer ${((await response.json()) as { access_token: string }).access_token}`;
}

const basicOf = (org: TestOrganization) => basicHeader(org.credentials.basicUsername, org.credentials.basicPassword);

function envelope(data: Record<string, unknown[]>, id = randomUUID()) {
  return { created_at: "2026-11-22T08:00:00.000Z", id, data };
}

async function eventsOf(organizationId: string) {
  return getDb().portalEvent.findMany({ where: { organizationId }, orderBy: { position: "asc" } });
}

describe("POST /api/webhooks/events", () => {
  it("accepts HTTP Basic and a bearer token from the token endpoint", async () => {
    const org = await createTestOrganization(getDb());
    const cid = org.connections[0]!.cid;
    const basic = await post(envelope({ lcstatus: [lcstatus(cid, 1, 100)] }), basicOf(org));
    expect(basic.status).toBe(200);
    expect(await basic.json()).toEqual({ stored: 1 });
    const bearer = await post(envelope({ lcstatus: [lcstatus(cid, 2, 100)] }), await bearerFor(org));
    expect(bearer.status).toBe(200);
    expect(await bearer.json()).toEqual({ stored: 1 });
    // Scheme names are case-insensitive.
    const lower = await post(envelope({ lcstatus: [lcstatus(cid, 3, 100)] }), basicOf(org).replace("Basic", "basic"));
    expect(lower.status).toBe(200);
    expect(await getDb().portalEventBatch.count({ where: { organizationId: org.organizationId } })).toBe(3);
  });

  it("answers 401 with a challenge for missing or wrong credentials and stores nothing", async () => {
    const org = await createTestOrganization(getDb());
    const body = envelope({ lcstatus: [lcstatus(org.connections[0]!.cid, 1, 100)] });
    const cases: (string | undefined)[] = [
      undefined,
      basicHeader(org.credentials.basicUsername, "wrong"),
      basicHeader("nobody", org.credentials.basicPassword),
      basicHeader(org.credentials.clientId, org.credentials.clientSecret),
      "Basic not-base64!",
      "Bearer not-a-token",
      `Bearer ${Buffer.from("{}").toString("base64url")}.e30.abc`,
      "Digest username=x",
    ];
    for (const authorization of cases) {
      const response = await post(body, authorization);
      expect(response.status, authorization).toBe(401);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      const challenge = response.headers.get("www-authenticate") ?? "";
      expect(challenge).toContain('Basic realm="status events"');
      expect(challenge).toContain("Bearer");
      const text = await response.text();
      expect(text).not.toContain(org.credentials.basicPassword);
    }
    const bad = await post(body, "Bearer not-a-token");
    expect(bad.headers.get("www-authenticate")).toContain('error="invalid_token"');
    expect(await getDb().portalEventBatch.count({ where: { organizationId: org.organizationId } })).toBe(0);
  });

  it("stops accepting old credentials and old tokens after a rotation", async () => {
    const org = await createTestOrganization(getDb());
    const cid = org.connections[0]!.cid;
    const oldBearer = await bearerFor(org);
    await rotateReceiverCredentials(getDb(), org.organizationId);
    expect((await post(envelope({ lcstatus: [lcstatus(cid, 1, 100)] }), basicOf(org))).status).toBe(401);
    expect((await post(envelope({ lcstatus: [lcstatus(cid, 1, 100)] }), oldBearer)).status).toBe(401);
  });

  it("keeps the batch and answers at once; its messages become events and cases when the background thread projects it", async () => {
    const org = await createTestOrganization(getDb());
    const cid = org.connections[0]!.cid;
    const batch = envelope({ lcstatus: [lcstatus(cid, 7, 100)] });
    const response = await receive(
      new Request(ENDPOINT, { method: "POST", headers: { "content-type": "application/json", authorization: basicOf(org) }, body: JSON.stringify(batch) }),
    );
    expect(await response.json()).toEqual({ stored: 1 });
    const kept = await getDb().portalEventBatch.findFirstOrThrow({ where: { organizationId: org.organizationId, batchId: batch.id } });
    expect(kept.projectedAt).toBeNull();
    expect(JSON.parse(kept.body!)).toMatchObject({ id: batch.id, data: { lcstatus: [{ cid, jobid: 7, code: 100 }] } });
    expect(await eventsOf(org.organizationId)).toHaveLength(0);

    expect(await projectBatches(getDb(), { organizationId: org.organizationId })).toBe(1);
    const projected = await getDb().portalEventBatch.findFirstOrThrow({ where: { id: kept.id } });
    expect(projected.projectedAt).not.toBeNull();
    expect(projected.body).toBeNull();
    expect(await eventsOf(org.organizationId)).toHaveLength(1);
    expect(await getDb().portalCase.findFirstOrThrow({ where: { organizationId: org.organizationId, jobid: 7 } })).toMatchObject({ code: 100 });
    // Projected once: another run finds nothing waiting.
    expect(await projectBatches(getDb(), { organizationId: org.organizationId })).toBe(0);
  });

  it("stores a batch once: a repeat answers 2xx and changes nothing", async () => {
    const org = await createTestOrganization(getDb());
    const cid = org.connections[0]!.cid;
    const batch = envelope({
      lcstatus: [lcstatus(cid, 1, 100)],
      delivery: [{ cid, jobid: 1, status: "DELIVERED", statustime: "2026-11-22T09:00:00Z", distributionchannel: "EMAIL" }],
    });
    expect(await (await post(batch, basicOf(org))).json()).toEqual({ stored: 2 });
    // Someone changes the case meanwhile; the repeat must not project its messages again.
    await getDb().portalCase.updateMany({ where: { organizationId: org.organizationId }, data: { code: 999 } });
    const again = await post(batch, await bearerFor(org));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ duplicate: true });
    expect(await eventsOf(org.organizationId)).toHaveLength(2);
    expect((await getDb().portalCase.findFirstOrThrow({ where: { organizationId: org.organizationId } })).code).toBe(999);
  });

  it("stores a batch once when two identical deliveries race", async () => {
    const org = await createTestOrganization(getDb());
    const cid = org.connections[0]!.cid;
    const batch = envelope({ lcstatus: Array.from({ length: 50 }, (_, index) => lcstatus(cid, index + 1, 100)) });
    const answers = await Promise.all([post(batch, basicOf(org)), post(batch, basicOf(org)), post(batch, await bearerFor(org))]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const bodies = await Promise.all(answers.map((answer) => answer.json()));
    expect(bodies.filter((body) => "stored" in body)).toEqual([{ stored: 50 }]);
    expect(bodies.filter((body) => "duplicate" in body)).toHaveLength(2);
    expect(await eventsOf(org.organizationId)).toHaveLength(50);
    expect(await getDb().portalCase.count({ where: { organizationId: org.organizationId } })).toBe(50);
  });

  it("keeps unknown fields, accepts both telecom spellings and folds them into one type", async () => {
    const org = await createTestOrganization(getDb());
    const cid = org.connections[0]!.cid;
    const batch = {
      ...envelope({
        lcstatus: [lcstatus(cid, 7, 100, { brandnew: { nested: true } })],
        telecomdisconnect: [{ cid, customernumber: "C-1", time: "2026-11-22T08:00:00Z" }],
        telecom_disconnect: [{ cid, customernumber: "C-2", time: "2026-11-22T08:01:00Z" }],
        telecom_reconnect: [{ cid, customernumber: "C-3", time: "2026-11-22T08:02:00Z" }],
        somethingnew: [{ cid, whatever: 1 }],
      }),
      extra: "ignored",
    };
    const response = await post(batch, basicOf(org));
    expect(response.status).toBe(200);
    const events = await eventsOf(org.organizationId);
    expect(events.map((event) => event.type).sort()).toEqual(["lcstatus", "telecomdisconnect", "telecomdisconnect", "telecomreconnect"]);
    expect(events.find((event) => event.type === "lcstatus")!.message).toMatchObject({ brandnew: { nested: true } });
    const telecom = events.filter((event) => event.type === "telecomdisconnect");
    expect(telecom.map((event) => event.caseId)).toEqual([null, null]);
  });

  it("refuses what it can never accept with RFC 7807 problems", async () => {
    const org = await createTestOrganization(getDb());
    const cid = org.connections[0]!.cid;
    const auth = basicOf(org);
    const malformed = await post(null, auth, { raw: "{not json" });
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get("content-type")).toBe("application/problem+json");
    expect(await malformed.json()).toMatchObject({ status: 400, title: "Bad request" });

    const notEnvelope = await post({ hello: "world" }, auth);
    expect(notEnvelope.status).toBe(422);
    const problem = (await notEnvelope.json()) as { problems: { field: string }[] };
    expect(problem.problems.map((item) => item.field)).toEqual(expect.arrayContaining(["created_at", "id", "data"]));

    const tooMany = await post(
      envelope({
        lcstatus: Array.from({ length: 300 }, (_, i) => lcstatus(cid, i + 1, 100)),
        delivery: Array.from({ length: 201 }, (_, i) => ({ cid, jobid: i + 1, status: "SENT", statustime: "2026-11-22T08:00:00Z" })),
      }),
      auth,
    );
    expect(tooMany.status).toBe(422);
    const wrongType = await post(envelope({}), auth, { contentType: "text/plain" });
    expect(wrongType.status).toBe(415);
    const badEnvironment = await post(envelope({}), auth, { url: `${ENDPOINT}?environment=mars-test` });
    expect(badEnvironment.status).toBe(400);
    expect(await getDb().portalEventBatch.count({ where: { organizationId: org.organizationId } })).toBe(0);
  });

  it("refuses a body over 16 MiB with 413 before reading it", async () => {
    const org = await createTestOrganization(getDb());
    const request = new Request(ENDPOINT, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: basicOf(org), "content-length": String(17 * 1024 * 1024) },
      body: "{}",
    });
    expect((await receive(request)).status).toBe(413);
    const streamed = await post(null, basicOf(org), { raw: `{"pad":"${"x".repeat(16 * 1024 * 1024)}"}` });
    expect(streamed.status).toBe(413);
  });

  it("never writes into another organization, whatever the batch says", async () => {
    const mine = await createTestOrganization(getDb());
    const theirs = await createTestOrganization(getDb());
    const theirCid = theirs.connections[0]!.cid;
    // My credentials, a batch naming their cid and job: stored on my side, unplaced, their case untouched.
    const response = await post(envelope({ lcstatus: [lcstatus(theirCid, 1, 100)] }), basicOf(mine));
    expect(response.status).toBe(200);
    expect(await eventsOf(theirs.organizationId)).toHaveLength(0);
    expect(await getDb().portalCase.count({ where: { organizationId: theirs.organizationId } })).toBe(0);
    const stored = await eventsOf(mine.organizationId);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ environment: "", caseId: null, cid: theirCid });
    // Batch ids are per organization: the same id from them is theirs to store.
    const shared = envelope({ lcstatus: [lcstatus(theirCid, 1, 100)] });
    expect(await (await post(shared, basicOf(mine))).json()).toEqual({ stored: 1 });
    expect(await (await post(shared, basicOf(theirs))).json()).toEqual({ stored: 1 });
    expect(await getDb().portalCase.count({ where: { organizationId: theirs.organizationId } })).toBe(1);
  });

  it("places a cid used in two environments by the environment the address names", async () => {
    const org = await createTestOrganization(getDb(), [
      { environment: "fin-test", cid: "shared-cid" },
      { environment: "swe-test", cid: "shared-cid" },
    ]);
    const ambiguous = await post(envelope({ lcstatus: [lcstatus("shared-cid", 1, 100)] }), basicOf(org));
    expect(ambiguous.status).toBe(200);
    const placed = await post(envelope({ lcstatus: [lcstatus("shared-cid", 1, 100)] }), basicOf(org), { url: `${ENDPOINT}?environment=swe-test` });
    expect(placed.status).toBe(200);
    const cases = await getDb().portalCase.findMany({ where: { organizationId: org.organizationId } });
    expect(cases.map((row) => [row.environment, row.country, row.currency])).toEqual([["swe-test", "SWE", "SEK"]]);
    const events = await eventsOf(org.organizationId);
    expect(events.map((event) => event.environment).sort()).toEqual(["", "swe-test"]);
  });
});
