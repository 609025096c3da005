import { Temporal } from "temporal-polyfill";
import { beforeAll, describe, expect, it } from "vitest";

import { GET as getPdf } from "@/app/rest/jobs/[jobid]/pdf/route";
import { POST as postStatus } from "@/app/rest/jobs/[jobid]/status/route";
import { POST as postJobsRoute } from "@/app/rest/jobs/route";
import { GET as getClock, POST as postClock } from "@/app/rest/testing/clock/route";
import { getDb } from "@/lib/db/client";
import { lcstatusMessageSchema } from "@/lib/spec/events";
import type { JobsResponse } from "@/lib/spec/jobs";
import { envelope, invoice, reminder } from "@/lib/testing/jobs";
import { pdfPageTexts } from "@/lib/testing/pdf-reading";
import { call, json, profileWithToken } from "@/lib/testing/rest";

import { fixedClock, systemClock, today, type Clock } from "../../platform/clock";
import { isBusinessDay } from "../calendar/business-days";
import { addDays } from "../calendar/dates";
import { distributeDocuments } from "../distribution/distribute-documents";

import { computeInterest } from "./interest";
import { noticeDue } from "./rules";
import { sweepLifecycle } from "./sweep-lifecycle";

/*
 * An event's time is UTC; the lifecycle's days are Helsinki's. A clock advanced from late evening
 * UTC lands a move on a Helsinki day after its UTC one, so the day is read in Helsinki.
 */
const helsinkiDay = (time: string) => Temporal.Instant.from(time).toZonedDateTimeISO("Europe/Helsinki").toPlainDate().toString();

/* The lifecycle against a real database: the sweep's moves, fees and interest, actions, the test clock. */

let fin: { id: string; cid: string; token: string };
let other: { id: string; cid: string; token: string };

beforeAll(async () => {
  fin = await profileWithToken("fin-test");
  other = await profileWithToken("fin-test");
});

async function post(token: string, ...dataset: unknown[]): Promise<number[]> {
  const response = await call(postJobsRoute, "/fin-test/rest/jobs", { body: envelope(...dataset), token });
  const body = await json<JobsResponse>(response);
  return body.result.map((result) => result.jobid!);
}

const at = (date: string) => fixedClock(`${date}T10:00:00Z`);
const job = (id: number) => getDb().job.findUniqueOrThrow({ where: { id } });
/** The distribution worker's round on `clock`: the invoices go to their debtors (Job.sentOn), and only a sent invoice is reminded. */
const deliver = (clock: Clock = systemClock) => distributeDocuments(getDb(), clock);
/**
 * The lcstatus events of a case's moves: those after the one intake sent when it took the job in
 * (app/rest/jobs/jobs-cases.api.test.ts tests that one), which must be there and come first.
 */
const lcstatus = async (id: number) => {
  const [opening, ...moves] = (await getDb().event.findMany({ where: { jobId: id, type: "lcstatus" }, orderBy: { seq: "asc" } })).map((event) =>
    lcstatusMessageSchema.parse(event.message),
  );
  expect(opening).toMatchObject({ jobid: id, code: expect.any(Number) });
  return moves;
};

