import { beforeAll, describe, expect, it } from "vitest";

import { POST as postJobs } from "@/app/rest/jobs/route";
import { GET as getSettings, PATCH as patchSettings } from "@/app/rest/profile/settings/route";
import { POST as testingPayment } from "@/app/rest/testing/payments/route";
import { getDb } from "@/lib/db/client";
import { environment } from "@/lib/spec/environments";
import type { JobsResponse } from "@/lib/spec/jobs";
import type { ProblemDetails } from "@/lib/spec/problem-details";
import { collection, envelope, invoice, reminder } from "@/lib/testing/jobs";
import { call, json, profileWithToken } from "@/lib/testing/rest";

import { fixedClock, systemClock, today as todayIn } from "../../platform/clock";
import { caseOf, postInvoice } from "../../testing/payment-cases";
import { addDays } from "../calendar/dates";
import { distributeDocuments } from "../distribution/distribute-documents";
import { correctAddress, recordReturnedMail } from "../distribution/returned-mail";
import { jobDocumentModel } from "../documents/job-documents";

import { applyCaseAction } from "./case-actions";
import { computeInterest } from "./interest";
import { sweepLifecycle } from "./sweep-lifecycle";

/*
 * A profile whose invoices' due dates were not agreed in advance (`duedateagreed` false): its cases
 * charge late-payment interest from the later of the due date and 30 days after the invoice was sent
 * (korkolaki, räntelagen 4 §, forsinkelsesrenteloven § 2), in the sweep, up to a payment and on the
 * notice alike. A profile that keeps the default charges from the due date, as before. The day sent
 * is the service's (Job.sentOn): a letter delivered to the print batch counts as sent the next
 * business day, a draft approved later and a letter returned and resent count from the later send,
 * an invoice never sent earns nothing, and one the customer prints counts from the day it was stored.
 */

type Profile = { id: string; cid: string; token: string };
let agreed: Profile;
let unagreed: Profile;

const settings = (profile: Profile, body?: unknown) =>
  body === undefined
    ? call(getSettings, "/fin-test/rest/profile/settings", { method: "GET", token: profile.token })
    : call(patchSettings, "/fin-test/rest/profile/settings", { method: "PATCH", body, token: profile.token });
const at = (date: string) => fixedClock(`${date}T10:00:00Z`);
/** The day after `date` (the tests' bill dates fall on business days before a business day). */
const nextDay = (date: string) => addDays(date, 1);
const interestEntries = async (jobId: number) =>
  (await getDb().caseEntry.findMany({ where: { jobId, kind: "interest" }, orderBy: { date: "asc" } })).map((entry) => [entry.date, entry.amount]);

beforeAll(async () => {
  agreed = await profileWithToken("fin-test");
  unagreed = await profileWithToken("fin-test");
  expect(await json(await settings(unagreed, { duedateagreed: false }))).toMatchObject({ duedateagreed: false });
});

/**
 * 1 000 € to a consumer, billed on `billdate` and posted by the service that day (so sent the next
 * business day), due 2026-06-01, reminded by the sweep on 2026-06-15.
 */
async function remindedCase(profile: Profile, ownref: string, billdate: string) {
  const posted = await postInvoice("fin-test", profile.token, "1000.00", { ownref, billdate, paydate: "2026-06-01" });
  await distributeDocuments(getDb(), at(billdate));
  expect(await caseOf(posted.jobid)).toMatchObject({ sentOn: nextDay(billdate) });
  await sweepLifecycle(getDb(), at("2026-06-15"), { environment: "fin-test", profileId: profile.id });
  const reminded = await caseOf(posted.jobid);
  expect(reminded.jobstatus).toBe(1);
  return { jobid: posted.jobid, reminded };
}

describe("the duedateagreed setting", () => {
  it("is on by default, changes alone, and refuses what is not a boolean with the member named", async () => {
    expect(await json(await settings(agreed))).toMatchObject({ duedateagreed: true, creditlossmodel: "timebased" });
    expect(await json(await settings(unagreed))).toMatchObject({ duedateagreed: false, onlineextensiondays: 14 });
    for (const wrong of ["false", 0, null]) {
      const response = await settings(agreed, { duedateagreed: wrong });
      expect(response.status).toBe(400);
      expect((await json<ProblemDetails>(response)).problems?.[0]).toMatchObject({ field: "duedateagreed" });
    }
    expect(await json(await settings(agreed))).toMatchObject({ duedateagreed: true });
  });
});

