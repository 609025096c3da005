import { randomUUID } from "node:crypto";

import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";

import { getDb } from "@/lib/db/client";
import { projectBatches } from "@/lib/portal/events/ingest-batch";
import type { CreateProfileBody } from "@/lib/portal/onboarding/build-profile-request";
import { recordOnboarding } from "@/lib/portal/onboarding/record-onboarding";
import { asJson, type Body, judgeInLanes, mutated, mutateText, sampleBodies, text, textMutations } from "@/lib/testing/fuzz-bodies";
import { lcstatusMessage as lcstatus } from "@/lib/testing/lcstatus-message";
import { basicHeader, createTestOrganization, type TestOrganization } from "@/lib/testing/organization-fixture";

import { POST as apikeys } from "./apikeys/route";
import { POST as events } from "./events/route";
import { POST as token } from "./token/route";

/*
 * Generated bodies against the portal's receivers, as app/rest/fuzz.api.test.ts does for the
 * service, seeded, so a failure is reproduced by its seed. The receivers check credentials before
 * they read a body, so every body is sent with an organization's valid credentials (HTTP Basic on
 * half the lanes, a bearer token from the token endpoint on the other half) and the query the
 * address names: the bodies meet the body parser and what stores them. Whatever comes in, the
 * answer is never a 5xx, and a 4xx is a JSON document (a problem document; an RFC 6749 error at
 * the token endpoint).
 */

/**
 * 3,000 bodies per receiver on both engines. A body costs the receiver's own work, 0.4 to 3 ms:
 * the credentials' check, reading and judging the body and, for a valid one, a row stored (a
 * batch, an apicode's connection) or a token signed. This file alone on SQLite, on a 2-core machine
 * at load 8 to 10: 15 to 28 s wall (10 to 20 s of tests: the events 4 to 10 s, the apicodes 4 to
 * 6 s, the token 1 to 2.5 s, projecting the kept batches 1 s); on PostgreSQL 29 s. 5,000 would
 * take some 35 s at that load, too near the 40 s a file that runs in every suite run should stay
 * under when other files share its cores; FUZZ_RUNS asks for a deeper search when the parsers
 * change (`FUZZ_RUNS=20000 npx vitest run --project api-sqlite app/api/webhooks/fuzz.api.test.ts`).
 */
const RUNS = z.coerce
  .number()
  .int()
  .positive()
  .default(3_000)
  .parse(process.env.FUZZ_RUNS || undefined);
const SEED = 20_261_128;
const LANES = 8;
const PORTAL = "http://portal.test";
const FORM = "application/x-www-form-urlencoded";
/** The profile the organization onboarded through its connection, whose apicode the service delivers. */
const ONBOARDED_CID = "777001";

type Handler = (request: Request) => Promise<Response>;
interface Receiver {
  name: string;
  handler: Handler;
  url: () => string;
  /** Whether the receiver checks the organization's credentials (the token endpoint is where they are checked). */
  authenticated: boolean;
  template: () => Body;
  templated: () => fc.Arbitrary<Body>;
  raw?: string;
}

let org: TestOrganization;
let bearer: string;

/** A form's fields as a client would encode them: a list repeats its key, other values are their JSON. */
function formOf(value: unknown): string {
  if (!value || typeof value !== "object" || Array.isArray(value)) return typeof value === "string" ? value : (JSON.stringify(value) ?? "");
  const form = new URLSearchParams();
  for (const [key, member] of Object.entries(value)) {
    for (const item of Array.isArray(member) ? member : [member]) form.append(key, typeof item === "string" ? item : (JSON.stringify(item) ?? ""));
  }
  return form.toString();
}

/** Breaks a form where its parser meets it: separators, escapes, repeated and unknown parameters. */
const formPiece = fc.oneof(
  text,
  fc.constantFrom("&", "=", "+", "%", "%zz", "%00", "%ED%A0%80", "&&", "==", "grant_type=password", "client_id=", "scope=a%20b"),
);

/** A batch of the connection's profile; its id is new each time, as a sender's is. */
const batch = () => {
  const cid = org.connections[0]!.cid;
  return {
    created_at: "2026-11-22T08:00:00.000Z",
    id: randomUUID(),
    data: {
      lcstatus: [lcstatus(cid, 1), lcstatus(cid, 2)],
      delivery: [{ cid, jobid: 1, status: "DELIVERED", statustime: "2026-11-22T09:00:00Z", distributionchannel: "EMAIL" }],
    },
  };
};

const apikeyMessage = () => ({
  id: randomUUID(),
  cid: ONBOARDED_CID,
  apicode: "an-apicode-of-thirty-two-chars-xx",
  environment: "fin-test",
  business_id: "2617416-4",
  profile_uuid: null,
  issued_at: "2026-11-28T08:00:00.000Z",
});

const tokenFields = () => ({ grant_type: "client_credentials", client_id: org.credentials.clientId, client_secret: org.credentials.clientSecret });

