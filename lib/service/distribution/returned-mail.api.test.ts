import { beforeAll, describe, expect, it } from "vitest";

import { POST as correct } from "@/app/rest/jobs/[jobid]/address/route";
import { PATCH as patchDueDate } from "@/app/rest/jobs/[jobid]/duedate/route";
import { POST as postStatus } from "@/app/rest/jobs/[jobid]/status/route";
import { POST as postJobs } from "@/app/rest/jobs/route";
import { POST as returnMail } from "@/app/rest/testing/returnedmail/route";
import { getDb } from "@/lib/db/client";
import { systemClock, today } from "@/lib/platform/clock";
import { deliveryMessageSchema, duedateupdateMessageSchema, lcstatusMessageSchema } from "@/lib/spec/events";
import type { JobsResponse } from "@/lib/spec/jobs";
import { envelope, invoice, reminder } from "@/lib/testing/jobs";
import { caseOf, eventsOf } from "@/lib/testing/payment-cases";
import { call, json, profileWithToken } from "@/lib/testing/rest";

import { fixedClock } from "../../platform/clock";
import { nextBusinessDay } from "../calendar/business-days";
import { addDays } from "../calendar/dates";
import { noticeDue } from "../lifecycle/rules";
import { sweepLifecycle } from "../lifecycle/sweep-lifecycle";

import { distributeDocuments } from "./distribute-documents";

/*
 * The post returns a letter undeliverable: the case waits in address verification (89), after 14
 * days in address error (71); the corrected address sends the letter again with a fresh term and
 * the case goes back to its phase.
 */

let fin: { id: string; cid: string; token: string };
const todayFin = () => today(systemClock, "Europe/Helsinki");

beforeAll(async () => {
  fin = await profileWithToken("fin-test");
});

async function postAndSend(item: Record<string, unknown>): Promise<number> {
  const body = await json<JobsResponse>(await call(postJobs, "/fin-test/rest/jobs", { body: envelope(item), token: fin.token }));
  const jobid = body.result[0]!.jobid!;
  await distributeDocuments(getDb(), systemClock);
  expect(await getDb().dispatch.findFirstOrThrow({ where: { jobId: jobid } })).toMatchObject({ status: "delivered", distributionChannel: "post" });
  return jobid;
}
const returned = (jobid: number, reason?: string) =>
  call(returnMail, "/fin-test/rest/testing/returnedmail", { body: { jobid, ...(reason ? { reason } : {}) }, token: fin.token });
const newAddress = (jobid: number, body: unknown) => call(correct, `/fin-test/rest/jobs/${jobid}/address`, { body, token: fin.token });
/** The lcstatus codes after intake's opening one. */
const codes = async (jobid: number) => (await eventsOf(jobid, "lcstatus")).map((event) => lcstatusMessageSchema.parse(event.message).code);

