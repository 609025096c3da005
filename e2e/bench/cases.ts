import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";

import { getDb, getEngine } from "../../lib/db/client";
import { insertRows, type Column } from "../../lib/db/insert-rows";
import { systemClock } from "../../lib/platform/clock";
import { parseCaseListParams } from "../../lib/portal/cases/case-list-params";
import { getCaseDetail } from "../../lib/portal/cases/get-case-detail";
import { listCases } from "../../lib/portal/cases/list-cases";
import { getCustomer } from "../../lib/portal/customers/get-customer";
import { customerListParamsSchema, listCustomers } from "../../lib/portal/customers/list-customers";
import { getDashboard } from "../../lib/portal/dashboard/get-dashboard";

import { withScratchDatabase } from "./scratch-database";
import { median, ms, percentile } from "./statistics";

/*
 * The portal's case queries on a fresh SQLite file with 100,000 cases and 1,000,000 events of one
 * organization (and a second organization's rows beside them): the list's first page, a deep
 * keyset page, filtered and searched views, each sort, a case's timeline, the dashboard, and the
 * customer register (20,000 customers of five cases each). Library calls, no HTTP: the figures are
 * the queries' server time. Target: p50 under 100 ms for every view.
 */

const CASES = 100_000;
const EVENTS = 1_000_000;
const SAMPLES = 30;
const CHUNK = 5_000;
/** Customers of the register: each has CASES / CUSTOMERS cases. */
const CUSTOMERS = 20_000;

const ORG = "bench-org";
const ENVIRONMENTS = ["fin-test", "swe-test", "nor-test", "fin-prod", "swe-prod", "nor-prod"];
const CODES = [0, 0, 0, 1, 1, 2, 101, 101, 101, 101, 103, 16];
const NAMES = ["Aalto", "Berg", "Carlsson", "Dahl", "Eriksson", "Forsberg", "Gustafsson", "Hansen", "Isaksen", "Johansson", "Korhonen", "Lindqvist"];

interface CaseSeed {
  id: string;
  organizationId: string;
  environment: string;
  country: string;
  jobid: number;
  code: number;
  receiverName: string;
  billnum: string;
  reference: string;
  amount: number;
  currentPaydate: string;
  searchText: string;
  updatedAt: Date;
  customerId: string;
}

const CASE_COLUMNS: Column<CaseSeed>[] = [
  { name: "id", type: "text", value: (row) => row.id },
  { name: "organizationId", type: "text", value: (row) => row.organizationId },
  { name: "environment", type: "text", value: (row) => row.environment },
  { name: "country", type: "text", value: (row) => row.country },
  { name: "cid", type: "text", value: () => "bench" },
  { name: "jobid", type: "int", value: (row) => row.jobid },
  { name: "jobtype", type: "int", value: () => 0 },
  { name: "code", type: "int", value: (row) => row.code },
  { name: "receiverName", type: "text", value: (row) => row.receiverName },
  { name: "billnum", type: "text", value: (row) => row.billnum },
  { name: "reference", type: "text", value: (row) => row.reference },
  { name: "currency", type: "text", value: () => "EUR" },
  { name: "amount", type: "bigint", value: (row) => row.amount },
  { name: "openCapital", type: "bigint", value: (row) => row.amount },
  { name: "currentPaydate", type: "text", value: (row) => row.currentPaydate },
  { name: "paydate", type: "text", value: (row) => row.currentPaydate },
  { name: "searchText", type: "text", value: (row) => row.searchText },
  { name: "createdAt", type: "timestamp", value: (row) => row.updatedAt },
  { name: "updatedAt", type: "timestamp", value: (row) => row.updatedAt },
  { name: "customerId", type: "text", value: (row) => row.customerId },
];

interface CustomerSeed {
  id: string;
  organizationId: string;
  name: string;
  city: string;
}

const CUSTOMER_COLUMNS: Column<CustomerSeed>[] = [
  { name: "id", type: "text", value: (row) => row.id },
  { name: "organizationId", type: "text", value: (row) => row.organizationId },
  { name: "environment", type: "text", value: () => "fin-test" },
  { name: "cid", type: "text", value: () => "bench" },
  { name: "country", type: "text", value: () => "FIN" },
  { name: "key", type: "text", value: (row) => `n:${row.id}` },
  { name: "customertype", type: "text", value: () => "person" },
  { name: "name", type: "text", value: (row) => row.name },
  { name: "city", type: "text", value: (row) => row.city },
  { name: "custnum", type: "text", value: (row) => row.id },
  { name: "searchText", type: "text", value: (row) => `${row.name} ${row.id} ${row.city}`.toLowerCase() },
  { name: "updatedAt", type: "timestamp", value: () => new Date(Date.UTC(2026, 0, 1)) },
];

