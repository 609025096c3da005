import { beforeAll, describe, expect, it } from "vitest";

import { PATCH as patchDueDate } from "@/app/rest/jobs/[jobid]/duedate/route";
import { GET as onlineLink } from "@/app/rest/jobs/[jobid]/onlinelink/route";
import { POST as postStatus } from "@/app/rest/jobs/[jobid]/status/route";
import { POST as postJobsRoute } from "@/app/rest/jobs/route";
import { POST as bypassRoute } from "@/app/rest/payments/bypass/route";
import { POST as testingPayment } from "@/app/rest/testing/payments/route";
import { getDb } from "@/lib/db/client";
import { lcstatusMessageSchema } from "@/lib/spec/events";
import type { JobsResponse } from "@/lib/spec/jobs";
import { envelope, invoice, reminder } from "@/lib/testing/jobs";
import { call, json, profileWithToken } from "@/lib/testing/rest";

import { fixedClock, systemClock, today } from "../../platform/clock";
import { addDays } from "../calendar/dates";

import { noticeDue } from "./rules";
import { sweepLifecycle } from "./sweep-lifecycle";

/*
 * Drafts (11: posted with ?draft=true, approved or discarded later) and the debtor's insolvency
 * proceedings (6, 110, 111) and post-collection (17), against a real database.
 */

let fin: { id: string; cid: string; token: string };
const todayFin = () => today(systemClock, "Europe/Helsinki");

beforeAll(async () => {
  fin = await profileWithToken("fin-test");
});

async function post(query: string, ...dataset: unknown[]): Promise<JobsResponse> {
  return json<JobsResponse>(await call(postJobsRoute, `/fin-test/rest/jobs${query}`, { body: envelope(...dataset), token: fin.token }));
}
const act = (id: number, body: unknown) => call(postStatus, `/fin-test/rest/jobs/${id}/status`, { body, token: fin.token });
const job = (id: number) => getDb().job.findUniqueOrThrow({ where: { id } });
const codes = async (id: number) =>
  (await getDb().event.findMany({ where: { jobId: id, type: "lcstatus" }, orderBy: { seq: "asc" } })).map(
    (event) => lcstatusMessageSchema.parse(event.message).code,
  );

