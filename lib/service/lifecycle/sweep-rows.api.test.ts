import { describe, expect, it } from "vitest";

import { POST as postJobsRoute } from "@/app/rest/jobs/route";
import { getDb } from "@/lib/db/client";
import type { EnvironmentId } from "@/lib/spec/environments";
import type { JobsResponse } from "@/lib/spec/jobs";
import { envelope, invoice } from "@/lib/testing/jobs";
import { call, json, profileWithToken } from "@/lib/testing/rest";

import { fixedClock } from "../../platform/clock";
import { distributeDocuments } from "../distribution/distribute-documents";

import { sweepLifecycle } from "./sweep-lifecycle";

/*
 * Every row a sweep writes, compared whole with the set below on both engines: the Job's case
 * columns, the ledger entries, the CaseMoves and the lcstatus events, over the three countries,
 * consumers and businesses, and an agreed Swedish fee. Sweeping faster
 * must not change one value. Rows are named by the job's ownref, as ids differ from run to run.
 * Finland has more than twenty cases, so one chunk's events go through the bulk insert as well.
 */

const SWEEP_DAYS = ["2026-06-20", "2026-07-20", "2026-09-01"];

async function postCases(environment: EnvironmentId, items: Record<string, unknown>[]) {
  const profile = await profileWithToken(environment);
  const response = await call(postJobsRoute, `/${environment}/rest/jobs`, { body: envelope(...items), token: profile.token });
  const body = await json<JobsResponse>(response);
  expect(body.result.filter((result) => !result.jobid)).toEqual([]);
  return profile;
}

const consumer = (ownref: string, amount: string, extra: Record<string, unknown> = {}) =>
  invoice({ ownref, billnum: ownref, paydate: "2026-06-01", billdate: "2026-05-18", payrow: [{ desc: "Work", count: "1", amount, taxpr: "0" }], ...extra });
const business = (ownref: string, amount: string, extra: Record<string, unknown> = {}) =>
  consumer(ownref, amount, { customertype: "1", person: null, company: "Velallinen Oy", ...extra });

async function sweptRows(environment: EnvironmentId, profileId: string) {
  const db = getDb();
  const jobs = await db.job.findMany({ where: { profileId }, orderBy: { ownref: "asc" } });
  const ref = new Map(jobs.map((job) => [job.id, job.ownref]));
  const sweepTimes = SWEEP_DAYS.map((day) => new Date(`${day}T10:00:00Z`));
  const entries = await db.caseEntry.findMany({ where: { profileId, kind: { in: ["interest", "reminder_fee", "collection_fee"] } } });
  const moves = await db.caseMove.findMany({ where: { profileId, cause: "sweep" } });
  const events = await db.event.findMany({ where: { profileId, type: "lcstatus", createdAt: { in: sweepTimes } }, orderBy: { seq: "asc" } });
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  expect([...entries, ...moves].every((row) => uuid.test(row.id))).toBe(true);
  expect(new Set([...entries, ...moves].map((row) => row.id)).size).toBe(entries.length + moves.length);
  expect(events.every((event) => event.environment === environment && event.jobId !== null)).toBe(true);
  const day = (at: Date) => at.toISOString();
  return {
    jobs: jobs.map(
      (job) =>
        `${job.ownref} ${job.jobstatus} since ${job.phaseSince} review ${job.reviewOn} due ${job.currentPaydate} send ${job.pendingDocument} ` +
        `open ${job.openCapital}/${job.openInterest}/${job.openExpenses}`,
    ),
    entries: entries
      .map((entry) => `${ref.get(entry.jobId)} ${entry.date} ${day(entry.createdAt)} ${entry.component} ${entry.kind} ${entry.amount} ${entry.paymentId}`)
      .sort(),
    moves: moves
      .map(
        (move) =>
          `${ref.get(move.jobId)} ${move.date} ${day(move.at)} ${move.fromCode}→${move.toCode} open ${move.openCapital}/${move.openInterest}/${move.openExpenses}`,
      )
      .sort(),
    // Within a sweep, the order of cases follows the read; what each event says may not change.
    events: events
      .map((event) => {
        const message = event.message as Record<string, unknown>;
        expect(message.jobid).toBe(event.jobId);
        const { jobid: _jobid, cid, ...rest } = message;
        expect(cid).toMatch(/^test-/);
        // PostgreSQL's jsonb keeps its own key order.
        const sorted = Object.fromEntries(Object.entries(rest).sort(([a], [b]) => a.localeCompare(b)));
        return `${ref.get(event.jobId!)} ${day(event.createdAt)} ${JSON.stringify(sorted)}`;
      })
      .sort(),
  };
}

