import { describe, expect, it } from "vitest";

import { GET as getPdf } from "@/app/rest/jobs/[jobid]/pdf/route";
import { POST as postStatus } from "@/app/rest/jobs/[jobid]/status/route";
import { POST as postJobsRoute } from "@/app/rest/jobs/route";
import { POST as postClock } from "@/app/rest/testing/clock/route";
import { getDb } from "@/lib/db/client";
import { environment } from "@/lib/spec/environments";
import type { JobsResponse } from "@/lib/spec/jobs";
import { collection, envelope } from "@/lib/testing/jobs";
import { pdfPageTexts } from "@/lib/testing/pdf-reading";
import { call, json, profileWithToken } from "@/lib/testing/rest";

import { systemClock, today } from "../../platform/clock";
import { addDays } from "../calendar/dates";
import { distributeDocuments } from "../distribution/distribute-documents";

import { postedNoticeDue } from "./decide-step";
import { collectionMayBeginOn } from "./rules";

/*
 * A job posted straight to collection in Norway: inkassoloven § 9 lets collection begin only once the
 * inkassovarsel's 14 days have run, so one posted sooner is held, its betalingsoppfordring unsent,
 * until the day it may begin (lifecycle/rules.ts collectionMayBeginOn), and goes then.
 */

const oslo = () => today(systemClock, environment("nor-test").rules.timeZone);

async function post(token: string, noticedate: string, billnum: string, more: Record<string, string> = {}): Promise<number> {
  const item = collection({
    noticedate,
    billnum,
    postcode: "0150",
    city: "Oslo",
    billcode: "1234567897",
    billdate: addDays(noticedate, -44),
    paydate: addDays(noticedate, -30),
    ...more,
  });
  const body = await json<JobsResponse>(await call(postJobsRoute, "/nor-test/rest/jobs", { body: envelope(item), token }));
  expect(body.result[0]).toMatchObject({ accepted: 1 });
  return body.result[0]!.jobid!;
}

const job = (id: number) => getDb().job.findUniqueOrThrow({ where: { id } });
const letters = async (id: number) => (await getDb().dispatch.findMany({ where: { jobId: id } })).map((dispatch) => dispatch.document);
const advance = (token: string, days: number) => call(postClock, "/nor-test/rest/testing/clock", { body: { days }, token });
const lcstatuses = async (id: number) =>
  (await getDb().event.findMany({ where: { jobId: id, type: "lcstatus" }, orderBy: { seq: "asc" } })).map((event) => event.message as Record<string, unknown>);
/** A date as the Norwegian letter prints it. */
const printed = (date: string) => date.split("-").reverse().join(".");

async function pdfText(token: string, id: number): Promise<string> {
  const response = await call(getPdf, `/nor-test/rest/jobs/${id}/pdf`, { method: "GET", token });
  expect(response.status).toBe(200);
  return (await pdfPageTexts(new Uint8Array(await response.arrayBuffer()))).join(" ");
}

