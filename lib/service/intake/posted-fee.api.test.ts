import { beforeAll, describe, expect, it } from "vitest";

import { GET as getPdf } from "@/app/rest/jobs/[jobid]/pdf/route";
import { POST as postStatus } from "@/app/rest/jobs/[jobid]/status/route";
import { POST as postJobsRoute } from "@/app/rest/jobs/route";
import { POST as testingPayment } from "@/app/rest/testing/payments/route";
import { getDb } from "@/lib/db/client";
import { lcstatusMessageSchema } from "@/lib/spec/events";
import type { JobsResponse } from "@/lib/spec/jobs";
import { collection, envelope, reminder } from "@/lib/testing/jobs";
import { pdfPageTexts } from "@/lib/testing/pdf-reading";
import { call, json, profileWithToken } from "@/lib/testing/rest";

import { fixedClock, systemClock, today } from "../../platform/clock";
import { addDays } from "../calendar/dates";
import { sweepLifecycle } from "../lifecycle/sweep-lifecycle";

/*
 * The fee a reminder or collection job is posted with (`noticefee`) is printed on its letter and
 * booked on its case at intake, as a fee the service charged itself (lifecycle/posted-fee.ts): the
 * letter's total settles the case, a Swedish business debtor's förseningsersättning counts it, and
 * one above the law's caps is refused.
 */

type Profile = { id: string; cid: string; token: string };
let fin: Profile;
let swe: Profile;

beforeAll(async () => {
  fin = await profileWithToken("fin-test");
  swe = await profileWithToken("swe-test");
});

async function post(profile: Profile, environment: "fin-test" | "swe-test", query: string, ...dataset: unknown[]): Promise<JobsResponse> {
  return json<JobsResponse>(await call(postJobsRoute, `/${environment}/rest/jobs${query}`, { body: envelope(...dataset), token: profile.token }));
}
const job = (id: number) => getDb().job.findUniqueOrThrow({ where: { id } });
const fees = async (id: number) =>
  (await getDb().caseEntry.findMany({ where: { jobId: id, component: "expenses" }, orderBy: { id: "asc" } })).map((entry) => [entry.kind, entry.amount]);
const helsinki = () => today(systemClock, "Europe/Helsinki");
const swedish = {
  postcode: "111 22",
  city: "Stockholm",
  address: "Storgatan 1",
  billcode: "1234567897",
  customertype: "1",
  person: null,
  company: "Gäldenär AB",
};