describe("the rows a sweep writes", () => {
  it("are these, to the value, on either engine", async () => {
    const finnish = Array.from({ length: 22 }, (_, index) =>
      index % 2 === 0
        ? consumer(`fi-${String(index).padStart(2, "0")}`, `${40 + index * 37}.${String(index * 7).padStart(2, "0")}`)
        : business(`fi-${String(index).padStart(2, "0")}`, `${300 + index * 911}.50`),
    );
    const fin = await postCases("fin-test", finnish);
    const sweden = { postcode: "111 22", city: "Stockholm", address: "Storgatan 1" };
    const swe = await postCases("swe-test", [
      consumer("se-consumer", "1200.00", sweden),
      consumer("se-agreed-fee", "800.00", { ...sweden, noticefee: 50 }),
      business("se-business", "25000.00", sweden),
    ]);
    const norway = { postcode: "0150", city: "Oslo", address: "Karl Johans gate 1" };
    const nor = await postCases("nor-test", [consumer("no-consumer", "900.00", norway), business("no-business", "14000.00", norway)]);

    const profiles = [
      ["fin-test", fin.id],
      ["swe-test", swe.id],
      ["nor-test", nor.id],
    ] as const;
    // The service sends every invoice on its bill date: only an invoice its debtor got is reminded.
    while ((await distributeDocuments(getDb(), fixedClock("2026-05-18T10:00:00Z"))).full);
    for (const day of SWEEP_DAYS) {
      for (const [environment, profileId] of profiles) await sweepLifecycle(getDb(), fixedClock(`${day}T10:00:00Z`), { environment, profileId });
    }

    const rows = Object.fromEntries(
      await Promise.all(profiles.map(async ([environment, profileId]) => [environment, await sweptRows(environment, profileId)])),
    );
    expect(rows).toMatchInlineSnapshot(`
      {
        "fin-test": {
          "entries": [
            "fi-00 2026-06-20 2026-06-20T10:00:00.000Z expenses reminder_fee 500 null",
            "fi-00 2026-06-20 2026-06-20T10:00:00.000Z interest interest 20 null",
            "fi-00 2026-07-20 2026-07-20T10:00:00.000Z expenses collection_fee 1400 null",
            "fi-00 2026-07-20 2026-07-20T10:00:00.000Z interest interest 31 null",
            "fi-00 2026-09-01 2026-09-01T10:00:00.000Z interest interest 45 null",
            "fi-01 2026-06-20 2026-06-20T10:00:00.000Z expenses reminder_fee 1200 null",
            "fi-01 2026-06-20 2026-06-20T10:00:00.000Z interest interest 662 null",
            "fi-01 2026-07-20 2026-07-20T10:00:00.000Z expenses collection_fee 7000 null",
            "fi-01 2026-07-20 2026-07-20T10:00:00.000Z interest interest 1046 null",
            "fi-01 2026-09-01 2026-09-01T10:00:00.000Z interest interest 1499 null",
            "fi-02 2026-06-20 2026-06-20T10:00:00.000Z expenses reminder_fee 500 null",
            "fi-02 2026-06-20 2026-06-20T10:00:00.000Z interest interest 56 null",
            "fi-02 2026-07-20 2026-07-20T10:00:00.000Z expenses collection_fee 2400 null",
            "fi-02 2026-07-20 2026-07-20T10:00:00.000Z interest interest 89 null",
            "fi-02 2026-09-01 2026-09-01T10:00:00.000Z interest interest 128 null",
            "fi-03 2026-06-20 2026-06-20T10:00:00.000Z expenses reminder_fee 1200 null",
            "fi-03 2026-06-20 2026-06-20T10:00:00.000Z interest interest 1658 null",
            "fi-03 2026-07-20 2026-07-20T10:00:00.000Z expenses collection_fee 9000 null",
            "fi-03 2026-07-20 2026-07-20T10:00:00.000Z interest interest 2618 null",
            "fi-03 2026-09-01 2026-09-01T10:00:00.000Z interest interest 3752 null",
            "fi-04 2026-06-20 2026-06-20T10:00:00.000Z expenses reminder_fee 500 null",
            "fi-04 2026-06-20 2026-06-20T10:00:00.000Z interest interest 93 null",
            "fi-04 2026-07-20 2026-07-20T10:00:00.000Z expenses collection_fee 2400 null",
            "fi-04 2026-07-20 2026-07-20T10:00:00.000Z interest interest 147 null",
            "fi-04 2026-09-01 2026-09-01T10:00:00.000Z interest interest 211 null",
            "fi-05 2026-06-20 2026-06-20T10:00:00.000Z expenses reminder_fee 1200 null",
            "fi-05 2026-06-20 2026-06-20T10:00:00.000Z interest interest 2654 null",
            "fi-05 2026-07-20 2026-07-20T10:00:00.000Z expenses collection_fee 9000 null",
            "fi-05 2026-07-20 2026-07-20T10:00:00.000Z interest interest 4190 null",
            "fi-05 2026-09-01 2026-09-01T10:00:00.000Z interest interest 6006 null",
            "fi-06 2026-06-20 2026-06-20T10:00:00.000Z expenses reminder_fee 500 null",
            "fi-06 2026-06-20 2026-06-20T10:00:00.000Z interest interest 130 null",
            "fi-06 2026-07-20 2026-07-20T10:00:00.000Z expenses collection_fee 2400 null",
            "fi-06 2026-07-20 2026-07-20T10:00:00.000Z interest interest 205 null",
            "fi-06 2026-09-01 2026-09-01T10:00:00.000Z interest interest 294 null",
            "fi-07 2026-06-20 2026-06-20T10:00:00.000Z expenses reminder_fee 1200 null",
            "fi-07 2026-06-20 2026-06-20T10:00:00.000Z interest interest 3650 null",
            "fi-07 2026-07-20 2026-07-20T10:00:00.000Z expenses collection_fee 9000 null",
            "fi-07 2026-07-20 2026-07-20T10:00:00.000Z interest interest 5763 null",
            "fi-07 2026-09-01 2026-09-01T10:00:00.000Z interest interest 8260 null",
            "fi-08 2026-06-20 2026-06-20T10:00:00.000Z expenses reminder_fee 500 null",
            "fi-08 2026-06-20 2026-06-20T10:00:00.000Z interest interest 166 null",
            "fi-08 2026-07-20 2026-07-20T10:00:00.000Z expenses collection_fee 2400 null",
            "fi-08 2026-07-20 2026-07-20T10:00:00.000Z interest interest 263 null",
            "fi-08 2026-09-01 2026-09-01T10:00:00.000Z interest interest 377 null",
            "fi-09 2026-06-20 2026-06-20T10:00:00.000Z expenses reminder_fee 1200 null",
            "fi-09 2026-06-20 2026-06-20T10:00:00.000Z interest interest 4646 null",
            "fi-09 2026-07-20 2026-07-20T10:00:00.000Z expenses collection_fee 9000 null",
            "fi-09 2026-07-20 2026-07-20T10:00:00.000Z interest interest 7335 null",
            "fi-09 2026-09-01 2026-09-01T10:00:00.000Z interest interest 10514 null",
            "fi-10 2026-06-20 2026-06-20T10:00:00.000Z expenses reminder_fee 500 null",
            "fi-10 2026-06-20 2026-06-20T10:00:00.000Z interest interest 203 null",
            "fi-10 2026-07-20 2026-07-20T10:00:00.000Z expenses collection_fee 2400 null",
            "fi-10 2026-07-20 2026-07-20T10:00:00.000Z interest interest 321 null",
            "fi-10 2026-09-01 2026-09-01T10:00:00.000Z interest interest 460 null",
            "fi-11 2026-06-20 2026-06-20T10:00:00.000Z expenses reminder_fee 1200 null",
            "fi-11 2026-06-20 2026-06-20T10:00:00.000Z interest interest 5641 null",
            "fi-11 2026-07-20 2026-07-20T10:00:00.000Z expenses collection_fee 11000 null",
            "fi-11 2026-07-20 2026-07-20T10:00:00.000Z interest interest 8908 null",
            "fi-11 2026-09-01 2026-09-01T10:00:00.000Z interest interest 12768 null",
            "fi-12 2026-06-20 2026-06-20T10:00:00.000Z expenses reminder_fee 500 null",
            "fi-12 2026-06-20 2026-06-20T10:00:00.000Z interest interest 240 null",
            "fi-12 2026-07-20 2026-07-20T10:00:00.000Z expenses collection_fee 2400 null",
            "fi-12 2026-07-20 2026-07-20T10:00:00.000Z interest interest 379 null",
            "fi-12 2026-09-01 2026-09-01T10:00:00.000Z interest interest 543 null",
            "fi-13 2026-06-20 2026-06-20T10:00:00.000Z expenses reminder_fee 1200 null",
            "fi-13 2026-06-20 2026-06-20T10:00:00.000Z interest interest 6637 null",
            "fi-13 2026-07-20 2026-07-20T10:00:00.000Z expenses collection_fee 11000 null",
            "fi-13 2026-07-20 2026-07-20T10:00:00.000Z interest interest 10480 null",
            "fi-13 2026-09-01 2026-09-01T10:00:00.000Z interest interest 15021 null",
            "fi-14 2026-06-20 2026-06-20T10:00:00.000Z expenses reminder_fee 500 null",
            "fi-14 2026-06-20 2026-06-20T10:00:00.000Z interest interest 276 null",
            "fi-14 2026-07-20 2026-07-20T10:00:00.000Z expenses collection_fee 2400 null",
            "fi-14 2026-07-20 2026-07-20T10:00:00.000Z interest interest 436 null",
            "fi-14 2026-09-01 2026-09-01T10:00:00.000Z interest interest 626 null",
            "fi-15 2026-06-20 2026-06-20T10:00:00.000Z expenses reminder_fee 1200 null",
            "fi-15 2026-06-20 2026-06-20T10:00:00.000Z interest interest 7633 null",
            "fi-15 2026-07-20 2026-07-20T10:00:00.000Z expenses collection_fee 11000 null",
            "fi-15 2026-07-20 2026-07-20T10:00:00.000Z interest interest 12052 null",
            "fi-15 2026-09-01 2026-09-01T10:00:00.000Z interest interest 17275 null",
            "fi-16 2026-06-20 2026-06-20T10:00:00.000Z expenses reminder_fee 500 null",
            "fi-16 2026-06-20 2026-06-20T10:00:00.000Z interest interest 313 null",
            "fi-16 2026-07-20 2026-07-20T10:00:00.000Z expenses collection_fee 2400 null",
            "fi-16 2026-07-20 2026-07-20T10:00:00.000Z interest interest 494 null",
            "fi-16 2026-09-01 2026-09-01T10:00:00.000Z interest interest 707 null",
            "fi-17 2026-06-20 2026-06-20T10:00:00.000Z expenses reminder_fee 1200 null",
            "fi-17 2026-06-20 2026-06-20T10:00:00.000Z interest interest 8629 null",
            "fi-17 2026-07-20 2026-07-20T10:00:00.000Z expenses collection_fee 11000 null",
            "fi-17 2026-07-20 2026-07-20T10:00:00.000Z interest interest 13625 null",
            "fi-17 2026-09-01 2026-09-01T10:00:00.000Z interest interest 19529 null",
            "fi-18 2026-06-20 2026-06-20T10:00:00.000Z expenses reminder_fee 500 null",
            "fi-18 2026-06-20 2026-06-20T10:00:00.000Z interest interest 349 null",
            "fi-18 2026-07-20 2026-07-20T10:00:00.000Z expenses collection_fee 2400 null",
            "fi-18 2026-07-20 2026-07-20T10:00:00.000Z interest interest 551 null",
            "fi-18 2026-09-01 2026-09-01T10:00:00.000Z interest interest 790 null",
            "fi-19 2026-06-20 2026-06-20T10:00:00.000Z expenses reminder_fee 1200 null",
            "fi-19 2026-06-20 2026-06-20T10:00:00.000Z interest interest 9625 null",
            "fi-19 2026-07-20 2026-07-20T10:00:00.000Z expenses collection_fee 11000 null",
            "fi-19 2026-07-20 2026-07-20T10:00:00.000Z interest interest 15197 null",
            "fi-19 2026-09-01 2026-09-01T10:00:00.000Z interest interest 21783 null",
            "fi-20 2026-06-20 2026-06-20T10:00:00.000Z expenses reminder_fee 500 null",
            "fi-20 2026-06-20 2026-06-20T10:00:00.000Z interest interest 386 null",
            "fi-20 2026-07-20 2026-07-20T10:00:00.000Z expenses collection_fee 2400 null",
            "fi-20 2026-07-20 2026-07-20T10:00:00.000Z interest interest 609 null",
            "fi-20 2026-09-01 2026-09-01T10:00:00.000Z interest interest 873 null",
            "fi-21 2026-06-20 2026-06-20T10:00:00.000Z expenses reminder_fee 1200 null",
            "fi-21 2026-06-20 2026-06-20T10:00:00.000Z interest interest 10621 null",
            "fi-21 2026-07-20 2026-07-20T10:00:00.000Z expenses collection_fee 11000 null",
            "fi-21 2026-07-20 2026-07-20T10:00:00.000Z interest interest 16770 null",
            "fi-21 2026-09-01 2026-09-01T10:00:00.000Z interest interest 24036 null",
          ],
          "events": [
            "fi-00 2026-06-20T10:00:00.000Z {"code":1,"currentpaydate":"2026-07-09","documentid":"fi-00","expenses":5,"interest":0.2,"invoicenumber":"fi-00","opencapital":40,"paydate":"2026-06-01","status":"Reminder","time":"2026-06-20T10:00:00.000Z"}",
            "fi-00 2026-07-20T10:00:00.000Z {"code":2,"currentpaydate":"2026-08-07","documentid":"fi-00","expenses":19,"interest":0.51,"invoicenumber":"fi-00","opencapital":40,"paydate":"2026-06-01","status":"Debt collection","time":"2026-07-20T10:00:00.000Z"}",
            "fi-00 2026-09-01T10:00:00.000Z {"code":16,"currentpaydate":"2026-08-07","documentid":"fi-00","expenses":19,"interest":0.96,"invoicenumber":"fi-00","opencapital":40,"paydate":"2026-06-01","status":"Legal collection consideration","time":"2026-09-01T10:00:00.000Z"}",
            "fi-01 2026-06-20T10:00:00.000Z {"code":1,"currentpaydate":"2026-07-09","documentid":"fi-01","expenses":12,"interest":6.62,"invoicenumber":"fi-01","opencapital":1211.5,"paydate":"2026-06-01","status":"Reminder","time":"2026-06-20T10:00:00.000Z"}",
            "fi-01 2026-07-20T10:00:00.000Z {"code":2,"currentpaydate":"2026-08-07","documentid":"fi-01","expenses":82,"interest":17.08,"invoicenumber":"fi-01","opencapital":1211.5,"paydate":"2026-06-01","status":"Debt collection","time":"2026-07-20T10:00:00.000Z"}",
            "fi-01 2026-09-01T10:00:00.000Z {"code":16,"currentpaydate":"2026-08-07","documentid":"fi-01","expenses":82,"interest":32.07,"invoicenumber":"fi-01","opencapital":1211.5,"paydate":"2026-06-01","status":"Legal collection consideration","time":"2026-09-01T10:00:00.000Z"}",
            "fi-02 2026-06-20T10:00:00.000Z {"code":1,"currentpaydate":"2026-07-09","documentid":"fi-02","expenses":5,"interest":0.56,"invoicenumber":"fi-02","opencapital":114.14,"paydate":"2026-06-01","status":"Reminder","time":"2026-06-20T10:00:00.000Z"}",
            "fi-02 2026-07-20T10:00:00.000Z {"code":2,"currentpaydate":"2026-08-07","documentid":"fi-02","expenses":29,"interest":1.45,"invoicenumber":"fi-02","opencapital":114.14,"paydate":"2026-06-01","status":"Debt collection","time":"2026-07-20T10:00:00.000Z"}",
            "fi-02 2026-09-01T10:00:00.000Z {"code":16,"currentpaydate":"2026-08-07","documentid":"fi-02","expenses":29,"interest":2.73,"invoicenumber":"fi-02","opencapital":114.14,"paydate":"2026-06-01","status":"Legal collection consideration","time":"2026-09-01T10:00:00.000Z"}",
            "fi-03 2026-06-20T10:00:00.000Z {"code":1,"currentpaydate":"2026-07-09","documentid":"fi-03","expenses":12,"interest":16.58,"invoicenumber":"fi-03","opencapital":3033.5,"paydate":"2026-06-01","status":"Reminder","time":"2026-06-20T10:00:00.000Z"}",
            "fi-03 2026-07-20T10:00:00.000Z {"code":2,"currentpaydate":"2026-08-07","documentid":"fi-03","expenses":102,"interest":42.76,"invoicenumber":"fi-03","opencapital":3033.5,"paydate":"2026-06-01","status":"Debt collection","time":"2026-07-20T10:00:00.000Z"}",
            "fi-03 2026-09-01T10:00:00.000Z {"code":16,"currentpaydate":"2026-08-07","documentid":"fi-03","expenses":102,"interest":80.28,"invoicenumber":"fi-03","opencapital":3033.5,"paydate":"2026-06-01","status":"Legal collection consideration","time":"2026-09-01T10:00:00.000Z"}",
            "fi-04 2026-06-20T10:00:00.000Z {"code":1,"currentpaydate":"2026-07-09","documentid":"fi-04","expenses":5,"interest":0.93,"invoicenumber":"fi-04","opencapital":188.28,"paydate":"2026-06-01","status":"Reminder","time":"2026-06-20T10:00:00.000Z"}",
            "fi-04 2026-07-20T10:00:00.000Z {"code":2,"currentpaydate":"2026-08-07","documentid":"fi-04","expenses":29,"interest":2.4,"invoicenumber":"fi-04","opencapital":188.28,"paydate":"2026-06-01","status":"Debt collection","time":"2026-07-20T10:00:00.000Z"}",
            "fi-04 2026-09-01T10:00:00.000Z {"code":16,"currentpaydate":"2026-08-07","documentid":"fi-04","expenses":29,"interest":4.51,"invoicenumber":"fi-04","opencapital":188.28,"paydate":"2026-06-01","status":"Legal collection consideration","time":"2026-09-01T10:00:00.000Z"}",
            "fi-05 2026-06-20T10:00:00.000Z {"code":1,"currentpaydate":"2026-07-09","documentid":"fi-05","expenses":12,"interest":26.54,"invoicenumber":"fi-05","opencapital":4855.5,"paydate":"2026-06-01","status":"Reminder","time":"2026-06-20T10:00:00.000Z"}",
            "fi-05 2026-07-20T10:00:00.000Z {"code":2,"currentpaydate":"2026-08-07","documentid":"fi-05","expenses":102,"interest":68.44,"invoicenumber":"fi-05","opencapital":4855.5,"paydate":"2026-06-01","status":"Debt collection","time":"2026-07-20T10:00:00.000Z"}",
            "fi-05 2026-09-01T10:00:00.000Z {"code":16,"currentpaydate":"2026-08-07","documentid":"fi-05","expenses":102,"interest":128.5,"invoicenumber":"fi-05","opencapital":4855.5,"paydate":"2026-06-01","status":"Legal collection consideration","time":"2026-09-01T10:00:00.000Z"}",
            "fi-06 2026-06-20T10:00:00.000Z {"code":1,"currentpaydate":"2026-07-09","documentid":"fi-06","expenses":5,"interest":1.3,"invoicenumber":"fi-06","opencapital":262.42,"paydate":"2026-06-01","status":"Reminder","time":"2026-06-20T10:00:00.000Z"}",
            "fi-06 2026-07-20T10:00:00.000Z {"code":2,"currentpaydate":"2026-08-07","documentid":"fi-06","expenses":29,"interest":3.35,"invoicenumber":"fi-06","opencapital":262.42,"paydate":"2026-06-01","status":"Debt collection","time":"2026-07-20T10:00:00.000Z"}",
            "fi-06 2026-09-01T10:00:00.000Z {"code":16,"currentpaydate":"2026-08-07","documentid":"fi-06","expenses":29,"interest":6.29,"invoicenumber":"fi-06","opencapital":262.42,"paydate":"2026-06-01","status":"Legal collection consideration","time":"2026-09-01T10:00:00.000Z"}",
            "fi-07 2026-06-20T10:00:00.000Z {"code":1,"currentpaydate":"2026-07-09","documentid":"fi-07","expenses":12,"interest":36.5,"invoicenumber":"fi-07","opencapital":6677.5,"paydate":"2026-06-01","status":"Reminder","time":"2026-06-20T10:00:00.000Z"}",
            "fi-07 2026-07-20T10:00:00.000Z {"code":2,"currentpaydate":"2026-08-07","documentid":"fi-07","expenses":102,"interest":94.13,"invoicenumber":"fi-07","opencapital":6677.5,"paydate":"2026-06-01","status":"Debt collection","time":"2026-07-20T10:00:00.000Z"}",
            "fi-07 2026-09-01T10:00:00.000Z {"code":16,"currentpaydate":"2026-08-07","documentid":"fi-07","expenses":102,"interest":176.73,"invoicenumber":"fi-07","opencapital":6677.5,"paydate":"2026-06-01","status":"Legal collection consideration","time":"2026-09-01T10:00:00.000Z"}",
            "fi-08 2026-06-20T10:00:00.000Z {"code":1,"currentpaydate":"2026-07-09","documentid":"fi-08","expenses":5,"interest":1.66,"invoicenumber":"fi-08","opencapital":336.56,"paydate":"2026-06-01","status":"Reminder","time":"2026-06-20T10:00:00.000Z"}",
            "fi-08 2026-07-20T10:00:00.000Z {"code":2,"currentpaydate":"2026-08-07","documentid":"fi-08","expenses":29,"interest":4.29,"invoicenumber":"fi-08","opencapital":336.56,"paydate":"2026-06-01","status":"Debt collection","time":"2026-07-20T10:00:00.000Z"}",
            "fi-08 2026-09-01T10:00:00.000Z {"code":16,"currentpaydate":"2026-08-07","documentid":"fi-08","expenses":29,"interest":8.06,"invoicenumber":"fi-08","opencapital":336.56,"paydate":"2026-06-01","status":"Legal collection consideration","time":"2026-09-01T10:00:00.000Z"}",
            "fi-09 2026-06-20T10:00:00.000Z {"code":1,"currentpaydate":"2026-07-09","documentid":"fi-09","expenses":12,"interest":46.46,"invoicenumber":"fi-09","opencapital":8499.5,"paydate":"2026-06-01","status":"Reminder","time":"2026-06-20T10:00:00.000Z"}",
            "fi-09 2026-07-20T10:00:00.000Z {"code":2,"currentpaydate":"2026-08-07","documentid":"fi-09","expenses":102,"interest":119.81,"invoicenumber":"fi-09","opencapital":8499.5,"paydate":"2026-06-01","status":"Debt collection","time":"2026-07-20T10:00:00.000Z"}",
            "fi-09 2026-09-01T10:00:00.000Z {"code":16,"currentpaydate":"2026-08-07","documentid":"fi-09","expenses":102,"interest":224.95,"invoicenumber":"fi-09","opencapital":8499.5,"paydate":"2026-06-01","status":"Legal collection consideration","time":"2026-09-01T10:00:00.000Z"}",
            "fi-10 2026-06-20T10:00:00.000Z {"code":1,"currentpaydate":"2026-07-09","documentid":"fi-10","expenses":5,"interest":2.03,"invoicenumber":"fi-10","opencapital":410.7,"paydate":"2026-06-01","status":"Reminder","time":"2026-06-20T10:00:00.000Z"}",
            "fi-10 2026-07-20T10:00:00.000Z {"code":2,"currentpaydate":"2026-08-07","documentid":"fi-10","expenses":29,"interest":5.24,"invoicenumber":"fi-10","opencapital":410.7,"paydate":"2026-06-01","status":"Debt collection","time":"2026-07-20T10:00:00.000Z"}",
            "fi-10 2026-09-01T10:00:00.000Z {"code":16,"currentpaydate":"2026-08-07","documentid":"fi-10","expenses":29,"interest":9.84,"invoicenumber":"fi-10","opencapital":410.7,"paydate":"2026-06-01","status":"Legal collection consideration","time":"2026-09-01T10:00:00.000Z"}",
            "fi-11 2026-06-20T10:00:00.000Z {"code":1,"currentpaydate":"2026-07-09","documentid":"fi-11","expenses":12,"interest":56.41,"invoicenumber":"fi-11","opencapital":10321.5,"paydate":"2026-06-01","status":"Reminder","time":"2026-06-20T10:00:00.000Z"}",
            "fi-11 2026-07-20T10:00:00.000Z {"code":2,"currentpaydate":"2026-08-07","documentid":"fi-11","expenses":122,"interest":145.49,"invoicenumber":"fi-11","opencapital":10321.5,"paydate":"2026-06-01","status":"Debt collection","time":"2026-07-20T10:00:00.000Z"}",
            "fi-11 2026-09-01T10:00:00.000Z {"code":16,"currentpaydate":"2026-08-07","documentid":"fi-11","expenses":122,"interest":273.17,"invoicenumber":"fi-11","opencapital":10321.5,"paydate":"2026-06-01","status":"Legal collection consideration","time":"2026-09-01T10:00:00.000Z"}",
            "fi-12 2026-06-20T10:00:00.000Z {"code":1,"currentpaydate":"2026-07-09","documentid":"fi-12","expenses":5,"interest":2.4,"invoicenumber":"fi-12","opencapital":484.84,"paydate":"2026-06-01","status":"Reminder","time":"2026-06-20T10:00:00.000Z"}",
            "fi-12 2026-07-20T10:00:00.000Z {"code":2,"currentpaydate":"2026-08-07","documentid":"fi-12","expenses":29,"interest":6.19,"invoicenumber":"fi-12","opencapital":484.84,"paydate":"2026-06-01","status":"Debt collection","time":"2026-07-20T10:00:00.000Z"}",
            "fi-12 2026-09-01T10:00:00.000Z {"code":16,"currentpaydate":"2026-08-07","documentid":"fi-12","expenses":29,"interest":11.62,"invoicenumber":"fi-12","opencapital":484.84,"paydate":"2026-06-01","status":"Legal collection consideration","time":"2026-09-01T10:00:00.000Z"}",
            "fi-13 2026-06-20T10:00:00.000Z {"code":1,"currentpaydate":"2026-07-09","documentid":"fi-13","expenses":12,"interest":66.37,"invoicenumber":"fi-13","opencapital":12143.5,"paydate":"2026-06-01","status":"Reminder","time":"2026-06-20T10:00:00.000Z"}",
            "fi-13 2026-07-20T10:00:00.000Z {"code":2,"currentpaydate":"2026-08-07","documentid":"fi-13","expenses":122,"interest":171.17,"invoicenumber":"fi-13","opencapital":12143.5,"paydate":"2026-06-01","status":"Debt collection","time":"2026-07-20T10:00:00.000Z"}",
            "fi-13 2026-09-01T10:00:00.000Z {"code":16,"currentpaydate":"2026-08-07","documentid":"fi-13","expenses":122,"interest":321.38,"invoicenumber":"fi-13","opencapital":12143.5,"paydate":"2026-06-01","status":"Legal collection consideration","time":"2026-09-01T10:00:00.000Z"}",
            "fi-14 2026-06-20T10:00:00.000Z {"code":1,"currentpaydate":"2026-07-09","documentid":"fi-14","expenses":5,"interest":2.76,"invoicenumber":"fi-14","opencapital":558.98,"paydate":"2026-06-01","status":"Reminder","time":"2026-06-20T10:00:00.000Z"}",
            "fi-14 2026-07-20T10:00:00.000Z {"code":2,"currentpaydate":"2026-08-07","documentid":"fi-14","expenses":29,"interest":7.12,"invoicenumber":"fi-14","opencapital":558.98,"paydate":"2026-06-01","status":"Debt collection","time":"2026-07-20T10:00:00.000Z"}",
            "fi-14 2026-09-01T10:00:00.000Z {"code":16,"currentpaydate":"2026-08-07","documentid":"fi-14","expenses":29,"interest":13.38,"invoicenumber":"fi-14","opencapital":558.98,"paydate":"2026-06-01","status":"Legal collection consideration","time":"2026-09-01T10:00:00.000Z"}",
            "fi-15 2026-06-20T10:00:00.000Z {"code":1,"currentpaydate":"2026-07-09","documentid":"fi-15","expenses":12,"interest":76.33,"invoicenumber":"fi-15","opencapital":13965.5,"paydate":"2026-06-01","status":"Reminder","time":"2026-06-20T10:00:00.000Z"}",
            "fi-15 2026-07-20T10:00:00.000Z {"code":2,"currentpaydate":"2026-08-07","documentid":"fi-15","expenses":122,"interest":196.85,"invoicenumber":"fi-15","opencapital":13965.5,"paydate":"2026-06-01","status":"Debt collection","time":"2026-07-20T10:00:00.000Z"}",
            "fi-15 2026-09-01T10:00:00.000Z {"code":16,"currentpaydate":"2026-08-07","documentid":"fi-15","expenses":122,"interest":369.6,"invoicenumber":"fi-15","opencapital":13965.5,"paydate":"2026-06-01","status":"Legal collection consideration","time":"2026-09-01T10:00:00.000Z"}",
            "fi-16 2026-06-20T10:00:00.000Z {"code":1,"currentpaydate":"2026-07-09","documentid":"fi-16","expenses":5,"interest":3.13,"invoicenumber":"fi-16","opencapital":632.11,"paydate":"2026-06-01","status":"Reminder","time":"2026-06-20T10:00:00.000Z"}",
            "fi-16 2026-07-20T10:00:00.000Z {"code":2,"currentpaydate":"2026-08-07","documentid":"fi-16","expenses":29,"interest":8.07,"invoicenumber":"fi-16","opencapital":632.11,"paydate":"2026-06-01","status":"Debt collection","time":"2026-07-20T10:00:00.000Z"}",
            "fi-16 2026-09-01T10:00:00.000Z {"code":16,"currentpaydate":"2026-08-07","documentid":"fi-16","expenses":29,"interest":15.14,"invoicenumber":"fi-16","opencapital":632.11,"paydate":"2026-06-01","status":"Legal collection consideration","time":"2026-09-01T10:00:00.000Z"}",
            "fi-17 2026-06-20T10:00:00.000Z {"code":1,"currentpaydate":"2026-07-09","documentid":"fi-17","expenses":12,"interest":86.29,"invoicenumber":"fi-17","opencapital":15787.5,"paydate":"2026-06-01","status":"Reminder","time":"2026-06-20T10:00:00.000Z"}",
            "fi-17 2026-07-20T10:00:00.000Z {"code":2,"currentpaydate":"2026-08-07","documentid":"fi-17","expenses":122,"interest":222.54,"invoicenumber":"fi-17","opencapital":15787.5,"paydate":"2026-06-01","status":"Debt collection","time":"2026-07-20T10:00:00.000Z"}",
            "fi-17 2026-09-01T10:00:00.000Z {"code":16,"currentpaydate":"2026-08-07","documentid":"fi-17","expenses":122,"interest":417.83,"invoicenumber":"fi-17","opencapital":15787.5,"paydate":"2026-06-01","status":"Legal collection consideration","time":"2026-09-01T10:00:00.000Z"}",
            "fi-18 2026-06-20T10:00:00.000Z {"code":1,"currentpaydate":"2026-07-09","documentid":"fi-18","expenses":5,"interest":3.49,"invoicenumber":"fi-18","opencapital":706.13,"paydate":"2026-06-01","status":"Reminder","time":"2026-06-20T10:00:00.000Z"}",
            "fi-18 2026-07-20T10:00:00.000Z {"code":2,"currentpaydate":"2026-08-07","documentid":"fi-18","expenses":29,"interest":9,"invoicenumber":"fi-18","opencapital":706.13,"paydate":"2026-06-01","status":"Debt collection","time":"2026-07-20T10:00:00.000Z"}",
            "fi-18 2026-09-01T10:00:00.000Z {"code":16,"currentpaydate":"2026-08-07","documentid":"fi-18","expenses":29,"interest":16.9,"invoicenumber":"fi-18","opencapital":706.13,"paydate":"2026-06-01","status":"Legal collection consideration","time":"2026-09-01T10:00:00.000Z"}",
            "fi-19 2026-06-20T10:00:00.000Z {"code":1,"currentpaydate":"2026-07-09","documentid":"fi-19","expenses":12,"interest":96.25,"invoicenumber":"fi-19","opencapital":17609.5,"paydate":"2026-06-01","status":"Reminder","time":"2026-06-20T10:00:00.000Z"}",
            "fi-19 2026-07-20T10:00:00.000Z {"code":2,"currentpaydate":"2026-08-07","documentid":"fi-19","expenses":122,"interest":248.22,"invoicenumber":"fi-19","opencapital":17609.5,"paydate":"2026-06-01","status":"Debt collection","time":"2026-07-20T10:00:00.000Z"}",
            "fi-19 2026-09-01T10:00:00.000Z {"code":16,"currentpaydate":"2026-08-07","documentid":"fi-19","expenses":122,"interest":466.05,"invoicenumber":"fi-19","opencapital":17609.5,"paydate":"2026-06-01","status":"Legal collection consideration","time":"2026-09-01T10:00:00.000Z"}",
            "fi-20 2026-06-20T10:00:00.000Z {"code":1,"currentpaydate":"2026-07-09","documentid":"fi-20","expenses":5,"interest":3.86,"invoicenumber":"fi-20","opencapital":780.14,"paydate":"2026-06-01","status":"Reminder","time":"2026-06-20T10:00:00.000Z"}",
            "fi-20 2026-07-20T10:00:00.000Z {"code":2,"currentpaydate":"2026-08-07","documentid":"fi-20","expenses":29,"interest":9.95,"invoicenumber":"fi-20","opencapital":780.14,"paydate":"2026-06-01","status":"Debt collection","time":"2026-07-20T10:00:00.000Z"}",
            "fi-20 2026-09-01T10:00:00.000Z {"code":16,"currentpaydate":"2026-08-07","documentid":"fi-20","expenses":29,"interest":18.68,"invoicenumber":"fi-20","opencapital":780.14,"paydate":"2026-06-01","status":"Legal collection consideration","time":"2026-09-01T10:00:00.000Z"}",
            "fi-21 2026-06-20T10:00:00.000Z {"code":1,"currentpaydate":"2026-07-09","documentid":"fi-21","expenses":12,"interest":106.21,"invoicenumber":"fi-21","opencapital":19431.5,"paydate":"2026-06-01","status":"Reminder","time":"2026-06-20T10:00:00.000Z"}",
            "fi-21 2026-07-20T10:00:00.000Z {"code":2,"currentpaydate":"2026-08-07","documentid":"fi-21","expenses":122,"interest":273.91,"invoicenumber":"fi-21","opencapital":19431.5,"paydate":"2026-06-01","status":"Debt collection","time":"2026-07-20T10:00:00.000Z"}",
            "fi-21 2026-09-01T10:00:00.000Z {"code":16,"currentpaydate":"2026-08-07","documentid":"fi-21","expenses":122,"interest":514.27,"invoicenumber":"fi-21","opencapital":19431.5,"paydate":"2026-06-01","status":"Legal collection consideration","time":"2026-09-01T10:00:00.000Z"}",
          ],
          "jobs": [
            "fi-00 16 since 2026-09-01 review null due 2026-08-07 send collection open 4000/96/1900",
            "fi-01 16 since 2026-09-01 review null due 2026-08-07 send collection open 121150/3207/8200",
            "fi-02 16 since 2026-09-01 review null due 2026-08-07 send collection open 11414/273/2900",
            "fi-03 16 since 2026-09-01 review null due 2026-08-07 send collection open 303350/8028/10200",
            "fi-04 16 since 2026-09-01 review null due 2026-08-07 send collection open 18828/451/2900",
            "fi-05 16 since 2026-09-01 review null due 2026-08-07 send collection open 485550/12850/10200",
            "fi-06 16 since 2026-09-01 review null due 2026-08-07 send collection open 26242/629/2900",
            "fi-07 16 since 2026-09-01 review null due 2026-08-07 send collection open 667750/17673/10200",
            "fi-08 16 since 2026-09-01 review null due 2026-08-07 send collection open 33656/806/2900",
            "fi-09 16 since 2026-09-01 review null due 2026-08-07 send collection open 849950/22495/10200",
            "fi-10 16 since 2026-09-01 review null due 2026-08-07 send collection open 41070/984/2900",
            "fi-11 16 since 2026-09-01 review null due 2026-08-07 send collection open 1032150/27317/12200",
            "fi-12 16 since 2026-09-01 review null due 2026-08-07 send collection open 48484/1162/2900",
            "fi-13 16 since 2026-09-01 review null due 2026-08-07 send collection open 1214350/32138/12200",
            "fi-14 16 since 2026-09-01 review null due 2026-08-07 send collection open 55898/1338/2900",
            "fi-15 16 since 2026-09-01 review null due 2026-08-07 send collection open 1396550/36960/12200",
            "fi-16 16 since 2026-09-01 review null due 2026-08-07 send collection open 63211/1514/2900",
            "fi-17 16 since 2026-09-01 review null due 2026-08-07 send collection open 1578750/41783/12200",
            "fi-18 16 since 2026-09-01 review null due 2026-08-07 send collection open 70613/1690/2900",
            "fi-19 16 since 2026-09-01 review null due 2026-08-07 send collection open 1760950/46605/12200",
            "fi-20 16 since 2026-09-01 review null due 2026-08-07 send collection open 78014/1868/2900",
            "fi-21 16 since 2026-09-01 review null due 2026-08-07 send collection open 1943150/51427/12200",
          ],
          "moves": [
            "fi-00 2026-06-20 2026-06-20T10:00:00.000Z 0→1 open 4000/20/500",
            "fi-00 2026-07-20 2026-07-20T10:00:00.000Z 1→2 open 4000/51/1900",
            "fi-00 2026-09-01 2026-09-01T10:00:00.000Z 2→16 open 4000/96/1900",
            "fi-01 2026-06-20 2026-06-20T10:00:00.000Z 0→1 open 121150/662/1200",
            "fi-01 2026-07-20 2026-07-20T10:00:00.000Z 1→2 open 121150/1708/8200",
            "fi-01 2026-09-01 2026-09-01T10:00:00.000Z 2→16 open 121150/3207/8200",
            "fi-02 2026-06-20 2026-06-20T10:00:00.000Z 0→1 open 11414/56/500",
            "fi-02 2026-07-20 2026-07-20T10:00:00.000Z 1→2 open 11414/145/2900",
            "fi-02 2026-09-01 2026-09-01T10:00:00.000Z 2→16 open 11414/273/2900",
            "fi-03 2026-06-20 2026-06-20T10:00:00.000Z 0→1 open 303350/1658/1200",
            "fi-03 2026-07-20 2026-07-20T10:00:00.000Z 1→2 open 303350/4276/10200",
            "fi-03 2026-09-01 2026-09-01T10:00:00.000Z 2→16 open 303350/8028/10200",
            "fi-04 2026-06-20 2026-06-20T10:00:00.000Z 0→1 open 18828/93/500",
            "fi-04 2026-07-20 2026-07-20T10:00:00.000Z 1→2 open 18828/240/2900",
            "fi-04 2026-09-01 2026-09-01T10:00:00.000Z 2→16 open 18828/451/2900",
            "fi-05 2026-06-20 2026-06-20T10:00:00.000Z 0→1 open 485550/2654/1200",
            "fi-05 2026-07-20 2026-07-20T10:00:00.000Z 1→2 open 485550/6844/10200",
            "fi-05 2026-09-01 2026-09-01T10:00:00.000Z 2→16 open 485550/12850/10200",
            "fi-06 2026-06-20 2026-06-20T10:00:00.000Z 0→1 open 26242/130/500",
            "fi-06 2026-07-20 2026-07-20T10:00:00.000Z 1→2 open 26242/335/2900",
            "fi-06 2026-09-01 2026-09-01T10:00:00.000Z 2→16 open 26242/629/2900",
            "fi-07 2026-06-20 2026-06-20T10:00:00.000Z 0→1 open 667750/3650/1200",
            "fi-07 2026-07-20 2026-07-20T10:00:00.000Z 1→2 open 667750/9413/10200",
            "fi-07 2026-09-01 2026-09-01T10:00:00.000Z 2→16 open 667750/17673/10200",
            "fi-08 2026-06-20 2026-06-20T10:00:00.000Z 0→1 open 33656/166/500",
            "fi-08 2026-07-20 2026-07-20T10:00:00.000Z 1→2 open 33656/429/2900",
            "fi-08 2026-09-01 2026-09-01T10:00:00.000Z 2→16 open 33656/806/2900",
            "fi-09 2026-06-20 2026-06-20T10:00:00.000Z 0→1 open 849950/4646/1200",
            "fi-09 2026-07-20 2026-07-20T10:00:00.000Z 1→2 open 849950/11981/10200",
            "fi-09 2026-09-01 2026-09-01T10:00:00.000Z 2→16 open 849950/22495/10200",
            "fi-10 2026-06-20 2026-06-20T10:00:00.000Z 0→1 open 41070/203/500",
            "fi-10 2026-07-20 2026-07-20T10:00:00.000Z 1→2 open 41070/524/2900",
            "fi-10 2026-09-01 2026-09-01T10:00:00.000Z 2→16 open 41070/984/2900",
            "fi-11 2026-06-20 2026-06-20T10:00:00.000Z 0→1 open 1032150/5641/1200",
            "fi-11 2026-07-20 2026-07-20T10:00:00.000Z 1→2 open 1032150/14549/12200",
            "fi-11 2026-09-01 2026-09-01T10:00:00.000Z 2→16 open 1032150/27317/12200",
            "fi-12 2026-06-20 2026-06-20T10:00:00.000Z 0→1 open 48484/240/500",
            "fi-12 2026-07-20 2026-07-20T10:00:00.000Z 1→2 open 48484/619/2900",
            "fi-12 2026-09-01 2026-09-01T10:00:00.000Z 2→16 open 48484/1162/2900",
            "fi-13 2026-06-20 2026-06-20T10:00:00.000Z 0→1 open 1214350/6637/1200",
            "fi-13 2026-07-20 2026-07-20T10:00:00.000Z 1→2 open 1214350/17117/12200",
            "fi-13 2026-09-01 2026-09-01T10:00:00.000Z 2→16 open 1214350/32138/12200",
            "fi-14 2026-06-20 2026-06-20T10:00:00.000Z 0→1 open 55898/276/500",
            "fi-14 2026-07-20 2026-07-20T10:00:00.000Z 1→2 open 55898/712/2900",
            "fi-14 2026-09-01 2026-09-01T10:00:00.000Z 2→16 open 55898/1338/2900",
            "fi-15 2026-06-20 2026-06-20T10:00:00.000Z 0→1 open 1396550/7633/1200",
            "fi-15 2026-07-20 2026-07-20T10:00:00.000Z 1→2 open 1396550/19685/12200",
            "fi-15 2026-09-01 2026-09-01T10:00:00.000Z 2→16 open 1396550/36960/12200",
            "fi-16 2026-06-20 2026-06-20T10:00:00.000Z 0→1 open 63211/313/500",
            "fi-16 2026-07-20 2026-07-20T10:00:00.000Z 1→2 open 63211/807/2900",
            "fi-16 2026-09-01 2026-09-01T10:00:00.000Z 2→16 open 63211/1514/2900",
            "fi-17 2026-06-20 2026-06-20T10:00:00.000Z 0→1 open 1578750/8629/1200",
            "fi-17 2026-07-20 2026-07-20T10:00:00.000Z 1→2 open 1578750/22254/12200",
            "fi-17 2026-09-01 2026-09-01T10:00:00.000Z 2→16 open 1578750/41783/12200",
            "fi-18 2026-06-20 2026-06-20T10:00:00.000Z 0→1 open 70613/349/500",
            "fi-18 2026-07-20 2026-07-20T10:00:00.000Z 1→2 open 70613/900/2900",
            "fi-18 2026-09-01 2026-09-01T10:00:00.000Z 2→16 open 70613/1690/2900",
            "fi-19 2026-06-20 2026-06-20T10:00:00.000Z 0→1 open 1760950/9625/1200",
            "fi-19 2026-07-20 2026-07-20T10:00:00.000Z 1→2 open 1760950/24822/12200",
            "fi-19 2026-09-01 2026-09-01T10:00:00.000Z 2→16 open 1760950/46605/12200",
            "fi-20 2026-06-20 2026-06-20T10:00:00.000Z 0→1 open 78014/386/500",
            "fi-20 2026-07-20 2026-07-20T10:00:00.000Z 1→2 open 78014/995/2900",
            "fi-20 2026-09-01 2026-09-01T10:00:00.000Z 2→16 open 78014/1868/2900",
            "fi-21 2026-06-20 2026-06-20T10:00:00.000Z 0→1 open 1943150/10621/1200",
            "fi-21 2026-07-20 2026-07-20T10:00:00.000Z 1→2 open 1943150/27391/12200",
            "fi-21 2026-09-01 2026-09-01T10:00:00.000Z 2→16 open 1943150/51427/12200",
          ],
        },
        "nor-test": {
          "entries": [
            "no-business 2026-06-20 2026-06-20T10:00:00.000Z expenses reminder_fee 3500 null",
            "no-business 2026-06-20 2026-06-20T10:00:00.000Z interest interest 8745 null",
            "no-business 2026-07-20 2026-07-20T10:00:00.000Z expenses collection_fee 10500 null",
            "no-business 2026-07-20 2026-07-20T10:00:00.000Z interest interest 13808 null",
            "no-business 2026-09-01 2026-09-01T10:00:00.000Z interest interest 19792 null",
            "no-consumer 2026-06-20 2026-06-20T10:00:00.000Z expenses reminder_fee 3500 null",
            "no-consumer 2026-06-20 2026-06-20T10:00:00.000Z interest interest 562 null",
            "no-consumer 2026-07-20 2026-07-20T10:00:00.000Z expenses collection_fee 10500 null",
            "no-consumer 2026-07-20 2026-07-20T10:00:00.000Z interest interest 888 null",
            "no-consumer 2026-09-01 2026-09-01T10:00:00.000Z interest interest 1272 null",
          ],
          "events": [
            "no-business 2026-06-20T10:00:00.000Z {"code":1,"currentpaydate":"2026-07-06","documentid":"no-business","expenses":35,"interest":87.45,"invoicenumber":"no-business","opencapital":14000,"paydate":"2026-06-01","status":"Reminder","time":"2026-06-20T10:00:00.000Z"}",
            "no-business 2026-07-20T10:00:00.000Z {"code":2,"currentpaydate":"2026-08-04","documentid":"no-business","expenses":140,"interest":225.53,"invoicenumber":"no-business","opencapital":14000,"paydate":"2026-06-01","status":"Debt collection","time":"2026-07-20T10:00:00.000Z"}",
            "no-business 2026-09-01T10:00:00.000Z {"code":16,"currentpaydate":"2026-08-04","documentid":"no-business","expenses":140,"interest":423.45,"invoicenumber":"no-business","opencapital":14000,"paydate":"2026-06-01","status":"Legal collection consideration","time":"2026-09-01T10:00:00.000Z"}",
            "no-consumer 2026-06-20T10:00:00.000Z {"code":1,"currentpaydate":"2026-07-06","documentid":"no-consumer","expenses":35,"interest":5.62,"invoicenumber":"no-consumer","opencapital":900,"paydate":"2026-06-01","status":"Reminder","time":"2026-06-20T10:00:00.000Z"}",
            "no-consumer 2026-07-20T10:00:00.000Z {"code":2,"currentpaydate":"2026-08-04","documentid":"no-consumer","expenses":140,"interest":14.5,"invoicenumber":"no-consumer","opencapital":900,"paydate":"2026-06-01","status":"Debt collection","time":"2026-07-20T10:00:00.000Z"}",
            "no-consumer 2026-09-01T10:00:00.000Z {"code":16,"currentpaydate":"2026-08-04","documentid":"no-consumer","expenses":140,"interest":27.22,"invoicenumber":"no-consumer","opencapital":900,"paydate":"2026-06-01","status":"Legal collection consideration","time":"2026-09-01T10:00:00.000Z"}",
          ],
          "jobs": [
            "no-business 16 since 2026-09-01 review null due 2026-08-04 send collection open 1400000/42345/14000",
            "no-consumer 16 since 2026-09-01 review null due 2026-08-04 send collection open 90000/2722/14000",
          ],
          "moves": [
            "no-business 2026-06-20 2026-06-20T10:00:00.000Z 0→1 open 1400000/8745/3500",
            "no-business 2026-07-20 2026-07-20T10:00:00.000Z 1→2 open 1400000/22553/14000",
            "no-business 2026-09-01 2026-09-01T10:00:00.000Z 2→16 open 1400000/42345/14000",
            "no-consumer 2026-06-20 2026-06-20T10:00:00.000Z 0→1 open 90000/562/3500",
            "no-consumer 2026-07-20 2026-07-20T10:00:00.000Z 1→2 open 90000/1450/14000",
            "no-consumer 2026-09-01 2026-09-01T10:00:00.000Z 2→16 open 90000/2722/14000",
          ],
        },
        "swe-test": {
          "entries": [
            "se-agreed-fee 2026-06-20 2026-06-20T10:00:00.000Z expenses reminder_fee 5000 null",
            "se-agreed-fee 2026-06-20 2026-06-20T10:00:00.000Z interest interest 416 null",
            "se-agreed-fee 2026-07-20 2026-07-20T10:00:00.000Z expenses collection_fee 18000 null",
            "se-agreed-fee 2026-07-20 2026-07-20T10:00:00.000Z interest interest 658 null",
            "se-agreed-fee 2026-09-01 2026-09-01T10:00:00.000Z interest interest 942 null",
            "se-business 2026-06-20 2026-06-20T10:00:00.000Z interest interest 13014 null",
            "se-business 2026-07-20 2026-07-20T10:00:00.000Z expenses collection_fee 45000 null",
            "se-business 2026-07-20 2026-07-20T10:00:00.000Z interest interest 20548 null",
            "se-business 2026-09-01 2026-09-01T10:00:00.000Z interest interest 29452 null",
            "se-consumer 2026-06-20 2026-06-20T10:00:00.000Z interest interest 625 null",
            "se-consumer 2026-07-20 2026-07-20T10:00:00.000Z expenses collection_fee 18000 null",
            "se-consumer 2026-07-20 2026-07-20T10:00:00.000Z interest interest 986 null",
            "se-consumer 2026-09-01 2026-09-01T10:00:00.000Z interest interest 1414 null",
          ],
          "events": [
            "se-agreed-fee 2026-06-20T10:00:00.000Z {"code":1,"currentpaydate":"2026-07-01","documentid":"se-agreed-fee","expenses":50,"interest":4.16,"invoicenumber":"se-agreed-fee","opencapital":800,"paydate":"2026-06-01","status":"Reminder","time":"2026-06-20T10:00:00.000Z"}",
            "se-agreed-fee 2026-07-20T10:00:00.000Z {"code":2,"currentpaydate":"2026-07-30","documentid":"se-agreed-fee","expenses":230,"interest":10.74,"invoicenumber":"se-agreed-fee","opencapital":800,"paydate":"2026-06-01","status":"Debt collection","time":"2026-07-20T10:00:00.000Z"}",
            "se-agreed-fee 2026-09-01T10:00:00.000Z {"code":16,"currentpaydate":"2026-07-30","documentid":"se-agreed-fee","expenses":230,"interest":20.16,"invoicenumber":"se-agreed-fee","opencapital":800,"paydate":"2026-06-01","status":"Legal collection consideration","time":"2026-09-01T10:00:00.000Z"}",
            "se-business 2026-06-20T10:00:00.000Z {"code":1,"currentpaydate":"2026-07-01","documentid":"se-business","expenses":0,"interest":130.14,"invoicenumber":"se-business","opencapital":25000,"paydate":"2026-06-01","status":"Reminder","time":"2026-06-20T10:00:00.000Z"}",
            "se-business 2026-07-20T10:00:00.000Z {"code":2,"currentpaydate":"2026-07-30","documentid":"se-business","expenses":450,"interest":335.62,"invoicenumber":"se-business","opencapital":25000,"paydate":"2026-06-01","status":"Debt collection","time":"2026-07-20T10:00:00.000Z"}",
            "se-business 2026-09-01T10:00:00.000Z {"code":16,"currentpaydate":"2026-07-30","documentid":"se-business","expenses":450,"interest":630.14,"invoicenumber":"se-business","opencapital":25000,"paydate":"2026-06-01","status":"Legal collection consideration","time":"2026-09-01T10:00:00.000Z"}",
            "se-consumer 2026-06-20T10:00:00.000Z {"code":1,"currentpaydate":"2026-07-01","documentid":"se-consumer","expenses":0,"interest":6.25,"invoicenumber":"se-consumer","opencapital":1200,"paydate":"2026-06-01","status":"Reminder","time":"2026-06-20T10:00:00.000Z"}",
            "se-consumer 2026-07-20T10:00:00.000Z {"code":2,"currentpaydate":"2026-07-30","documentid":"se-consumer","expenses":180,"interest":16.11,"invoicenumber":"se-consumer","opencapital":1200,"paydate":"2026-06-01","status":"Debt collection","time":"2026-07-20T10:00:00.000Z"}",
            "se-consumer 2026-09-01T10:00:00.000Z {"code":16,"currentpaydate":"2026-07-30","documentid":"se-consumer","expenses":180,"interest":30.25,"invoicenumber":"se-consumer","opencapital":1200,"paydate":"2026-06-01","status":"Legal collection consideration","time":"2026-09-01T10:00:00.000Z"}",
          ],
          "jobs": [
            "se-agreed-fee 16 since 2026-09-01 review null due 2026-07-30 send collection open 80000/2016/23000",
            "se-business 16 since 2026-09-01 review null due 2026-07-30 send collection open 2500000/63014/45000",
            "se-consumer 16 since 2026-09-01 review null due 2026-07-30 send collection open 120000/3025/18000",
          ],
          "moves": [
            "se-agreed-fee 2026-06-20 2026-06-20T10:00:00.000Z 0→1 open 80000/416/5000",
            "se-agreed-fee 2026-07-20 2026-07-20T10:00:00.000Z 1→2 open 80000/1074/23000",
            "se-agreed-fee 2026-09-01 2026-09-01T10:00:00.000Z 2→16 open 80000/2016/23000",
            "se-business 2026-06-20 2026-06-20T10:00:00.000Z 0→1 open 2500000/13014/0",
            "se-business 2026-07-20 2026-07-20T10:00:00.000Z 1→2 open 2500000/33562/45000",
            "se-business 2026-09-01 2026-09-01T10:00:00.000Z 2→16 open 2500000/63014/45000",
            "se-consumer 2026-06-20 2026-06-20T10:00:00.000Z 0→1 open 120000/625/0",
            "se-consumer 2026-07-20 2026-07-20T10:00:00.000Z 1→2 open 120000/1611/18000",
            "se-consumer 2026-09-01 2026-09-01T10:00:00.000Z 2→16 open 120000/3025/18000",
          ],
        },
      }
    `);
  });
});
