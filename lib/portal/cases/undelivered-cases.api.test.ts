import { randomUUID } from "node:crypto";

import { beforeAll, describe, expect, it } from "vitest";

import { getDb } from "../../db/client";
import { fixedClock } from "../../platform/clock";
import { eventBatchSchema } from "../../spec/events";
import { createTestOrganization } from "../../testing/organization-fixture";
import { failedCaseRow } from "../../testing/undelivered-case";
import { getDashboard } from "../dashboard/get-dashboard";
import { ingestBatch } from "../events/ingest-batch";

import { parseCaseListParams } from "./case-list-params";
import { listCases } from "./list-cases";
import { LONG_UNDELIVERED_DAYS } from "./undelivered";

/*
 * Invoices whose delivery failed, which the service does not remind: the case list's delivery
 * filter finds them (and those undelivered LONG_UNDELIVERED_DAYS or longer) and the dashboard
 * counts them, for the organization or one environment, and for no other organization.
 */

const NOW = new Date("2026-11-25T10:00:00Z");
const clock = fixedClock(NOW.toISOString());
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);
let organizationId: string;
let otherId: string;
const names: Record<string, string> = {};

async function seed(
  name: string,
  input: { code: number | null; status: string | null; at?: Date; environment?: string; organization?: string; errorCode?: string },
) {
  const id = randomUUID();
  const environment = input.environment ?? "fin-test";
  await getDb().portalCase.create({
    data: failedCaseRow({
      id,
      organizationId: input.organization ?? organizationId,
      environment,
      country: environment.slice(0, 3).toUpperCase(),
      cid: "undelivered",
      jobid: Math.floor(Math.random() * 1e9),
      code: input.code,
      receiverName: name,
      deliveryStatus: input.status,
      lastDeliveryAt: input.at ?? null,
      deliveryErrorCode: input.errorCode ?? null,
    }),
  });
  names[id] = name;
}

beforeAll(async () => {
  organizationId = (await createTestOrganization(getDb())).organizationId;
  otherId = (await createTestOrganization(getDb())).organizationId;
  await seed("refused yesterday", { code: 0, status: "error", at: daysAgo(1) });
  await seed("refused long ago", { code: 0, status: "error", at: daysAgo(LONG_UNDELIVERED_DAYS) });
  await seed("contract invoice bounced", { code: 300, status: "error", at: daysAgo(40), environment: "swe-test" });
  await seed("returned, address asked", { code: 89, status: "error", at: daysAgo(3) });
  await seed("returned, address in error", { code: 71, status: "error", at: daysAgo(20) });
  await seed("no code yet", { code: null, status: "error", at: daysAgo(2) });
  // The service stops a reminder or collection whose last sent e-invoice was refused until it is resent.
  await seed("reminder e-invoice refused", { code: 2, status: "error", at: daysAgo(1), errorCode: "einvoice_rejected" });
  // Not waiting on a delivery: delivered, a resend delivered after the failure, a reminder letter that failed, paid.
  await seed("delivered", { code: 0, status: "delivered", at: daysAgo(30) });
  await seed("reminder letter failed", { code: 1, status: "error", at: daysAgo(30), errorCode: "returned_mail" });
  await seed("paid", { code: 101, status: "error", at: daysAgo(30) });
  await seed("just posted", { code: 0, status: "received", at: daysAgo(30) });
  await seed("other organization", { code: 0, status: "error", at: daysAgo(30), organization: otherId });
});

async function listed(search: Record<string, string>) {
  const parsed = parseCaseListParams(new URLSearchParams(search));
  expect(parsed.errors).toEqual({});
  const page = await listCases(getDb(), { organizationId, params: parsed.params, count: true, now: NOW });
  return { names: page.rows.map((row) => names[row.id]).sort(), count: page.count };
}

