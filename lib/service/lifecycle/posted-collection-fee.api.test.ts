import { beforeAll, describe, expect, it } from "vitest";

import { GET as getPdf } from "@/app/rest/jobs/[jobid]/pdf/route";
import { POST as postStatus } from "@/app/rest/jobs/[jobid]/status/route";
import { POST as postJobsRoute } from "@/app/rest/jobs/route";
import { POST as postClock } from "@/app/rest/testing/clock/route";
import { POST as testingPayment } from "@/app/rest/testing/payments/route";
import { getDb } from "@/lib/db/client";
import { environment as environmentById, type EnvironmentId } from "@/lib/spec/environments";
import { lcstatusMessageSchema } from "@/lib/spec/events";
import type { JobsResponse } from "@/lib/spec/jobs";
import { collection, envelope } from "@/lib/testing/jobs";
import { pdfPageTexts } from "@/lib/testing/pdf-reading";
import { call, json, profileWithToken } from "@/lib/testing/rest";

import { systemClock, today } from "../../platform/clock";
import { addDays } from "../calendar/dates";
import { formatMoney } from "../documents/pdf/format";
import { documentTexts } from "../documents/texts";

import { collectionMayBeginOn } from "./rules";

/*
 * A job posted as collection (2) is charged its collection letter's fee as the sweep's own collection
 * letter is (lifecycle/posted-fee.ts postedCollectionFee): booked on the case the day its letter is
 * made available, printed on the letter, counted in its events, and settled by the printed total.
 */

type Profile = { id: string; cid: string; token: string };
const profiles = new Map<TestEnvironment, Profile>();

beforeAll(async () => {
  for (const environment of ["fin-test", "swe-test", "nor-test"] as const) profiles.set(environment, await profileWithToken(environment));
});

type TestEnvironment = Extract<EnvironmentId, `${string}-test`>;

const ADDRESS: Record<TestEnvironment, Record<string, string>> = {
  "fin-test": { billcode: "12345672" },
  "swe-test": { postcode: "111 22", city: "Stockholm", address: "Storgatan 1", billcode: "1234567897" },
  "nor-test": { postcode: "0150", city: "Oslo", address: "Karl Johans gate 1", billcode: "1234567897" },
};

const dayOf = (environment: TestEnvironment) => today(systemClock, environmentById(environment).rules.timeZone);
const job = (id: number) => getDb().job.findUniqueOrThrow({ where: { id } });
const fees = async (id: number) =>
  (await getDb().caseEntry.findMany({ where: { jobId: id, component: "expenses" }, orderBy: { id: "asc" } })).map((entry) => [
    entry.kind,
    entry.amount,
    entry.date,
  ]);

async function post(environment: TestEnvironment, item: Record<string, unknown>, query = ""): Promise<number> {
  const body = await json<JobsResponse>(
    await call(postJobsRoute, `/${environment}/rest/jobs${query}`, {
      body: envelope(collection({ ...ADDRESS[environment], ...item })),
      token: profiles.get(environment)!.token,
    }),
  );
  expect(body.result[0], JSON.stringify(body.errors)).toMatchObject({ accepted: 1 });
  return body.result[0]!.jobid!;
}

async function letterOf(environment: TestEnvironment, id: number): Promise<string> {
  const response = await call(getPdf, `/${environment}/rest/jobs/${id}/pdf`, { method: "GET", token: profiles.get(environment)!.token });
  expect(response.status).toBe(200);
  return (await pdfPageTexts(new Uint8Array(await response.arrayBuffer()))).join(" ");
}

const consumer = { customertype: "2", person: "Maija Meikäläinen", company: null };
const business = { customertype: "1", person: null, company: "Velallinen Oy" };

// Each with its source: the fee is the one the sweep's own collection letter charges (rules.ts).
const CASES: { name: string; environment: TestEnvironment; debtor: Record<string, unknown>; noticefee: string | null; fee: bigint; label: string }[] = [
  // 513/1999 10 a § 1 mom. 2 kohta: a payment demand of a consumer claim of 100–1 000 €, 24 €.
  { name: "a Finnish consumer's payment demand", environment: "fin-test", debtor: consumer, noticefee: "5.00", fee: 2400n, label: "Maksuvaatimuskulu" },
  // 513/1999 10 e § as amended by 299/2022: a collector's payment demand of a business claim up to 500 €, 50 €.
  { name: "a Finnish business debtor's payment demand", environment: "fin-test", debtor: business, noticefee: null, fee: 5000n, label: "Maksuvaatimuskulu" },
  // Lag (1981:739) 4 § 2 as amended by SFS 2013:56: an inkassokrav, at most 180 kr.
  { name: "a Swedish consumer's inkassokrav", environment: "swe-test", debtor: consumer, noticefee: null, fee: 18_000n, label: "Inkassoavgift" },
  // Lag 1981:739 4 a §, 6 §: 450 kr förseningsersättning, less the 60 kr påminnelseavgift posted with the job.
  { name: "a Swedish business debtor's inkassokrav", environment: "swe-test", debtor: business, noticefee: "60", fee: 39_000n, label: "Förseningsersättning" },
  // Inkassoforskriften § 1-2: a betalingsoppfordring, 3/20 of the inkassosats of 700 kr.
  {
    name: "a Norwegian betalingsoppfordring",
    environment: "nor-test",
    debtor: consumer,
    noticefee: null,
    fee: 10_500n,
    label: "Gebyr for betalingsoppfordring",
  },
];