describe("the sweep", () => {
  it("moves an unpaid consumer invoice 0 → 1 → 2 → 16 with fees, interest, moves and events", async () => {
    const [id] = await post(fin.token, invoice({ ownref: "life-1", paydate: "2026-12-06" }));
    await deliver(at("2026-11-22"));
    const start = await job(id!);
    const capital = start.openCapital;
    expect(capital).toBe(27_300n);

    // Before the 14 days of laki saatavien perinnästä 10 b § have passed nothing moves.
    await sweepLifecycle(getDb(), at("2026-12-19"), { environment: "fin-test" });
    expect(await job(id!)).toMatchObject({ jobstatus: 0, reviewOn: "2026-12-20" });

    await sweepLifecycle(getDb(), at("2026-12-20"), { environment: "fin-test" });
    const reminded = await job(id!);
    const interest1 = computeInterest("FIN", false, capital, "2026-12-06", "2026-12-20", null).amount;
    // 273.00 € × 9.5 % (reference 2.5 % + 7) × 14 / 365 = 0.99 €.
    expect(interest1).toBe(99n);
    expect(reminded).toMatchObject({
      jobstatus: 1,
      phaseSince: "2026-12-20",
      openExpenses: 500n,
      openInterest: interest1,
      // Made Sunday 20 December, sent Monday 21st, delivered by the 30th at the latest, ten days
      // from it: Saturday 9 January, so Monday 11 January (lifecycle/rules.ts, FIN).
      currentPaydate: "2027-01-11",
      pendingDocument: "reminder",
      reviewOn: "2027-01-15",
    });

    await sweepLifecycle(getDb(), at("2027-01-14"), { environment: "fin-test" });
    expect((await job(id!)).jobstatus).toBe(1);
    await sweepLifecycle(getDb(), at("2027-01-15"), { environment: "fin-test" });
    const collected = await job(id!);
    const interest2 = computeInterest("FIN", false, capital, "2026-12-20", "2027-01-15", null).amount;
    expect(collected).toMatchObject({
      jobstatus: 2,
      openExpenses: 500n + 2400n,
      openInterest: interest1 + interest2,
      pendingDocument: "collection",
      currentPaydate: "2027-02-04",
      reviewOn: "2027-02-19",
    });

    await sweepLifecycle(getDb(), at("2027-02-19"), { environment: "fin-test" });
    const legal = await job(id!);
    expect(legal).toMatchObject({ jobstatus: 16, reviewOn: null });

    const entries = await getDb().caseEntry.findMany({ where: { jobId: id! }, orderBy: { date: "asc" } });
    expect(entries.map((entry) => [entry.kind, entry.component])).toEqual(
      expect.arrayContaining([
        ["interest", "interest"],
        ["reminder_fee", "expenses"],
        ["collection_fee", "expenses"],
      ]),
    );
    expect(entries.reduce((sum, entry) => sum + (entry.component === "interest" ? entry.amount : 0n), 0n)).toBe(legal.openInterest);

    const moves = await getDb().caseMove.findMany({ where: { jobId: id! }, orderBy: { at: "asc" } });
    expect(moves.map((move) => [move.fromCode, move.toCode, move.cause])).toEqual([
      [0, 1, "sweep"],
      [1, 2, "sweep"],
      [2, 16, "sweep"],
    ]);
    const events = await lcstatus(id!);
    expect(events.map((event) => event.code)).toEqual([1, 2, 16]);
    expect(events[0]).toMatchObject({ cid: fin.cid, jobid: id, currentpaydate: "2027-01-11", expenses: 5, interest: 0.99, opencapital: 273 });

    // From here on a person decides: a court filing, then enforcement in two steps.
    const act = (body: unknown) => call(postStatus, `/fin-test/rest/jobs/${id}/status`, { body, token: fin.token });
    expect(await json(await act({ action: "legal" }))).toMatchObject({ fromcode: 16, code: 63 });
    expect(await json(await act({ action: "enforcement" }))).toMatchObject({ fromcode: 63, code: 65 });
    expect(await json(await act({ action: "enforcement" }))).toMatchObject({ fromcode: 65, code: 112 });
    expect((await act({ action: "enforcement" })).status).toBe(409);
    await sweepLifecycle(getDb(), at("2027-06-01"), { environment: "fin-test" });
    expect(await job(id!)).toMatchObject({ jobstatus: 112, reviewOn: null });
  });

  it("leaves sensible and held cases alone", async () => {
    const [sensible, held] = await post(fin.token, invoice({ ownref: "life-s", sensible: 1 }), invoice({ ownref: "life-h", putonhold: 1 }));
    await sweepLifecycle(getDb(), at("2027-03-01"), { environment: "fin-test" });
    expect(await job(sensible!)).toMatchObject({ jobstatus: 0, reviewOn: null, openExpenses: 0n });
    expect(await job(held!)).toMatchObject({ jobstatus: 100, reviewOn: null });
    expect(await lcstatus(sensible!)).toEqual([]);
    expect(await lcstatus(held!)).toEqual([]);
  });
});