describe("a letter the post returned", () => {
  it("waits for the address, and the corrected address sends it again with a fresh term", async () => {
    const jobid = await postAndSend(invoice({ ownref: "ret-1", paydate: addDays(todayFin(), 3) }));
    const answer = await returned(jobid, "moved");
    expect(answer.status).toBe(201);
    expect(await json(answer)).toMatchObject({ jobid, document: "original", reason: "moved", code: 89 });
    expect(await getDb().dispatch.findFirstOrThrow({ where: { jobId: jobid } })).toMatchObject({ status: "error", errorCode: "returned_mail" });
    const delivery = (await eventsOf(jobid, "delivery")).map((event) => deliveryMessageSchema.parse(event.message)).at(-1)!;
    expect(delivery).toMatchObject({ status: "error", errors: [{ code: "returned_mail", field: "address", message: "moved" }] });
    expect(await caseOf(jobid)).toMatchObject({ jobstatus: 89, reviewOn: addDays(todayFin(), 14) });
    // Back once: the same letter cannot come back twice.
    expect((await returned(jobid)).status).toBe(409);

    // A postcode the country cannot have is refused and changes nothing.
    const bad = await newAddress(jobid, { address: "Uusi katu 2", postcode: "123", city: "Espoo" });
    expect(bad.status).toBe(400);
    expect(await json(bad)).toMatchObject({ problems: [expect.objectContaining({ field: "postcode" })] });
    expect(await caseOf(jobid)).toMatchObject({ jobstatus: 89, pendingDocument: null });

    const fixed = await newAddress(jobid, { address: "Uusi katu 2", postcode: "02100", city: "Espoo" });
    expect(fixed.status).toBe(200);
    const due = nextBusinessDay("FIN", addDays(todayFin(), 14));
    expect(await json(fixed)).toEqual({ jobid, resent: "original", code: 0, currentpaydate: due, duedatemoved: true });
    const job = await caseOf(jobid);
    // Not looked at until the resend is delivered: the returned letter's day would have it reminded.
    expect(job).toMatchObject({ jobstatus: 0, pendingDocument: "original", currentPaydate: due, reviewOn: null });
    expect(job.data).toMatchObject({ address: "Uusi katu 2", postcode: "02100", city: "Espoo" });
    expect((await eventsOf(jobid, "duedateupdate")).map((event) => duedateupdateMessageSchema.parse(event.message))).toEqual([
      expect.objectContaining({ currentpaydate: due, source: "restapi" }),
    ]);
    expect(await codes(jobid)).toEqual([89, 0]);
    // Well past the reminder day of the new term, the resend still waiting: the debtor has nothing to be reminded of.
    const late = `${addDays(due, 20)}T10:00:00Z`;
    await sweepLifecycle(getDb(), fixedClock(late), { environment: "fin-test" });
    expect(await caseOf(jobid)).toMatchObject({ jobstatus: 0, openExpenses: 0n, reviewOn: null });

    // The letter goes again, to the new address.
    await distributeDocuments(getDb(), systemClock);
    const sent = await getDb().dispatch.findMany({ where: { jobId: jobid }, orderBy: { createdAt: "asc" } });
    expect(sent.map((row) => row.status)).toEqual(["error", "delivered"]);
    // Delivered, it is reminded in its time.
    expect((await caseOf(jobid)).reviewOn).not.toBeNull();
    await sweepLifecycle(getDb(), fixedClock(late), { environment: "fin-test" });
    const reminded = await caseOf(jobid);
    expect(reminded.jobstatus).toBe(1);
    expect(reminded.openExpenses).toBeGreaterThan(0n);
  });

  it("marks the address in error after 14 days unanswered, and a reminder goes back to its phase", async () => {
    const jobid = await postAndSend(reminder({ billnum: "RET-R", ownref: "ret-2", sendtype: "post" }));
    expect(await json(await returned(jobid))).toMatchObject({ document: "original", code: 89, reason: "unknown" });
    await sweepLifecycle(getDb(), fixedClock(`${addDays(todayFin(), 13)}T10:00:00Z`), { environment: "fin-test" });
    expect((await caseOf(jobid)).jobstatus).toBe(89);
    await sweepLifecycle(getDb(), fixedClock(`${addDays(todayFin(), 14)}T10:00:00Z`), { environment: "fin-test" });
    expect(await caseOf(jobid)).toMatchObject({ jobstatus: 71, reviewOn: null, openExpenses: 0n });
    // Nothing moves it on from there but a person.
    await sweepLifecycle(getDb(), fixedClock(`${addDays(todayFin(), 90)}T10:00:00Z`), { environment: "fin-test" });
    expect((await caseOf(jobid)).jobstatus).toBe(71);

    const fixed = await json(await newAddress(jobid, { address: "Postikatu 9 B 12", postcode: "00100", city: "Helsinki" }));
    expect(fixed).toMatchObject({ resent: "original", code: 1, currentpaydate: noticeDue("FIN", "reminder", todayFin()) });
    expect(await codes(jobid)).toEqual([89, 71, 1]);
  });

  it("keeps the 14 days' wait for the address when the due date is moved meanwhile", async () => {
    const jobid = await postAndSend(invoice({ ownref: "ret-7" }));
    await returned(jobid);
    const moved = addDays(todayFin(), 30);
    const patch = await call(patchDueDate, `/fin-test/rest/jobs/${jobid}/duedate`, { method: "PATCH", body: { currentpaydate: moved }, token: fin.token });
    expect(patch.status).toBe(200);
    expect(await caseOf(jobid)).toMatchObject({ jobstatus: 89, currentPaydate: moved, reviewOn: addDays(todayFin(), 14) });
  });

  it("does not pause a case for an earlier letter's return", async () => {
    const jobid = await postAndSend(reminder({ billnum: "RET-C", ownref: "ret-5", sendtype: "post" }));
    // The reminder goes on to collection; the reminder's return comes after the collection letter was queued.
    await sweepLifecycle(getDb(), fixedClock(`${addDays(todayFin(), 40)}T10:00:00Z`), { environment: "fin-test" });
    expect(await caseOf(jobid)).toMatchObject({ jobstatus: 2, pendingDocument: "collection" });
    expect(await json(await returned(jobid))).toMatchObject({ document: "original", code: 2 });
    expect(await caseOf(jobid)).toMatchObject({ jobstatus: 2, pendingDocument: "collection" });
  });

  it("sends again the notice that came back, not the original", async () => {
    const jobid = await postAndSend(reminder({ billnum: "RET-N", ownref: "ret-8", sendtype: "post" }));
    const later = fixedClock(`${addDays(todayFin(), 40)}T10:00:00Z`);
    await sweepLifecycle(getDb(), later, { environment: "fin-test" });
    await distributeDocuments(getDb(), later);
    expect(await getDb().dispatch.findFirstOrThrow({ where: { jobId: jobid, document: "collection" } })).toMatchObject({ status: "delivered" });
    expect(await json(await returned(jobid))).toMatchObject({ document: "collection", code: 89 });
    // The resend finds the returned letter by its dispatch's code, whatever the text says.
    expect(await json(await newAddress(jobid, { address: "Postikatu 9 B 12", postcode: "00100", city: "Helsinki" }))).toMatchObject({ resent: "collection" });
  });

  it("replaces the lines above the street with the corrected address's own", async () => {
    const jobid = await postAndSend(invoice({ ownref: "ret-6", addressaddline1: "c/o Vanha" }));
    await returned(jobid);
    await newAddress(jobid, { address: "Uusi tie 1", addressaddline1: "c/o Uusi", postcode: "00100", city: "Helsinki" });
    expect((await caseOf(jobid)).data).toMatchObject({ address: "Uusi tie 1", addressaddline1: "c/o Uusi" });
  });

  it("takes an address for a case that waits for none without sending anything, and refuses closed cases", async () => {
    const jobid = await postAndSend(invoice({ ownref: "ret-3" }));
    expect(await json(await newAddress(jobid, { address: "Kolmas tie 3", postcode: "33100", city: "Tampere" }))).toMatchObject({
      resent: null,
      code: 0,
      duedatemoved: false,
    });
    expect(await caseOf(jobid)).toMatchObject({ pendingDocument: null });
    await call(postStatus, `/fin-test/rest/jobs/${jobid}/status`, { body: { action: "terminate" }, token: fin.token });
    expect((await newAddress(jobid, { address: "Kolmas tie 3", postcode: "33100", city: "Tampere" })).status).toBe(409);
    expect((await returned(jobid)).status).toBe(201);
    expect((await caseOf(jobid)).jobstatus).toBe(102);
  });

  it("is for letters only, and another profile's job is not found", async () => {
    const body = await json<JobsResponse>(
      await call(postJobs, "/fin-test/rest/jobs", {
        body: envelope(invoice({ ownref: "ret-4", sendtype: "email", email: "a@example.com" })),
        token: fin.token,
      }),
    );
    const jobid = body.result[0]!.jobid!;
    await distributeDocuments(getDb(), systemClock);
    expect((await returned(jobid)).status).toBe(409);
    const other = await profileWithToken("fin-test");
    expect((await call(returnMail, "/fin-test/rest/testing/returnedmail", { body: { jobid }, token: other.token })).status).toBe(404);
    expect(
      (await call(correct, `/fin-test/rest/jobs/${jobid}/address`, { body: { address: "x", postcode: "00100", city: "y" }, token: other.token })).status,
    ).toBe(404);
  });
});
