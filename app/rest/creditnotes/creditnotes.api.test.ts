import { beforeAll, describe, expect, it } from "vitest";

import { POST as postStatus } from "@/app/rest/jobs/[jobid]/status/route";
import { POST as postJobs } from "@/app/rest/jobs/route";
import { getDb } from "@/lib/db/client";
import { systemClock } from "@/lib/platform/clock";
import { unseal } from "@/lib/platform/secrets";
import { applyIntakeAllocations } from "@/lib/service/payments/apply-intake-allocations";
import { WORKER_LOOPS } from "@/lib/service/workers/worker-loops";
import { creditnoteMessageSchema } from "@/lib/spec/events";
import type { JobsResponse } from "@/lib/spec/jobs";
import { envelope, invoice } from "@/lib/testing/jobs";
import { caseOf, eventsOf, postInvoice } from "@/lib/testing/payment-cases";
import { call, demoToken, json, profileWithToken } from "@/lib/testing/rest";

import { DELETE as unallocate } from "./allocations/[id]/route";
import { POST as allocate } from "./allocations/route";
import { POST as refund } from "./refunds/route";

/* Credit notes allocated to debit invoices, allocations removed, and refunds to the end customer. */

let fin: string;

beforeAll(async () => {
  fin = await demoToken("fin-test");
});

const allocateBody = (body: Record<string, unknown>, token = fin) => call(allocate, "/fin-test/rest/creditnotes/allocations", { body, token });
const creditNote = (amount: string, overrides: Record<string, unknown> = {}) => postInvoice("fin-test", fin, `-${amount}`, overrides);