describe("fees by the debtor and the law of the country", () => {
  it("reminds a Swedish debtor with the påminnelseavgift only where the job states it was agreed, at most 60 kr", async () => {
    const swe = await profileWithToken("swe-test");
    const local = { postcode: "111 22", city: "Stockholm", address: "Storgatan 1", paydate: "2026-06-01", billdate: "2026-05-18" };
    const response = await call(postJobsRoute, "/swe-test/rest/jobs", {
      body: envelope(
        invoice({ ...local, ownref: "se-fee-none" }),
        invoice({ ...local, ownref: "se-fee-agreed", noticefee: 50 }),
        invoice({ ...local, ownref: "se-fee-high", noticefee: "95.00" }),
      ),
      token: swe.token,
    });
    const [none, agreed, high] = (await json<JobsResponse>(response)).result.map((result) => result.jobid!);
    await deliver(at("2026-05-18"));
    await sweepLifecycle(getDb(), at("2026-06-20"), { environment: "swe-test", profileId: swe.id });
    expect(await job(none!)).toMatchObject({ jobstatus: 1, openExpenses: 0n });
    expect(await job(agreed!)).toMatchObject({ jobstatus: 1, openExpenses: 5000n });
    expect(await job(high!)).toMatchObject({ jobstatus: 1, openExpenses: 6000n });
  });

  it("counts a Swedish business debtor's påminnelseavgift into the 450 kr förseningsersättning (lag 1981:739 4 a § as amended by SFS 2013:56)", async () => {
    const swe = await profileWithToken("swe-test");
    const local = { postcode: "111 22", city: "Stockholm", address: "Storgatan 1", paydate: "2026-06-01", billdate: "2026-05-18" };
    const company = { ...local, customertype: "1", person: null, company: "Gäldenär AB" };
    const response = await call(postJobsRoute, "/swe-test/rest/jobs", {
      body: envelope(
        invoice({ ...company, ownref: "se-b2b-agreed", noticefee: 60 }),
        invoice({ ...company, ownref: "se-b2b-none" }),
        invoice({ ...local, ownref: "se-b2c-agreed", noticefee: 60 }),
        invoice({ ...company, ownref: "se-b2b-no-interest", noticefee: 60, overdueinterest: "0" }),
      ),
      token: swe.token,
    });
    const [business, businessNoFee, consumer, businessNoInterest] = (await json<JobsResponse>(response)).result.map((result) => result.jobid!);
    await deliver(at("2026-05-18"));
    await sweepLifecycle(getDb(), at("2026-06-20"), { environment: "swe-test", profileId: swe.id });
    expect(await job(business!)).toMatchObject({ jobstatus: 1, openExpenses: 6000n });
    expect(await job(businessNoFee!)).toMatchObject({ jobstatus: 1, openExpenses: 0n });
    expect(await job(consumer!)).toMatchObject({ jobstatus: 1, openExpenses: 6000n });
    const reminded = await job(business!);
    await sweepLifecycle(getDb(), at(addDays(reminded.currentPaydate!, 5)), { environment: "swe-test", profileId: swe.id });
    const fees = async (id: number) =>
      (await getDb().caseEntry.findMany({ where: { jobId: id, component: "expenses" }, orderBy: { id: "asc" } })).map((entry) => [entry.kind, entry.amount]);
    // The reminded business debtor: 60 kr, then the rest of the förseningsersättning, 390 kr.
    expect(await job(business!)).toMatchObject({ jobstatus: 2, openExpenses: 45_000n });
    expect(await fees(business!)).toEqual([
      ["reminder_fee", 6000n],
      ["collection_fee", 39_000n],
    ]);
    // No reminder fee agreed: the whole 450 kr at collection.
    expect(await job(businessNoFee!)).toMatchObject({ jobstatus: 2, openExpenses: 45_000n });
    expect(await fees(businessNoFee!)).toEqual([["collection_fee", 45_000n]]);
    // A business debtor who agreed to no late-payment interest is owed no förseningsersättning (4 a §): the 180 kr inkassokrav.
    expect(await fees(businessNoInterest!)).toEqual([
      ["reminder_fee", 6000n],
      ["collection_fee", 18_000n],
    ]);
    // A consumer: the agreed 60 kr and the inkassokrav's 180 kr (4 §).
    expect(await job(consumer!)).toMatchObject({ jobstatus: 2, openExpenses: 6000n + 18_000n });
    expect(await fees(consumer!)).toEqual([
      ["reminder_fee", 6000n],
      ["collection_fee", 18_000n],
    ]);
  });

  it("charges a Finnish business debtor the reminder and payment demand caps of 513/1999 10 e §", async () => {
    const [id] = await post(
      fin.token,
      invoice({ ownref: "fi-b2b-fees", customertype: "1", person: null, company: "Velallinen Oy", paydate: "2026-06-01", billdate: "2026-05-18" }),
    );
    await deliver(at("2026-05-18"));
    await sweepLifecycle(getDb(), at("2026-06-20"), { environment: "fin-test", profileId: fin.id });
    expect(await job(id!)).toMatchObject({ jobstatus: 1, openExpenses: 1200n });
    const reminded = await job(id!);
    await sweepLifecycle(getDb(), at(addDays(reminded.currentPaydate!, 5)), { environment: "fin-test", profileId: fin.id });
    // Capital 273 € (≤ 500 €): 50 € for the payment demand.
    expect(await job(id!)).toMatchObject({ jobstatus: 2, openExpenses: 1200n + 5000n });
  });
});

