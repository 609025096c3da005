import { beforeAll, describe, expect, it } from "vitest";

import { GET as keptPdf } from "@/app/rest/jobs/[jobid]/documents/[dispatchid]/pdf/route";
import { POST as statusRoute } from "@/app/rest/jobs/[jobid]/status/route";
import { POST as postJobsRoute } from "@/app/rest/jobs/route";
import { PUT as putPlaceRoute } from "@/app/rest/usageplaces/[usageplacecode]/route";
import { getDb } from "@/lib/db/client";
import type { JobsResponse } from "@/lib/spec/jobs";
import { envelope, invoice } from "@/lib/testing/jobs";
import { pdfPageTexts } from "@/lib/testing/pdf-reading";
import { call, demoToken, json } from "@/lib/testing/rest";

import { fixedClock } from "../../platform/clock";
import { distributeDocuments } from "../distribution/distribute-documents";
import { sweepLifecycle } from "../lifecycle/sweep-lifecycle";

import { evaluateDisconnections } from "./evaluate-disconnections";

/*
 * The cut-off warning (150): a recommended disconnection sends every unpaid invoice of the usage
 * place its own written warning, by post, naming the day and the other invoices; collection cases
 * wait in 150 until that day and then return to where they were.
 */

let fin: string;
// Monday 23 November 2026, noon in Helsinki.
const clock = fixedClock("2026-11-23T10:00:00Z");

beforeAll(async () => {
  fin = await demoToken("fin-test");
});

async function energyInvoice(contractNo: string, overrides: Record<string, unknown>): Promise<number> {
  const item = invoice({
    billdate: "2026-08-18",
    paydate: "2026-09-01",
    // Sent by e-mail: the warning goes by post all the same.
    sendtype: "email",
    email: "asiakas@example.fi",
    usageplaces: [{ address: { address: "Sähkötie 1", city: "Helsinki", sitecode: "643007" }, energycontract: [{ contract_no: contractNo }] }],
    ...overrides,
  });
  const body = await json<JobsResponse>(await call(postJobsRoute, "/fin-test/rest/jobs", { body: envelope(item), token: fin }));
  expect(body.accepted).toBe(1);
  return body.result[0]!.jobid!;
}

const inPhase = (id: number, jobstatus: number) =>
  getDb().job.update({ where: { id }, data: { jobstatus, currentPaydate: "2026-10-15", phaseSince: "2026-10-01", reviewOn: null } });

