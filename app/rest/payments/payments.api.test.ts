import { readFileSync } from "node:fs";
import { join } from "node:path";

import { beforeAll, describe, expect, it } from "vitest";

import { getDb } from "@/lib/db/client";
import { settlementDateOf } from "@/lib/service/payments/settlement-date";
import { paymentMessageSchema } from "@/lib/spec/events";
import { caseOf, eventsOf, postInvoice } from "@/lib/testing/payment-cases";
import { call, demoToken, json, profileWithToken } from "@/lib/testing/rest";

import { POST as testingPayment } from "../testing/payments/route";

import { POST as allocate } from "./[id]/allocate/route";
import { POST as refund } from "./[id]/refunds/route";
import { POST as bypass } from "./bypass/route";
import { POST as statements } from "./statements/route";

/* Payments booked to cases: by simulation, bank statement, manual allocation and bypass report. */

const fixture = (name: string) => readFileSync(join(process.cwd(), "lib/payment-data/camt/fixtures", name));

let fin: string;
let swe: string;

beforeAll(async () => {
  fin = await demoToken("fin-test");
  swe = await demoToken("swe-test");
});

const pay = (body: Record<string, unknown>, token = fin, environment = "fin-test") =>
  call(testingPayment, `/${environment}/rest/testing/payments`, { body, token });

