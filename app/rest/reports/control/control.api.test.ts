import { beforeAll, describe, expect, it } from "vitest";

import { getDb, getEngine, type Db } from "@/lib/db/client";
import { fromCents } from "@/lib/payment-data/amounts";
import { systemClock } from "@/lib/platform/clock";
import { distributeDocuments } from "@/lib/service/distribution/distribute-documents";
import { controlList } from "@/lib/service/reports/control-list";
import type { ControlList } from "@/lib/spec/control-list";
import { environment } from "@/lib/spec/environments";
import type { ProblemDetails } from "@/lib/spec/problem-details";
import { envelope, invoice } from "@/lib/testing/jobs";
import { call, json, profileWithToken } from "@/lib/testing/rest";

import { POST as postJobs } from "../../jobs/route";
import { POST as refundPayment } from "../../payments/[id]/refunds/route";
import { GET as clockState, POST as advanceClock } from "../../testing/clock/route";
import { POST as simulatePayment } from "../../testing/payments/route";

import { GET } from "./route";

/*
 * GET /reports/control: a profile's control list. Its ledger must reconcile: the closing balance is
 * the opening plus every movement, and equals what the profile's cases hold open.
 */

let profile: { id: string; token: string };
let start: string;
const control = async (search: string) => call(GET, `/fin-test/rest/reports/control?${search}`, { method: "GET", token: profile.token });

async function today(): Promise<string> {
  return (await json<{ today: string }>(await call(clockState, "/fin-test/rest/testing/clock", { method: "GET", token: profile.token }))).today;
}

beforeAll(async () => {
  profile = await profileWithToken("fin-test");
  start = await today();
  const posted = await json<{ result: { jobid: number | null }[] }>(
    await call(postJobs, "/fin-test/rest/jobs", {
      token: profile.token,
      body: envelope(
        invoice({ payrow: [{ desc: "Service", count: "1", amount: "100.00", taxpr: "0" }] }),
        invoice({ payrow: [{ desc: "Service", count: "2", amount: "60.00", taxpr: "0" }] }),
        invoice({ postcode: "ABC" }),
      ),
    }),
  );
  const [paid, late] = posted.result.map((result) => result.jobid!);
  // Both invoices go out first: an invoice the service never delivered is not reminded.
  await distributeDocuments(getDb(), systemClock);
  // One invoice paid with a euro too much; the other runs late into a reminder with its fee and interest.
  await call(simulatePayment, "/fin-test/rest/testing/payments", { token: profile.token, body: { jobid: paid, amount: "101.00" } });
  await call(advanceClock, "/fin-test/rest/testing/clock", { token: profile.token, body: { days: 60 } });
  await call(simulatePayment, "/fin-test/rest/testing/payments", { token: profile.token, body: { jobid: late, amount: "50.00" } });
});