describe("payment plans and jobs posted as reminders", () => {
  it("follows a plan, breaks it on a missed instalment (203) and returns it to collection", async () => {
    const [id] = await post(
      fin.token,
      invoice({
        ownref: "life-plan",
        paydate: "2027-04-01",
        payplan: {
          instalment: [
            { date: "2027-04-01", amount: "136.50" },
            { date: "2027-05-03", amount: "136.50" },
          ],
        },
      }),
    );
    await sweepLifecycle(getDb(), at("2027-04-01"), { environment: "fin-test" });
    expect(await job(id!)).toMatchObject({ jobstatus: 41, currentPaydate: "2027-04-01", reviewOn: "2027-04-16" });
    await sweepLifecycle(getDb(), at("2027-04-16"), { environment: "fin-test" });
    expect(await job(id!)).toMatchObject({ jobstatus: 203, reviewOn: "2027-04-17" });
    await sweepLifecycle(getDb(), at("2027-04-17"), { environment: "fin-test" });
    const back = await job(id!);
    expect(back).toMatchObject({ jobstatus: 2, pendingDocument: "collection", openExpenses: 0n });
    // Interest is charged on each move: to the day the plan broke, then to the day collection resumed.
    const interest =
      computeInterest("FIN", false, 27_300n, "2027-04-01", "2027-04-16", null).amount +
      computeInterest("FIN", false, 27_300n, "2027-04-16", "2027-04-17", null).amount;
    expect(back.openInterest).toBe(interest);
    expect((await lcstatus(id!)).map((event) => event.code)).toEqual([41, 203, 2]);
  });

  it("takes a job posted as reminder in at intake, its letter printing the due date the case escalates from", async () => {
    const response = await call(postJobsRoute, "/fin-test/rest/jobs", {
      body: envelope(reminder({ ownref: "life-rem", billdate: "2026-09-01", paydate: "2026-09-15", amount: "150.00" })),
      token: fin.token,
    });
    const body = await json<JobsResponse>(response);
    expect(body.result[0]).toMatchObject({ accepted: 1 });
    const id = body.result[0]!.jobid!;
    // Its own due date has passed: the country's term from the day it came in (lifecycle/rules.ts),
    // no fee (the notice is the principal's own), and no move.
    const intakeDay = today(systemClock, "Europe/Helsinki");
    const due = noticeDue("FIN", "reminder", intakeDay);
    expect(isBusinessDay("FIN", due)).toBe(true);
    expect(await job(id)).toMatchObject({ jobstatus: 1, phaseSince: intakeDay, currentPaydate: due, reviewOn: addDays(due, 4), openExpenses: 0n });
    expect(await lcstatus(id)).toEqual([]);
    const pdf = await call(getPdf, `/fin-test/rest/jobs/${id}/pdf`, { method: "GET", token: fin.token });
    const [y, m, d] = due.split("-").map(Number);
    expect((await pdfPageTexts(new Uint8Array(await pdf.arrayBuffer()))).join(" ")).toContain(`${d}.${m}.${y}`);

    await sweepLifecycle(getDb(), at(addDays(due, 3)), { environment: "fin-test" });
    expect((await job(id)).jobstatus).toBe(1);
    await sweepLifecycle(getDb(), at(addDays(due, 4)), { environment: "fin-test" });
    // A business debtor with 150 € of capital: at most 50 € for the payment demand (513/1999 10 e §).
    expect(await job(id)).toMatchObject({ jobstatus: 2, openExpenses: 5000n });
  });
});

