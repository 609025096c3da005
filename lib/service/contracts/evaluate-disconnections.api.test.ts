import { beforeAll, describe, expect, it } from "vitest";

import { PUT as putContractRoute } from "@/app/rest/contracts/[contract_no]/route";
import { POST as postJobsRoute } from "@/app/rest/jobs/route";
import { PUT as putPlaceRoute } from "@/app/rest/usageplaces/[usageplacecode]/route";
import { getDb } from "@/lib/db/client";
import { disconnectMessageSchema, reconnectMessageSchema } from "@/lib/spec/events";
import type { JobsResponse } from "@/lib/spec/jobs";
import { envelope, invoice } from "@/lib/testing/jobs";
import { call, demoToken, json, profileWithToken } from "@/lib/testing/rest";

import { fixedClock } from "../../platform/clock";

import { evaluateDisconnections } from "./evaluate-disconnections";

/* The energy disconnection sweep: one disconnect per usage place and debt episode, one reconnect when it is paid. */

let fin: string;
let other: { id: string; token: string };
// Monday 23 November 2026, noon in Helsinki.
const clock = fixedClock("2026-11-23T10:00:00Z");

beforeAll(async () => {
  fin = await demoToken("fin-test");
  other = await profileWithToken("fin-test");
});

async function energyInvoice(contractNo: string, overrides: Record<string, unknown> = {}, token = fin): Promise<number> {
  const item = invoice({
    billdate: "2026-08-18",
    paydate: "2026-09-01",
    usageplaces: [{ address: { address: "Sähkötie 1", city: "Helsinki", sitecode: "643007" }, energycontract: [{ contract_no: contractNo }] }],
    ...overrides,
  });
  const body = await json<JobsResponse>(await call(postJobsRoute, "/fin-test/rest/jobs", { body: envelope(item), token }));
  expect(body.accepted).toBe(1);
  return body.result[0]!.jobid!;
}

const register = async (code: string, contractNo: string, token = fin) => {
  const response = await call(putPlaceRoute, `/fin-test/rest/usageplaces/${code}`, { method: "PUT", body: { contract_no: contractNo }, token });
  expect(response.status).toBeLessThan(300);
};

const toCollection = (id: number, jobstatus = 2) => getDb().job.update({ where: { id }, data: { jobstatus } });
const pay = (id: number) =>
  getDb().job.update({ where: { id }, data: { jobstatus: 101, openCapital: 0n, openInterest: 0n, openExpenses: 0n, closedAt: clock.now() } });

async function eventsOf(contractNo: string) {
  const events = await getDb().event.findMany({ where: { type: { in: ["disconnect", "reconnect"] } }, orderBy: { seq: "asc" } });
  return events.filter((event) => (event.message as { contract_no: string }).contract_no === contractNo);
}