describe("drafts", () => {
  it("stores a draft numbered and referenced, sends nothing, and the sweep leaves it alone", async () => {
    const answer = await post("?draft=true", invoice({ ownref: "draft-1" }));
    expect(answer.accepted).toBe(1);
    const [result] = answer.result;
    expect(result).toMatchObject({ accepted: 1, jobstatus: "11", jobtype: "0" });
    expect(result!.billnum).toBeTruthy();
    expect(result!.billcode).toMatch(/^\d+$/);
    const id = result!.jobid!;
    expect(await job(id)).toMatchObject({ jobstatus: 11, pendingDocument: null, reviewOn: null, openCapital: 27_300n });
    expect(await codes(id)).toEqual([11]);

    // Long after its due date nothing has moved: a draft was never sent.
    const far = addDays(todayFin(), 90);
    await sweepLifecycle(getDb(), fixedClock(`${far}T10:00:00Z`), { environment: "fin-test" });
    expect(await job(id)).toMatchObject({ jobstatus: 11, openInterest: 0n, openExpenses: 0n });
    // Nor has the debtor a link to it yet.
    expect((await call(onlineLink, `/fin-test/rest/jobs/${id}/onlinelink`, { method: "GET", token: fin.token })).status).toBe(409);
  });

  it("approves an invoice into 0: its document is sent and the sweep watches its due date", async () => {
    const paydate = addDays(todayFin(), 20);
    const [result] = (await post("?draft=true", invoice({ ownref: "draft-2", paydate }))).result;
    const id = result!.jobid!;
    const approved = await act(id, { action: "approve", note: "checked by Anna" });
    expect(approved.status).toBe(200);
    expect(await json(approved)).toMatchObject({ jobid: id, action: "approve", fromcode: 11, code: 0, reviewon: paydate });
    expect(await job(id)).toMatchObject({ jobstatus: 0, pendingDocument: "original", reviewOn: paydate, currentPaydate: paydate });
    expect(await codes(id)).toEqual([11, 0]);
    const last = await getDb().event.findFirstOrThrow({ where: { jobId: id, type: "lcstatus" }, orderBy: { seq: "desc" } });
    expect(last.message).toMatchObject({ code: 0, note: "checked by Anna" });
    expect((await call(onlineLink, `/fin-test/rest/jobs/${id}/onlinelink`, { method: "GET", token: fin.token })).status).toBe(200);

    // Approved once: a second approval or a discard is no longer possible.
    expect((await act(id, { action: "approve" })).status).toBe(409);
    expect((await act(id, { action: "discard" })).status).toBe(409);
  });

  it("refuses to approve an invoice whose due date has passed until the due date is moved", async () => {
    const [result] = (await post("?draft=true", invoice({ ownref: "draft-3", billdate: "2026-01-02", paydate: "2026-01-16" }))).result;
    const id = result!.jobid!;
    const refused = await act(id, { action: "approve" });
    expect(refused.status).toBe(409);
    expect((await json<{ detail: string }>(refused)).detail).toContain("2026-01-16");
    expect(await job(id)).toMatchObject({ jobstatus: 11, pendingDocument: null });

    const moved = addDays(todayFin(), 14);
    const patch = await call(patchDueDate, `/fin-test/rest/jobs/${id}/duedate`, { method: "PATCH", body: { currentpaydate: moved }, token: fin.token });
    expect(patch.status).toBe(200);
    expect(await job(id)).toMatchObject({ jobstatus: 11, reviewOn: null });
    expect(await json(await act(id, { action: "approve" }))).toMatchObject({ code: 0, reviewon: moved });
  });

  it("starts an approved reminder's term on the day of approval, and a draft on hold on hold", async () => {
    const answer = await post("?draft=true", reminder({ billnum: "DR-R1", ownref: "draft-4" }), invoice({ ownref: "draft-5", putonhold: 1 }));
    const [posted, held] = answer.result.map((row) => row.jobid!);
    expect(await job(posted!)).toMatchObject({ jobstatus: 11, phaseSince: null });

    expect(await json(await act(posted!, { action: "approve" }))).toMatchObject({ code: 1 });
    const due = noticeDue("FIN", "reminder", todayFin());
    expect(await job(posted!)).toMatchObject({ jobstatus: 1, currentPaydate: due, phaseSince: todayFin(), pendingDocument: "original" });

    expect(await json(await act(held!, { action: "approve" }))).toMatchObject({ code: 100, reviewon: null });
    expect(await job(held!)).toMatchObject({ jobstatus: 100, onHold: true, pendingDocument: "original" });
    expect(await json(await act(held!, { action: "release" }))).toMatchObject({ code: 0 });
  });

  it("discards a draft: terminated, its capital written off as discarded, nothing sent", async () => {
    const [result] = (await post("?draft=true", invoice({ ownref: "draft-6" }))).result;
    const id = result!.jobid!;
    expect(await json(await act(id, { action: "discard", note: "wrong customer" }))).toMatchObject({ fromcode: 11, code: 102, reviewon: null });
    expect(await job(id)).toMatchObject({ jobstatus: 102, openCapital: 0n, pendingDocument: null });
    const entries = await getDb().caseEntry.findMany({ where: { jobId: id } });
    expect(entries).toEqual([expect.objectContaining({ kind: "discarded", component: "capital", amount: -27_300n })]);
    expect(await codes(id)).toEqual([11, 102]);
    expect((await act(id, { action: "approve" })).status).toBe(409);
  });

  it("lets a discarded draft's bill number be posted again, corrected, and no other terminated job's", async () => {
    const [draft] = (await post("?draft=true", reminder({ billnum: "DR-AGAIN", ownref: "draft-10" }))).result;
    await act(draft!.jobid!, { action: "discard" });
    const [again] = (await post("", reminder({ billnum: "DR-AGAIN", ownref: "draft-11", amount: "120.00" }))).result;
    expect(again).toMatchObject({ accepted: 1, jobstatus: "1" });
    await act(again!.jobid!, { action: "terminate" });
    // A payment the debtor made directly names the bill number: the job that was sent, not the discarded draft.
    const [discarded] = (await post("?draft=true", reminder({ billnum: "DR-BYPASS", ownref: "draft-14" }))).result;
    await act(discarded!.jobid!, { action: "discard" });
    const [sentJob] = (await post("", reminder({ billnum: "DR-BYPASS", ownref: "draft-15" }))).result;
    const bypass = await call(bypassRoute, "/fin-test/rest/payments/bypass", {
      body: { billnum: "DR-BYPASS", amount: "10.00", paymentdate: todayFin(), type: "payment" },
      token: fin.token,
    });
    expect(bypass.status).toBeLessThan(300);
    expect(await json(bypass)).toMatchObject({ jobid: sentJob!.jobid });
    const [third] = (await post("", reminder({ billnum: "DR-AGAIN", ownref: "draft-12" }))).result;
    expect(third).toMatchObject({ accepted: 0, error: { problems: [expect.objectContaining({ field: "billnum", code: "duplicate" })] } });
  });

  it("keeps money paid to a draft's reference unallocated: nothing is owed before it is sent", async () => {
    const [result] = (await post("?draft=true", invoice({ ownref: "draft-9" }))).result;
    const id = result!.jobid!;
    const paid = await call(testingPayment, "/fin-test/rest/testing/payments", { body: { jobid: id, amount: "273.00" }, token: fin.token });
    expect(paid.status).toBe(201);
    expect(await job(id)).toMatchObject({ jobstatus: 11, openCapital: 27_300n });
    expect(await getDb().payment.findFirstOrThrow({ where: { jobId: id } })).toMatchObject({ unallocated: 27_300n });
  });

  it("refuses approve on a job that is no draft, a bad draft parameter, and a retry that changes draft", async () => {
    const [result] = (await post("", invoice({ ownref: "draft-7" }))).result;
    expect(result).toMatchObject({ jobstatus: "0" });
    const refused = await act(result!.jobid!, { action: "approve" });
    expect(refused.status).toBe(409);
    expect((await json<{ detail: string }>(refused)).detail).toContain("phase 0");

    const bad = await call(postJobsRoute, "/fin-test/rest/jobs?draft=yes", { body: envelope(invoice()), token: fin.token });
    expect(bad.status).toBe(400);
    expect(await json(bad)).toMatchObject({ problems: [expect.objectContaining({ field: "draft" })] });

    const headers = { "idempotency-key": `draft-key-${fin.id}` };
    const first = await call(postJobsRoute, "/fin-test/rest/jobs?draft=true", { body: envelope(invoice({ ownref: "draft-8" })), token: fin.token, headers });
    expect(first.status).toBe(200);
    const changed = await call(postJobsRoute, "/fin-test/rest/jobs", { body: envelope(invoice({ ownref: "draft-8" })), token: fin.token, headers });
    expect(changed.status).toBe(422);
    const again = await call(postJobsRoute, "/fin-test/rest/jobs?draft=true", { body: envelope(invoice({ ownref: "draft-8" })), token: fin.token, headers });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await getDb().job.count({ where: { profileId: fin.id, ownref: "draft-8" } })).toBe(1);
  });
});

