import { beforeAll, describe, expect, it } from "vitest";

import { getDb } from "@/lib/db/client";
import { govidStoreHash } from "@/lib/service/intake/store-jobs";
import { deliveryMessageSchema, lcstatusMessageSchema } from "@/lib/spec/events";
import type { JobsResponse } from "@/lib/spec/jobs";
import { envelope, invoice, letter, reminder } from "@/lib/testing/jobs";
import { call, demoToken, json } from "@/lib/testing/rest";

import { POST } from "./route";

/* What intake starts: each accepted job a case, and a delivery event for every job sent. */

let fin: string;

beforeAll(async () => {
  fin = await demoToken("fin-test");
});

async function postJobs(...dataset: unknown[]) {
  const response = await call(POST, "/fin-test/rest/jobs", { body: envelope(...dataset), token: fin });
  return json<JobsResponse>(response);
}

const eventsOf = (ownrefs: string[]) =>
  getDb()
    .event.findMany({ orderBy: { seq: "asc" } })
    .then((events) => events.filter((event) => ownrefs.includes((event.message as { documentid?: string }).documentid ?? "")));

describe("intake opens cases", () => {
  it("makes an invoice a case: open capital, due date, first review on the due date, document waiting", async () => {
    const body = await postJobs(invoice({ ownref: "case-1", custnum: "C-77", govid: "131052-308T" }));
    const jobid = body.result[0]!.jobid!;
    const job = await getDb().job.findUniqueOrThrow({ where: { id: jobid } });
    expect(job).toMatchObject({
      openCapital: job.grossAmount,
      openInterest: 0n,
      openExpenses: 0n,
      currentPaydate: "2026-12-06",
      reviewOn: "2026-12-06",
      pendingDocument: "original",
      custnum: "C-77",
      nationalIdHash: govidStoreHash("131052-308t", "FIN", "2026-11-22"),
      sensible: false,
      onHold: false,
    });
    expect(job.grossAmount).toBeGreaterThan(0n);
    // The personal id is kept only in the job's own data, never in a searchable column.
    expect(job.nationalIdHash).not.toContain("131052");
  });

  it("leaves a case on hold out of the sweep, and a self-printed one out of distribution", async () => {
    const body = await postJobs(invoice({ ownref: "case-hold", putonhold: 1 }), invoice({ ownref: "case-print", sendtype: "print", sensible: "1" }));
    const [held, printed] = await Promise.all(body.result.map((result) => getDb().job.findUniqueOrThrow({ where: { id: result.jobid! } })));
    expect(held).toMatchObject({ jobstatus: 100, onHold: true, reviewOn: null, pendingDocument: "original" });
    expect(printed).toMatchObject({ sensible: true, pendingDocument: null, reviewOn: "2026-12-06" });
  });

  it("opens a reminder with its capital, and no case for a letter", async () => {
    const body = await postJobs(reminder({ ownref: "case-rem" }), letter({ ownref: "case-letter" }));
    const [rem, doc] = await Promise.all(body.result.map((result) => getDb().job.findUniqueOrThrow({ where: { id: result.jobid! } })));
    expect(rem?.jobstatus).toBe(1);
    expect(rem?.openCapital).toBe(rem?.grossAmount);
    expect(doc).toMatchObject({ jobstatus: 301, openCapital: 0n, reviewOn: null, pendingDocument: "original" });
  });
});