describe("a fee posted with a reminder or collection job", () => {
  it("is booked on the case at intake, as an expense with its ledger entry, and the opening lcstatus counts it", async () => {
    const answer = await post(
      fin,
      "fin-test",
      "",
      reminder({ ownref: "posted-fee-1", billnum: "POSTED-FEE-1", customertype: "2", person: "Maija Meikäläinen", company: null, noticefee: "5.00" }),
    );
    const id = answer.result[0]!.jobid!;
    expect(await job(id)).toMatchObject({ jobstatus: 1, openCapital: 15_050n, openInterest: 0n, openExpenses: 500n });
    const entries = await getDb().caseEntry.findMany({ where: { jobId: id } });
    expect(entries.map((entry) => ({ component: entry.component, kind: entry.kind, amount: entry.amount, date: entry.date }))).toEqual([
      { component: "expenses", kind: "posted_fee", amount: 500n, date: helsinki() },
    ]);
    const [opening] = await getDb().event.findMany({ where: { jobId: id, type: "lcstatus" }, orderBy: { seq: "asc" } });
    expect(lcstatusMessageSchema.parse(opening!.message)).toMatchObject({ code: 1, opencapital: 150.5, expenses: 5 });
  });

  it("is paid with the letter's printed total, which closes the case with nothing left over", async () => {
    // No late-payment interest agreed (0 %): the letter's total is the capital and the fee, whatever day it is paid.
    const answer = await post(
      fin,
      "fin-test",
      "",
      reminder({
        ownref: "posted-fee-2",
        billnum: "POSTED-FEE-2",
        customertype: "2",
        person: "Maija Meikäläinen",
        company: null,
        noticefee: "5.00",
        overdueinterest: "0",
      }),
    );
    const id = answer.result[0]!.jobid!;
    const pdf = await call(getPdf, `/fin-test/rest/jobs/${id}/pdf`, { method: "GET", token: fin.token });
    const letter = (await pdfPageTexts(new Uint8Array(await pdf.arrayBuffer()))).join(" ");
    expect(letter).toContain("155,50");

    const paid = await call(testingPayment, "/fin-test/rest/testing/payments", { body: { jobid: id, amount: "155.50" }, token: fin.token });
    expect(paid.status).toBe(201);
    expect(await json(paid)).toMatchObject({ status: "booked", unallocated: 0, amountbreakdown: { capital: 150.5, interest: 0, expenses: 5 } });
    expect(await job(id)).toMatchObject({ jobstatus: 101, openCapital: 0n, openInterest: 0n, openExpenses: 0n });
  });

  it("counts a Swedish business debtor's posted påminnelseavgift into the 450 kr förseningsersättning: collection adds only the rest", async () => {
    const answer = await post(swe, "swe-test", "", reminder({ ...swedish, ownref: "posted-fee-se", billnum: "POSTED-FEE-SE", noticefee: 60 }));
    const id = answer.result[0]!.jobid!;
    const reminded = await job(id);
    expect(reminded).toMatchObject({ jobstatus: 1, openExpenses: 6000n });
    await sweepLifecycle(getDb(), fixedClock(`${addDays(reminded.currentPaydate!, 5)}T10:00:00Z`), { environment: "swe-test", profileId: swe.id });
    // 60 kr posted, 390 kr at collection: 450 kr in all (lag 1981:739 4 a §, 6 §), not 510.
    expect(await job(id)).toMatchObject({ jobstatus: 2, openExpenses: 45_000n });
    expect(await fees(id)).toEqual([
      ["posted_fee", 6000n],
      ["collection_fee", 39_000n],
    ]);
  });

  it("is refused above the reminder fees the law allows, with the cap and the law named on the member", async () => {
    const answer = await post(
      fin,
      "fin-test",
      "",
      // One dated reminder of a Finnish consumer claim: 5 € (513/1999 10 a §); two: 10 €.
      collection({ ownref: "posted-fee-high", billnum: "POSTED-FEE-HIGH", customertype: "2", person: "Maija Meikäläinen", company: null, noticefee: "10.00" }),
      collection({
        ownref: "posted-fee-two",
        billnum: "POSTED-FEE-TWO",
        customertype: "2",
        person: "Maija Meikäläinen",
        company: null,
        noticefee: "10.00",
        noticedate2: "2026-10-15",
      }),
    );
    expect(answer.result.map((result) => result.accepted)).toEqual([0, 1]);
    expect(answer.errors).toEqual([
      expect.objectContaining({
        index: 0,
        field: "noticefee",
        code: "invalid",
        rule: "atMostReminderFees",
        params: expect.objectContaining({ max: "5.00", reminders: "1" }),
      }),
    ]);
    // The 10 € posted, and the payment demand's own 24 € (513/1999 10 a §, capital up to 1 000 €; lifecycle/posted-fee.ts postedCollectionFee).
    expect(await job(answer.result[1]!.jobid!)).toMatchObject({ openExpenses: 3400n });
    expect(await fees(answer.result[1]!.jobid!)).toEqual([
      ["posted_fee", 1000n],
      ["collection_fee", 2400n],
    ]);

    const swedishHigh = await post(
      swe,
      "swe-test",
      "",
      reminder({ ...swedish, ownref: "posted-fee-se-high", billnum: "POSTED-FEE-SE-HIGH", noticefee: "95.00" }),
    );
    expect(swedishHigh.errors).toEqual([expect.objectContaining({ field: "noticefee", params: expect.objectContaining({ max: "60.00" }) })]);
  });

  it("is covered by a plan of instalments of an amount, with the capital", async () => {
    const due = addDays(helsinki(), 30);
    const answer = await post(
      fin,
      "fin-test",
      "",
      reminder({
        ownref: "posted-fee-plan",
        billnum: "POSTED-FEE-PLAN",
        noticefee: "12.00",
        overdueinterest: "0",
        billdate: addDays(due, -14),
        paydate: due,
        payplanamount: "100.00",
        payplancount: 2,
      }),
    );
    const id = answer.result[0]!.jobid!;
    // The first instalment, paid early: the fee goes first, then 88 € of the capital.
    const paid = await call(testingPayment, "/fin-test/rest/testing/payments", { body: { jobid: id, amount: "100.00" }, token: fin.token });
    expect(await json(paid)).toMatchObject({ unallocated: 0, amountbreakdown: { expenses: 12, capital: 88 } });
    // Past the first instalment's grace days 62.50 € is open: the second instalment is 62.50 € (100 € and the rest of 162.50 €), so the plan is kept.
    await sweepLifecycle(getDb(), fixedClock(`${addDays(due, 20)}T10:00:00Z`), { environment: "fin-test", profileId: fin.id });
    expect(await job(id)).toMatchObject({ jobstatus: 41, openCapital: 6250n, openExpenses: 0n });
  });

  it("is taken off again with the capital when its draft is discarded", async () => {
    const answer = await post(fin, "fin-test", "?draft=true", reminder({ ownref: "posted-fee-draft", billnum: "POSTED-FEE-DRAFT", noticefee: "12.00" }));
    const id = answer.result[0]!.jobid!;
    expect(await job(id)).toMatchObject({ jobstatus: 11, openCapital: 15_050n, openExpenses: 1200n });
    const discarded = await call(postStatus, `/fin-test/rest/jobs/${id}/status`, { body: { action: "discard" }, token: fin.token });
    expect(discarded.status).toBe(200);
    expect(await job(id)).toMatchObject({ jobstatus: 102, openCapital: 0n, openExpenses: 0n });
    expect(await fees(id)).toEqual([
      ["posted_fee", 1200n],
      ["discarded", -1200n],
    ]);
  });
});