const receivers: Receiver[] = [
  {
    name: "POST /api/webhooks/events",
    handler: events,
    url: () => `${PORTAL}/api/webhooks/events?environment=fin-test`,
    authenticated: true,
    template: () => asJson(batch()),
    templated: () => mutated(batch).map(asJson),
  },
  {
    name: "POST /api/webhooks/apikeys",
    handler: apikeys,
    url: () => `${PORTAL}/api/webhooks/apikeys?connection=${org.connections[0]!.id}`,
    authenticated: true,
    template: () => asJson(apikeyMessage()),
    templated: () => mutated(apikeyMessage).map(asJson),
  },
  {
    name: "POST /api/webhooks/token",
    handler: token,
    url: () => `${PORTAL}/api/webhooks/token`,
    authenticated: false,
    template: () => ({ raw: formOf(tokenFields()), contentType: FORM, shown: "the client credentials form" }),
    // Half the forms mutated as fields, half as text.
    templated: () =>
      fc.oneof(
        mutated(tokenFields).map((value) => {
          const raw = formOf(value);
          return { raw, contentType: FORM, shown: raw.slice(0, 300) };
        }),
        textMutations(formPiece).map((mutations) => {
          const raw = mutateText(formOf(tokenFields()), mutations);
          return { raw, contentType: FORM, shown: raw.slice(0, 300) };
        }),
      ),
    raw: FORM,
  },
];

function send(receiver: Receiver, body: Body, lane: number): Promise<Response> {
  const headers: Record<string, string> = {};
  if (body.contentType) headers["content-type"] = body.contentType;
  if (receiver.authenticated) headers.authorization = lane % 2 === 0 ? basicHeader(org.credentials.basicUsername, org.credentials.basicPassword) : bearer;
  return receiver.handler(new Request(receiver.url(), { method: "POST", headers, body: body.raw }));
}

beforeAll(async () => {
  const db = getDb();
  org = await createTestOrganization(db);
  await recordOnboarding(db, {
    organizationId: org.organizationId,
    connectionId: org.connections[0]!.id,
    request: { customer_info: { business_id: "2617416-4", name: "Kumppanin Asiakas Oy" }, contact_person: { email: "liisa@asiakas.fi" } } as CreateProfileBody,
    response: { customerId: ONBOARDED_CID, status: "created", message: null, missing: [] },
  });
  const issued = await token(new Request(`${PORTAL}/api/webhooks/token`, { method: "POST", headers: { "content-type": FORM }, body: formOf(tokenFields()) }));
  expect(issued.status).toBe(200);
  bearer = `Bearer ${((await issued.json()) as { access_token: string }).access_token}`;
});

describe("the templates the bodies are made from", () => {
  for (const receiver of receivers) {
    it(`${receiver.name}: the unmutated template is a valid body, with either credential`, async () => {
      for (const lane of [0, 1]) {
        const response = await send(receiver, receiver.template(), lane);
        const answer = await response.text();
        expect({ status: Math.floor(response.status / 100), answer }).toMatchObject({ status: 2 });
      }
    });
  }
});

describe("generated bodies", () => {
  for (const receiver of receivers) {
    it(`${receiver.name}: ${RUNS} generated bodies, never a 5xx, a JSON document for every 4xx`, async () => {
      const queue = sampleBodies(receiver.templated(), { seed: SEED + receiver.name.length * 7919, runs: RUNS, raw: receiver.raw });
      // A few requests at once, as senders deliver them; the answers are judged one by one.
      const failures = await judgeInLanes(queue, LANES, (body, lane) => send(receiver, body, lane));
      expect(failures).toEqual([]);
    }, 300_000);
  }
});

describe("the batches the receiver kept", () => {
  it("are all projected into events and cases: a kept batch that cannot be is retried for ever", async () => {
    const db = getDb();
    while ((await projectBatches(db, { organizationId: org.organizationId })) > 0);
    const kept = await db.portalEventBatch.count({ where: { organizationId: org.organizationId } });
    expect(kept).toBeGreaterThan(RUNS / 20);
    expect(await db.portalEventBatch.findMany({ where: { organizationId: org.organizationId, projectedAt: null }, select: { id: true } })).toEqual([]);
  }, 300_000);
});

describe("bodies the generated ones found", () => {
  it("an apicode message whose cid or business id holds a NUL is refused as malformed, not a 500 the service retries for hours", async () => {
    for (const message of [
      { ...apikeyMessage(), cid: "\u0000" },
      { ...apikeyMessage(), business_id: "2617416-4\u0000" },
    ]) {
      const response = await send(receivers[1]!, asJson(message), 0);
      expect(response.status).toBe(422);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
    }
  });

  it("a batch whose message holds a NUL is projected, with U+FFFD in the NUL's place", async () => {
    const db = getDb();
    const own = await createTestOrganization(db);
    const cid = own.connections[0]!.cid;
    const kept = await events(
      new Request(`${PORTAL}/api/webhooks/events?environment=fin-test`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: basicHeader(own.credentials.basicUsername, own.credentials.basicPassword) },
        body: JSON.stringify({
          created_at: "2026-11-22T08:00:00.000Z",
          id: randomUUID(),
          data: { lcstatus: [{ ...lcstatus(cid, 7), paydate: "\u00002026-12-06", "note\u0000": "a\\u0000b" }] },
        }),
      }),
    );
    expect(kept.status).toBe(200);
    while ((await projectBatches(db, { organizationId: own.organizationId })) > 0);
    expect(await db.portalEventBatch.count({ where: { organizationId: own.organizationId, projectedAt: null } })).toBe(0);
    const [event] = await db.portalEvent.findMany({ where: { organizationId: own.organizationId } });
    // A backslash the sender escaped is text and stays so.
    expect(event?.message).toMatchObject({ paydate: "\ufffd2026-12-06", "note\ufffd": "a\\u0000b" });
  });
});