describe("the case list's delivery filter", () => {
  it("lists the invoices waiting on a failed delivery, and only the organization's", async () => {
    expect(await listed({ delivery: "failed" })).toEqual({
      names: [
        "contract invoice bounced",
        "no code yet",
        "refused long ago",
        "refused yesterday",
        "reminder e-invoice refused",
        "returned, address asked",
        "returned, address in error",
      ],
      count: 7,
    });
  });

  it("lists those whose last failed send is the chosen days old or older, and combines with the other filters", async () => {
    expect((await listed({ delivery: "failed-long" })).names).toEqual(["contract invoice bounced", "refused long ago", "returned, address in error"]);
    expect((await listed({ delivery: "failed-long", environment: "fin-test" })).names).toEqual(["refused long ago", "returned, address in error"]);
    expect((await listed({ delivery: "failed", code: "89" })).names).toEqual(["returned, address asked"]);
  });

  it("pages its matches in the sort's order both ways, and counts them all on a later page", async () => {
    const all = [
      "contract invoice bounced",
      "no code yet",
      "refused long ago",
      "refused yesterday",
      "reminder e-invoice refused",
      "returned, address asked",
      "returned, address in error",
    ];
    const page = async (search: Record<string, string>) => {
      const parsed = parseCaseListParams(new URLSearchParams({ delivery: "failed", sort: "name", limit: "4", ...search }));
      return listCases(getDb(), { organizationId, params: parsed.params, count: true, now: NOW });
    };
    const first = await page({});
    expect(first.rows.map((row) => names[row.id])).toEqual(all.slice(0, 4));
    expect(first.count).toBe(7);
    const second = await page({ after: first.next! });
    expect(second.rows.map((row) => names[row.id])).toEqual(all.slice(4));
    expect([second.next, second.count]).toEqual([null, 7]);
    expect((await page({ before: second.previous! })).rows.map((row) => names[row.id])).toEqual(all.slice(0, 4));
  });
});

describe("the case list's delivery filter with many matches", () => {
  // Near a thousand matches the page cannot be read by their ids (SQLite's 999 bind values): it
  // walks the sort's index instead, and the page, its order and the count stay right.
  it("lists and counts 990 undelivered invoices of one organization in the sort's order", async () => {
    const many = (await createTestOrganization(getDb())).organizationId;
    const name = (index: number) => `debtor ${String(index).padStart(4, "0")}`;
    await getDb().portalCase.createMany({
      data: Array.from({ length: 990 }, (_, index) =>
        failedCaseRow({ id: randomUUID(), organizationId: many, cid: "many", jobid: index + 1, receiverName: name(index), lastDeliveryAt: daysAgo(1) }),
      ),
    });
    const page = async (search: Record<string, string>) => {
      const parsed = parseCaseListParams(new URLSearchParams({ delivery: "failed", sort: "name", limit: "100", ...search }));
      return listCases(getDb(), { organizationId: many, params: parsed.params, count: true, now: NOW });
    };
    const first = await page({});
    expect(first.rows.map((row) => row.receiverName)).toEqual(Array.from({ length: 100 }, (_, index) => name(index)));
    expect(first.count).toBe(990);
    const second = await page({ after: first.next! });
    expect(second.rows.map((row) => row.receiverName)).toEqual(Array.from({ length: 100 }, (_, index) => name(100 + index)));
  });
});