describe("booking a payment", () => {
  it("books a partial payment to expenses, interest and capital in that order and leaves the case open", async () => {
    const posted = await postInvoice("fin-test", fin, "100.00");
    // Costs and interest the lifecycle would have charged, put on the case directly.
    await getDb().job.update({ where: { id: posted.jobid }, data: { openInterest: 150n, openExpenses: 500n } });
    const response = await pay({ reference: posted.reference.replace(/(\d{3})/g, "$1 "), amount: "10.00", paymentdate: "2026-11-20" });
    expect(response.status).toBe(201);
    const body = await json(response);
    expect(body).toMatchObject({
      status: "booked",
      jobid: posted.jobid,
      amount: 10,
      unallocated: 0,
      amountbreakdown: { expenses: 5, interest: 1.5, capital: 3.5 },
    });

    const job = await caseOf(posted.jobid);
    expect(job).toMatchObject({ openCapital: 9650n, openInterest: 0n, openExpenses: 0n, jobstatus: 0 });
    const entries = await getDb().caseEntry.findMany({ where: { jobId: posted.jobid }, orderBy: { component: "asc" } });
    expect(entries.map((entry) => [entry.kind, entry.component, entry.amount])).toEqual([
      ["payment", "capital", -350n],
      ["payment", "expenses", -500n],
      ["payment", "interest", -150n],
    ]);
    const events = await eventsOf(posted.jobid, "payment");
    expect(events).toHaveLength(1);
    const message = events[0]!.message;
    expect(message).toEqual({
      cid: "demo-fin",
      jobid: posted.jobid,
      invoicenumber: posted.billnum,
      documentid: null,
      time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      amount: 10,
      paydate: "2026-11-20",
      paymentdate: "2026-11-20",
      accountdate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      settlementdate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      openamount: 96.5,
      amountbreakdown: { capital: 3.5, interest: 1.5, expenses: 5 },
      openamountbreakdown: { capital: 96.5, interest: 0, expenses: 0 },
      unallocatedamount: 0,
    });
    // A simulated payment is settled to the principal on the business day after it was booked.
    expect(message.settlementdate).toBe(settlementDateOf("FIN", message.accountdate as string));
    expect(paymentMessageSchema.safeParse(message).success).toBe(true);
    expect(await eventsOf(posted.jobid, "lcstatus")).toEqual([]);
  });

  it("closes a fully paid case as 101 Paid with its lcstatus event after the payment event", async () => {
    const posted = await postInvoice("fin-test", fin, "100.00", { ownref: "full-1" });
    const response = await pay({ jobid: posted.jobid, amount: 100 });
    expect(response.status).toBe(201);
    const job = await caseOf(posted.jobid);
    expect(job).toMatchObject({ jobstatus: 101, openCapital: 0n, reviewOn: null });
    expect(job.closedAt).not.toBeNull();
    const events = (await eventsOf(posted.jobid)).filter((event) => event.type !== "delivery");
    expect(events.map((event) => event.type)).toEqual(["payment", "lcstatus"]);
    expect(events[1]!.message).toMatchObject({
      cid: "demo-fin",
      jobid: posted.jobid,
      documentid: "full-1",
      code: 101,
      status: "Paid",
      opencapital: 0,
      interest: 0,
      expenses: 0,
    });
    const move = await getDb().caseMove.findFirstOrThrow({ where: { jobId: posted.jobid, toCode: 101 } });
    expect(move).toMatchObject({ fromCode: 0, cause: "payment", openCapital: 0n });
  });

  it("keeps an overpayment unallocated, and a payment to a closed case wholly unallocated", async () => {
    const posted = await postInvoice("fin-test", fin, "100.00");
    const over = await json(await pay({ jobid: posted.jobid, amount: "120.50" }));
    expect(over).toMatchObject({ status: "booked", unallocated: 20.5, amountbreakdown: { capital: 100, interest: 0, expenses: 0 } });
    const again = await json(await pay({ jobid: posted.jobid, amount: "5.00" }));
    expect(again).toMatchObject({ status: "booked", unallocated: 5, amountbreakdown: { capital: 0, interest: 0, expenses: 0 } });
    const payments = await getDb().payment.findMany({ where: { jobId: posted.jobid }, orderBy: { createdAt: "asc" } });
    expect(payments.map((payment) => [payment.amount, payment.unallocated, payment.source, payment.status])).toEqual([
      [12050n, 2050n, "simulated", "booked"],
      [500n, 500n, "simulated", "booked"],
    ]);
    expect(await caseOf(posted.jobid)).toMatchObject({ jobstatus: 101, openCapital: 0n });
    const paymentEvents = await eventsOf(posted.jobid, "payment");
    expect(paymentEvents.map((event) => [event.message.amount, event.message.openamount])).toEqual([
      [120.5, 0],
      [5, 0],
    ]);
    // The case closed once: the second payment moved nothing.
    expect(await eventsOf(posted.jobid, "lcstatus")).toHaveLength(1);
  });

  it("keeps a payment no case matches as unmatched, and books it by hand to the profile's case", async () => {
    const posted = await postInvoice("fin-test", fin, "80.00");
    const unmatched = await json<{ paymentId: string; status: string; jobid: number | null }>(await pay({ reference: "20261049", amount: "80.00" }));
    expect(unmatched).toMatchObject({ status: "unmatched", jobid: null });
    expect(await getDb().payment.findUniqueOrThrow({ where: { id: unmatched.paymentId } })).toMatchObject({
      status: "unmatched",
      unallocated: 8000n,
      jobId: null,
    });

    const other = await profileWithToken("fin-test");
    const foreign = await call(allocate, `/fin-test/rest/payments/${unmatched.paymentId}/allocate`, { body: { jobid: posted.jobid }, token: other.token });
    expect(foreign.status).toBe(404);

    const badBody = await call(allocate, `/fin-test/rest/payments/${unmatched.paymentId}/allocate`, { body: { jobid: "x" }, token: fin });
    expect(badBody.status).toBe(400);
    expect((await json<{ problems: unknown[] }>(badBody)).problems).toEqual([expect.objectContaining({ field: "jobid", code: "invalid" })]);

    const booked = await call(allocate, `/fin-test/rest/payments/${unmatched.paymentId}/allocate`, { body: { jobid: posted.jobid }, token: fin });
    expect(booked.status).toBe(200);
    expect(await json(booked)).toMatchObject({ status: "booked", jobid: posted.jobid, amountbreakdown: { capital: 80 } });
    expect(await caseOf(posted.jobid)).toMatchObject({ jobstatus: 101, openCapital: 0n });
    expect((await eventsOf(posted.jobid, "payment"))[0]!.message).toMatchObject({ amount: 80, openamount: 0 });

    const twice = await call(allocate, `/fin-test/rest/payments/${unmatched.paymentId}/allocate`, { body: { jobid: posted.jobid }, token: fin });
    expect(twice.status).toBe(409);
  });

  it("splits concurrent payments to one case without paying anything twice", async () => {
    const posted = await postInvoice("fin-test", fin, "100.00");
    const responses = await Promise.all(Array.from({ length: 5 }, () => pay({ jobid: posted.jobid, amount: "30.00" })));
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
    expect(await caseOf(posted.jobid)).toMatchObject({ jobstatus: 101, openCapital: 0n });
    const payments = await getDb().payment.findMany({ where: { jobId: posted.jobid } });
    expect(payments.reduce((sum, payment) => sum + payment.unallocated, 0n)).toBe(5000n);
    const entries = await getDb().caseEntry.findMany({ where: { jobId: posted.jobid, kind: "payment" } });
    expect(entries.reduce((sum, entry) => sum + entry.amount, 0n)).toBe(-10000n);
    expect(await eventsOf(posted.jobid, "lcstatus")).toHaveLength(1);
  });

  it("never matches another profile's case, even by its reference", async () => {
    const other = await profileWithToken("fin-test");
    const theirs = await postInvoice("fin-test", other.token, "50.00");
    const body = await json(await pay({ reference: theirs.reference, amount: "50.00" }));
    expect(body).toMatchObject({ status: "unmatched", jobid: null });
    expect(await caseOf(theirs.jobid)).toMatchObject({ openCapital: 5000n, jobstatus: 0 });
    const byJobid = await pay({ jobid: theirs.jobid, amount: "50.00" });
    expect(byJobid.status).toBe(404);
  });

  it("refuses a simulated payment in production, and a body that is not valid", async () => {
    const production = await call(testingPayment, "/fin-prod/rest/testing/payments", { body: { jobid: 1, amount: 1 } });
    expect(production.status).toBe(404);
    const invalid = await pay({ amount: "1.234", paymentdate: "2026-02-30" });
    expect(invalid.status).toBe(400);
    const problems = (await json<{ problems: Array<{ field: string }> }>(invalid)).problems.map((problem) => problem.field).sort();
    expect(problems).toEqual(["amount", "paymentdate", "reference"]);
  });
});