describe("interest where the due date was not agreed in advance", () => {
  it("charges at the reminder from 30 days after the invoice was sent when that is after the due date", async () => {
    // Billed and posted Tuesday 12 May with a 20-day term, sent on the 13th: the 30 days run out on
    // 12 June, eleven days after the due date.
    const mine = await remindedCase(unagreed, "unagreed-later", "2026-05-12");
    const theirs = await remindedCase(agreed, "agreed-due", "2026-05-12");
    const fromLaterDay = computeInterest("FIN", false, 100_000n, "2026-06-12", "2026-06-15", null).amount;
    expect(fromLaterDay).toBeGreaterThan(0n);
    expect(mine.reminded.openInterest).toBe(fromLaterDay);
    expect(await interestEntries(mine.jobid)).toEqual([["2026-06-15", fromLaterDay]]);
    // The default profile's case as before: from the due date.
    expect(theirs.reminded.openInterest).toBe(computeInterest("FIN", false, 100_000n, "2026-06-01", "2026-06-15", null).amount);

    // The reminder prints the interest the case charges, counted from the same day to its due date.
    const job = await caseOf(mine.jobid);
    const profile = await getDb().profile.findUniqueOrThrow({ where: { id: unagreed.id } });
    const printed = jobDocumentModel({
      job,
      which: "reminder",
      profile,
      environment: environment("fin-test"),
      today: "2026-06-15",
      ledger: { interestChargedTo: "2026-06-15", fees: [] },
    });
    const dueDate = printed.dueDate!;
    const whole = computeInterest("FIN", false, 100_000n, "2026-06-12", dueDate, null);
    expect(printed.reminder).toMatchObject({ originalDueDate: "2026-06-01", interestFrom: "2026-06-12" });
    expect(printed.reminder!.interest).toBe(fromLaterDay + computeInterest("FIN", false, 100_000n, "2026-06-15", dueDate, null).amount);
    expect(printed.reminder!.interestDays).toBe(whole.periods.reduce((days, period) => days + period.days, 0));

    // The reminder's delivery is not the invoice's: the day the invoice was sent stays.
    await distributeDocuments(getDb(), at("2026-06-15"));
    const notices = await getDb().dispatch.findMany({ where: { jobId: mine.jobid }, orderBy: { createdAt: "asc" } });
    expect(notices.map((dispatch) => [dispatch.document, dispatch.status])).toEqual([
      ["original", "delivered"],
      ["reminder", "delivered"],
    ]);
    expect(await caseOf(mine.jobid)).toMatchObject({ sentOn: "2026-05-13" });
  });

  it("charges nothing at a reminder before that day, and up to a payment only from it", async () => {
    // Billed and posted Monday 25 May with a 7-day term, sent on the 26th: the 30 days run out on 25 June, after the reminder.
    const { jobid, reminded } = await remindedCase(unagreed, "unagreed-after-reminder", "2026-05-25");
    expect(reminded.openInterest).toBe(0n);
    const toPayment = computeInterest("FIN", false, 100_000n, "2026-06-25", "2026-06-30", null).amount;
    const owed = reminded.openCapital + reminded.openExpenses + toPayment;
    const paid = await call(testingPayment, "/fin-test/rest/testing/payments", {
      body: { jobid, amount: Number(owed) / 100, paymentdate: "2026-06-30" },
      token: unagreed.token,
    });
    expect(await json(paid)).toMatchObject({ unallocated: 0 });
    expect(await interestEntries(jobid)).toEqual([["2026-06-30", toPayment]]);
    expect(await caseOf(jobid)).toMatchObject({ jobstatus: 101, openCapital: 0n, openInterest: 0n });
  });

  it("counts the 30 days from the day an approved draft was sent, not from its bill date", async () => {
    // Billed 1 May, due 1 June, held as a draft and approved and posted on Wednesday 20 May: sent on
    // the 21st, its 30 days run out on 20 June.
    const item = invoice({
      ownref: "unagreed-draft",
      billdate: "2026-05-01",
      paydate: "2026-06-01",
      payrow: [{ desc: "Service", count: "1", amount: "1000.00", taxpr: "0" }],
    });
    const posted = await json<JobsResponse>(await call(postJobs, "/fin-test/rest/jobs?draft=true", { body: envelope(item), token: unagreed.token }));
    const jobid = posted.result[0]!.jobid!;
    await distributeDocuments(getDb(), at("2026-05-10"));
    expect(await caseOf(jobid)).toMatchObject({ jobstatus: 11, sentOn: null });
    const profile = { ...unagreed, clockOffsetSeconds: 0 };
    await applyCaseAction(getDb(), at("2026-05-20"), profile, environment("fin-test"), jobid, { action: "approve" });
    expect(await caseOf(jobid)).toMatchObject({ jobstatus: 0, pendingDocument: "original", sentOn: null });
    await distributeDocuments(getDb(), at("2026-05-20"));
    expect(await caseOf(jobid)).toMatchObject({ sentOn: "2026-05-21", billdate: "2026-05-01" });

    await sweepLifecycle(getDb(), at("2026-06-25"), { environment: "fin-test", profileId: unagreed.id });
    const reminded = await caseOf(jobid);
    expect(reminded.jobstatus).toBe(1);
    // Counted from the bill date, it would have run from the due date (1 May + 30 days is 31 May).
    expect(reminded.openInterest).toBe(computeInterest("FIN", false, 100_000n, "2026-06-20", "2026-06-25", null).amount);
    expect(reminded.openInterest).toBeLessThan(computeInterest("FIN", false, 100_000n, "2026-06-01", "2026-06-25", null).amount);
  });

  it("counts the 30 days from the resend of a letter the post returned, the day the debtor got the invoice", async () => {
    // Billed and posted on Friday 1 May (May Day) with a 14-day term: the letter goes into the post on
    // Monday 4 May. Returned, and sent again to the corrected address on 20 May.
    const { jobid } = await postInvoice("fin-test", unagreed.token, "1000.00", { ownref: "unagreed-returned", billdate: "2026-05-01", paydate: "2026-05-15" });
    await distributeDocuments(getDb(), at("2026-05-01"));
    expect(await caseOf(jobid)).toMatchObject({ sentOn: "2026-05-04" });
    const context = (date: string) => ({ environment: environment("fin-test"), profile: unagreed, clock: at(date) });
    await recordReturnedMail(getDb(), context("2026-05-06"), { jobid, reason: "moved" });
    // Returned, the invoice still stands as sent that day until it is sent again.
    expect(await caseOf(jobid)).toMatchObject({ jobstatus: 89, sentOn: "2026-05-04" });
    const fixed = await correctAddress(getDb(), context("2026-05-20"), jobid, { address: "Uusi katu 2", postcode: "02100", city: "Espoo" });
    // The fresh term of 14 days from the resend: 3 June.
    expect(fixed).toMatchObject({ resent: "original", code: 0, currentpaydate: "2026-06-03" });
    // Until the resend is delivered the first send's day stays.
    expect(await caseOf(jobid)).toMatchObject({ pendingDocument: "original", sentOn: "2026-05-04" });
    await distributeDocuments(getDb(), at("2026-05-20"));
    expect(await caseOf(jobid)).toMatchObject({ sentOn: "2026-05-21" });

    await sweepLifecycle(getDb(), at("2026-06-25"), { environment: "fin-test", profileId: unagreed.id });
    const reminded = await caseOf(jobid);
    expect(reminded.jobstatus).toBe(1);
    // 21 May + 30 days is 20 June, after the new due date; from the bill date the new due date (3 June) would have counted.
    expect(reminded.openInterest).toBe(computeInterest("FIN", false, 100_000n, "2026-06-20", "2026-06-25", null).amount);
  });

  it("neither reminds nor charges anything on an invoice never sent, up to a payment", async () => {
    // Posted and never delivered (no distribution here): the debtor never got the invoice.
    const { jobid } = await postInvoice("fin-test", unagreed.token, "1000.00", { ownref: "unagreed-unsent", billdate: "2026-05-12", paydate: "2026-06-01" });
    expect(await caseOf(jobid)).toMatchObject({ sentOn: null, pendingDocument: "original" });
    await sweepLifecycle(getDb(), at("2026-07-15"), { environment: "fin-test", profileId: unagreed.id });
    const waiting = await caseOf(jobid);
    expect(waiting).toMatchObject({ jobstatus: 0, reviewOn: null, openInterest: 0n, openExpenses: 0n, sentOn: null });
    const owed = waiting.openCapital;
    const paid = await call(testingPayment, "/fin-test/rest/testing/payments", {
      body: { jobid, amount: Number(owed) / 100, paymentdate: "2026-07-20" },
      token: unagreed.token,
    });
    expect(await json(paid)).toMatchObject({ unallocated: 0 });
    expect(await interestEntries(jobid)).toEqual([]);
    expect(await caseOf(jobid)).toMatchObject({ jobstatus: 101, openCapital: 0n, openInterest: 0n });
  });

  it("counts an invoice the customer prints from the later of its bill date and the day it was stored or approved", async () => {
    // Stored today, billed 12 May: the customer cannot have sent it before it had it, today.
    const printed = await postInvoice("fin-test", unagreed.token, "1000.00", {
      ownref: "unagreed-print",
      sendtype: "print",
      billdate: "2026-05-12",
      paydate: "2026-06-01",
    });
    const today = todayIn(systemClock, environment("fin-test").rules.timeZone);
    expect(await caseOf(printed.jobid)).toMatchObject({ pendingDocument: null, sentOn: today });
    // Billed ahead of today: its bill date.
    const ahead = await postInvoice("fin-test", unagreed.token, "1000.00", {
      ownref: "unagreed-print-ahead",
      sendtype: "print",
      billdate: addDays(today, 3),
      paydate: addDays(today, 20),
    });
    expect(await caseOf(ahead.jobid)).toMatchObject({ sentOn: addDays(today, 3) });

    // A printed draft approved on 20 May: that day, not its bill date.
    const item = invoice({
      ownref: "unagreed-print-draft",
      sendtype: "print",
      billdate: "2026-05-01",
      paydate: "2026-06-01",
      payrow: [{ desc: "Service", count: "1", amount: "1000.00", taxpr: "0" }],
    });
    const posted = await json<JobsResponse>(await call(postJobs, "/fin-test/rest/jobs?draft=true", { body: envelope(item), token: unagreed.token }));
    const jobid = posted.result[0]!.jobid!;
    expect(await caseOf(jobid)).toMatchObject({ jobstatus: 11, sentOn: null });
    await applyCaseAction(getDb(), at("2026-05-20"), { ...unagreed, clockOffsetSeconds: 0 }, environment("fin-test"), jobid, { action: "approve" });
    expect(await caseOf(jobid)).toMatchObject({ jobstatus: 0, pendingDocument: null, sentOn: "2026-05-20" });
    await sweepLifecycle(getDb(), at("2026-06-25"), { environment: "fin-test", profileId: unagreed.id });
    const reminded = await caseOf(jobid);
    expect(reminded.jobstatus).toBe(1);
    expect(reminded.openInterest).toBe(computeInterest("FIN", false, 100_000n, "2026-06-19", "2026-06-25", null).amount);
  });

  it("keeps the day sent through a posted reminder's letter and a second delivered original", async () => {
    // A reminder posted as such (jobtype 1): the customer sent the invoice; the service's letter writes no day.
    const response = await call(postJobs, "/fin-test/rest/jobs", { body: envelope(reminder({ ownref: "unagreed-posted-reminder" })), token: unagreed.token });
    const answer = await json<JobsResponse>(response);
    expect(answer.result[0], JSON.stringify(answer)).toMatchObject({ jobid: expect.any(Number) });
    const posted = answer.result[0]!.jobid!;
    // A collection posted as such, likewise.
    const collected = await call(postJobs, "/fin-test/rest/jobs", {
      body: envelope(collection({ ownref: "unagreed-posted-collection", billnum: "INV-1002" })),
      token: unagreed.token,
    });
    const collectedAnswer = await json<JobsResponse>(collected);
    expect(collectedAnswer.result[0], JSON.stringify(collectedAnswer)).toMatchObject({ jobid: expect.any(Number) });
    const collectionId = collectedAnswer.result[0]!.jobid!;
    // An invoice delivered once, then its original sent a second time while the first stands (a copy).
    const { jobid } = await postInvoice("fin-test", unagreed.token, "1000.00", { ownref: "unagreed-copy", billdate: "2026-05-12", paydate: "2026-06-01" });
    await distributeDocuments(getDb(), at("2026-05-12"));
    expect(await caseOf(jobid)).toMatchObject({ sentOn: "2026-05-13" });
    await getDb().job.update({ where: { id: jobid }, data: { pendingDocument: "original" } });
    await distributeDocuments(getDb(), at("2026-05-27"));
    const sends = await getDb().dispatch.findMany({ where: { jobId: { in: [posted, collectionId, jobid] }, document: "original" } });
    expect(sends.map((dispatch) => [dispatch.jobId, dispatch.status]).sort()).toEqual(
      [
        [posted, "delivered"],
        [collectionId, "delivered"],
        [jobid, "delivered"],
        [jobid, "delivered"],
      ].sort(),
    );
    expect(await caseOf(posted)).toMatchObject({ jobtype: 1, sentOn: null });
    expect(await caseOf(collectionId)).toMatchObject({ jobtype: 2, sentOn: null });
    expect(await caseOf(jobid)).toMatchObject({ sentOn: "2026-05-13" });
  });
});