describe("POST /jobs/{jobid}/status", () => {
  const act = (id: number, body: unknown, token = fin.token) => call(postStatus, `/fin-test/rest/jobs/${id}/status`, { body, token });

  it("disputes and resolves back to the phase before, holds and releases", async () => {
    const [id] = await post(fin.token, invoice({ ownref: "life-a" }));
    const disputed = await act(id!, { action: "dispute", note: "customer says delivered late" });
    expect(disputed.status).toBe(200);
    expect(await json(disputed)).toMatchObject({ fromcode: 0, code: 80, reviewon: null });
    expect((await act(id!, { action: "legal" })).status).toBe(409);
    const resolved = await json(await act(id!, { action: "resolve-dispute" }));
    expect(resolved).toMatchObject({ fromcode: 80, code: 0 });
    expect(await json(await act(id!, { action: "hold" }))).toMatchObject({ code: 100 });
    expect(await job(id!)).toMatchObject({ onHold: true, reviewOn: null });
    expect(await json(await act(id!, { action: "release" }))).toMatchObject({ code: 0 });
    expect((await job(id!)).onHold).toBe(false);
    const events = await lcstatus(id!);
    expect(events.map((event) => event.code)).toEqual([80, 0, 100, 0]);
    expect(events[0]).toMatchObject({ note: "customer says delivered late" });
  });

  it("refuses a move the phase does not allow with a 409 problem", async () => {
    const [id] = await post(fin.token, invoice({ ownref: "life-r" }));
    const response = await act(id!, { action: "enforcement" });
    expect(response.status).toBe(409);
    const problem = await json<{ type: string; problems: { field: string; code: string }[] }>(response);
    expect(problem.problems[0]).toMatchObject({ field: "action", code: "conflict" });
    expect((await act(id!, { action: "release" })).status).toBe(409);
  });

  it("validates the body", async () => {
    const [id] = await post(fin.token, invoice({ ownref: "life-v" }));
    const response = await act(id!, { action: "vanish" });
    expect(response.status).toBe(400);
    expect((await json<{ problems: { field: string }[] }>(response)).problems[0]!.field).toBe("action");
  });

  it("writes a credit loss off as 103 and reports it with the time-based event", async () => {
    const [id] = await post(fin.token, invoice({ ownref: "life-c" }));
    const response = await act(id!, { action: "creditloss", reason: "BANKRUPTCY" });
    expect(await json(response)).toMatchObject({ code: 103 });
    expect(await job(id!)).toMatchObject({ jobstatus: 103, openCapital: 0n, reviewOn: null });
    const loss = await getDb().event.findFirstOrThrow({ where: { jobId: id!, type: "creditloss" } });
    expect(loss.message).toMatchObject({
      cid: fin.cid,
      jobid: id,
      type: "creditloss",
      reason: "BANKRUPTCY",
      amountbreakdown: { capital: 273, interest: 0, expenses: 0 },
    });
    expect((await act(id!, { action: "terminate" })).status).toBe(409);
  });

  it("answers 404 for another profile's job", async () => {
    const [id] = await post(fin.token, invoice({ ownref: "life-o" }));
    expect((await act(id!, { action: "hold" }, other.token)).status).toBe(404);
    expect((await job(id!)).jobstatus).toBe(0);
  });
});