describe("refunds of what a payment left unallocated", () => {
  const IBAN = "FI21 1234 5600 0007 85";
  const refundOf = (paymentId: string, body: Record<string, unknown>, token = fin) =>
    call(refund, `/fin-test/rest/payments/${paymentId}/refunds`, { body, token });

  it("pays an overpayment's rest back in parts, never more than is left, with the account sealed and shown masked", async () => {
    const posted = await postInvoice("fin-test", fin, "100.00");
    const over = await json<{ paymentId: string }>(await pay({ jobid: posted.jobid, amount: "120.50" }));

    const tooMuch = await refundOf(over.paymentId, { refundiban: IBAN, amount: "25.00" });
    expect(tooMuch.status).toBe(409);
    expect((await json<{ problems: unknown[] }>(tooMuch)).problems).toEqual([expect.objectContaining({ field: "amount", message: "must be at most 20.50" })]);
    const badIban = await refundOf(over.paymentId, { refundiban: "FI21 1234 5600 0007 86" });
    expect(badIban.status).toBe(400);
    expect((await json<{ problems: unknown[] }>(badIban)).problems).toEqual([expect.objectContaining({ field: "refundiban" })]);
    expect((await refundOf(over.paymentId, { refundiban: IBAN }, (await profileWithToken("fin-test")).token)).status).toBe(404);

    const first = await refundOf(over.paymentId, { refundiban: IBAN, amount: "10.00" });
    expect(first.status).toBe(201);
    expect(await json(first)).toMatchObject({
      paymentId: over.paymentId,
      jobid: posted.jobid,
      amount: 10,
      unallocated: 10.5,
      refundiban: "FI21**********0785",
    });
    expect(await json(await refundOf(over.paymentId, { refundiban: IBAN }))).toMatchObject({ amount: 10.5, unallocated: 0 });
    expect((await refundOf(over.paymentId, { refundiban: IBAN })).status).toBe(409);

    expect(await getDb().payment.findUniqueOrThrow({ where: { id: over.paymentId } })).toMatchObject({ status: "booked", unallocated: 0n });
    const refunds = await getDb().paymentRefund.findMany({ where: { paymentId: over.paymentId } });
    expect(refunds.map((row) => row.amount).sort()).toEqual([1000n, 1050n]);
    expect(refunds.every((row) => !row.refundIban.includes("FI2112345600000785"))).toBe(true);
    // The case is as the payment left it.
    expect(await caseOf(posted.jobid)).toMatchObject({ jobstatus: 101, openCapital: 0n });
  });

  it("pays an unmatched payment back whole only, after which it cannot be booked", async () => {
    const posted = await postInvoice("fin-test", fin, "40.00");
    const unmatched = await json<{ paymentId: string }>(await pay({ reference: "20261052", amount: "40.00" }));
    expect((await refundOf(unmatched.paymentId, { refundiban: IBAN, amount: "10.00" })).status).toBe(409);
    expect(await json(await refundOf(unmatched.paymentId, { refundiban: IBAN }))).toMatchObject({ amount: 40, unallocated: 0, jobid: null });
    expect(await getDb().payment.findUniqueOrThrow({ where: { id: unmatched.paymentId } })).toMatchObject({ status: "refunded", unallocated: 0n });
    const booked = await call(allocate, `/fin-test/rest/payments/${unmatched.paymentId}/allocate`, { body: { jobid: posted.jobid }, token: fin });
    expect(booked.status).toBe(409);
    expect(await caseOf(posted.jobid)).toMatchObject({ jobstatus: 0, openCapital: 4000n });
  });
});

