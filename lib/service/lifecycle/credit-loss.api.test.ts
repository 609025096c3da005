import { beforeAll, describe, expect, it } from "vitest";

import { POST as postStatus } from "@/app/rest/jobs/[jobid]/status/route";
import { GET as getSettings, PATCH as patchSettings } from "@/app/rest/profile/settings/route";
import { POST as testingPayment } from "@/app/rest/testing/payments/route";
import { getDb } from "@/lib/db/client";
import type { ProblemDetails } from "@/lib/spec/problem-details";
import { call, json, profileWithToken } from "@/lib/testing/rest";

import { caseOf, eventsOf, postInvoice } from "../../testing/payment-cases";

/*
 * A credit loss and what is recovered of it, under each of the two credit-loss models a profile
 * chooses between (credit-loss.ts): the receiver hears of a loss one way only.
 */

type Profile = { id: string; cid: string; token: string };

const act = (profile: Profile, environment: string, id: number, body: unknown) =>
  call(postStatus, `/${environment}/rest/jobs/${id}/status`, { body, token: profile.token });
const pay = (profile: Profile, environment: string, jobid: number, amount: string) =>
  call(testingPayment, `/${environment}/rest/testing/payments`, { body: { jobid, amount }, token: profile.token });
const settings = (profile: Profile, environment: string, body?: unknown) =>
  body === undefined
    ? call(getSettings, `/${environment}/rest/profile/settings`, { method: "GET", token: profile.token })
    : call(patchSettings, `/${environment}/rest/profile/settings`, { method: "PATCH", body, token: profile.token });

describe("the time-based model (the default)", () => {
  let fin: Profile;
  beforeAll(async () => {
    fin = await profileWithToken("fin-test");
  });

  it("reports a write-off as a creditloss message and no lcstatus 103", async () => {
    expect(await json(await settings(fin, "fin-test"))).toEqual({
      creditlossmodel: "timebased",
      onlineextensiondays: 14,
      onlinedisputes: true,
      onlineplaninstalments: 0,
      creditlimit: 5000,
      receiverproposalswitch: false,
      duedateagreed: true,
    });
    const posted = await postInvoice("fin-test", fin.token, "100.00");
    expect(await json(await act(fin, "fin-test", posted.jobid, { action: "creditloss", reason: "INDIGENT" }))).toMatchObject({ code: 103 });
    expect(await caseOf(posted.jobid)).toMatchObject({ jobstatus: 103, openCapital: 0n });
    expect((await eventsOf(posted.jobid, "creditloss")).map((event) => event.message)).toEqual([
      expect.objectContaining({ type: "creditloss", reason: "INDIGENT", amountbreakdown: { capital: 100, interest: 0, expenses: 0 } }),
    ]);
    expect((await eventsOf(posted.jobid, "lcstatus")).map((event) => event.message.code)).not.toContain(103);
  });

  it("takes a later payment as a recovery, reports the loss left as a change, and closes the case as paid when nothing is left", async () => {
    const posted = await postInvoice("fin-test", fin.token, "100.00");
    await act(fin, "fin-test", posted.jobid, { action: "creditloss" });

    const part = await json(await pay(fin, "fin-test", posted.jobid, "60.00"));
    expect(part).toMatchObject({ status: "booked", unallocated: 0, amountbreakdown: { capital: 60, interest: 0, expenses: 0 } });
    expect(await caseOf(posted.jobid)).toMatchObject({ jobstatus: 103, openCapital: 0n });
    const changes = async () => (await eventsOf(posted.jobid, "creditloss")).filter((event) => event.message.type === "change").map((event) => event.message);
    expect(await changes()).toEqual([expect.objectContaining({ reason: "NOCHANGE", amountbreakdown: { capital: 40, interest: 0, expenses: 0 } })]);
    const [payment] = await eventsOf(posted.jobid, "payment");
    expect(payment!.message).toMatchObject({ amount: 60, openamount: 0, amountbreakdown: { capital: 60, interest: 0, expenses: 0 }, unallocatedamount: 0 });

    // The rest and 5.00 more: 40 recovers the loss whole, 5 is an overpayment.
    expect(await json(await pay(fin, "fin-test", posted.jobid, "45.00"))).toMatchObject({ unallocated: 5, amountbreakdown: { capital: 40 } });
    expect((await changes()).at(-1)).toMatchObject({ amountbreakdown: { capital: 0, interest: 0, expenses: 0 } });
    expect(await caseOf(posted.jobid)).toMatchObject({ jobstatus: 101, openCapital: 0n });
    expect((await eventsOf(posted.jobid, "lcstatus")).map((event) => event.message.code)).toEqual([101]);

    // The ledger still sums to what is open (the intake amount and the rows): nothing.
    const entries = await getDb().caseEntry.findMany({ where: { jobId: posted.jobid } });
    expect((await caseOf(posted.jobid)).grossAmount + entries.reduce((sum, entry) => sum + entry.amount, 0n)).toBe(0n);
    expect(entries.filter((entry) => entry.kind === "creditloss_recovery").map((entry) => entry.amount)).toEqual(expect.arrayContaining([6000n, 4000n]));
  });
});

