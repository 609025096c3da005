import { beforeAll, describe, expect, it } from "vitest";

import { GET as getOnlineLink } from "@/app/rest/jobs/[jobid]/onlinelink/route";
import { GET as getPayLink } from "@/app/rest/jobs/[jobid]/paylink/route";
import { POST as postJobs } from "@/app/rest/jobs/route";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { fixedClock } from "@/lib/platform/clock";
import { applyCaseAction } from "@/lib/service/lifecycle/case-actions";
import { sweepLifecycle } from "@/lib/service/lifecycle/sweep-lifecycle";
import { environment } from "@/lib/spec/environments";
import { collection, envelope } from "@/lib/testing/jobs";
import { caseOf, eventsOf, postInvoice } from "@/lib/testing/payment-cases";
import { call, json, profileWithToken } from "@/lib/testing/rest";

import { openDebtorLink, type DebtorCase } from "./debtor-case";
import { disputeCase, extendDueDate, makePaymentPlan, moveDueDateOnline } from "./debtor-requests";
import { debtorToken } from "./link-token";
import { beginOnlinePayment, completeOnlinePayment } from "./online-payment";

/*
 * The debtor's links: what the API user gets for a job, what the link opens, and what the debtor
 * may do there (pay, move the due date once, dispute), each reaching the API user as an event.
 * The invoices of lib/testing/jobs.ts are dated 22 November 2026, due 6 December; the clock is the
 * 26th.
 */

const clock = fixedClock("2026-11-26T10:00:00Z");
let profile: { id: string; cid: string; token: string };

beforeAll(async () => {
  profile = await profileWithToken("fin-test");
});

const link = (handler: (request: Request) => Promise<Response>, kind: string, jobid: number, token = profile.token) =>
  call(handler, `/fin-test/rest/jobs/${jobid}/${kind}`, { method: "GET", token });

async function found(token: string): Promise<DebtorCase> {
  const opened = await openDebtorLink(getDb(), token, clock);
  if (opened.state !== "found") throw new Error(`link ${opened.state}`);
  return opened.debtorCase;
}

describe("GET /jobs/{jobid}/onlinelink and /paylink", () => {
  it("answers the debtor's addresses of an open case, the pay link under the online link", async () => {
    const posted = await postInvoice("fin-test", profile.token, "100.00");
    const online = await link(getOnlineLink, "onlinelink", posted.jobid);
    expect(online.status).toBe(200);
    expect(online.headers.get("cache-control")).toBe("no-store");
    const body = await json<{ jobid: number; url: string; open: boolean; expires: string | null }>(online);
    expect(body).toEqual({ jobid: posted.jobid, url: expect.stringMatching(/\/d\/[0-9a-z]{24}$/), open: true, expires: null });
    expect(body.url.endsWith(debtorToken(posted.jobid))).toBe(true);
    const payAnswer = await link(getPayLink, "paylink", posted.jobid);
    expect(payAnswer.headers.get("cache-control")).toBe("no-store");
    const pay = await json<{ url: string }>(payAnswer);
    expect(pay.url).toBe(`${body.url}/pay`);
  });

  it("answers 404 for another profile's job, 409 for a credit note and for a case closed long ago", async () => {
    const other = await profileWithToken("fin-test");
    const posted = await postInvoice("fin-test", other.token, "10.00");
    expect((await link(getOnlineLink, "onlinelink", posted.jobid)).status).toBe(404);
    const credit = await postInvoice("fin-test", other.token, "-10.00");
    expect((await link(getOnlineLink, "onlinelink", credit.jobid, other.token)).status).toBe(409);
    expect(await openDebtorLink(getDb(), debtorToken(credit.jobid), clock)).toEqual({ state: "unknown" });
    // A closed case over 60 days ago: the link has expired.
    await getDb().job.update({ where: { id: posted.jobid }, data: { jobstatus: 101, closedAt: new Date("2026-01-01T00:00:00Z") } });
    const expired = await link(getOnlineLink, "onlinelink", posted.jobid, other.token);
    expect(expired.status).toBe(409);
    expect(await openDebtorLink(getDb(), debtorToken(posted.jobid), clock)).toEqual({ state: "expired" });
  });
});