const customerId = (index: number, organizationId: string) => `${organizationId}-customer-${String(index).padStart(6, "0")}`;

function customerSeed(index: number, organizationId: string): CustomerSeed {
  return {
    id: customerId(index, organizationId),
    organizationId,
    name: `${NAMES[index % NAMES.length]} ${NAMES[(index * 5) % NAMES.length]} ${index}`,
    city: ["Helsinki", "Tampere", "Oulu", "Turku"][index % 4]!,
  };
}

interface EventSeed {
  id: string;
  caseId: string;
  jobid: number;
  index: number;
  receivedAt: Date;
}

const EVENT_COLUMNS: Column<EventSeed>[] = [
  { name: "id", type: "text", value: (row) => row.id },
  { name: "organizationId", type: "text", value: () => ORG },
  { name: "caseId", type: "text", value: (row) => row.caseId },
  { name: "environment", type: "text", value: () => "fin-test" },
  { name: "cid", type: "text", value: () => "bench" },
  { name: "type", type: "text", value: (row) => (row.index % 3 === 1 ? "delivery" : "lcstatus") },
  { name: "time", type: "text", value: (row) => row.receivedAt.toISOString() },
  {
    name: "message",
    type: "json",
    value: (row) =>
      JSON.stringify(
        row.index % 3 === 1
          ? { cid: "bench", jobid: row.jobid, status: "delivered", distributionchannel: "email", statustime: row.receivedAt.toISOString() }
          : {
              cid: "bench",
              jobid: row.jobid,
              code: row.index % 3 === 0 ? 0 : 1,
              time: row.receivedAt.toISOString(),
              opencapital: 120.5,
              interest: 0.5,
              expenses: 5,
            },
      ),
  },
  { name: "batchId", type: "text", value: (row) => `batch-${Math.floor(row.index / 500)}` },
  { name: "position", type: "int", value: (row) => row.index % 500 },
  { name: "receivedAt", type: "timestamp", value: (row) => row.receivedAt },
];

function caseSeed(index: number, organizationId: string): CaseSeed {
  const environment = ENVIRONMENTS[index % ENVIRONMENTS.length]!;
  const name = `${NAMES[index % NAMES.length]} ${NAMES[(index * 7) % NAMES.length]} ${index}`;
  const billnum = `B-${100000 + index}`;
  const reference = `RF${String(index).padStart(8, "0")}`;
  return {
    id: `${organizationId}-case-${String(index).padStart(7, "0")}`,
    organizationId,
    environment,
    country: environment.slice(0, 3).toUpperCase(),
    jobid: index + 1,
    code: CODES[index % CODES.length]!,
    receiverName: name,
    billnum,
    reference,
    amount: ((index * 7919) % 500_000) + 100,
    currentPaydate: new Date(Date.UTC(2026, 0, 1) + (index % 730) * 86_400_000).toISOString().slice(0, 10),
    searchText: `${name} ${billnum} ${reference}`.toLowerCase(),
    updatedAt: new Date(Date.UTC(2026, 0, 1) + index * 60_000),
    customerId: customerId(index % CUSTOMERS, organizationId),
  };
}

async function seed(): Promise<void> {
  const db = getDb();
  const engine = getEngine();
  await db.portalOrganization.createMany({
    data: [
      { id: ORG, name: "Bench Oy" },
      { id: "bench-other", name: "Other Oy" },
    ],
  });
  for (const organizationId of [ORG, "bench-other"]) {
    for (let start = 0; start < CUSTOMERS; start += CHUNK) {
      const rows = Array.from({ length: Math.min(CHUNK, CUSTOMERS - start) }, (_, offset) => customerSeed(start + offset, organizationId));
      await db.$transaction(async (tx) => insertRows(db, tx, engine, "PortalCustomer", CUSTOMER_COLUMNS, rows));
    }
    const count = organizationId === ORG ? CASES : CASES / 10;
    for (let start = 0; start < count; start += CHUNK) {
      const rows = Array.from({ length: Math.min(CHUNK, count - start) }, (_, offset) => caseSeed(start + offset, organizationId));
      await db.$transaction(async (tx) => insertRows(db, tx, engine, "PortalCase", CASE_COLUMNS, rows));
    }
  }
  const perCase = EVENTS / CASES;
  for (let start = 0; start < EVENTS; start += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, EVENTS - start) }, (_, offset): EventSeed => {
      const index = start + offset;
      const caseIndex = Math.floor(index / perCase);
      return {
        id: `event-${index}`,
        caseId: caseSeed(caseIndex, ORG).id,
        jobid: caseIndex + 1,
        index,
        receivedAt: new Date(Date.UTC(2026, 0, 1) + index * 1000),
      };
    });
    await db.$transaction(async (tx) => insertRows(db, tx, engine, "PortalEvent", EVENT_COLUMNS, rows));
  }
  // Two years of payments per month and environment, as ingest sums them for the dashboard.
  await db.portalCollectedMonth.createMany({
    data: ["fin-test", "fin-prod", "swe-prod"].flatMap((environment) =>
      Array.from({ length: 24 }, (_, index) => ({
        organizationId: ORG,
        environment,
        cid: "bench",
        currency: environment.startsWith("swe") ? "SEK" : "EUR",
        month: `${2025 + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`,
        amount: BigInt(1_000_000 + index * 12_345),
        payments: 100 + index,
      })),
    ),
  });
  // The planner's statistics, as a long-running database would have them.
  await db.$executeRawUnsafe("ANALYZE");
}

