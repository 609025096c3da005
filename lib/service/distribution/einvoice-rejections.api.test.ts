import { readFileSync } from "node:fs";

import { beforeAll, describe, expect, it } from "vitest";

import { POST as resend } from "@/app/rest/jobs/[jobid]/einvoice/resend/route";
import { POST as postJobs } from "@/app/rest/jobs/route";
import { POST as reject } from "@/app/rest/testing/einvoice/rejections/route";
import { getDb } from "@/lib/db/client";
import { systemClock, today } from "@/lib/platform/clock";
import { environment } from "@/lib/spec/environments";
import { deliveryMessageSchema, duedateupdateMessageSchema } from "@/lib/spec/events";
import type { JobsResponse } from "@/lib/spec/jobs";
import { envelope, finvoiceInvoice, invoice } from "@/lib/testing/jobs";
import { caseOf, eventsOf } from "@/lib/testing/payment-cases";
import { call, demoToken, json } from "@/lib/testing/rest";

import { fixedClock } from "../../platform/clock";
import { nextBusinessDay } from "../calendar/business-days";
import { addDays } from "../calendar/dates";
import { sweepLifecycle } from "../lifecycle/sweep-lifecycle";

import { distributeDocuments } from "./distribute-documents";

/*
 * The operator refuses an e-invoice after the service handed it over; the API user fixes the
 * address and resends; the debtor gets a fresh term, reported as a duedateupdate with source
 * einvoice_error. The service's own clock is today's; the invoices are dated 22 November 2026.
 */

let token: string;

beforeAll(async () => {
  token = await demoToken("fin-test");
});

async function postEInvoice(billnum: string, overrides: Record<string, unknown> = {}): Promise<number> {
  const item = finvoiceInvoice({ billnum, ...overrides });
  const body = await json<JobsResponse>(await call(postJobs, "/fin-test/rest/jobs", { body: envelope(item), token }));
  return body.result[0]!.jobid!;
}

const refuse = (jobid: number, reason = "Unknown receiver address") =>
  call(reject, "/fin-test/rest/testing/einvoice/rejections", { body: { jobid, reason }, token });
const resendJob = (jobid: number, body: unknown = {}) => call(resend, `/fin-test/rest/jobs/${jobid}/einvoice/resend`, { body, token });