describe("GET /reports/control", () => {
  it("reconciles: opening plus the movements is the closing balance, and that is what the cases hold open", async () => {
    const end = await today();
    const response = await control(`from=${start}&to=${end}`);
    expect(response.status).toBe(200);
    const list = await json<ControlList>(response);
    expect(list.jobs).toEqual({ received: 3, accepted: 2, rejected: 1, acceptedByJobtype: [{ jobtype: 0, count: 2 }] });
    const [euro] = list.ledger;
    expect(list.ledger).toHaveLength(1);
    expect(euro!.currency).toBe("EUR");
    expect(euro!.opening.total).toBe(0);
    const kinds = Object.fromEntries(euro!.movements.map((movement) => [movement.kind, movement]));
    expect(kinds.invoice).toMatchObject({ capital: 220, total: 220 });
    expect(kinds.reminder_fee!.expenses).toBeGreaterThan(0);
    expect(kinds.interest!.interest).toBeGreaterThan(0);
    expect(kinds.payment!.total).toBe(-150);
    const sum = (key: "capital" | "interest" | "expenses") =>
      euro!.movements.reduce((total, movement) => total + Math.round(movement[key] * 100), Math.round(euro!.opening[key] * 100));
    expect([sum("capital"), sum("interest"), sum("expenses")]).toEqual(
      [euro!.closing.capital, euro!.closing.interest, euro!.closing.expenses].map((value) => Math.round(value * 100)),
    );

    const open = await getDb().job.aggregate({ where: { profileId: profile.id }, _sum: { openCapital: true, openInterest: true, openExpenses: true } });
    expect(euro!.closing).toMatchObject({
      capital: fromCents(open._sum.openCapital ?? 0n),
      interest: fromCents(open._sum.openInterest ?? 0n),
      expenses: fromCents(open._sum.openExpenses ?? 0n),
    });
    expect(list.payments).toEqual([{ currency: "EUR", booked: 2, amount: 151, unallocated: 1, refundedToPayers: 0 }]);
  });

  it("carries the balance over: a later period opens where the earlier one closed", async () => {
    const end = await today();
    const middle = new Date(Date.parse(end) - 10 * 86_400_000).toISOString().slice(0, 10);
    const dayBefore = new Date(Date.parse(middle) - 86_400_000).toISOString().slice(0, 10);
    const first = await json<ControlList>(await control(`from=${start}&to=${dayBefore}`));
    const second = await json<ControlList>(await control(`from=${middle}&to=${end}`));
    expect(second.ledger[0]!.opening).toEqual(first.ledger[0]!.closing);
    expect(second.jobs.received).toBe(0);
  });

  it("shows a refund of an earlier period's overpayment, though nothing was booked in the period", async () => {
    const overpaid = await getDb().payment.findFirstOrThrow({ where: { profileId: profile.id, unallocated: { gt: 0n } } });
    // The next day: nothing is booked on it.
    await call(advanceClock, "/fin-test/rest/testing/clock", { token: profile.token, body: { days: 1 } });
    const refunded = await call(refundPayment, `/fin-test/rest/payments/${overpaid.id}/refunds`, {
      token: profile.token,
      body: { refundiban: "FI2112345600000785" },
    });
    expect(refunded.status).toBe(201);
    const end = await today();
    const list = await json<ControlList>(await control(`from=${end}&to=${end}`));
    expect(list.payments).toEqual([{ currency: "EUR", booked: 0, amount: 0, unallocated: 0, refundedToPayers: 1 }]);
  });

  it("gives the same as CSV, a section per part", async () => {
    const response = await control(`from=${start}&to=${await today()}&format=csv`);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    const text = await response.text();
    expect(text).toContain("jobs,3,2,1\r\n");
    expect(text).toMatch(/ledger,EUR,opening,0\.00,0\.00,0\.00,0\.00\r\n/);
    expect(text).toMatch(/ledger,EUR,invoice,220\.00,0\.00,0\.00,220\.00\r\n/);
    expect(text).toMatch(/payments,EUR,2,151\.00,0\.00,1\.00\r\n/);
  });

  it("refuses to before from, a period over 400 days, and a date that does not exist", async () => {
    for (const search of ["from=2026-12-01&to=2026-11-30", "from=2025-01-01&to=2026-12-31", "from=2026-02-30&to=2026-03-01", "to=2026-03-01"]) {
      const response = await control(search);
      expect(response.status, search).toBe(400);
      expect((await json<ProblemDetails>(response)).problems!.length, search).toBeGreaterThan(0);
    }
  });

  it("reads the ledger from the profile's own case entries by index, not every profile's", async () => {
    // The ledger's statement as the list sends it, explained: without its index it scanned every
    // entry of every profile, on the thread that answers requests.
    const db = getDb();
    const statements: { strings: readonly string[]; values: unknown[] }[] = [];
    const watched = new Proxy(db, {
      get(target, property, receiver) {
        if (property === "$queryRaw")
          return (strings: TemplateStringsArray, ...values: unknown[]) => {
            statements.push({ strings, values });
            return target.$queryRaw(strings, ...values);
          };
        const value = Reflect.get(target, property, receiver) as unknown;
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    }) as Db;
    const end = await today();
    await controlList(watched, { profile, environment: environment("fin-test"), from: start, to: end });
    const ledger = statements.find(({ strings }) => strings.join("").includes('FROM "CaseEntry"'));
    expect(ledger).toBeDefined();
    const { strings, values } = ledger!;
    if (getEngine() === "sqlite") {
      const plan = await db.$queryRawUnsafe<{ detail: string }[]>(`EXPLAIN QUERY PLAN ${strings.join("?")}`, ...values);
      const details = plan.map((row) => row.detail);
      expect(details.some((detail) => /^SEARCH e USING INDEX CaseEntry_profileId_date_idx/.test(detail))).toBe(true);
      expect(details.some((detail) => /^SCAN e\b/.test(detail))).toBe(false);
      return;
    }
    // PostgreSQL plans a table this small as a scan whatever its indexes; with scans priced out, the
    // plan shows which index the statement can use.
    const sql = strings.reduce((text, part, index) => `${text}$${index}${part}`);
    const indexes = await db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
      const [explained] = await tx.$queryRawUnsafe<{ "QUERY PLAN": unknown }[]>(`EXPLAIN (FORMAT JSON) ${sql}`, ...values);
      const names: string[] = [];
      const walk = (node: { "Index Name"?: string; Plans?: unknown[] }) => {
        if (node["Index Name"]) names.push(node["Index Name"]);
        for (const child of node.Plans ?? []) walk(child as typeof node);
      };
      walk((explained!["QUERY PLAN"] as [{ Plan: { Plans?: unknown[] } }])[0].Plan);
      return names;
    });
    expect(indexes).toContain("CaseEntry_profileId_date_idx");
  });

  it("shows only the caller's own profile", async () => {
    const other = await profileWithToken("fin-test");
    const response = await call(GET, `/fin-test/rest/reports/control?from=${start}&to=${await today()}`, { method: "GET", token: other.token });
    const list = await json<ControlList>(response);
    expect(list.jobs.received).toBe(0);
    expect(list.ledger).toEqual([]);
    expect(list.payments).toEqual([]);
  });
});