describe("the status model", () => {
  let fin: Profile;
  let swe: Profile;
  beforeAll(async () => {
    fin = await profileWithToken("fin-test");
    swe = await profileWithToken("swe-test");
    expect(await json(await settings(fin, "fin-test", { creditlossmodel: "status" }))).toEqual({
      creditlossmodel: "status",
      onlineextensiondays: 14,
      onlinedisputes: true,
      onlineplaninstalments: 0,
      creditlimit: 5000,
      receiverproposalswitch: false,
      duedateagreed: true,
    });
    expect((await settings(swe, "swe-test", { creditlossmodel: "status" })).status).toBe(200);
  });

  it("reports a write-off as lcstatus 103 and sends no creditloss message, not even after a payment", async () => {
    expect(await json(await settings(fin, "fin-test"))).toEqual({
      creditlossmodel: "status",
      onlineextensiondays: 14,
      onlinedisputes: true,
      onlineplaninstalments: 0,
      creditlimit: 5000,
      receiverproposalswitch: false,
      duedateagreed: true,
    });
    const posted = await postInvoice("fin-test", fin.token, "100.00");
    await act(fin, "fin-test", posted.jobid, { action: "creditloss", reason: "BANKRUPTCY" });
    const lcstatus = (await eventsOf(posted.jobid, "lcstatus")).map((event) => event.message);
    expect(lcstatus.at(-1)).toMatchObject({ code: 103, reason: "BANKRUPTCY" });
    expect(await json(await pay(fin, "fin-test", posted.jobid, "30.00"))).toMatchObject({ unallocated: 0, amountbreakdown: { capital: 30 } });
    expect(await eventsOf(posted.jobid, "creditloss")).toEqual([]);
    expect(await caseOf(posted.jobid)).toMatchObject({ jobstatus: 103 });
  });

  it("refuses a suspected credit loss, which only the creditloss messages can report", async () => {
    const posted = await postInvoice("swe-test", swe.token, "100.00");
    const response = await act(swe, "swe-test", posted.jobid, { action: "creditloss", creditlosstype: "suspected" });
    expect(response.status).toBe(400);
    expect((await json<ProblemDetails>(response)).problems?.[0]).toMatchObject({ field: "creditlosstype" });
    expect(await eventsOf(posted.jobid, "creditloss")).toEqual([]);
  });
});

describe("the settings", () => {
  it("refuses an unknown model or member with the member named, and changes nothing", async () => {
    const mine = await profileWithToken("nor-test");
    const wrong = await settings(mine, "nor-test", { creditlossmodel: "both" });
    expect(wrong.status).toBe(400);
    expect((await json<ProblemDetails>(wrong)).problems?.[0]).toMatchObject({ field: "creditlossmodel" });
    const unknown = await settings(mine, "nor-test", { creditlossmodel: "status", currency: "NOK" });
    expect(unknown.status).toBe(400);
    expect(await json(await settings(mine, "nor-test"))).toEqual({
      creditlossmodel: "timebased",
      onlineextensiondays: 14,
      onlinedisputes: true,
      onlineplaninstalments: 0,
      creditlimit: 5000,
      receiverproposalswitch: false,
      duedateagreed: true,
    });
    expect((await call(getSettings, "/nor-test/rest/profile/settings", { method: "GET" })).status).toBe(401);
  });

  it("sets what the debtor's online service offers, within 0 to 30 days of extension", async () => {
    const mine = await profileWithToken("nor-test");
    const changed = await settings(mine, "nor-test", { onlineextensiondays: 0, onlinedisputes: false, onlineplaninstalments: 6 });
    expect(await json(changed)).toEqual({
      creditlossmodel: "timebased",
      onlineextensiondays: 0,
      onlinedisputes: false,
      onlineplaninstalments: 6,
      creditlimit: 5000,
      receiverproposalswitch: false,
      duedateagreed: true,
    });
    for (const wrong of [31, -1, 1.5, "7"]) {
      const response = await settings(mine, "nor-test", { onlineextensiondays: wrong });
      expect(response.status).toBe(400);
      expect((await json<ProblemDetails>(response)).problems?.[0]).toMatchObject({ field: "onlineextensiondays" });
    }
    expect(await json(await settings(mine, "nor-test", { onlineextensiondays: 30 }))).toMatchObject({ onlineextensiondays: 30, onlinedisputes: false });
    for (const wrong of [13, -1, true]) {
      const response = await settings(mine, "nor-test", { onlineplaninstalments: wrong });
      expect((await json<ProblemDetails>(response)).problems?.[0]).toMatchObject({ field: "onlineplaninstalments" });
    }
  });
});