describe("a job posted as collection", () => {
  it.each(CASES)("charges $name its fee at intake, prints it and counts it in the opening lcstatus", async ({ environment, debtor, noticefee, fee, label }) => {
    const day = dayOf(environment);
    // The inkassovarsel long enough ago that a Norwegian collection may begin today.
    const id = await post(environment, {
      ...debtor,
      noticedate: addDays(day, -30),
      billdate: addDays(day, -74),
      paydate: addDays(day, -60),
      noticefee,
      billnum: `PCF-${environment}-${debtor.customertype}`,
    });
    const posted = noticefee === null ? 0n : BigInt(Math.round(Number(noticefee) * 100));
    expect(await job(id)).toMatchObject({ jobstatus: 2, openCapital: 15_050n, openExpenses: posted + fee });
    expect(await fees(id)).toEqual([...(posted > 0n ? [["posted_fee", posted, day]] : []), ["collection_fee", fee, day]]);
    const [opening] = await getDb().event.findMany({ where: { jobId: id, type: "lcstatus" }, orderBy: { seq: "asc" } });
    expect(lcstatusMessageSchema.parse(opening!.message)).toMatchObject({ code: 2, expenses: Number(posted + fee) / 100 });
    const locale = documentTexts("fin", environmentById(environment).country).locale;
    const text = await letterOf(environment, id);
    expect(text).toContain(`${label} ${formatMoney(fee, locale)}`);
  });

  it("is settled by its letter's printed total, its fee taken with the costs", async () => {
    // No late-payment interest agreed (0 %): the total is the capital and the fees, whatever day it is paid.
    const id = await post("fin-test", { ...consumer, noticefee: "5.00", overdueinterest: "0", billnum: "PCF-PAID" });
    const text = await letterOf("fin-test", id);
    // 150.50 € capital, the 5 € posted reminder fee and the demand's 24 €.
    expect(text).toContain("Maksettava yhteensä 179,50 EUR");
    const paid = await call(testingPayment, "/fin-test/rest/testing/payments", {
      body: { jobid: id, amount: "179.50" },
      token: profiles.get("fin-test")!.token,
    });
    expect(paid.status).toBe(201);
    expect(await json(paid)).toMatchObject({ status: "booked", unallocated: 0, amountbreakdown: { capital: 150.5, interest: 0, expenses: 29 } });
    expect(await job(id)).toMatchObject({ openCapital: 0n, openInterest: 0n, openExpenses: 0n });
  });

  it("charges a Norwegian collection held until the inkassovarsel's term has run on the day it begins, not before", async () => {
    const nor = profiles.get("nor-test")!;
    const day = dayOf("nor-test");
    const noticedate = addDays(day, -5);
    const from = collectionMayBeginOn("NOR", noticedate)!;
    const id = await post("nor-test", { ...consumer, noticedate, billdate: addDays(noticedate, -44), paydate: addDays(noticedate, -30), billnum: "PCF-HELD" });
    expect(await job(id)).toMatchObject({ phaseSince: null, openExpenses: 0n });
    expect(await fees(id)).toEqual([]);
    // Its letter, shown before it goes, already names the fee it will be charged with it.
    expect(await letterOf("nor-test", id)).toContain(`Gebyr for betalingsoppfordring ${formatMoney(10_500n, "nb-NO")}`);

    const moved = await call(postClock, "/nor-test/rest/testing/clock", { body: { days: 13 }, token: nor.token });
    expect(moved.status).toBe(200);
    const reached = (await json<{ today: string }>(moved)).today;
    expect(reached).toBe(from);
    expect(await job(id)).toMatchObject({ phaseSince: from, openExpenses: 10_500n });
    expect(await fees(id)).toEqual([["collection_fee", 10_500n, from]]);
    const begun = await getDb().event.findMany({ where: { jobId: id, type: "lcstatus" }, orderBy: { seq: "asc" } });
    expect(lcstatusMessageSchema.parse(begun.at(-1)!.message)).toMatchObject({ code: 2, collectionbegins: from, expenses: 105 });
  });

  it("charges an approved draft on the day it is approved, and a draft nothing", async () => {
    const id = await post("fin-test", { ...business, billnum: "PCF-DRAFT" }, "?draft=true");
    expect(await job(id)).toMatchObject({ jobstatus: 11, openExpenses: 0n });
    const approved = await call(postStatus, `/fin-test/rest/jobs/${id}/status`, { body: { action: "approve" }, token: profiles.get("fin-test")!.token });
    expect(approved.status).toBe(200);
    expect(await job(id)).toMatchObject({ jobstatus: 2, openExpenses: 5000n });
    expect(await fees(id)).toEqual([["collection_fee", 5000n, dayOf("fin-test")]]);
    const moves = await getDb().event.findMany({ where: { jobId: id, type: "lcstatus" }, orderBy: { seq: "asc" } });
    expect(lcstatusMessageSchema.parse(moves.at(-1)!.message)).toMatchObject({ code: 2, expenses: 50 });
  });
});