describe("a Connect invoice (jobtype 300)", () => {
  it("is distributed and never reminded; the customer's own reminder (jobtype 1) goes on to collection once", async () => {
    const mine = await profileWithToken("fin-test");
    const [connect] = await post(mine.token, invoice({ jobtype: "300", billnum: "C-300", ownref: "connect-1", paydate: "2026-12-06" }));
    const moved = await json<{ moves: number }>(await call(postClock, "/fin-test/rest/testing/clock", { body: { advance: "P90D" }, token: mine.token }));
    expect(moved.moves).toBe(0);
    // Still waiting for the distribution worker to send the invoice itself, and nothing else.
    expect(await job(connect!)).toMatchObject({ jobstatus: 300, openExpenses: 0n, reviewOn: null, pendingDocument: "original" });
    expect(await getDb().caseEntry.count({ where: { jobId: connect! } })).toBe(0);

    // The customer saw no payment on its account and posts the reminder itself: one reminder, one fee.
    const [reminded] = await post(mine.token, reminder({ billnum: "C-300", ownref: "connect-1-reminder" }));
    await call(postClock, "/fin-test/rest/testing/clock", { body: { advance: "P30D" }, token: mine.token });
    expect((await job(reminded!)).jobstatus).toBe(2);
    expect((await job(connect!)).jobstatus).toBe(300);
    expect(await getDb().caseMove.count({ where: { jobId: connect! } })).toBe(0);
  });
});