describe("insolvency proceedings and post-collection", () => {
  async function reminded(ownref: string): Promise<number> {
    const [result] = (await post("", reminder({ billnum: ownref, ownref }))).result;
    return result!.jobid!;
  }

  it("stops the case in debt rescheduling and returns it with a fresh term when the proceedings end", async () => {
    const id = await reminded("PR-1");
    expect(await json(await act(id, { action: "reschedule", note: "District court application 12 Nov" }))).toMatchObject({
      fromcode: 1,
      code: 6,
      reviewon: null,
    });
    const { openInterest: charged } = await job(id);
    expect(await job(id)).toMatchObject({ jobstatus: 6, reviewOn: null });

    // No step while the proceedings last, and a payment from the plan charges no interest.
    const far = addDays(todayFin(), 120);
    await sweepLifecycle(getDb(), fixedClock(`${far}T10:00:00Z`), { environment: "fin-test" });
    expect(await job(id)).toMatchObject({ jobstatus: 6, openExpenses: 0n });
    const paid = await call(testingPayment, "/fin-test/rest/testing/payments", { body: { jobid: id, amount: "50.50" }, token: fin.token });
    expect(paid.status).toBe(201);
    // The interest up to the start of the proceedings is paid first; nothing has accrued since.
    expect(await job(id)).toMatchObject({ jobstatus: 6, openCapital: 15_050n - (5_050n - charged), openInterest: 0n });

    expect(await json(await act(id, { action: "end-proceedings" }))).toMatchObject({ fromcode: 6, code: 1, reviewon: todayFin() });
    const due = noticeDue("FIN", "reminder", todayFin());
    expect(await job(id)).toMatchObject({ jobstatus: 1, currentPaydate: due });
    expect(await codes(id)).toEqual([1, 6, 1]);
  });

  it("charges interest up to the start of the proceedings and none over them, and a hold from before is released to its phase", async () => {
    const id = await reminded("PR-4");
    await act(id, { action: "hold" });
    expect(await json(await act(id, { action: "reschedule" }))).toMatchObject({ fromcode: 100, code: 6 });
    // The reminder was due 15 September: interest up to today is charged as the proceedings begin.
    const entered = await job(id);
    expect(entered.openInterest).toBeGreaterThan(0n);
    expect(await json(await act(id, { action: "end-proceedings" }))).toMatchObject({ fromcode: 6, code: 100 });
    const interest = await getDb().caseEntry.findMany({ where: { jobId: id, kind: "interest" }, orderBy: { date: "asc" } });
    expect(interest.map((entry) => [entry.date, entry.amount])).toEqual([
      [todayFin(), entered.openInterest],
      [todayFin(), 0n],
    ]);
    expect(await json(await act(id, { action: "release" }))).toMatchObject({ fromcode: 100, code: 1 });
  });

  it("goes from restructuring to bankruptcy, and back to where collection stood", async () => {
    const id = await reminded("PR-2");
    expect(await json(await act(id, { action: "restructuring" }))).toMatchObject({ code: 110 });
    expect((await act(id, { action: "reschedule" })).status).toBe(409);
    expect(await json(await act(id, { action: "bankruptcy" }))).toMatchObject({ fromcode: 110, code: 111 });
    expect(await json(await act(id, { action: "end-proceedings" }))).toMatchObject({ fromcode: 111, code: 1 });
  });

  it("writes off what a bankruptcy did not pay", async () => {
    const id = await reminded("PR-3");
    await act(id, { action: "bankruptcy" });
    expect(await json(await act(id, { action: "creditloss", reason: "BANKRUPTCY" }))).toMatchObject({ fromcode: 111, code: 103 });
    expect(await job(id)).toMatchObject({ openCapital: 0n });
  });

  it("takes a collection into post-collection, where it waits for payments", async () => {
    const [result] = (await post("", reminder({ jobtype: "2", noticedate: "2026-09-30", billnum: "PC-1", ownref: "PC-1" }))).result;
    const id = result!.jobid!;
    expect((await act(await reminded("PC-0"), { action: "postcollection" })).status).toBe(409);
    expect(await json(await act(id, { action: "postcollection" }))).toMatchObject({ fromcode: 2, code: 17, reviewon: null });
    const far = addDays(todayFin(), 400);
    await sweepLifecycle(getDb(), fixedClock(`${far}T10:00:00Z`), { environment: "fin-test" });
    expect(await job(id)).toMatchObject({ jobstatus: 17 });
    const paid = await call(testingPayment, "/fin-test/rest/testing/payments", { body: { jobid: id, amount: "150.50" }, token: fin.token });
    expect(paid.status).toBe(201);
    const after = await job(id);
    // Interest runs in post-collection: a payment of the capital leaves it open.
    expect(after.openInterest + after.openCapital).toBeGreaterThan(0n);
    expect(after.jobstatus).toBe(17);
    expect(await json(await act(id, { action: "terminate" }))).toMatchObject({ fromcode: 17, code: 102 });
  });
});
