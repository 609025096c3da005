import { beforeAll, describe, expect, it } from "vitest";

import { POST as testingPayment } from "@/app/rest/testing/payments/route";
import { getDb } from "@/lib/db/client";
import { paymentMessageSchema } from "@/lib/spec/events";
import { call, json, profileWithToken } from "@/lib/testing/rest";

import { fixedClock } from "../../platform/clock";
import { caseOf, eventsOf, postInvoice } from "../../testing/payment-cases";
import { distributeDocuments } from "../distribution/distribute-documents";

import { computeInterest } from "./interest";
import { sweepLifecycle } from "./sweep-lifecycle";

/*
 * Late-payment interest runs until the day the debtor pays, on the capital open each day; the
 * payment is then split costs, interest, capital.
 */

let fin: { id: string; cid: string; token: string };

beforeAll(async () => {
  fin = await profileWithToken("fin-test");
});

const at = (date: string) => fixedClock(`${date}T10:00:00Z`);
const interestEntries = async (jobId: number) =>
  (await getDb().caseEntry.findMany({ where: { jobId, kind: "interest" }, orderBy: { date: "asc" } })).map((entry) => [entry.date, entry.amount]);
const pay = (body: Record<string, unknown>) => call(testingPayment, "/fin-test/rest/testing/payments", { body, token: fin.token });

/** A consumer invoice of 1 000 € due 2026-06-01, reminded by the sweep on 2026-06-15. */
async function remindedCase(ownref: string) {
  const posted = await postInvoice("fin-test", fin.token, "1000.00", { ownref, billdate: "2026-05-18", paydate: "2026-06-01" });
  // Sent by the service that day: only an invoice its debtor got is reminded.
  await distributeDocuments(getDb(), at("2026-05-18"));
  await sweepLifecycle(getDb(), at("2026-06-15"), { environment: "fin-test", profileId: fin.id });
  const reminded = await caseOf(posted.jobid);
  expect(reminded.jobstatus).toBe(1);
  return { ...posted, reminded };
}

describe("interest up to a payment", () => {
  it("charges the days since the reminder up to the payment date before the payment is split, so none is lost when it closes the case", async () => {
    const { jobid, reminded } = await remindedCase("accrue-1");
    const atReminder = computeInterest("FIN", false, 100_000n, "2026-06-01", "2026-06-15", null).amount;
    expect(reminded.openInterest).toBe(atReminder);
    const toPayment = computeInterest("FIN", false, 100_000n, "2026-06-15", "2026-06-25", null).amount;
    expect(toPayment).toBeGreaterThan(0n);

    const owed = reminded.openCapital + reminded.openInterest + reminded.openExpenses + toPayment;
    const response = await pay({ jobid, amount: Number(owed) / 100, paymentdate: "2026-06-25" });
    expect(response.status).toBe(201);
    expect(await json(response)).toMatchObject({ status: "booked", unallocated: 0, amountbreakdown: { interest: Number(atReminder + toPayment) / 100 } });
    expect(await interestEntries(jobid)).toEqual([
      ["2026-06-15", atReminder],
      ["2026-06-25", toPayment],
    ]);
    expect(await caseOf(jobid)).toMatchObject({ jobstatus: 101, openCapital: 0n, openInterest: 0n, openExpenses: 0n });
  });

  it("closes the case when the debtor pays the reminder's printed total on its due date", async () => {
    const { jobid, reminded } = await remindedCase("accrue-printed");
    // The reminder counts interest to its due date (documents/job-documents.ts): its printed total.
    const dueDate = reminded.currentPaydate!;
    const ahead = computeInterest("FIN", false, reminded.openCapital, "2026-06-15", dueDate, null).amount;
    const printed = reminded.openCapital + reminded.openInterest + ahead + reminded.openExpenses;
    expect(await json(await pay({ jobid, amount: Number(printed) / 100, paymentdate: dueDate }))).toMatchObject({ unallocated: 0 });
    expect(await caseOf(jobid)).toMatchObject({ jobstatus: 101, openCapital: 0n, openInterest: 0n, openExpenses: 0n });
    // Long after: nothing moves, no collection fee.
    await sweepLifecycle(getDb(), at("2026-08-31"), { environment: "fin-test", profileId: fin.id });
    expect(await getDb().caseEntry.count({ where: { jobId: jobid, kind: "collection_fee" } })).toBe(0);
  });

  it("charges the days before a partial payment on the capital open then, and the days after on what is left", async () => {
    const { jobid, reminded } = await remindedCase("accrue-2");
    // 600 € paid on 2026-06-20: costs and interest first, then capital.
    const before = computeInterest("FIN", false, 100_000n, "2026-06-15", "2026-06-20", null).amount;
    await pay({ jobid, amount: 600, paymentdate: "2026-06-20" });
    const afterPayment = await caseOf(jobid);
    const paidCapital = 60_000n - reminded.openExpenses - reminded.openInterest - before;
    expect(afterPayment).toMatchObject({ openInterest: 0n, openExpenses: 0n, openCapital: 100_000n - paidCapital });

    // The collection letter's move charges from the payment date on the lower capital.
    await sweepLifecycle(getDb(), at("2026-07-15"), { environment: "fin-test", profileId: fin.id });
    const collected = await caseOf(jobid);
    expect(collected.jobstatus).toBe(2);
    const after = computeInterest("FIN", false, afterPayment.openCapital, "2026-06-20", "2026-07-15", null).amount;
    expect(await interestEntries(jobid)).toEqual([
      ["2026-06-15", reminded.openInterest],
      ["2026-06-20", before],
      ["2026-07-15", after],
    ]);
    expect(collected.openInterest).toBe(after);
  });

  it("charges nothing on an invoice not yet reminded, nor on a payment dated before the last charge", async () => {
    const early = await postInvoice("fin-test", fin.token, "100.00", { ownref: "accrue-3", billdate: "2026-05-18", paydate: "2026-06-01" });
    await pay({ jobid: early.jobid, amount: 50, paymentdate: "2026-06-10" });
    expect(await interestEntries(early.jobid)).toEqual([]);

    const { jobid, reminded } = await remindedCase("accrue-4");
    // Paid in time for the reminder, booked after it was made.
    await pay({ jobid, amount: 10, paymentdate: "2026-06-12" });
    expect(await interestEntries(jobid)).toEqual([["2026-06-15", reminded.openInterest]]);
  });

  it("shows in the payment event what no open receivable took", async () => {
    const posted = await postInvoice("fin-test", fin.token, "95.10", { ownref: "over-1" });
    const response = await pay({ jobid: posted.jobid, amount: 1000 });
    expect(await json(response)).toMatchObject({ unallocated: 904.9 });
    const [event] = await eventsOf(posted.jobid, "payment");
    expect(event!.message).toMatchObject({
      amount: 1000,
      openamount: 0,
      amountbreakdown: { capital: 95.1, interest: 0, expenses: 0 },
      unallocatedamount: 904.9,
    });
    expect(paymentMessageSchema.parse(event!.message)).toMatchObject({ unallocatedamount: 904.9 });
  });
});
