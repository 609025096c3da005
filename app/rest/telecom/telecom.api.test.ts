import { beforeAll, describe, expect, it } from "vitest";

import { getDb } from "@/lib/db/client";
import { fixedClock } from "@/lib/platform/clock";
import { evaluateTelecomDisconnects } from "@/lib/service/contracts/evaluate-telecom-disconnects";
import { telecomMessageSchema } from "@/lib/spec/events";
import type { JobsResponse } from "@/lib/spec/jobs";
import { envelope, invoice } from "@/lib/testing/jobs";
import { call, demoToken, json, profileWithToken } from "@/lib/testing/rest";

import { POST as postJobsRoute } from "../jobs/route";

import { GET as getDisconnections, POST as postDisconnection } from "./disconnections/route";
import { POST as postReconnection } from "./reconnections/route";

/* Telecom: the principal's reports, and the service's own recommendations once per debt episode. */

let fin: string;
let finProfileId: string;
let other: { id: string; token: string };
const clock = fixedClock("2026-11-23T10:00:00Z");

beforeAll(async () => {
  fin = await demoToken("fin-test");
  finProfileId = (await getDb().profile.findFirstOrThrow({ where: { environment: "fin-test", cid: "demo-fin" } })).id;
  other = await profileWithToken("fin-test");
});

async function telecomInvoice(custnum: string, overrides: Record<string, unknown> = {}, token = fin): Promise<number> {
  const item = invoice({ custnum, collectionprocess: "telecom", billdate: "2026-08-18", paydate: "2026-09-01", ...overrides });
  const body = await json<JobsResponse>(await call(postJobsRoute, "/fin-test/rest/jobs", { body: envelope(item), token }));
  expect(body.accepted).toBe(1);
  return body.result[0]!.jobid!;
}

const toCollection = (id: number) => getDb().job.update({ where: { id }, data: { jobstatus: 2 } });
const pay = (id: number) => getDb().job.update({ where: { id }, data: { jobstatus: 101, openCapital: 0n, closedAt: clock.now() } });

async function eventsOf(customernumber: string, profileId = finProfileId) {
  const events = await getDb().event.findMany({ where: { profileId, type: { in: ["telecomdisconnect", "telecomreconnect"] } }, orderBy: { seq: "asc" } });
  return events.filter((event) => (event.message as { customernumber: string }).customernumber === customernumber);
}

describe("POST /telecom/disconnections and /telecom/reconnections", () => {
  it("records what the principal reports, without an event", async () => {
    const response = await call(postDisconnection, "/fin-test/rest/telecom/disconnections", {
      body: { customernumber: "R-1", time: "2026-11-20T08:00:00+02:00", reason: "unpaid invoices" },
      token: fin,
    });
    expect(response.status).toBe(201);
    expect(await json(response)).toEqual({
      customernumber: "R-1",
      reported: { state: "disconnected", time: "2026-11-20T06:00:00.000Z", reason: "unpaid invoices" },
      recommendation: null,
    });
    const back = await call(postReconnection, "/fin-test/rest/telecom/reconnections", { body: { customernumber: "R-1" }, token: fin });
    expect(back.status).toBe(201);
    expect(await json(back)).toMatchObject({ customernumber: "R-1", reported: { state: "reconnected", reason: null } });
    expect(await eventsOf("R-1")).toEqual([]);
  });

  it("names each invalid member", async () => {
    const response = await call(postDisconnection, "/fin-test/rest/telecom/disconnections", {
      body: { time: "yesterday", reason: "x".repeat(256) },
      token: fin,
    });
    expect(response.status).toBe(400);
    const body = await json<{ problems: { field: string; code: string }[] }>(response);
    expect(body.problems.map((problem) => [problem.field, problem.code]).sort()).toEqual([
      ["customernumber", "required"],
      ["reason", "invalid"],
      ["time", "invalid"],
    ]);
    const list = await call(postDisconnection, "/fin-test/rest/telecom/disconnections", { body: [{ customernumber: "R-2" }], token: fin });
    expect(list.status).toBe(400);
    expect((await call(getDisconnections, "/fin-test/rest/telecom/disconnections", { method: "GET", token: fin })).status).toBe(405);
    expect((await call(postDisconnection, "/fin-test/rest/telecom/disconnections", { body: { customernumber: "R-2" } })).status).toBe(401);
  });

  it("keeps each profile's reports apart", async () => {
    await call(postDisconnection, "/fin-test/rest/telecom/disconnections", { body: { customernumber: "R-3" }, token: other.token });
    expect(await getDb().contract.count({ where: { profileId: finProfileId, contractNo: "telecom:R-3" } })).toBe(0);
    expect(await getDb().contract.count({ where: { profileId: other.id, contractNo: "telecom:R-3" } })).toBe(1);
  });
});