describe("the debtor's page of a case", () => {
  it("opens by the token alone and shows what is open, what was sent and what may be asked", async () => {
    const posted = await postInvoice("fin-test", profile.token, "100.00");
    const debtorCase = await found(debtorToken(posted.jobid).toUpperCase());
    expect(debtorCase).toMatchObject({
      jobId: posted.jobid,
      closed: false,
      jobstatus: 0,
      currency: "EUR",
      reference: posted.reference,
      currentPaydate: "2026-12-06",
      open: { capital: 10_000n, interest: 0n, expenses: 0n, total: 10_000n },
      payments: [],
      payable: { amount: 10_000n, date: "2026-12-06" },
      // 6 December + 14 days is a Sunday: the last day offered is the banking day before it.
      offers: { pay: true, extendUntil: "2026-12-18", dispute: true, planUpTo: null },
      plan: null,
      extended: null,
    });
    expect(debtorCase.document.language).toBe("fin");
  });

  it("opens nothing for a token that is not the service's, and nothing of another case", async () => {
    expect(await openDebtorLink(getDb(), "0".repeat(24), clock)).toEqual({ state: "unknown" });
    expect(await openDebtorLink(getDb(), debtorToken(99_999_999), clock)).toEqual({ state: "unknown" });
  });

  it("follows the profile's settings: no extension offered at 0 days, no dispute when turned off", async () => {
    const own = await profileWithToken("fin-test");
    await getDb().profile.update({ where: { id: own.id }, data: { onlineExtensionDays: 0, onlineDisputes: false } });
    const posted = await postInvoice("fin-test", own.token, "20.00");
    expect((await found(debtorToken(posted.jobid))).offers).toEqual({ pay: true, extendUntil: null, dispute: false, planUpTo: null });
    await expect(extendDueDate(getDb(), debtorToken(posted.jobid), "2026-12-10", clock)).rejects.toMatchObject({ kind: "conflict" });
    await expect(disputeCase(getDb(), debtorToken(posted.jobid), "Not ordered", clock)).rejects.toMatchObject({ kind: "conflict" });
  });
});

/** A letter of the case as delivered to the debtor on `day` (null: a delivery whose time was not kept). */
async function delivered(jobId: number, document: string, day: string | null, created: string) {
  const job = await caseOf(jobId);
  await getDb().dispatch.create({
    data: {
      id: crypto.randomUUID(),
      jobId,
      document,
      profileId: job.profileId,
      environment: job.environment,
      sendtype: "post",
      distributionChannel: "letter",
      status: "delivered",
      createdAt: new Date(created),
      doneAt: day ? new Date(day) : null,
    },
  });
}

// 513/1999 5 §: the payment demand is the collector's, who takes objections to it. The page decides
// by the letter the debtor got, not by the name of its dispatch.
describe("whom the debtor's page names", () => {
  it("names the collector of a Finnish payment demand posted as such (jobtype 2), sent as the job's original, also after a cut-off warning", async () => {
    const answer = await json<{ result: Array<{ jobid: number | null; error: unknown }> }>(
      await call(postJobs, "/fin-test/rest/jobs", { body: envelope(collection({ ownref: "page-demand", billnum: "INV-2001" })), token: profile.token }),
    );
    const jobid = answer.result[0]!.jobid!;
    expect(jobid, JSON.stringify(answer)).toEqual(expect.any(Number));
    const collector = getEnv().FI_COLLECTOR;
    const contact = { name: collector.name, email: collector.email, phone: collector.phone, collector: true };
    await delivered(jobid, "original", "2026-11-23T08:00:00Z", "2026-11-23T07:00:00Z");
    expect((await found(debtorToken(jobid))).contact).toEqual(contact);
    await delivered(jobid, "cutoff", "2026-11-25T08:00:00Z", "2026-11-25T07:00:00Z");
    expect((await found(debtorToken(jobid))).contact).toEqual(contact);
  });

  it("names the creditor until an invoice's case gets its payment demand, then the collector; letters in the order delivered on both engines", async () => {
    const posted = await postInvoice("fin-test", profile.token, "100.00");
    await delivered(posted.jobid, "original", "2026-11-22T08:00:00Z", "2026-11-22T07:00:00Z");
    await delivered(posted.jobid, "reminder", "2026-11-24T08:00:00Z", "2026-11-24T07:00:00Z");
    const before = await found(debtorToken(posted.jobid));
    expect(before.contact).toMatchObject({ name: before.document.seller.name, collector: false });
    // A delivery without its time (doneAt null) is shown, and listed, at its creation, on both engines.
    await delivered(posted.jobid, "collection", null, "2026-11-25T07:00:00Z");
    await delivered(posted.jobid, "cutoff", "2026-11-25T09:00:00Z", "2026-11-25T08:00:00Z");
    const after = await found(debtorToken(posted.jobid));
    expect(after.contact).toMatchObject({ name: getEnv().FI_COLLECTOR.name, collector: true });
    expect(after.sent.map((letter) => letter.document)).toEqual(["original", "reminder", "collection", "cutoff"]);
  });
});