async function time(run: () => Promise<unknown>): Promise<number[]> {
  for (let warm = 0; warm < 3; warm++) await run();
  const samples: number[] = [];
  for (let sample = 0; sample < SAMPLES; sample++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return samples;
}

export async function benchCases(): Promise<string[]> {
  const lines: string[] = [];
  await withScratchDatabase("cases", async () => {
    const seeding = performance.now();
    await seed();
    lines.push(
      `cases: ${CASES.toLocaleString("en")} cases and ${EVENTS.toLocaleString("en")} events seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    const db = getDb();

    const list =
      (search: Record<string, string>, count = true) =>
      () =>
        listCases(db, { organizationId: ORG, params: parseCaseListParams(new URLSearchParams(search)).params, count });
    // A cursor 80,000 rows deep, where an OFFSET page would read everything before it.
    const deep = await listCases(db, { organizationId: ORG, params: parseCaseListParams(new URLSearchParams({ limit: "1" })).params });
    let cursor = deep.next!;
    for (let hop = 0; hop < 4; hop++) {
      const page = await listCases(db, {
        organizationId: ORG,
        params: { ...parseCaseListParams(new URLSearchParams({ limit: "200" })).params, after: cursor },
      });
      cursor = page.next!;
    }
    const views: [string, () => Promise<unknown>][] = [
      ["list, first page (updated, bounded count)", list({})],
      ["list, keyset page after 800 rows", list({ after: cursor }, false)],
      ["list, code 101", list({ code: "101" })],
      ["list, code 16 + fin-test + due range", list({ code: "16", environment: "fin-test", dueFrom: "2026-03-01", dueTo: "2026-06-30" })],
      ["list, amount range sorted by amount", list({ amountMin: "100", amountMax: "1000", sort: "amount" })],
      ["list, sorted by name", list({ sort: "name" })],
      ["list, sorted by due date desc", list({ sort: "due", dir: "desc" })],
      ["list, text search (rare: a bill number)", list({ q: "B-154321" })],
      ["list, text search (common: a name)", list({ q: "korhonen" })],
      ["timeline of a case (10 events)", () => getCaseDetail(db, { organizationId: ORG, caseId: caseSeed(54_321, ORG).id, locale: "eng" })],
      [
        "dashboard, all environments",
        () => getDashboard(db, { organizationId: ORG, scope: { environment: null, cid: null }, locale: "eng", clock: systemClock }),
      ],
      [
        "dashboard, fin-test",
        () => getDashboard(db, { organizationId: ORG, scope: { environment: "fin-test", cid: null }, locale: "eng", clock: systemClock }),
      ],
      [
        "dashboard, one connection",
        () => getDashboard(db, { organizationId: ORG, scope: { environment: "fin-test", cid: "bench" }, locale: "eng", clock: systemClock }),
      ],
      ["customers, first page with balances", () => listCustomers(db, { organizationId: ORG, params: customerListParamsSchema.parse({}) })],
      ["customers, search (common: a name)", () => listCustomers(db, { organizationId: ORG, params: customerListParamsSchema.parse({ q: "korhonen" }) })],
      ["a customer with its 5 cases", () => getCustomer(db, { organizationId: ORG, id: customerId(12_345, ORG), locale: "eng" })],
    ];
    for (const [label, run] of views) {
      const samples = await time(run);
      lines.push(`  ${label.padEnd(48)} p50 ${ms(median(samples))}, p95 ${ms(percentile(samples, 95))}`);
    }
  });
  return lines;
}

// `npx tsx e2e/bench/cases.ts` runs it alone.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  console.log((await benchCases()).join("\n"));
}