describe("evaluateTelecomDisconnects", () => {
  it("recommends one disconnect per episode and one reconnect when it is paid", async () => {
    const first = await telecomInvoice("T-1");
    const second = await telecomInvoice("T-1", { paydate: "2026-10-01" });
    await Promise.all([toCollection(first), toCollection(second)]);

    await evaluateTelecomDisconnects(getDb(), clock);
    await evaluateTelecomDisconnects(getDb(), clock);
    const events = await eventsOf("T-1");
    expect(events.map((event) => [event.type, event.message])).toEqual([
      ["telecomdisconnect", { cid: "demo-fin", customernumber: "T-1", time: "2026-11-23T10:00:00.000Z" }],
    ]);
    expect(telecomMessageSchema.safeParse(events[0]!.message).success).toBe(true);

    await pay(first);
    await evaluateTelecomDisconnects(getDb(), clock);
    expect(await eventsOf("T-1")).toHaveLength(1);

    await pay(second);
    clock.advance(60_000);
    await evaluateTelecomDisconnects(getDb(), clock);
    await evaluateTelecomDisconnects(getDb(), clock);
    expect((await eventsOf("T-1")).map((event) => [event.type, event.message])).toEqual([
      ["telecomdisconnect", { cid: "demo-fin", customernumber: "T-1", time: "2026-11-23T10:00:00.000Z" }],
      ["telecomreconnect", { cid: "demo-fin", customernumber: "T-1", time: "2026-11-23T10:01:00.000Z" }],
    ]);
  });

  it("does not tell the principal to cut what it reports cut, but tells it to reconnect after payment", async () => {
    const debt = await telecomInvoice("T-2");
    await toCollection(debt);
    await call(postDisconnection, "/fin-test/rest/telecom/disconnections", { body: { customernumber: "T-2", time: "2026-11-23T09:00:00Z" }, token: fin });
    await evaluateTelecomDisconnects(getDb(), clock);
    expect(await eventsOf("T-2")).toEqual([]);
    await pay(debt);
    await evaluateTelecomDisconnects(getDb(), clock);
    expect((await eventsOf("T-2")).map((event) => event.type)).toEqual(["telecomreconnect"]);
  });

  it("says nothing about a subscription the principal cut without telecom debt in collection", async () => {
    await call(postDisconnection, "/fin-test/rest/telecom/disconnections", { body: { customernumber: "T-7", reason: "fraud" }, token: fin });
    await evaluateTelecomDisconnects(getDb(), clock);
    await evaluateTelecomDisconnects(getDb(), clock);
    expect(await eventsOf("T-7")).toEqual([]);
  });

  it("leaves alone other receivables, recent debts and invoices not in collection", async () => {
    const energy = await telecomInvoice("T-3", { collectionprocess: null });
    await toCollection(energy);
    const recent = await telecomInvoice("T-4", { paydate: "2026-11-01" });
    await toCollection(recent);
    await telecomInvoice("T-5");
    await evaluateTelecomDisconnects(getDb(), clock);
    for (const customer of ["T-3", "T-4", "T-5"]) expect(await eventsOf(customer)).toEqual([]);
  });

  it("keeps customers of different profiles apart", async () => {
    const theirs = await telecomInvoice("T-6", {}, other.token);
    await toCollection(theirs);
    await evaluateTelecomDisconnects(getDb(), clock);
    expect(await eventsOf("T-6")).toEqual([]);
    const events = await eventsOf("T-6", other.id);
    expect(events).toHaveLength(1);
    expect((events[0]!.message as { cid: string }).cid).not.toBe("demo-fin");
  });
});