describe("moving the due date on the online service", () => {
  it("moves it once, to a business day within the profile's days, and tells the API user with source online", async () => {
    const posted = await postInvoice("fin-test", profile.token, "100.00");
    const token = debtorToken(posted.jobid);
    // 18 December is the last day allowed (6 December + 14 is a Sunday); the 19th is a Saturday, the 6th the day it is due already.
    await expect(extendDueDate(getDb(), token, "2026-12-21", clock)).rejects.toMatchObject({ kind: "invalid_request" });
    await expect(extendDueDate(getDb(), token, "2026-12-19", clock)).rejects.toMatchObject({ kind: "invalid_request" });
    await expect(extendDueDate(getDb(), token, "2026-12-06", clock)).rejects.toMatchObject({ kind: "invalid_request" });
    await expect(extendDueDate(getDb(), token, "18.12.2026", clock)).rejects.toMatchObject({ kind: "invalid_request" });

    await extendDueDate(getDb(), token, "2026-12-18", clock);
    expect(await caseOf(posted.jobid)).toMatchObject({ paydate: "2026-12-06", currentPaydate: "2026-12-18", reviewOn: "2026-12-18" });
    expect((await eventsOf(posted.jobid, "duedateupdate")).map((event) => event.message)).toEqual([
      expect.objectContaining({ cid: profile.cid, jobid: posted.jobid, currentpaydate: "2026-12-18", source: "online" }),
    ]);
    expect(await getDb().dueDateChange.findMany({ where: { jobId: posted.jobid }, select: { source: true, previousDate: true, changedBy: true } })).toEqual([
      { source: "online", previousDate: "2026-12-06", changedBy: null },
    ]);
    const after = await found(token);
    expect(after.offers.extendUntil).toBeNull();
    expect(after.extended).toEqual({ from: "2026-12-06", to: "2026-12-18" });
    await expect(extendDueDate(getDb(), token, "2026-12-17", clock)).rejects.toMatchObject({ kind: "conflict" });
  });
});

describe("limits of the online requests", () => {
  it("offers no move of an invoice's due date once it has passed, and counts a reminder's limit from its due date", async () => {
    const posted = await postInvoice("fin-test", profile.token, "100.00");
    const late = fixedClock("2026-12-08T10:00:00Z");
    const opened = await openDebtorLink(getDb(), debtorToken(posted.jobid), late);
    expect(opened.state === "found" && opened.debtorCase.offers.extendUntil).toBeNull();
    await expect(extendDueDate(getDb(), debtorToken(posted.jobid), "2026-12-15", late)).rejects.toMatchObject({ kind: "conflict", refusal: "not_offered" });
  });

  it("takes a dispute once per case: resolved, it is not offered again", async () => {
    const posted = await postInvoice("fin-test", profile.token, "100.00");
    await disputeCase(getDb(), debtorToken(posted.jobid), "Wrong amount", clock);
    const owner = await getDb().profile.findUniqueOrThrow({ where: { id: profile.id } });
    await applyCaseAction(getDb(), clock, owner, environment("fin-test"), posted.jobid, { action: "resolve-dispute" });
    expect((await caseOf(posted.jobid)).jobstatus).toBe(0);
    expect((await found(debtorToken(posted.jobid))).offers.dispute).toBe(false);
    await expect(disputeCase(getDb(), debtorToken(posted.jobid), "Again", clock)).rejects.toMatchObject({ kind: "conflict" });
  });

  it("moves no due date once the case has a plan, even when the page was read before it", async () => {
    const own = await profileWithToken("fin-test");
    await getDb().profile.update({ where: { id: own.id }, data: { onlinePlanInstalments: 3 } });
    const posted = await postInvoice("fin-test", own.token, "100.00");
    // The page offered the move; a plan is made (another tab) before the debtor sends it.
    const read = await found(debtorToken(posted.jobid));
    expect(read.offers.extendUntil).toBe("2026-12-18");
    await makePaymentPlan(getDb(), debtorToken(posted.jobid), 2, clock);
    await expect(moveDueDateOnline(getDb(), read, "2026-12-18")).rejects.toMatchObject({ kind: "conflict" });
    expect((await caseOf(posted.jobid)).currentPaydate).toBe("2026-12-10");
  });
});