describe("bank statements", () => {
  const post = (file: Buffer, token = fin, environment = "fin-test", type = "application/xml") =>
    call(statements, `/${environment}/rest/payments/statements`, { raw: new Uint8Array(file), token, headers: { "content-type": type } });

  it("books a Finnish camt.054 to the profile's cases and books nothing twice", async () => {
    const national = await postInvoice("fin-test", fin, "100.00", { billcode: "20261007" });
    const rf = await postInvoice("fin-test", fin, "80.00", { billcode: "RF7520261052" });
    const typed = await postInvoice("fin-test", fin, "30.00", { billcode: "20261023" });

    const response = await post(fixture("camt054-fi-v02.xml"));
    expect(response.status).toBe(201);
    const summary = await json<{ statementId: string; payments: Array<Record<string, unknown>> }>(response);
    expect(summary).toMatchObject({ kind: "camt.054", messageId: "NDEAFIHH-20261120-0001", entries: 4, skipped: 2, booked: 3, unmatched: 1, duplicates: 0 });
    expect(summary.payments.map((payment) => [payment.reference, payment.status, payment.jobid, payment.amount])).toEqual([
      ["20261007", "booked", national.jobid, 100],
      ["RF7520261052", "booked", rf.jobid, 50],
      ["20261049", "unmatched", null, 25],
      ["20261023", "booked", typed.jobid, 30],
    ]);
    expect(await caseOf(national.jobid)).toMatchObject({ jobstatus: 101, openCapital: 0n });
    expect(await caseOf(rf.jobid)).toMatchObject({ jobstatus: 0, openCapital: 3000n });
    expect(await caseOf(typed.jobid)).toMatchObject({ jobstatus: 101 });
    const stored = await getDb().payment.findFirstOrThrow({ where: { jobId: national.jobid } });
    expect(stored).toMatchObject({
      source: "bank",
      bankEntryRef: "FI2112345600000785:261120AAAA0001-1",
      payerName: "Matti Maksaja",
      paymentDate: "2026-11-19",
      accountDate: "2026-11-20",
      settlementDate: "2026-11-19",
      statementId: summary.statementId,
    });
    // The entry's value date (ValDt): the day the money was on the principal's account.
    expect((await eventsOf(national.jobid, "payment"))[0]!.message).toMatchObject({
      paymentdate: "2026-11-19",
      accountdate: "2026-11-20",
      settlementdate: "2026-11-19",
      amount: 100,
    });
    expect(await getDb().payment.findFirstOrThrow({ where: { statementId: summary.statementId, status: "unmatched" } })).toMatchObject({
      settlementDate: "2026-11-19",
    });
    expect(await getDb().bankStatement.findUniqueOrThrow({ where: { id: summary.statementId } })).toMatchObject({
      kind: "camt.054",
      entries: 4,
      booked: 3,
      unmatched: 1,
    });

    const again = await post(fixture("camt054-fi-v02.xml"));
    expect(again.status).toBe(200);
    expect(await json(again)).toMatchObject({ statementId: summary.statementId, booked: 0, unmatched: 0, duplicates: 4 });
    // The same entries in another file (a camt.053 of the same day repeating them) are duplicates too.
    const reissued = fixture("camt054-fi-v02.xml").toString("utf8").replace("NDEAFIHH-20261120-0001", "NDEAFIHH-20261120-0002");
    expect(await json(await post(Buffer.from(reissued)))).toMatchObject({ booked: 0, duplicates: 4 });
    expect(await getDb().payment.count({ where: { jobId: rf.jobid } })).toBe(1);
    expect(await eventsOf(rf.jobid, "payment")).toHaveLength(1);
  });

  it("books a Swedish camt.053 with OCR references", async () => {
    const ocr = await postInvoice("swe-test", swe, "1250.00", { billcode: "5550173", currency: "SEK" });
    const summary = await json(await post(fixture("camt053-se-v08.xml"), swe, "swe-test"));
    expect(summary).toMatchObject({ kind: "camt.053", entries: 2, skipped: 1, booked: 1, unmatched: 1 });
    expect(await caseOf(ocr.jobid)).toMatchObject({ jobstatus: 101, openCapital: 0n });
    expect((await eventsOf(ocr.jobid, "payment"))[0]!.message).toMatchObject({ cid: "demo-swe", amount: 1250, openamount: 0 });
  });

  it("refuses a file that is no camt.053 or camt.054, and a body that is not XML", async () => {
    const wrong = await post(fixture("pain001.xml"));
    expect(wrong.status).toBe(400);
    const problem = await json<{ detail: string; problems: unknown[] }>(wrong);
    expect(problem.detail).toMatch(/not BkToCstmrStmt or BkToCstmrDbtCdtNtfctn/);
    expect(problem.problems).toEqual([expect.objectContaining({ field: "body", code: "invalid" })]);
    expect((await post(Buffer.from("{}"), fin, "fin-test", "application/json")).status).toBe(415);
    expect((await post(Buffer.from("<Document>"))).status).toBe(400);
  });
});