describe("cut-off warnings", () => {
  it("warns each unpaid invoice of the place by post, moves collection cases to 150 and back on the day", async () => {
    const first = await energyInvoice("EL-W", { billnum: "W-1", paydate: "2026-09-01" });
    const second = await energyInvoice("EL-W", { billnum: "W-2", paydate: "2026-10-01" });
    const inCourt = await energyInvoice("EL-W", { billnum: "W-3", billdate: "2026-07-18", paydate: "2026-08-01" });
    // The invoices themselves went out first.
    await distributeDocuments(getDb(), clock);
    await inPhase(first, 2);
    await inPhase(second, 2);
    await inPhase(inCourt, 63);
    // The sweep moved the first to collection a moment ago: its letter, fee charged, waits to go.
    await getDb().job.update({ where: { id: first }, data: { pendingDocument: "collection" } });
    const place = await call(putPlaceRoute, "/fin-test/rest/usageplaces/UP-W", { method: "PUT", body: { contract_no: "EL-W" }, token: fin });
    expect(place.status).toBeLessThan(300);

    await evaluateDisconnections(getDb(), clock);
    const jobs = await getDb().job.findMany({ where: { id: { in: [first, second, inCourt] } }, orderBy: { id: "asc" } });
    expect(jobs.map((job) => [job.jobstatus, job.pendingDocument, job.reviewOn])).toEqual([
      // The collection letter still goes: the warning is a letter of its own.
      [150, "collection", "2026-12-08"],
      [150, null, "2026-12-08"],
      // A court's case keeps its phase; its warning goes all the same.
      [63, null, null],
    ]);
    const moves = await getDb().event.findMany({ where: { type: "lcstatus", jobId: { in: [first, second] } }, orderBy: { seq: "asc" } });
    expect(moves.map((event) => event.message).filter((message) => (message as { code: number }).code === 150)).toEqual([
      expect.objectContaining({ jobid: first, code: 150, status: "Cut-off warning", disconnectiondate: "2026-12-08" }),
      expect.objectContaining({ jobid: second, code: 150, status: "Cut-off warning", disconnectiondate: "2026-12-08" }),
    ]);

    await distributeDocuments(getDb(), clock);
    const dispatches = await getDb().dispatch.findMany({ where: { jobId: { in: [first, second, inCourt] }, document: "cutoff" }, orderBy: { jobId: "asc" } });
    expect(dispatches.map((dispatch) => [dispatch.jobId, dispatch.sendtype, dispatch.status])).toEqual([
      [first, "post", "delivered"],
      [second, "post", "delivered"],
      [inCourt, "post", "delivered"],
    ]);
    expect(await getDb().dispatch.count({ where: { jobId: first, document: "collection", status: "delivered" } })).toBe(1);
    const pdf = await call(keptPdf, `/fin-test/rest/jobs/${first}/documents/${dispatches[0]!.id}/pdf`, { method: "GET", token: fin });
    expect(pdf.status).toBe(200);
    const text = (await pdfPageTexts(new Uint8Array(await pdf.arrayBuffer()))).join(" ");
    expect(text).toContain("KATKAISUVAROITUS");
    expect(text).toContain("Käyttöpaikan UP-W laskuja on edelleen maksamatta");
    expect(text).toContain("ja käyttöpaikan muita alla lueteltuja laskuja");
    expect(text).toContain("voidaan keskeyttää 8.12.2026 alkaen");
    // Paid by the last business day before the cut: Monday 7 December.
    expect(text).toMatch(/Eräpäivä\s+7\.12\.2026/);
    // The others of the place, each to be paid as well.
    expect(text).toContain("W-2");
    expect(text).toContain("W-3");
    // A line may end after the dash of "102–103 §", which the page's text joins with a space.
    expect(text).toMatch(/sähkömarkkinalaki 588\/2013, 102– ?103 §/);

    // On the interruption day the collection cases return to collection; the sweep goes on from there.
    await sweepLifecycle(getDb(), fixedClock("2026-12-08T10:00:00Z"), { environment: "fin-test" });
    const after = await getDb().job.findMany({ where: { id: { in: [first, second] } }, orderBy: { id: "asc" } });
    expect(after.map((job) => job.jobstatus)).toEqual([2, 2]);
    const back = await getDb().caseMove.findMany({ where: { jobId: first }, orderBy: { at: "asc" } });
    expect(back.map((move) => [move.fromCode, move.toCode])).toEqual([
      [2, 150],
      [150, 2],
    ]);
  });

  it("sends no warning once the disconnection is withdrawn before it goes", async () => {
    const debt = await energyInvoice("EL-X", { billnum: "X-1" });
    await distributeDocuments(getDb(), clock);
    await inPhase(debt, 2);
    await call(putPlaceRoute, "/fin-test/rest/usageplaces/UP-X", { method: "PUT", body: { contract_no: "EL-X" }, token: fin });
    await evaluateDisconnections(getDb(), clock);
    expect(await getDb().dispatch.count({ where: { jobId: debt, document: "cutoff", status: "pending" } })).toBe(1);

    // The place moved to another contract meanwhile: nothing names this invoice any more.
    const contract = await getDb().contract.findFirstOrThrow({ where: { contractNo: "EL-X" } });
    await getDb().contract.update({ where: { id: contract.id }, data: { data: {} } });
    await distributeDocuments(getDb(), clock);
    const dispatch = await getDb().dispatch.findFirstOrThrow({ where: { jobId: debt, document: "cutoff" } });
    expect(dispatch.status).toBe("error");
    const delivery = await getDb().event.findFirstOrThrow({ where: { type: "delivery", jobId: debt }, orderBy: { seq: "desc" } });
    expect(delivery.message).toMatchObject({ status: "error", description: expect.stringContaining("cut-off warning was not sent") });
  });

  it("does not send a warning that would leave no time to pay, and says why", async () => {
    const debt = await energyInvoice("EL-Z", { billnum: "Z-1" });
    await distributeDocuments(getDb(), clock);
    await inPhase(debt, 2);
    await call(putPlaceRoute, "/fin-test/rest/usageplaces/UP-Z", { method: "PUT", body: { contract_no: "EL-Z" }, token: fin });
    await evaluateDisconnections(getDb(), clock);
    // The print run stalled until Friday 4 December: two weeks from then reach past the day it names.
    await distributeDocuments(getDb(), fixedClock("2026-12-04T10:00:00Z"));
    const dispatch = await getDb().dispatch.findFirstOrThrow({ where: { jobId: debt, document: "cutoff" } });
    expect(dispatch.status).toBe("error");
    expect(dispatch.lastError).toContain("too near");
    // The re-planning reads the code, not the text a person reads.
    expect(dispatch.errorCode).toBe("too_late");

    // The day recommended can no longer be kept: the next sweep plans it again, from the day two
    // weeks after the next print run (Monday 7 December + 10 business days), and the warning goes again.
    const friday = fixedClock("2026-12-04T10:00:00Z");
    await evaluateDisconnections(getDb(), friday);
    const disconnects = await getDb().event.findMany({ where: { type: "disconnect", profileId: dispatch.profileId }, orderBy: { seq: "asc" } });
    const ours = disconnects.map((event) => event.message as { contract_no: string; disconnectiondate: string }).filter((m) => m.contract_no === "EL-Z");
    expect(ours.map((message) => message.disconnectiondate)).toEqual(["2026-12-08", "2026-12-21"]);
    expect(await getDb().job.findUniqueOrThrow({ where: { id: debt } })).toMatchObject({ jobstatus: 150, reviewOn: "2026-12-21" });
    await distributeDocuments(getDb(), friday);
    const warnings = await getDb().dispatch.findMany({ where: { jobId: debt, document: "cutoff" }, orderBy: { createdAt: "asc" } });
    expect(warnings.map((warning) => warning.status)).toEqual(["error", "delivered"]);
    const pdf = await call(keptPdf, `/fin-test/rest/jobs/${debt}/documents/${warnings[1]!.id}/pdf`, { method: "GET", token: fin });
    expect((await pdfPageTexts(new Uint8Array(await pdf.arrayBuffer()))).join(" ")).toContain("voidaan keskeyttää 21.12.2026 alkaen");

    // Planned once: the sweeps of the next business days find every warning sent, and the day stands.
    await evaluateDisconnections(getDb(), friday);
    await evaluateDisconnections(getDb(), fixedClock("2026-12-07T10:00:00Z"));
    await evaluateDisconnections(getDb(), fixedClock("2026-12-08T10:00:00Z"));
    const later = await getDb().event.findMany({ where: { type: "disconnect", profileId: dispatch.profileId, seq: { gt: disconnects.at(-1)!.seq } } });
    expect(later.filter((event) => (event.message as { contract_no: string }).contract_no === "EL-Z")).toEqual([]);
  });

  it("plans no new day for a refused warning whose invoice was paid since, while another of the place waits", async () => {
    const paid = await energyInvoice("EL-Y", { billnum: "Y-1" });
    const waiting = await energyInvoice("EL-Y", { billnum: "Y-2" });
    await distributeDocuments(getDb(), clock);
    await inPhase(paid, 2);
    await inPhase(waiting, 2);
    await call(putPlaceRoute, "/fin-test/rest/usageplaces/UP-Y", { method: "PUT", body: { contract_no: "EL-Y" }, token: fin });
    await evaluateDisconnections(getDb(), clock);
    // Only the first warning was still waiting when the print run came too late; the other went.
    const [first, second] = await getDb().dispatch.findMany({ where: { jobId: { in: [paid, waiting] }, document: "cutoff" }, orderBy: { jobId: "asc" } });
    await getDb().dispatch.update({ where: { id: second!.id }, data: { status: "delivered", doneAt: new Date("2026-11-23T10:05:00Z") } });
    await distributeDocuments(getDb(), fixedClock("2026-12-04T10:00:00Z"));
    expect((await getDb().dispatch.findUniqueOrThrow({ where: { id: first!.id } })).status).toBe("error");
    // Paid before the sweep saw the refusal: nothing is owed a warning, so the day is not moved on and on.
    await getDb().job.update({ where: { id: paid }, data: { jobstatus: 101 } });
    const before = await getDb().event.count({ where: { type: "disconnect" } });
    for (const day of ["2026-12-04", "2026-12-07", "2026-12-08", "2026-12-09"]) await evaluateDisconnections(getDb(), fixedClock(`${day}T10:00:00Z`));
    const disconnects = await getDb().event.findMany({ where: { type: "disconnect" }, orderBy: { seq: "asc" }, skip: before });
    expect(disconnects.filter((event) => (event.message as { contract_no: string }).contract_no === "EL-Y")).toEqual([]);
    expect(await getDb().dispatch.count({ where: { jobId: { in: [paid, waiting] }, document: "cutoff" } })).toBe(2);
  });

  it("moves the day of a warning still waiting for a stalled print run, which then goes with the new day", async () => {
    const debt = await energyInvoice("EL-V", { billnum: "V-1" });
    await distributeDocuments(getDb(), clock);
    await inPhase(debt, 2);
    await call(putPlaceRoute, "/fin-test/rest/usageplaces/UP-V", { method: "PUT", body: { contract_no: "EL-V" }, token: fin });
    await evaluateDisconnections(getDb(), clock);
    const dayOf = async () =>
      ((await getDb().contract.findFirstOrThrow({ where: { contractNo: "EL-V" } })).data as { disconnection: { disconnectiondate: string } }).disconnection
        .disconnectiondate;
    // The same day the warning may still go in time: the day stands.
    await evaluateDisconnections(getDb(), fixedClock("2026-11-23T15:00:00Z"));
    expect(await dayOf()).toBe("2026-12-08");
    // Two days on, the notice counts from Thursday's print run: two weeks from it end on 10 December.
    await evaluateDisconnections(getDb(), fixedClock("2026-11-25T10:00:00Z"));
    expect(await dayOf()).toBe("2026-12-10");

    const friday = fixedClock("2026-12-04T10:00:00Z");
    await evaluateDisconnections(getDb(), friday);
    expect(await dayOf()).toBe("2026-12-21");
    expect(await getDb().job.findUniqueOrThrow({ where: { id: debt } })).toMatchObject({ jobstatus: 150, reviewOn: "2026-12-21" });
    // The waiting warning is not doubled: it goes once, naming the new day.
    await distributeDocuments(getDb(), friday);
    const warnings = await getDb().dispatch.findMany({ where: { jobId: debt, document: "cutoff" } });
    expect(warnings.map((warning) => warning.status)).toEqual(["delivered"]);
    const pdf = await call(keptPdf, `/fin-test/rest/jobs/${debt}/documents/${warnings[0]!.id}/pdf`, { method: "GET", token: fin });
    expect((await pdfPageTexts(new Uint8Array(await pdf.arrayBuffer()))).join(" ")).toContain("voidaan keskeyttää 21.12.2026 alkaen");
  });

  it("returns a case whose warning a hold broke off to collection, not to the warning", async () => {
    const debt = await energyInvoice("EL-H2", { billnum: "H2-1" });
    await distributeDocuments(getDb(), clock);
    await inPhase(debt, 2);
    await call(putPlaceRoute, "/fin-test/rest/usageplaces/UP-H2", { method: "PUT", body: { contract_no: "EL-H2" }, token: fin });
    await evaluateDisconnections(getDb(), clock);
    expect((await getDb().job.findUniqueOrThrow({ where: { id: debt } })).jobstatus).toBe(150);
    const hold = await call(statusRoute, `/fin-test/rest/jobs/${debt}/status`, { body: { action: "hold" }, token: fin });
    expect(hold.status).toBe(200);
    const release = await json<{ code: number }>(await call(statusRoute, `/fin-test/rest/jobs/${debt}/status`, { body: { action: "release" }, token: fin }));
    expect(release.code).toBe(2);
  });
});