describe("disputing on the online service", () => {
  it("moves the case to 80 with the debtor's message as the lcstatus note, and stops the sweep", async () => {
    const posted = await postInvoice("fin-test", profile.token, "100.00");
    const token = debtorToken(posted.jobid);
    await expect(disputeCase(getDb(), token, "   ", clock)).rejects.toMatchObject({ kind: "invalid_request" });
    await expect(disputeCase(getDb(), token, "x".repeat(501), clock)).rejects.toMatchObject({ kind: "invalid_request" });
    const result = await disputeCase(getDb(), token, "The goods never arrived.", clock);
    expect(result).toMatchObject({ fromcode: 0, code: 80 });
    expect(await caseOf(posted.jobid)).toMatchObject({ jobstatus: 80, reviewOn: null });
    expect((await eventsOf(posted.jobid, "lcstatus")).map((event) => event.message)).toEqual([
      expect.objectContaining({ code: 80, note: "The goods never arrived." }),
    ]);
    expect((await getDb().caseMove.findFirstOrThrow({ where: { jobId: posted.jobid, toCode: 80 } })).cause).toBe("online");
    // Disputed: no second dispute, no extension; paying is still possible.
    expect((await found(token)).offers).toEqual({ pay: true, extendUntil: null, dispute: false, planUpTo: null });
  });
});

describe("a payment plan made on the online service", () => {
  it("splits what is open into monthly instalments on banking days, moves the case to 41, and the sweep holds the debtor to it", async () => {
    const own = await profileWithToken("fin-test");
    await getDb().profile.update({ where: { id: own.id }, data: { onlinePlanInstalments: 3 } });
    const posted = await postInvoice("fin-test", own.token, "100.00");
    const token = debtorToken(posted.jobid);
    expect((await found(token)).offers.planUpTo).toBe(3);
    for (const wrong of [1, 4, 2.5, Number.NaN]) {
      await expect(makePaymentPlan(getDb(), token, wrong, clock)).rejects.toMatchObject({ kind: "invalid_request", refusal: "instalments" });
    }

    const made = await makePaymentPlan(getDb(), token, 3, clock);
    // 14 days from 26 November is 10 December (a Thursday); then the 10th of each month, or the next banking day.
    expect(made.instalments).toEqual([
      { date: "2026-12-10", amount: 3_333n },
      { date: "2027-01-11", amount: 3_333n },
      { date: "2027-02-10", amount: 3_334n },
    ]);
    expect(await caseOf(posted.jobid)).toMatchObject({ jobstatus: 41, currentPaydate: "2026-12-10" });
    const [move] = (await eventsOf(posted.jobid, "lcstatus")).map((event) => event.message);
    expect(move).toMatchObject({ code: 41, note: expect.stringContaining("3 monthly instalments of 33.33 EUR from 2026-12-10") });
    expect((await getDb().caseMove.findFirstOrThrow({ where: { jobId: posted.jobid, toCode: 41 } })).cause).toBe("online");
    const after = await found(token);
    expect(after.offers.planUpTo).toBeNull();
    expect(after.plan).toEqual(made.instalments);
    await expect(makePaymentPlan(getDb(), token, 2, clock)).rejects.toMatchObject({ kind: "conflict" });

    // The first instalment unpaid past its grace days: the plan is broken (203).
    await sweepLifecycle(getDb(), fixedClock("2026-12-23T10:00:00Z"), { environment: "fin-test", profileId: own.id });
    expect((await caseOf(posted.jobid)).jobstatus).toBe(41);
    await sweepLifecycle(getDb(), fixedClock("2026-12-26T10:00:00Z"), { environment: "fin-test", profileId: own.id });
    expect((await caseOf(posted.jobid)).jobstatus).toBe(203);
  });

  it("keeps a plan that is paid to, and offers none where an instalment would be under one unit", async () => {
    const own = await profileWithToken("fin-test");
    await getDb().profile.update({ where: { id: own.id }, data: { onlinePlanInstalments: 6 } });
    const small = await postInvoice("fin-test", own.token, "1.50");
    expect((await found(debtorToken(small.jobid))).offers.planUpTo).toBeNull();
    const posted = await postInvoice("fin-test", own.token, "60.00");
    expect((await found(debtorToken(posted.jobid))).offers.planUpTo).toBe(6);
    await makePaymentPlan(getDb(), debtorToken(posted.jobid), 2, clock);
    const begun = await beginOnlinePayment(getDb(), debtorToken(posted.jobid), clock);
    // In a plan the pay page asks for the next instalment, and a second click continues the same payment.
    expect((await getDb().onlinePayment.findUniqueOrThrow({ where: { id: begun.paymentId } })).amount).toBe(3_000n);
    expect((await beginOnlinePayment(getDb(), debtorToken(posted.jobid), clock)).paymentId).toBe(begun.paymentId);
    await completeOnlinePayment(getDb(), posted.jobid, begun.paymentId, "paid", clock);
    await sweepLifecycle(getDb(), fixedClock("2026-12-26T10:00:00Z"), { environment: "fin-test", profileId: own.id });
    expect(await caseOf(posted.jobid)).toMatchObject({ jobstatus: 41, openCapital: 3_000n });
  });
});