describe("a Norwegian collection posted before the inkassovarsel's term has run", () => {
  it("is held, sends no betalingsoppfordring before the term and grace days have run, and sends it on the day they have", async () => {
    const mine = await profileWithToken("nor-test");
    const noticedate = addDays(oslo(), -5);
    const from = collectionMayBeginOn("NOR", noticedate)!;
    expect(from).toBe(addDays(noticedate, 18));
    const id = await post(mine.token, noticedate, "NO-HELD-1");
    expect(await job(id)).toMatchObject({ jobstatus: 2, phaseSince: null, pendingDocument: null, reviewOn: from });

    // Shown before it goes, the letter is dated the day it may go and counts its term from then.
    const due = postedNoticeDue("NOR", 2, addDays(noticedate, -30), from);
    const preview = await pdfText(mine.token, id);
    expect(preview).toContain(printed(from));
    expect(preview).toContain(printed(due));

    // Day 14 after the varsel (its term's last day) and up to the day before collection may begin: nothing sent.
    expect((await advance(mine.token, 9)).status).toBe(200);
    expect(await letters(id)).toEqual([]);
    expect((await advance(mine.token, 3)).status).toBe(200);
    expect(addDays(oslo(), 12)).toBe(addDays(from, -1));
    expect(await letters(id)).toEqual([]);
    expect(await job(id)).toMatchObject({ phaseSince: null, pendingDocument: null });

    // The day it may begin: the case starts and its letter goes, with the term counted from that day.
    expect((await advance(mine.token, 1)).status).toBe(200);
    expect(await letters(id)).toEqual(["original"]);
    expect(await job(id)).toMatchObject({ jobstatus: 2, phaseSince: from, currentPaydate: due });
    await distributeDocuments(getDb(), systemClock);
    expect(await getDb().dispatch.findMany({ where: { jobId: id }, select: { status: true } })).toEqual([{ status: "delivered" }]);
    const sent = await pdfText(mine.token, id);
    expect(sent).toContain(printed(from));
    expect(sent).toContain(printed(due));
    expect(sent).toContain(printed(noticedate));

    // Nothing sends it twice.
    expect((await advance(mine.token, 5)).status).toBe(200);
    expect(await letters(id)).toEqual(["original"]);
    // Days later its PDF is still the letter as it went, not one dated today with a due date drawn anew.
    const later = await pdfText(mine.token, id);
    expect(later).toBe(sent);
    expect(later).not.toContain(printed(addDays(from, 5)));
  });

  it("tells the receiver at intake which day collection begins, and tells it again with the letter's due date on that day", async () => {
    const mine = await profileWithToken("nor-test");
    const noticedate = addDays(oslo(), -5);
    const from = collectionMayBeginOn("NOR", noticedate)!;
    const id = await post(mine.token, noticedate, "NO-EVENT-1");
    expect(await lcstatuses(id)).toEqual([expect.objectContaining({ code: 2, collectionbegins: from, currentpaydate: addDays(noticedate, -30) })]);

    // Nothing more while it waits.
    expect((await advance(mine.token, 12)).status).toBe(200);
    expect(await lcstatuses(id)).toHaveLength(1);

    // The day it begins: code 2 again, with that day and the due date its letter prints.
    expect((await advance(mine.token, 1)).status).toBe(200);
    const due = postedNoticeDue("NOR", 2, addDays(noticedate, -30), from);
    const events = await lcstatuses(id);
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({ code: 2, collectionbegins: from, currentpaydate: due, jobid: id, invoicenumber: "NO-EVENT-1" });

    // One whose varsel's term has run begins at once and says nothing of it.
    const old = await post(mine.token, addDays(oslo(), -20), "NO-EVENT-2");
    expect(await lcstatuses(old)).toEqual([expect.objectContaining({ code: 2 })]);
    expect((await lcstatuses(old))[0]).not.toHaveProperty("collectionbegins");
  });

  it("tells the day collection begins when a case posted on hold is released before it", async () => {
    const mine = await profileWithToken("nor-test");
    const noticedate = addDays(oslo(), -5);
    const from = collectionMayBeginOn("NOR", noticedate)!;
    const id = await post(mine.token, noticedate, "NO-EVENT-3", { putonhold: "1" });
    await call(postStatus, `/nor-test/rest/jobs/${id}/status`, { body: { action: "release" }, token: mine.token });
    const events = await lcstatuses(id);
    expect(events.map((event) => event.code)).toEqual([100, 2]);
    expect(events[0]).not.toHaveProperty("collectionbegins");
    expect(events[1]).toMatchObject({ collectionbegins: from });
  });

  it("starts at once when the varsel was sent long enough before", async () => {
    const mine = await profileWithToken("nor-test");
    const noticedate = addDays(oslo(), -20);
    const id = await post(mine.token, noticedate, "NO-OLD-1");
    expect(await job(id)).toMatchObject({
      jobstatus: 2,
      phaseSince: oslo(),
      pendingDocument: "original",
      currentPaydate: postedNoticeDue("NOR", 2, addDays(noticedate, -30), oslo()),
    });
  });

  it("holds one posted on hold too: released before the day, it waits for the day, and its letter goes once", async () => {
    const mine = await profileWithToken("nor-test");
    const noticedate = addDays(oslo(), -5);
    const from = collectionMayBeginOn("NOR", noticedate)!;
    const id = await post(mine.token, noticedate, "NO-HOLD-1", { putonhold: "1" });
    expect(await job(id)).toMatchObject({ jobstatus: 100, pendingDocument: null, reviewOn: null });
    const released = await call(postStatus, `/nor-test/rest/jobs/${id}/status`, { body: { action: "release" }, token: mine.token });
    expect(await json(released)).toMatchObject({ code: 2 });
    expect((await advance(mine.token, 3)).status).toBe(200);
    expect(await letters(id)).toEqual([]);
    expect(await job(id)).toMatchObject({ jobstatus: 2, phaseSince: null, reviewOn: from });
    expect((await advance(mine.token, 15)).status).toBe(200);
    expect(await letters(id)).toEqual(["original"]);
    expect(await job(id)).toMatchObject({ phaseSince: from });
  });

  it("refuses one the customer prints itself while the term runs, on noticedate naming the day it may be posted, and takes it from that day", async () => {
    const mine = await profileWithToken("nor-test");
    const noticedate = addDays(oslo(), -5);
    const from = collectionMayBeginOn("NOR", noticedate)!;
    const item = collection({ noticedate, billnum: "NO-PRINT-1", postcode: "0150", city: "Oslo", billcode: "1234567897", sendtype: "print" });
    const refused = await call(postJobsRoute, "/nor-test/rest/jobs", { body: envelope(item), token: mine.token });
    expect(refused.status).toBe(422);
    const body = await json<JobsResponse>(refused);
    expect(body.errors).toEqual([
      expect.objectContaining({
        index: 0,
        field: "noticedate",
        code: "invalid",
        message: expect.stringContaining(from),
        // A rule of the catalogue, so the portal says it in the clerk's language.
        rule: "printedCollectionNotBefore",
        params: { noticedate, from, term: "14", grace: "3", law: "inkassoloven § 9" },
      }),
    ]);
    expect(await getDb().job.count({ where: { billnum: "NO-PRINT-1" } })).toBe(0);

    // On the day collection may begin the same job is taken and starts at once.
    expect((await advance(mine.token, 13)).status).toBe(200);
    const id = await post(mine.token, noticedate, "NO-PRINT-1", { sendtype: "print" });
    expect(await job(id)).toMatchObject({ jobstatus: 2, phaseSince: from });
  });

  it("sends a letter queued at intake only once when a case posted on hold is released", async () => {
    const mine = await profileWithToken("nor-test");
    const noticedate = addDays(oslo(), -20);
    const id = await post(mine.token, noticedate, "NO-HOLD-2", { putonhold: "1" });
    expect(await job(id)).toMatchObject({ jobstatus: 100, pendingDocument: "original" });
    expect((await advance(mine.token, 1)).status).toBe(200);
    await call(postStatus, `/nor-test/rest/jobs/${id}/status`, { body: { action: "release" }, token: mine.token });
    expect((await advance(mine.token, 2)).status).toBe(200);
    expect(await job(id)).toMatchObject({ jobstatus: 2, phaseSince: expect.any(String) });
    expect(await letters(id)).toEqual(["original"]);
    // Its fee (inkassoforskriften § 1-2, 3/20 of 700 kr) charged once, with its letter at intake, not again when it began.
    expect((await getDb().caseEntry.findMany({ where: { jobId: id, kind: "collection_fee" } })).map((entry) => entry.amount)).toEqual([10_500n]);
    expect(await job(id)).toMatchObject({ openExpenses: 10_500n });
  });
});