describe("credit note allocation", () => {
  it("allocates a credit note to a debit invoice: capital lowered, the credit note to 104, the invoice to 101 when settled", async () => {
    const debit = await postInvoice("fin-test", fin, "100.00", { billnum: "CN-DEBIT-1" });
    const credit = await creditNote("60.00", { billnum: "CN-CREDIT-1", ownref: "credit-doc-1" });

    const first = await allocateBody({ creditjobid: credit.jobid, refundtobillnum: "CN-DEBIT-1", amount: "40.00" });
    expect(first.status).toBe(201);
    const allocation = await json<{ id: string }>(first);
    expect(allocation).toMatchObject({
      creditjobid: credit.jobid,
      targetjobid: debit.jobid,
      amount: 40,
      remaining: 20,
      targetopencapital: 60,
      targetjobstatus: 0,
    });
    expect(await caseOf(debit.jobid)).toMatchObject({ openCapital: 6000n, jobstatus: 0 });
    expect(await caseOf(credit.jobid)).toMatchObject({ jobstatus: 104 });
    expect(await getDb().caseEntry.findFirstOrThrow({ where: { jobId: debit.jobid, kind: "credit_note" } })).toMatchObject({
      component: "capital",
      amount: -4000n,
    });
    expect(await getDb().creditAllocation.findUniqueOrThrow({ where: { id: allocation.id } })).toMatchObject({
      action: "allocated",
      amount: 4000n,
      targetJobId: debit.jobid,
    });

    const events = (await eventsOf(credit.jobid)).filter((event) => event.type !== "delivery");
    expect(events.map((event) => event.type)).toEqual(["creditnote", "lcstatus"]);
    expect(events[0]!.message).toEqual({
      cid: "demo-fin",
      jobid: credit.jobid,
      invoicenumber: "CN-CREDIT-1",
      documentid: "credit-doc-1",
      type: "allocated",
      time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      amount: 40,
      allocations: [{ jobid: debit.jobid, invoicenumber: "CN-DEBIT-1", amount: 40 }],
      targetjobid: debit.jobid,
      targetinvoicenumber: "CN-DEBIT-1",
    });
    expect(creditnoteMessageSchema.safeParse(events[0]!.message).success).toBe(true);
    expect(events[1]!.message).toMatchObject({ code: 104, status: "Credit invoice" });

    const tooMuch = await allocateBody({ creditjobid: credit.jobid, refundtojobid: debit.jobid, amount: "20.01" });
    expect(tooMuch.status).toBe(409);
    expect((await json<{ problems: unknown[] }>(tooMuch)).problems).toEqual([expect.objectContaining({ field: "amount", code: "conflict" })]);

    const other = await postInvoice("fin-test", fin, "20.00");
    const rest = await json(await allocateBody({ creditbillnum: "CN-CREDIT-1", refundtojobid: other.jobid }));
    expect(rest).toMatchObject({ amount: 20, remaining: 0, targetjobstatus: 101 });
    expect(await caseOf(other.jobid)).toMatchObject({ jobstatus: 101, openCapital: 0n });
    const move = await getDb().caseMove.findFirstOrThrow({ where: { jobId: other.jobid, toCode: 101 } });
    expect(move.cause).toBe("credit");
    expect((await allocateBody({ creditjobid: credit.jobid, refundtojobid: debit.jobid })).status).toBe(409);
  });

  it("removes an allocation: capital open again, the invoice reopened in its phase, an unallocated event", async () => {
    const debit = await postInvoice("fin-test", fin, "50.00", { billnum: "CN-DEBIT-2" });
    const credit = await creditNote("50.00", { billnum: "CN-CREDIT-2" });
    const allocation = await json<{ id: string }>(await allocateBody({ creditjobid: credit.jobid, refundtojobid: debit.jobid }));
    expect(await caseOf(debit.jobid)).toMatchObject({ jobstatus: 101, openCapital: 0n });

    const response = await call(unallocate, `/fin-test/rest/creditnotes/allocations/${allocation.id}`, { method: "DELETE", token: fin });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ amount: 50, targetopencapital: 50, targetjobstatus: 0 });
    const job = await caseOf(debit.jobid);
    expect(job).toMatchObject({ jobstatus: 0, openCapital: 5000n, closedAt: null });
    expect(job.reviewOn).not.toBeNull();
    expect(await getDb().creditAllocation.findUniqueOrThrow({ where: { id: allocation.id } })).toMatchObject({ action: "unallocated" });
    const creditEvents = await eventsOf(credit.jobid, "creditnote");
    expect(creditEvents.map((event) => event.message.type)).toEqual(["allocated", "unallocated"]);
    expect(creditEvents[1]!.message).toMatchObject({ amount: 50, allocations: [{ jobid: debit.jobid, invoicenumber: "CN-DEBIT-2", amount: 50 }] });
    expect((await eventsOf(debit.jobid, "lcstatus")).map((event) => event.message.code)).toEqual([101, 0]);

    const again = await call(unallocate, `/fin-test/rest/creditnotes/allocations/${allocation.id}`, { method: "DELETE", token: fin });
    expect(again.status).toBe(409);
    // The credit is free again.
    expect((await allocateBody({ creditjobid: credit.jobid, refundtojobid: debit.jobid, amount: "10.00" })).status).toBe(201);
  });

  it("keeps another profile's credit notes, invoices and allocations out of reach", async () => {
    const other = await profileWithToken("fin-test");
    const theirs = await postInvoice("fin-test", other.token, "30.00");
    const credit = await creditNote("10.00");
    expect((await allocateBody({ creditjobid: credit.jobid, refundtojobid: theirs.jobid })).status).toBe(404);
    const mine = await postInvoice("fin-test", fin, "30.00");
    const allocation = await json<{ id: string }>(await allocateBody({ creditjobid: credit.jobid, refundtojobid: mine.jobid }));
    expect((await call(unallocate, `/fin-test/rest/creditnotes/allocations/${allocation.id}`, { method: "DELETE", token: other.token })).status).toBe(404);
    expect((await allocateBody({ creditjobid: mine.jobid, refundtojobid: credit.jobid })).status).toBe(409);
    const invalid = await allocateBody({ amount: "-1" });
    expect((await json<{ problems: Array<{ field: string }> }>(invalid)).problems.map((problem) => problem.field).sort()).toEqual([
      "amount",
      "creditjobid",
      "refundtojobid",
    ]);
  });
});