describe("bypass payments and capital cancellations", () => {
  const report = (body: Record<string, unknown>, token = fin) => call(bypass, "/fin-test/rest/payments/bypass", { body, token });

  it("books a payment the principal received directly, by bill number", async () => {
    const posted = await postInvoice("fin-test", fin, "60.00", { billnum: "BYPASS-1" });
    const response = await report({ billnum: "BYPASS-1", amount: "60.00", paymentdate: "2026-11-15", type: "payment", message: "paid at the counter" });
    expect(response.status).toBe(201);
    expect(await json(response)).toMatchObject({ jobid: posted.jobid, type: "payment", jobstatus: 101, openamount: 0, amountbreakdown: { capital: 60 } });
    expect(await getDb().payment.findFirstOrThrow({ where: { jobId: posted.jobid } })).toMatchObject({
      source: "bypass",
      message: "paid at the counter",
      paymentDate: "2026-11-15",
    });
    expect(await getDb().caseEntry.findFirstOrThrow({ where: { jobId: posted.jobid, amount: { lt: 0 } } })).toMatchObject({
      kind: "bypass_payment",
      component: "capital",
      amount: -6000n,
    });
    expect((await eventsOf(posted.jobid)).filter((event) => event.type !== "delivery").map((event) => event.type)).toEqual(["payment", "lcstatus"]);
    const [event] = await eventsOf(posted.jobid, "payment");
    expect(event!.message.settlementdate).toBe(settlementDateOf("FIN", event!.message.accountdate as string));
  });

  it("cancels capital without a payment event, never more than is open, and closes the case as 102 when nothing was paid", async () => {
    const posted = await postInvoice("fin-test", fin, "70.00");
    const tooMuch = await report({ jobid: posted.jobid, amount: "70.01", paymentdate: "2026-11-15", type: "capitalcancellation" });
    expect(tooMuch.status).toBe(409);
    // The rule by its key, for a client that words it in its own language; the English as it was.
    expect(await json(tooMuch)).toMatchObject({
      detail: "The cancellation (70.01) is more than the open capital (70).",
      problems: [
        { field: "amount", code: "conflict", message: "must be at most 70.00, the open capital", rule: "atMostOpenCapital", params: { max: "70.00" } },
      ],
    });

    const part = await json(await report({ jobid: posted.jobid, amount: "20.00", paymentdate: "2026-11-15", type: "capitalcancellation" }));
    expect(part).toMatchObject({ jobstatus: 0, openamount: 50, openamountbreakdown: { capital: 50 } });
    const rest = await json(await report({ jobid: posted.jobid, amount: "50.00", paymentdate: "2026-11-15", type: "capitalcancellation" }));
    expect(rest).toMatchObject({ jobstatus: 102, openamount: 0 });
    expect(await getDb().caseEntry.findMany({ where: { jobId: posted.jobid, kind: "capital_cancellation" }, select: { amount: true } })).toEqual([
      { amount: -2000n },
      { amount: -5000n },
    ]);
    const events = (await eventsOf(posted.jobid)).filter((event) => event.type !== "delivery");
    expect(events.map((event) => [event.type, event.message.code])).toEqual([["lcstatus", 102]]);
    expect(events[0]!.message).toMatchObject({ status: "Job terminated", opencapital: 0 });
  });

  it("closes a partly paid case as 101 when the rest of the capital is cancelled", async () => {
    const posted = await postInvoice("fin-test", fin, "90.00");
    await report({ jobid: posted.jobid, amount: "85.00", paymentdate: "2026-11-15", type: "payment" });
    const rest = await json(await report({ jobid: posted.jobid, amount: "5.00", paymentdate: "2026-11-16", type: "capitalcancellation" }));
    expect(rest).toMatchObject({ jobstatus: 101 });
    expect((await eventsOf(posted.jobid, "lcstatus")).map((event) => event.message.code)).toEqual([101]);
  });

  it("answers 404 for another profile's job and 400 for a future date or a missing case", async () => {
    const other = await profileWithToken("fin-test");
    const theirs = await postInvoice("fin-test", other.token, "10.00");
    expect((await report({ jobid: theirs.jobid, amount: 1, paymentdate: "2026-11-15", type: "payment" })).status).toBe(404);
    const future = await report({ jobid: theirs.jobid, amount: 1, paymentdate: "2099-01-01", type: "payment" }, other.token);
    expect(future.status).toBe(400);
    const neither = await report({ amount: 1, paymentdate: "2026-11-15", type: "refund" });
    expect((await json<{ problems: Array<{ field: string }> }>(neither)).problems.map((problem) => problem.field).sort()).toEqual(["jobid", "type"]);
  });
});
