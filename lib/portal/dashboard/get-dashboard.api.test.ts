import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

import { beforeAll, describe, expect, it } from "vitest";

import { getDb, getEngine } from "../../db/client";
import { POSTGRES_MIGRATIONS_PATH, SQLITE_MIGRATIONS_PATH } from "../../db/schema-variants";
import { fixedClock } from "../../platform/clock";
import { eventBatchSchema } from "../../spec/events";
import { createTestOrganization } from "../../testing/organization-fixture";
import { ingestBatch } from "../events/ingest-batch";

import { dashboardScope, getDashboard } from "./get-dashboard";

/*
 * The dashboard's figures against cases whose ages and amounts are known: each ageing bucket's
 * edges, open cases by phase, payments per month as ingest stored them (and as the migration
 * counted those stored before it), days sales outstanding, one environment, one organization.
 */

// 12:00 in Helsinki on 25 November 2026.
const clock = fixedClock("2026-11-25T10:00:00Z");
/** A fin-test profile's clock moved to a date, and how far ahead of Helsinki's calendar that is (clockAheadMs). */
const movedTo = (today: string) => ({ today, aheadMs: Date.parse(today) - Date.parse("2026-11-25") });
const all = { environment: null, cid: null };
let organizationId: string;
let finCid: string;
let sweCid: string;

async function seedCase(input: {
  environment?: string;
  due: string | null;
  open: bigint;
  interest?: bigint;
  expenses?: bigint;
  amount?: bigint;
  code?: number;
  createdAt?: string;
  organization?: string;
  cid?: string;
}) {
  const environment = input.environment ?? "fin-test";
  await getDb().portalCase.create({
    data: {
      id: randomUUID(),
      organizationId: input.organization ?? organizationId,
      environment,
      country: environment.slice(0, 3).toUpperCase(),
      cid: input.cid ?? (environment === "fin-test" ? finCid : sweCid),
      jobid: Math.floor(Math.random() * 1e9),
      code: input.code ?? 200,
      currency: environment.startsWith("swe") ? "SEK" : "EUR",
      amount: input.amount ?? input.open,
      openCapital: input.open,
      interest: input.interest ?? 0n,
      expenses: input.expenses ?? 0n,
      currentPaydate: input.due,
      createdAt: new Date(input.createdAt ?? "2026-11-20T10:00:00Z"),
    },
  });
}

const payment = (cid: string, jobid: number, amount: number, paymentdate: string | null, time: string) => ({
  cid,
  jobid,
  time,
  amount,
  ...(paymentdate ? { paymentdate } : {}),
});

beforeAll(async () => {
  const org = await createTestOrganization(getDb(), [{ environment: "fin-test" }, { environment: "swe-test" }]);
  organizationId = org.organizationId;
  finCid = org.connections[0]!.cid;
  sweCid = org.connections[1]!.cid;
  const other = await createTestOrganization(getDb());
  // Each bucket's edges: due today is not overdue; 30 days overdue is still 1–30; 31 is 31–60.
  await seedCase({ due: "2026-11-25", open: 10_000n, interest: 100n, expenses: 500n, amount: 10_000n });
  await seedCase({ due: null, open: 1_000n, code: 100 });
  await seedCase({ due: "2026-11-24", open: 2_000n });
  await seedCase({ due: "2026-10-26", open: 3_000n });
  await seedCase({ due: "2026-10-25", open: 4_000n, code: 201 });
  await seedCase({ due: "2026-09-26", open: 5_000n, code: 201 });
  await seedCase({ due: "2026-09-25", open: 6_000n, code: 201 });
  await seedCase({ due: "2026-08-27", open: 7_000n, code: 201 });
  await seedCase({ due: "2026-08-26", open: 8_000n, code: 203, createdAt: "2026-01-10T10:00:00Z" });
  // Paid (nothing open), another currency, another organization.
  await seedCase({ due: "2026-01-01", open: 0n, amount: 99_999n, code: 101 });
  await seedCase({ environment: "swe-test", due: "2026-11-01", open: 50_000n });
  await seedCase({ organization: other.organizationId, due: "2026-01-01", open: 123_456n });

  const batch = (data: Record<string, unknown[]>) => eventBatchSchema.parse({ created_at: "2026-11-25T09:00:00.000Z", id: randomUUID(), data });
  await ingestBatch(getDb(), {
    organizationId,
    source: "push",
    envelope: batch({
      payment: [
        payment(finCid, 1, 100.1, "2026-11-03", "2026-11-04T08:00:00Z"),
        payment(finCid, 2, 0.2, null, "2026-11-10T08:00:00Z"),
        payment(finCid, 3, 50, "2026-10-31", "2026-11-02T08:00:00Z"),
        // Older than the twelve months shown.
        payment(finCid, 4, 7, "2025-11-30", "2025-12-01T08:00:00Z"),
        payment(sweCid, 5, 1000, "2026-11-05", "2026-11-05T08:00:00Z"),
      ],
    }),
  });
  await ingestBatch(getDb(), { organizationId, source: "push", envelope: batch({ payment: [payment(finCid, 6, 9.9, "2026-11-20", "2026-11-20T08:00:00Z")] }) });
});