describe("an e-invoice the operator refused", () => {
  it("becomes a delivery error, keeps the invoice from being reminded, and is resent fixed with a fresh term", async () => {
    const jobid = await postEInvoice("REJ-1");
    await distributeDocuments(getDb(), fixedClock("2026-11-22T08:00:00Z"));
    const first = await getDb().dispatch.findFirstOrThrow({ where: { jobId: jobid } });
    expect(first.status).toBe("delivered");
    // The day it was sent, which late-payment interest counts from where due dates were not agreed (lifecycle/decide-step.ts).
    expect(await caseOf(jobid)).toMatchObject({ sentOn: "2026-11-22" });

    const refused = await refuse(jobid);
    expect(refused.status).toBe(201);
    expect(await json(refused)).toMatchObject({ jobid, document: "original", distributionchannel: "b2b", reason: "Unknown receiver address" });
    expect(await getDb().dispatch.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({ status: "error" });
    const delivery = (await eventsOf(jobid, "delivery")).map((event) => deliveryMessageSchema.parse(event.message)).at(-1)!;
    expect(delivery).toMatchObject({ status: "error", errors: [{ code: "einvoice_rejected", message: "Unknown receiver address" }] });
    expect(delivery.description).toContain("refused");
    // Refused once: a second negative acknowledgement of the same message has nothing to refuse.
    expect((await refuse(jobid)).status).toBe(409);

    // The debtor never got it: no reminder while it waits.
    expect(await caseOf(jobid)).toMatchObject({ reviewOn: null, sentOn: "2026-11-22" });
    await sweepLifecycle(getDb(), fixedClock("2026-12-21T10:00:00Z"), { environment: "fin-test" });
    expect((await caseOf(jobid)).jobstatus).toBe(0);

    const resent = await resendJob(jobid, { evoice: "003798765432" });
    expect(resent.status).toBe(200);
    // The invoice's own term (14 days) from today, on a banking day.
    const expected = nextBusinessDay("FIN", addDays(today(systemClock, environment("fin-test").rules.timeZone), 14));
    expect(await json(resent)).toEqual({ jobid, document: "original", currentpaydate: expected, duedatemoved: true });
    // The refused send's day stays until the resend is delivered, which writes its own day.
    // Nor is it looked at before the resend is delivered: the refused send's day would have it reminded.
    expect(await caseOf(jobid)).toMatchObject({
      pendingDocument: "original",
      currentPaydate: expected,
      reviewOn: null,
      paydate: "2026-12-06",
      sentOn: "2026-11-22",
    });
    const update = (await eventsOf(jobid, "duedateupdate")).map((event) => duedateupdateMessageSchema.parse(event.message));
    expect(update).toEqual([expect.objectContaining({ currentpaydate: expected, source: "einvoice_error" })]);
    expect(await getDb().dueDateChange.findFirstOrThrow({ where: { jobId: jobid } })).toMatchObject({
      source: "einvoice_error",
      previousDate: "2026-12-06",
      reason: "E-invoice resent after the operator refused it: Unknown receiver address",
    });

    // Sent again, to the corrected address.
    await distributeDocuments(getDb(), systemClock);
    const again = await getDb().dispatch.findMany({ where: { jobId: jobid }, orderBy: { createdAt: "asc" } });
    expect(again.map((dispatch) => dispatch.status)).toEqual(["error", "delivered"]);
    expect(await caseOf(jobid)).toMatchObject({ sentOn: today(systemClock, environment("fin-test").rules.timeZone) });
    expect(readFileSync(again[1]!.artifact!, "utf8")).toContain("<ToIdentifier>003798765432</ToIdentifier>");
    // Nothing waits to be resent any more.
    expect((await resendJob(jobid)).status).toBe(409);
  });

  it("reminds a resent invoice only once the resend is delivered", async () => {
    const jobid = await postEInvoice("REJ-WAIT");
    await distributeDocuments(getDb(), fixedClock("2026-11-22T08:00:00Z"));
    expect((await refuse(jobid)).status).toBe(201);
    const resent = await json<{ currentpaydate: string }>(await resendJob(jobid, { evoice: "003798765432" }));
    // Well past the reminder day of the new term: the resend still waits, and the debtor has nothing to be reminded of.
    const late = `${addDays(resent.currentpaydate, 20)}T10:00:00Z`;
    await sweepLifecycle(getDb(), fixedClock(late), { environment: "fin-test" });
    expect(await caseOf(jobid)).toMatchObject({ jobstatus: 0, openExpenses: 0n, pendingDocument: "original", reviewOn: null });

    await distributeDocuments(getDb(), systemClock);
    const sentOn = today(systemClock, environment("fin-test").rules.timeZone);
    expect(await caseOf(jobid)).toMatchObject({ sentOn, reviewOn: sentOn });
    await sweepLifecycle(getDb(), fixedClock(late), { environment: "fin-test" });
    const reminded = await caseOf(jobid);
    expect(reminded.jobstatus).toBe(1);
    expect(reminded.openExpenses).toBeGreaterThan(0n);
  });

  it("keeps the due date when the fresh term ends before it, and refuses what was never an e-invoice", async () => {
    const jobid = await postEInvoice("REJ-2", { billdate: "2099-01-01", paydate: "2099-01-15" });
    await distributeDocuments(getDb(), fixedClock("2026-11-22T08:00:00Z"));
    expect((await refuse(jobid, "Operator does not serve the receiver")).status).toBe(201);
    expect(await json(await resendJob(jobid))).toMatchObject({ currentpaydate: "2099-01-15", duedatemoved: false });
    expect(await eventsOf(jobid, "duedateupdate")).toEqual([]);

    const mailed = await json<JobsResponse>(
      await call(postJobs, "/fin-test/rest/jobs", { body: envelope(invoice({ sendtype: "email", email: "maija@example.fi" })), token }),
    );
    const mailedId = mailed.result[0]!.jobid!;
    await distributeDocuments(getDb(), fixedClock("2026-11-22T08:00:00Z"));
    expect((await refuse(mailedId)).status).toBe(409);
    expect((await resendJob(mailedId)).status).toBe(409);
    expect((await resendJob(jobid, { evoice: "" })).status).toBe(400);
    expect((await resendJob(jobid, { sendtype: "post" })).status).toBe(400);
  });
});