describe("delivery events at intake", () => {
  it("writes received for each accepted job and rejected for each refused one, in request order", async () => {
    const body = await postJobs(
      invoice({ ownref: "ev-ok-1", sendtype: "email", email: "maija@example.fi" }),
      invoice({ ownref: "ev-bad", paydate: "2026-02-30" }),
      invoice({
        ownref: "ev-ok-2",
        sendtype: "evoice",
        evoice: "003712345678",
        evoiceint: "003721291126",
        customertype: "1",
        company: "Yritys Oy",
        person: null,
      }),
    );
    expect(body.errors).toEqual([expect.objectContaining({ index: 1, field: "paydate" })]);
    expect(body.accepted).toBe(2);
    const all = await eventsOf(["ev-ok-1", "ev-bad", "ev-ok-2"]);
    // Each accepted job's received is followed by its opening lcstatus (tested below).
    expect(all.map((event) => [event.type, (event.message as { status: string }).status])).toEqual([
      ["delivery", "received"],
      ["lcstatus", "Invoicing"],
      ["delivery", "rejected"],
      ["delivery", "received"],
      ["lcstatus", "Invoicing"],
    ]);
    const events = all.filter((event) => event.type === "delivery");
    for (const event of events) expect(deliveryMessageSchema.safeParse(event.message).success).toBe(true);

    const [ok1, bad, ok2] = events.map((event) => event.message as Record<string, unknown>);
    expect(ok1).toMatchObject({
      jobid: body.result[0]!.jobid,
      cid: "demo-fin",
      distributionchannel: "email",
      invoicenumber: body.result[0]!.billnum,
      errors: [],
    });
    expect(ok2).toMatchObject({ jobid: body.result[2]!.jobid, distributionchannel: "b2b" });
    expect(bad).toMatchObject({ jobid: null, cid: "demo-fin", status: "rejected", documentid: "ev-bad" });
    expect(bad?.errors).toEqual([expect.objectContaining({ field: "paydate", code: expect.any(String), message: expect.any(String) })]);
    expect(bad?.description).toMatch(/paydate/);
    expect(events[0]!.jobId).toBe(body.result[0]!.jobid);
    expect(events[1]!.jobId).toBeNull();
  });

  it("writes no second set of events when a retry is answered from the first request", async () => {
    const headers = { "idempotency-key": "events-once" };
    const first = await call(POST, "/fin-test/rest/jobs", { body: envelope(invoice({ ownref: "ev-retry" })), token: fin, headers });
    const again = await call(POST, "/fin-test/rest/jobs", { body: envelope(invoice({ ownref: "ev-retry" })), token: fin, headers });
    expect(first.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await eventsOf(["ev-retry"])).map((event) => event.type)).toEqual(["delivery", "lcstatus"]);
  });
});

describe("the opening lcstatus", () => {
  it("tells a receiver each accepted job's first code, due dates and open capital, in the intake's transaction", async () => {
    const body = await postJobs(
      invoice({ ownref: "open-inv", paydate: "2026-12-30" }),
      reminder({ ownref: "open-rem", billnum: "OPEN-REM-1", billdate: "2026-09-01", paydate: "2026-09-15", amount: "150.00" }),
      invoice({ ownref: "open-held", putonhold: 1 }),
      letter({ ownref: "open-letter" }),
    );
    const opening = (ownref: string) =>
      eventsOf([ownref]).then((events) => events.filter((event) => event.type === "lcstatus").map((event) => lcstatusMessageSchema.parse(event.message)));
    const [inv, rem, held, doc] = body.result;

    const [invoiceOpening, ...invoiceMore] = await opening("open-inv");
    expect(invoiceMore).toEqual([]);
    expect(invoiceOpening).toMatchObject({
      cid: "demo-fin",
      jobid: inv!.jobid,
      invoicenumber: inv!.billnum,
      code: 0,
      status: "Invoicing",
      paydate: "2026-12-30",
      currentpaydate: "2026-12-30",
      opencapital: inv!.amount,
      interest: 0,
      expenses: 0,
    });

    // A job posted as reminder already has the due date its letter prints (a new term from today).
    const stored = await getDb().job.findUniqueOrThrow({ where: { id: rem!.jobid! } });
    expect(await opening("open-rem")).toEqual([
      expect.objectContaining({ code: 1, paydate: "2026-09-15", currentpaydate: stored.currentPaydate, opencapital: 150 }),
    ]);
    expect(stored.currentPaydate! > "2026-09-15").toBe(true);

    expect(await opening("open-held")).toEqual([expect.objectContaining({ jobid: held!.jobid, code: 100 })]);
    expect(await opening("open-letter")).toEqual([expect.objectContaining({ jobid: doc!.jobid, code: 301, opencapital: 0 })]);

    // The same code as the result record's jobstatus.
    for (const [result, ownref] of [
      [inv, "open-inv"],
      [rem, "open-rem"],
      [held, "open-held"],
      [doc, "open-letter"],
    ] as const) {
      expect(String((await opening(ownref))[0]!.code)).toBe(result!.jobstatus);
    }
  });
});