describe("credit note refunds", () => {
  it("refunds what is left to a valid IBAN, sealed at rest and masked in the event", async () => {
    const credit = await creditNote("25.00", { billnum: "CN-REFUND-1" });
    const invalid = await call(refund, "/fin-test/rest/creditnotes/refunds", {
      body: { creditjobid: credit.jobid, refundiban: "FI21 1234 5600 0007 86" },
      token: fin,
    });
    expect(invalid.status).toBe(400);
    expect((await json<{ problems: unknown[] }>(invalid)).problems).toEqual([expect.objectContaining({ field: "refundiban", code: "invalid" })]);

    const response = await call(refund, "/fin-test/rest/creditnotes/refunds", {
      body: { creditjobid: credit.jobid, refundiban: "fi21 1234 5600 0007 85" },
      token: fin,
    });
    expect(response.status).toBe(201);
    const body = await json<{ id: string }>(response);
    expect(body).toMatchObject({ amount: 25, remaining: 0, refundiban: "FI21**********0785" });
    const row = await getDb().creditAllocation.findUniqueOrThrow({ where: { id: body.id } });
    expect(row).toMatchObject({ action: "refunded", amount: 2500n, targetJobId: null });
    expect(row.refundIban).not.toContain("1234");
    expect(unseal(row.refundIban!)).toBe("FI2112345600000785");
    expect(await caseOf(credit.jobid)).toMatchObject({ jobstatus: 104 });
    const [event] = await eventsOf(credit.jobid, "creditnote");
    expect(event!.message).toEqual({
      cid: "demo-fin",
      jobid: credit.jobid,
      invoicenumber: "CN-REFUND-1",
      documentid: null,
      type: "refunded",
      time: expect.any(String),
      amount: 25,
      allocations: [],
      refundiban: "FI21**********0785",
      refunddate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const more = await call(refund, "/fin-test/rest/creditnotes/refunds", {
      body: { creditjobid: credit.jobid, refundiban: "FI2112345600000785", amount: 1 },
      token: fin,
    });
    expect(more.status).toBe(409);
  });
});

describe("allocations given at intake", () => {
  const creditNotesLoop = () => {
    const loop = WORKER_LOOPS.find((candidate) => candidate.name === "credit-notes");
    if (!loop) throw new Error("no credit-notes worker loop");
    return loop;
  };

  it("applies refundtobillnum from intake in the worker loop, without a creditnote event, and waits when the invoice is missing", async () => {
    const debit = await postInvoice("fin-test", fin, "45.00", { billnum: "CN-INTAKE-1" });
    const credit = await creditNote("45.00", { refundtobillnum: "CN-INTAKE-1" });
    const waiting = await creditNote("5.00", { refundtobillnum: "NO-SUCH-BILL" });
    await creditNotesLoop().run(getDb(), systemClock);
    expect(await caseOf(debit.jobid)).toMatchObject({ jobstatus: 101, openCapital: 0n });
    expect(await caseOf(credit.jobid)).toMatchObject({ jobstatus: 104 });
    expect(await caseOf(waiting.jobid)).toMatchObject({ jobstatus: 0 });
    expect(await eventsOf(credit.jobid, "creditnote")).toEqual([]);
    expect((await eventsOf(credit.jobid, "lcstatus")).map((event) => event.message.code)).toEqual([104]);
    expect(await getDb().creditAllocation.count({ where: { creditJobId: credit.jobid, action: "allocated" } })).toBe(1);
    // A second run finds nothing more to do for it.
    await applyIntakeAllocations(getDb(), systemClock);
    expect(await getDb().creditAllocation.count({ where: { creditJobId: credit.jobid } })).toBe(1);

    // The invoice it waited for comes in a later request.
    const late = await postInvoice("fin-test", fin, "20.00", { billnum: "NO-SUCH-BILL" });
    await creditNotesLoop().run(getDb(), systemClock);
    expect(await caseOf(waiting.jobid)).toMatchObject({ jobstatus: 104 });
    expect(await caseOf(late.jobid)).toMatchObject({ jobstatus: 0, openCapital: 1500n });
  });

  it("allocates once however many workers run at the same time", async () => {
    const debit = await postInvoice("fin-test", fin, "100.00", { billnum: "CN-INTAKE-RACE" });
    const credit = await creditNote("30.00", { refundtobillnum: "CN-INTAKE-RACE", refundiban: "FI2112345600000785" });
    await Promise.all(Array.from({ length: 4 }, () => applyIntakeAllocations(getDb(), systemClock)));
    expect(await getDb().creditAllocation.count({ where: { creditJobId: credit.jobid } })).toBe(1);
    expect(await caseOf(debit.jobid)).toMatchObject({ openCapital: 7000n });
    expect(await getDb().caseEntry.count({ where: { jobId: debit.jobid, kind: "credit_note" } })).toBe(1);
    expect((await eventsOf(credit.jobid, "lcstatus")).map((event) => event.message.code)).toEqual([104]);
  });

  it("refunds to refundiban what the allocation left, or all of a credit note that names no invoice, with refunded events", async () => {
    const debit = await postInvoice("fin-test", fin, "30.00", { billnum: "CN-INTAKE-2" });
    const partly = await creditNote("50.00", { billnum: "CN-INTAKE-CREDIT-2", refundtobillnum: "CN-INTAKE-2", refundiban: "FI21 1234 5600 0007 85" });
    const refundOnly = await creditNote("12.00", { refundiban: "FI2112345600000785" });
    await creditNotesLoop().run(getDb(), systemClock);

    expect(await caseOf(debit.jobid)).toMatchObject({ jobstatus: 101, openCapital: 0n });
    const rows = await getDb().creditAllocation.findMany({ where: { creditJobId: partly.jobid }, orderBy: { createdAt: "asc" } });
    expect(rows.map((row) => [row.action, row.amount, row.targetJobId])).toEqual(
      expect.arrayContaining([
        ["allocated", 3000n, debit.jobid],
        ["refunded", 2000n, null],
      ]),
    );
    expect(unseal(rows.find((row) => row.action === "refunded")!.refundIban!)).toBe("FI2112345600000785");
    // The allocation the client gave is not reported; the refund is.
    const events = await eventsOf(partly.jobid, "creditnote");
    expect(events.map((event) => event.message)).toEqual([
      expect.objectContaining({
        type: "refunded",
        amount: 20,
        invoicenumber: "CN-INTAKE-CREDIT-2",
        allocations: [],
        refundiban: "FI21**********0785",
        refunddate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      }),
    ]);
    expect(creditnoteMessageSchema.safeParse(events[0]!.message).success).toBe(true);
    expect((await eventsOf(partly.jobid, "lcstatus")).map((event) => event.message.code)).toEqual([104]);

    expect(await caseOf(refundOnly.jobid)).toMatchObject({ jobstatus: 104 });
    expect((await eventsOf(refundOnly.jobid, "creditnote")).map((event) => [event.message.type, event.message.amount])).toEqual([["refunded", 12]]);

    await applyIntakeAllocations(getDb(), systemClock);
    expect(await getDb().creditAllocation.count({ where: { creditJobId: { in: [partly.jobid, refundOnly.jobid] } } })).toBe(3);
  });

  it("carries out a credit note posted as a draft once it is approved, however long the draft waited", async () => {
    const debit = await postInvoice("fin-test", fin, "40.00", { billnum: "CN-DRAFT-DEBIT" });
    const item = invoice({
      billnum: "CN-DRAFT-CREDIT",
      refundtobillnum: "CN-DRAFT-DEBIT",
      payrow: [{ desc: "Service", count: "1", amount: "-40.00", taxpr: "0" }],
    });
    const posted = await json<JobsResponse>(await call(postJobs, "/fin-test/rest/jobs?draft=true", { body: envelope(item), token: fin }));
    const draft = posted.result[0]!.jobid!;
    // A draft is carried out only once approved.
    await applyIntakeAllocations(getDb(), systemClock);
    expect(await caseOf(debit.jobid)).toMatchObject({ openCapital: 4000n });

    // Approved six weeks after it came in: past the days an unapproved credit note is looked at.
    await getDb().job.update({ where: { id: draft }, data: { createdAt: new Date(Date.now() - 42 * 86_400_000) } });
    const approved = await call(postStatus, `/fin-test/rest/jobs/${draft}/status`, { body: { action: "approve" }, token: fin });
    expect(approved.status).toBe(200);
    await applyIntakeAllocations(getDb(), systemClock);
    expect(await caseOf(debit.jobid)).toMatchObject({ jobstatus: 101, openCapital: 0n });
    expect(await caseOf(draft)).toMatchObject({ jobstatus: 104 });
  });

  it("refunds the whole credit when its invoice is already paid, and keeps the refund waiting while the invoice is missing", async () => {
    const paid = await postInvoice("fin-test", fin, "10.00", { billnum: "CN-INTAKE-PAID" });
    await getDb().job.update({ where: { id: paid.jobid }, data: { jobstatus: 101, openCapital: 0n } });
    const toPaid = await creditNote("10.00", { refundtobillnum: "CN-INTAKE-PAID", refundiban: "FI2112345600000785" });
    const toMissing = await creditNote("10.00", { refundtobillnum: "CN-INTAKE-NOT-YET", refundiban: "FI2112345600000785" });
    const result = await applyIntakeAllocations(getDb(), systemClock);
    expect(result.waiting).toBeGreaterThanOrEqual(1);
    expect((await eventsOf(toPaid.jobid, "creditnote")).map((event) => [event.message.type, event.message.amount])).toEqual([["refunded", 10]]);
    expect(await caseOf(toMissing.jobid)).toMatchObject({ jobstatus: 0 });
    expect(await getDb().creditAllocation.count({ where: { creditJobId: toMissing.jobid } })).toBe(0);
  });
});