describe("paying on the pay page", () => {
  it("books the open amount once when the provider confirms, and the case is paid", async () => {
    const posted = await postInvoice("fin-test", profile.token, "100.00");
    const token = debtorToken(posted.jobid);
    const begun = await beginOnlinePayment(getDb(), token, clock);
    expect(begun.redirectUrl).toMatch(new RegExp(`/d/${token}/pay/${begun.paymentId}$`));
    expect(await getDb().payment.count({ where: { jobId: posted.jobid } })).toBe(0);

    const paid = await completeOnlinePayment(getDb(), posted.jobid, begun.paymentId, "paid", clock);
    expect(paid).toEqual({ status: "paid", amount: 10_000n, currency: "EUR", changed: true });
    expect(await caseOf(posted.jobid)).toMatchObject({ jobstatus: 101, openCapital: 0n });
    const payments = await getDb().payment.findMany({ where: { jobId: posted.jobid } });
    expect(payments).toEqual([expect.objectContaining({ source: "online", amount: 10_000n, paymentDate: "2026-11-26", status: "booked" })]);
    expect((await eventsOf(posted.jobid, "payment")).map((event) => event.message)).toEqual([
      expect.objectContaining({ amount: 100, paymentdate: "2026-11-26" }),
    ]);

    // The provider's confirmation again, or a cancel after it: nothing more is booked.
    expect((await completeOnlinePayment(getDb(), posted.jobid, begun.paymentId, "paid", clock)).changed).toBe(false);
    expect((await completeOnlinePayment(getDb(), posted.jobid, begun.paymentId, "cancelled", clock)).status).toBe("paid");
    expect(await getDb().payment.count({ where: { jobId: posted.jobid } })).toBe(1);
    // Nothing is open now: no new payment can begin.
    await expect(beginOnlinePayment(getDb(), token, clock)).rejects.toMatchObject({ kind: "conflict" });
  });

  it("books nothing when the debtor cancels, and never completes another case's payment", async () => {
    const posted = await postInvoice("fin-test", profile.token, "40.00");
    const other = await postInvoice("fin-test", profile.token, "50.00");
    const begun = await beginOnlinePayment(getDb(), debtorToken(posted.jobid), clock);
    await expect(completeOnlinePayment(getDb(), other.jobid, begun.paymentId, "paid", clock)).rejects.toMatchObject({ kind: "not_found" });
    expect(await completeOnlinePayment(getDb(), posted.jobid, begun.paymentId, "cancelled", clock)).toMatchObject({ status: "cancelled", changed: true });
    expect(await completeOnlinePayment(getDb(), posted.jobid, begun.paymentId, "paid", clock)).toMatchObject({ status: "cancelled", changed: false });
    expect(await getDb().payment.count({ where: { jobId: { in: [posted.jobid, other.jobid] } } })).toBe(0);
    expect((await caseOf(posted.jobid)).openCapital).toBe(4_000n);
  });

  it("says clearly that a production environment without a payment provider cannot take online payments", async () => {
    const prod = await profileWithToken("fin-prod");
    const posted = await postInvoice("fin-prod", prod.token, "30.00");
    const error = await beginOnlinePayment(getDb(), debtorToken(posted.jobid), clock).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: "unavailable", message: expect.stringContaining("no payment provider is configured") });
    expect(await getDb().onlinePayment.count({ where: { jobId: posted.jobid } })).toBe(0);
  });
});