describe("the test clock", () => {
  it('takes {"days": n} alone, and the profile\'s time is the time of its intake events and documents', async () => {
    const mine = await profileWithToken("fin-test");
    const moved = await call(postClock, "/fin-test/rest/testing/clock", { body: { days: 30 }, token: mine.token });
    expect(moved.status).toBe(200);
    const state = await json<{ offsetseconds: number; today: string }>(moved);
    expect(state.offsetseconds).toBe(30 * 86_400);
    expect((await call(postClock, "/fin-test/rest/testing/clock", { body: { days: 30, extra: 1 }, token: mine.token })).status).toBe(400);

    const before = Date.now();
    const [id] = await post(mine.token, reminder({ ownref: "clock-events", billnum: "CLOCK-1" }));
    const received = await getDb().event.findFirstOrThrow({ where: { jobId: id!, profileId: mine.id, type: "delivery" } });
    const statustime = Date.parse((received.message as { statustime: string }).statustime);
    expect(statustime).toBeGreaterThanOrEqual(before + 30 * 86_400_000 - 1000);
    expect(statustime).toBeLessThanOrEqual(Date.now() + 30 * 86_400_000 + 1000);

    // A reminder is dated the day it is made: the profile's day, not the real one.
    const pdf = await call(getPdf, `/fin-test/rest/jobs/${id}/pdf`, { method: "GET", token: mine.token });
    expect(pdf.status).toBe(200);
    const [y, m, d] = state.today.split("-").map(Number);
    const text = (await pdfPageTexts(new Uint8Array(await pdf.arrayBuffer()))).join(" ");
    expect(text).toContain(`${d}.${m}.${y}`);
  });

  it("moves the profile's clock forward and runs the lifecycle through the days that passed, each step on its own day", async () => {
    const mine = await profileWithToken("fin-test");
    const [id] = await post(mine.token, invoice({ ownref: "life-clock", paydate: "2026-12-06" }));
    await deliver();
    const before = await json<{ offsetseconds: number }>(await call(getClock, "/fin-test/rest/testing/clock", { method: "GET", token: mine.token }));
    expect(before.offsetseconds).toBe(0);
    const response = await call(postClock, "/fin-test/rest/testing/clock", { body: { advance: "P60D" }, token: mine.token });
    expect(response.status).toBe(200);
    const answer = await json<{ offsetseconds: number; moves: number; days: number }>(response);
    expect(answer.offsetseconds).toBe(60 * 86_400);
    // One advance: the reminder 14 days after the due date, collection after the reminder's term and grace.
    expect(answer.moves).toBe(2);
    expect(await job(id!)).toMatchObject({ jobstatus: 2, currentPaydate: "2027-02-04", reviewOn: "2027-02-19", openExpenses: 500n + 2400n });
    const moves = await getDb().caseMove.findMany({ where: { jobId: id! }, orderBy: { at: "asc" } });
    expect(moves.map((move) => [move.fromCode, move.toCode, move.date])).toEqual([
      [0, 1, "2026-12-20"],
      [1, 2, "2027-01-15"],
    ]);
    const events = await lcstatus(id!);
    expect(events.map((event) => [event.code, helsinkiDay(event.time)])).toEqual([
      [1, "2026-12-20"],
      [2, "2027-01-15"],
    ]);
    // Interest charged to each move's own day.
    const interest = await getDb().caseEntry.findMany({ where: { jobId: id!, kind: "interest" }, orderBy: { date: "asc" } });
    expect(interest.map((entry) => [entry.date, entry.amount])).toEqual([
      ["2026-12-20", computeInterest("FIN", false, 27_300n, "2026-12-06", "2026-12-20", null).amount],
      ["2027-01-15", computeInterest("FIN", false, 27_300n, "2026-12-20", "2027-01-15", null).amount],
    ]);

    // Each notice was queued for sending before the next replaced it as the job's pending document.
    const dispatches = await getDb().dispatch.findMany({ where: { jobId: id! }, orderBy: { createdAt: "asc" } });
    expect(dispatches.map((dispatch) => dispatch.document)).toEqual(["original", "reminder", "collection"]);
    expect(await job(id!)).toMatchObject({ pendingDocument: null });

    const again = await call(postClock, "/fin-test/rest/testing/clock", { body: { advance: { days: 30 } }, token: mine.token });
    expect(await json(again)).toMatchObject({ offsetseconds: 90 * 86_400, moves: 1 });
    expect((await lcstatus(id!)).map((event) => [event.code, helsinkiDay(event.time)])).toEqual([
      [1, "2026-12-20"],
      [2, "2027-01-15"],
      [16, "2027-02-19"],
    ]);
  });

  it("bounds one advance's walk and ends it with a sweep on the new day", async () => {
    const mine = await profileWithToken("fin-test");
    const [id] = await post(mine.token, invoice({ ownref: "life-bound", paydate: "2026-12-06" }));
    await deliver(at("2026-11-23"));
    const { advanceProfileClock } = await import("./test-clock");
    const { Temporal } = await import("temporal-polyfill");
    const { environment } = await import("@/lib/spec/environments");
    const answer = await advanceProfileClock(getDb(), at("2026-11-23"), { id: mine.id }, environment("fin-test"), Temporal.Duration.from({ days: 60 }), {
      maxDays: 2,
    });
    // The two days allowed are the due date's look and the reminder's; the walk ends with the new
    // day's sweep, which moves the case on once more, on that day.
    expect(answer).toMatchObject({ days: 3, moves: 2 });
    expect((await lcstatus(id!)).map((event) => [event.code, helsinkiDay(event.time)])).toEqual([
      [1, "2026-12-20"],
      [2, "2027-01-22"],
    ]);
  });

  it("refuses to go back and does not exist in production", async () => {
    const mine = await profileWithToken("fin-test");
    const back = await call(postClock, "/fin-test/rest/testing/clock", { body: { advance: "-P1D" }, token: mine.token });
    expect(back.status).toBe(400);
    const prod = await profileWithToken("fin-prod");
    expect((await call(postClock, "/fin-prod/rest/testing/clock", { body: { advance: "P1D" }, token: prod.token })).status).toBe(404);
    expect((await call(getClock, "/fin-prod/rest/testing/clock", { method: "GET", token: prod.token })).status).toBe(404);
  });
});