describe("getDashboard", () => {
  it("puts each open case in its ageing bucket by its due date, per currency", async () => {
    const dashboard = await getDashboard(getDb(), { organizationId, scope: all, locale: "eng", clock });
    expect(dashboard.today).toBe("2026-11-25");
    const eur = dashboard.ageing.find((row) => row.currency === "EUR")!;
    expect(eur.buckets).toEqual([
      { bucket: "current", cases: 2, open: 10_600 + 1_000 },
      { bucket: "1-30", cases: 2, open: 5_000 },
      { bucket: "31-60", cases: 2, open: 9_000 },
      { bucket: "61-90", cases: 2, open: 13_000 },
      { bucket: "90+", cases: 1, open: 8_000 },
    ]);
    expect(eur.open).toBe(46_600);
    expect(eur.overdue).toBe(35_000);
    expect(dashboard.ageing.map((row) => row.currency)).toEqual(["EUR", "SEK"]);
    expect(dashboard.ageing[1]!.buckets[1]).toEqual({ bucket: "1-30", cases: 1, open: 50_000 });
  });

  it("counts the ages from a test profile's own date when its clock was moved", async () => {
    // fin-test's dashboard, on its clock moved to `date` or on the calendar.
    const finTest = (date?: string) =>
      getDashboard(getDb(), { organizationId, scope: { environment: "fin-test", cid: null }, locale: "eng", clock, ...(date ? { moved: movedTo(date) } : {}) });
    const moved = await finTest("2026-12-25");
    expect(moved.today).toBe("2026-12-25");
    const eur = moved.ageing.find((row) => row.currency === "EUR")!;
    // A month later: due on the calendar's today is now 30 days overdue, and every older case a bucket further on.
    expect(eur.buckets.map((bucket) => bucket.cases)).toEqual([1, 1, 2, 2, 3]);
    expect(eur.buckets[0]).toEqual({ bucket: "current", cases: 1, open: 1_000 });
    // Sales are counted over the calendar's last 90 days, when the cases were stored, whatever the test clock says.
    const calendar = await finTest();
    expect(moved.dso.map((row) => row.sales)).toEqual(calendar.dso.map((row) => row.sales));
    expect(moved.dso.every((row) => row.sales > 0)).toBe(true);
    // Moved past the 90 days since the cases were stored: a window taken from the moved date would find no sales.
    const farOn = await finTest("2027-03-01");
    expect(farOn.dso.map((row) => row.sales)).toEqual(calendar.dso.map((row) => row.sales));
  });

  it("counts open cases by lifecycle phase, most first, with their open amounts per currency", async () => {
    const { phases } = await getDashboard(getDb(), { organizationId, scope: all, locale: "eng", clock });
    expect(phases.map((phase) => [phase.code, phase.cases])).toEqual([
      [200, 4],
      [201, 4],
      [100, 1],
      [203, 1],
    ]);
    expect(phases[0]!.open).toEqual(
      expect.arrayContaining([
        { currency: "EUR", amount: 15_600 },
        { currency: "SEK", amount: 50_000 },
      ]),
    );
    expect(phases[0]!.text).toBe("Query – payment reminder");
  });

  it("sums payments per month as they were stored, twelve months to this one, and as the migration counted them", async () => {
    const { collected } = await getDashboard(getDb(), { organizationId, scope: all, locale: "eng", clock });
    const eur = collected.find((row) => row.currency === "EUR")!;
    expect(eur.months).toHaveLength(12);
    expect(eur.months[0]!.month).toBe("2025-12");
    expect(eur.months.at(-1)).toEqual({ month: "2026-11", amount: 10_010 + 20 + 990, payments: 3 });
    expect(eur.months.at(-2)).toEqual({ month: "2026-10", amount: 5_000, payments: 1 });
    expect(eur.months.slice(0, -2).every((month) => month.amount === 0 && month.payments === 0)).toBe(true);
    expect(collected.find((row) => row.currency === "SEK")!.months.at(-1)).toEqual({ month: "2026-11", amount: 100_000, payments: 1 });

    // The migration's count of payments stored before it gives the same sums.
    const stored = await getDb().portalCollectedMonth.findMany({
      where: { organizationId },
      orderBy: [{ environment: "asc" }, { cid: "asc" }, { month: "asc" }],
    });
    await getDb().portalCollectedMonth.deleteMany({});
    const file = path.join(
      getEngine() === "postgres" ? POSTGRES_MIGRATIONS_PATH : SQLITE_MIGRATIONS_PATH,
      "0034_portal_collected_per_connection",
      "migration.sql",
    );
    const sql = readFileSync(file, "utf8");
    const backfill = sql.slice(sql.indexOf('INSERT INTO "PortalCollectedMonth"'), sql.indexOf(";", sql.indexOf('INSERT INTO "PortalCollectedMonth"')) + 1);
    await getDb().$executeRawUnsafe(backfill);
    expect(
      await getDb().portalCollectedMonth.findMany({ where: { organizationId }, orderBy: [{ environment: "asc" }, { cid: "asc" }, { month: "asc" }] }),
    ).toEqual(stored);
  });

  it("says how many days of sales are open, from the sales of the last 90 days", async () => {
    const { dso } = await getDashboard(getDb(), { organizationId, scope: all, locale: "eng", clock });
    // EUR: 46 600 open; sales of the last 90 days: every EUR case but the one created in January and the paid one from then.
    const eurSales = 10_000 + 1_000 + 2_000 + 3_000 + 4_000 + 5_000 + 6_000 + 7_000 + 99_999;
    expect(dso.find((row) => row.currency === "EUR")).toEqual({ currency: "EUR", open: 46_600, sales: eurSales, days: Math.round((46_600 / eurSales) * 90) });
    expect(dso.find((row) => row.currency === "SEK")).toEqual({ currency: "SEK", open: 50_000, sales: 50_000, days: 90 });
  });

  it("narrows everything to one environment, and never shows another organization's cases", async () => {
    const swe = await getDashboard(getDb(), { organizationId, scope: { environment: "swe-test", cid: null }, locale: "eng", clock });
    expect(swe.ageing.map((row) => row.currency)).toEqual(["SEK"]);
    expect(swe.collected.map((row) => row.currency)).toEqual(["SEK"]);
    expect(swe.phases).toEqual([{ code: 200, text: "Query – payment reminder", cases: 1, open: [{ currency: "SEK", amount: 50_000 }] }]);
    const whole = await getDashboard(getDb(), { organizationId, scope: all, locale: "eng", clock });
    expect(JSON.stringify(whole)).not.toContain("123456");
  });

  // Last: it adds a second Finnish connection's case and payment, which the tests above do not count.
  it("narrows everything to one connection: its environment and profile", async () => {
    await seedCase({ due: "2026-11-01", open: 70_000n, cid: "second-fin" });
    const batch = eventBatchSchema.parse({
      created_at: "2026-11-25T09:00:00.000Z",
      id: randomUUID(),
      data: { payment: [payment("second-fin", 77, 12.5, "2026-11-21", "2026-11-21T08:00:00Z")] },
    });
    await getDb().portalConnection.create({
      data: {
        id: randomUUID(),
        organizationId,
        environment: "fin-test",
        label: "second",
        baseUrl: "http://service.test/rest",
        cid: "second-fin",
        apicodeEncrypted: "x",
      },
    });
    await ingestBatch(getDb(), { organizationId, source: "push", envelope: batch });

    const second = await getDashboard(getDb(), { organizationId, scope: { environment: "fin-test", cid: "second-fin" }, locale: "eng", clock });
    expect(second.ageing).toEqual([
      {
        currency: "EUR",
        buckets: [
          { bucket: "current", cases: 0, open: 0 },
          { bucket: "1-30", cases: 1, open: 70_000 },
          { bucket: "31-60", cases: 0, open: 0 },
          { bucket: "61-90", cases: 0, open: 0 },
          { bucket: "90+", cases: 0, open: 0 },
        ],
        open: 70_000,
        overdue: 70_000,
      },
    ]);
    expect(second.collected[0]!.months.at(-1)).toEqual({ month: "2026-11", amount: 1_250, payments: 1 });
    const first = await getDashboard(getDb(), { organizationId, scope: { environment: "fin-test", cid: finCid }, locale: "eng", clock });
    expect(first.ageing[0]!.open).toBe(46_600);
    expect(first.collected[0]!.months.at(-1)).toEqual({ month: "2026-11", amount: 10_010 + 20 + 990, payments: 3 });
    const environment = await getDashboard(getDb(), { organizationId, scope: { environment: "fin-test", cid: null }, locale: "eng", clock });
    expect(environment.ageing[0]!.open).toBe(46_600 + 70_000);
  });
});

describe("dashboardScope", () => {
  const connections = [
    { id: "c1", environment: { id: "fin-test" as const }, cid: "a" },
    { id: "c2", environment: { id: "swe-prod" as const }, cid: "b" },
  ];
  it("reads a connection from the organization's own list, else an environment, else everything", () => {
    expect(dashboardScope({ connection: "c2" }, connections)).toEqual({ environment: "swe-prod", cid: "b", connectionId: "c2" });
    expect(dashboardScope({ connection: "someone-elses", environment: "fin-test" }, connections)).toEqual({
      environment: "fin-test",
      cid: null,
      connectionId: null,
    });
    expect(dashboardScope({ environment: "nowhere" }, connections)).toEqual({ environment: null, cid: null, connectionId: null });
    expect(dashboardScope({}, connections)).toEqual({ environment: null, cid: null, connectionId: null });
  });
});