describe("the dashboard's undelivered invoices", () => {
  it("counts them and those undelivered long, for the organization and for one environment", async () => {
    const scope = { environment: null, cid: null };
    expect((await getDashboard(getDb(), { organizationId, scope, locale: "eng", clock })).undelivered).toEqual({ cases: 7, long: 3 });
    const swe = { environment: "swe-test" as const, cid: null };
    expect((await getDashboard(getDb(), { organizationId, scope: swe, locale: "eng", clock })).undelivered).toEqual({ cases: 1, long: 1 });
    expect((await getDashboard(getDb(), { organizationId: otherId, scope, locale: "eng", clock })).undelivered).toEqual({ cases: 1, long: 1 });
  });

  it("counts the days on a test profile's own date when its clock was moved", async () => {
    // Ten days ahead the sends of 1, 2 and 3 days ago are 11, 12 and 13 days old, none long yet; twelve days ahead the last two are.
    const scope = { environment: null, cid: null };
    const movedTo = (today: string) => ({ today, aheadMs: Date.parse(today) - Date.parse("2026-11-25") });
    expect((await getDashboard(getDb(), { organizationId, scope, locale: "eng", clock, moved: movedTo("2026-12-05") })).undelivered).toEqual({
      cases: 7,
      long: 3,
    });
    expect((await getDashboard(getDb(), { organizationId, scope, locale: "eng", clock, moved: movedTo("2026-12-07") })).undelivered).toEqual({
      cases: 7,
      long: 5,
    });
  });

  it("counts them on the connection's zone, as the list of that connection does, whatever the reader's zone", async () => {
    // 23:30 in Stockholm on the 25th is 00:30 on the 26th in Helsinki: a fin-test profile moved to
    // 7 December is 11 days ahead of its own calendar (clockAheadMs), 12 of a Swedish reader's.
    const late = fixedClock("2026-11-25T22:30:00Z");
    const moved = { today: "2026-12-07", aheadMs: 11 * 86_400_000 };
    const scope = { environment: null, cid: null };
    const dashboard = await getDashboard(getDb(), { organizationId, scope, locale: "swe", clock: late, moved });
    const long = await listCases(getDb(), {
      organizationId,
      params: parseCaseListParams(new URLSearchParams({ delivery: "failed-long", limit: "100" })).params,
      count: true,
      now: new Date(late.now().getTime() + moved.aheadMs),
    });
    // The send of 3 days before NOW is 14 days old on the connection's clock, the one of 2 days before only 13.
    expect(dashboard.undelivered).toEqual({ cases: 7, long: 4 });
    expect(long.count).toBe(dashboard.undelivered.long);
  });
});

describe("a case's delivery events", () => {
  it("make it undelivered when its send fails and take it off once a resend is delivered", async () => {
    const org = await createTestOrganization(getDb());
    const cid = org.connections[0]!.cid;
    const ingest = (data: Record<string, unknown[]>) =>
      ingestBatch(getDb(), {
        organizationId: org.organizationId,
        source: "push",
        envelope: eventBatchSchema.parse({ created_at: "2026-11-25T09:00:00.000Z", id: randomUUID(), data }),
      });
    const delivery = (status: string, statustime: string, errors: unknown[] = []) => ({
      jobid: 4242,
      cid,
      distributionchannel: "b2c",
      invoicenumber: "4242",
      status,
      statustime,
      description: status === "error" ? "The operator refused the e-invoice" : "Delivered",
      errors,
    });
    const failed = async () => {
      const page = await listCases(getDb(), {
        organizationId: org.organizationId,
        params: parseCaseListParams(new URLSearchParams({ delivery: "failed" })).params,
        now: NOW,
      });
      return page.rows.map((row) => [row.jobid, row.code, row.lastDeliveryAt?.toISOString(), row.deliveryErrorCode]);
    };

    await ingest({
      delivery: [delivery("received", "2026-11-01T08:00:00Z")],
      lcstatus: [{ cid, jobid: 4242, code: 0, status: "Invoice", time: "2026-11-01T08:00:01Z", opencapital: 100 }],
    });
    expect(await failed()).toEqual([]);
    await ingest({ delivery: [delivery("error", "2026-11-02T08:00:00Z", [{ code: "einvoice_rejected", message: "Unknown address" }])] });
    expect(await failed()).toEqual([[4242, 0, "2026-11-02T08:00:00.000Z", "einvoice_rejected"]]);
    // A redelivered older message does not put the case back on its feet; the resend's delivery does.
    await ingest({ delivery: [delivery("delivered", "2026-11-01T09:00:00Z")] });
    expect(await failed()).toHaveLength(1);
    await ingest({ delivery: [delivery("delivered", "2026-11-03T08:00:00Z")] });
    expect(await failed()).toEqual([]);
    // Reminded, and the reminder's e-invoice refused: the service stops the case on it as well.
    await ingest({ lcstatus: [{ cid, jobid: 4242, code: 1, status: "Reminder", time: "2026-11-20T08:00:00Z", opencapital: 100 }] });
    await ingest({ delivery: [delivery("error", "2026-11-20T09:00:00Z", [{ code: "einvoice_rejected", message: "Unknown address" }])] });
    expect(await failed()).toEqual([[4242, 1, "2026-11-20T09:00:00.000Z", "einvoice_rejected"]]);
  });
});