describe("evaluateDisconnections", () => {
  it("recommends a disconnect once for a registered place whose invoice is in collection past the threshold", async () => {
    const debt = await energyInvoice("EL-A", { billnum: "A-1", ownref: "doc-a-1" });
    const current = await energyInvoice("EL-A", { billnum: "A-2", paydate: "2026-12-06" });
    await toCollection(debt);
    await register("UP-A", "EL-A");

    const first = await evaluateDisconnections(getDb(), clock);
    expect(first.disconnects).toBeGreaterThanOrEqual(1);
    const events = await eventsOf("EL-A");
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "disconnect", environment: "fin-test", jobId: null });
    // Two weeks (10 Finnish business days) of notice from the warning's posting, the next business
    // day; the consumer's five weeks from the due date have passed.
    expect(events[0]!.message).toEqual({
      cid: "demo-fin",
      usageplacecode: "UP-A",
      contract_no: "EL-A",
      invoices: [{ jobid: debt, invoicenumber: "A-1", documentid: "doc-a-1" }],
      disconnectiondate: "2026-12-08",
    });
    expect(disconnectMessageSchema.safeParse(events[0]!.message).success).toBe(true);
    expect(current).toBeGreaterThan(debt);

    await evaluateDisconnections(getDb(), clock);
    expect(await eventsOf("EL-A")).toHaveLength(1);
    const contract = await getDb().contract.findFirstOrThrow({ where: { contractNo: "EL-A" } });
    expect(contract.data).toMatchObject({ disconnection: { state: "disconnect", since: "2026-11-23", jobids: [debt], episode: 1 } });
  });

  it("reconnects once when the episode's invoices are all paid, including one that fell into collection meanwhile", async () => {
    const first = await energyInvoice("EL-B", { billnum: "B-1" });
    await toCollection(first);
    await register("UP-B", "EL-B");
    await evaluateDisconnections(getDb(), clock);
    const later = await energyInvoice("EL-B", { billnum: "B-2", paydate: "2026-10-01" });
    await toCollection(later);
    await evaluateDisconnections(getDb(), clock);
    expect((await eventsOf("EL-B")).map((event) => event.type)).toEqual(["disconnect"]);

    await pay(first);
    await evaluateDisconnections(getDb(), clock);
    expect((await eventsOf("EL-B")).map((event) => event.type)).toEqual(["disconnect"]);

    await pay(later);
    await evaluateDisconnections(getDb(), clock);
    await evaluateDisconnections(getDb(), clock);
    const events = await eventsOf("EL-B");
    expect(events.map((event) => event.type)).toEqual(["disconnect", "reconnect"]);
    expect(events[1]!.message).toEqual({
      cid: "demo-fin",
      usageplacecode: "UP-B",
      contract_no: "EL-B",
      invoices: [
        { jobid: first, invoicenumber: "B-1" },
        { jobid: later, invoicenumber: "B-2" },
      ],
    });
    expect(reconnectMessageSchema.safeParse(events[1]!.message).success).toBe(true);

    // A new debt is a new episode.
    const again = await energyInvoice("EL-B", { billnum: "B-3" });
    await toCollection(again, 16);
    await evaluateDisconnections(getDb(), clock);
    const third = (await eventsOf("EL-B"))[2]!;
    expect(third.type).toBe("disconnect");
    expect((third.message as { invoices: unknown[] }).invoices).toEqual([{ jobid: again, invoicenumber: "B-3" }]);
    const contract = await getDb().contract.findFirstOrThrow({ where: { contractNo: "EL-B" } });
    expect(contract.data).toMatchObject({ disconnection: { state: "disconnect", episode: 2 } });
  });

  it("leaves alone debts below the threshold, disputed or in a payment plan, not yet in collection, and unregistered contracts", async () => {
    const recent = await energyInvoice("EL-C", { paydate: "2026-11-01" });
    await toCollection(recent);
    await register("UP-C", "EL-C");
    const disputed = await energyInvoice("EL-D");
    await toCollection(disputed, 80);
    await register("UP-D", "EL-D");
    const plan = await energyInvoice("EL-E");
    await toCollection(plan, 41);
    await register("UP-E", "EL-E");
    await register("UP-F", "EL-F");
    await energyInvoice("EL-F", { paydate: "2026-09-01" });
    const unregistered = await energyInvoice("EL-G");
    await toCollection(unregistered);

    await evaluateDisconnections(getDb(), clock);
    for (const contractNo of ["EL-C", "EL-D", "EL-E", "EL-F", "EL-G"]) expect(await eventsOf(contractNo)).toEqual([]);
  });

  it("does not recommend cutting a terminated contract's place", async () => {
    const debt = await energyInvoice("EL-H");
    await toCollection(debt);
    await register("UP-H", "EL-H");
    await call(putContractRoute, "/fin-test/rest/contracts/EL-H", {
      method: "PUT",
      body: { contractstatus: "terminated", termination_date: "2026-10-31" },
      token: fin,
    });
    await evaluateDisconnections(getDb(), clock);
    expect(await eventsOf("EL-H")).toEqual([]);
  });

  it("counts only the profile's own invoices for its contract", async () => {
    const theirs = await energyInvoice("EL-I", {}, other.token);
    await toCollection(theirs);
    await register("UP-I", "EL-I");
    await evaluateDisconnections(getDb(), clock);
    expect(await eventsOf("EL-I")).toEqual([]);
  });

  it("applies configured rules: the consumer minimum can put the day later than the notice", async () => {
    const consumer = await energyInvoice("EL-J", { paydate: "2026-11-05" });
    await toCollection(consumer);
    await register("UP-J", "EL-J");
    const company = await energyInvoice("EL-K", { paydate: "2026-11-05", customertype: "1", company: "Yritys Oy", person: null });
    await toCollection(company);
    await register("UP-K", "EL-K");
    const rules = { FIN: { thresholdDays: 10, noticeBusinessDays: 10, consumerMinimumDays: 60, minimumOpenCents: 1n } };
    await evaluateDisconnections(getDb(), clock, { rules });
    expect((await eventsOf("EL-J"))[0]!.message).toMatchObject({ disconnectiondate: "2027-01-04" });
    expect((await eventsOf("EL-K"))[0]!.message).toMatchObject({ disconnectiondate: "2026-12-08" });
  });

  it("counts the notice in the service's one bank calendar: Finland's 31 December is a banking day", async () => {
    const debt = await energyInvoice("EL-Y", { billnum: "Y-1" });
    await toCollection(debt);
    await register("UP-Y", "EL-Y");
    // Monday 21 December 2026: posted Tuesday the 22nd; 23, 28, 29, 30, 31 December and 4, 5, 7, 8,
    // 11 January are the ten business days after (24–26 December, 1 and 6 January are bank holidays).
    await evaluateDisconnections(getDb(), fixedClock("2026-12-21T10:00:00Z"));
    expect((await eventsOf("EL-Y"))[0]!.message).toMatchObject({ disconnectiondate: "2027-01-11" });
  });
});
