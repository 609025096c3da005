import { beforeAll, describe, expect, it } from "vitest";

import { POST as testingPayment } from "@/app/rest/testing/payments/route";
import { getDb } from "@/lib/db/client";
import { environment } from "@/lib/spec/environments";
import { call, json, profileWithToken } from "@/lib/testing/rest";

import { createFinnishReference } from "../../payment-data/references";
import { fixedClock } from "../../platform/clock";
import { reminder } from "../../testing/jobs";
import { caseOf, postInvoice } from "../../testing/payment-cases";
import { distributeDocuments } from "../distribution/distribute-documents";
import { jobDocumentModel } from "../documents/job-documents";

import { computeInterest } from "./interest";
import { sweepLifecycle } from "./sweep-lifecycle";

/*
 * A case charges late-payment interest at the rate its job agreed (`overdueinterest`), within each
 * country's limits (overdue-rate.ts), in the sweep and up to a payment alike; and a posted notice
 * prints the rate and amount its case will charge.
 */

let fin: { id: string; cid: string; token: string };

beforeAll(async () => {
  fin = await profileWithToken("fin-test");
});

const at = (date: string) => fixedClock(`${date}T10:00:00Z`);
const pay = (body: Record<string, unknown>) => call(testingPayment, "/fin-test/rest/testing/payments", { body, token: fin.token });
const interestEntries = async (jobId: number) =>
  (await getDb().caseEntry.findMany({ where: { jobId, kind: "interest" }, orderBy: { date: "asc" } })).map((entry) => [entry.date, entry.amount]);

const BUSINESS = { customertype: "1", company: "Velallinen Oy", person: null };

/** 1 000 € due 2026-06-01, reminded by the sweep on 2026-06-15. */
async function remindedCase(ownref: string, overrides: Record<string, unknown>) {
  const posted = await postInvoice("fin-test", fin.token, "1000.00", { ownref, billdate: "2026-05-18", paydate: "2026-06-01", ...overrides });
  // Sent by the service that day: only an invoice its debtor got is reminded.
  await distributeDocuments(getDb(), at("2026-05-18"));
  await sweepLifecycle(getDb(), at("2026-06-15"), { environment: "fin-test", profileId: fin.id });
  const reminded = await caseOf(posted.jobid);
  expect(reminded.jobstatus).toBe(1);
  return { jobid: posted.jobid, reminded };
}

describe("interest at the agreed rate", () => {
  it("accrues the rate a business debtor agreed, below or above the statutory one, in the sweep and up to a payment", async () => {
    for (const [agreed, ownref] of [
      [4, "agreed-low"],
      [16, "agreed-high"],
    ] as const) {
      const { jobid, reminded } = await remindedCase(ownref, { ...BUSINESS, overdueinterest: String(agreed) });
      const atReminder = computeInterest("FIN", true, 100_000n, "2026-06-01", "2026-06-15", agreed).amount;
      // 1000 € × agreed % × 14 / 365, not the statutory 10.5 %.
      expect(atReminder).toBe(BigInt(Math.round((100_000 * agreed * 14) / 36_500)));
      expect(atReminder).not.toBe(computeInterest("FIN", true, 100_000n, "2026-06-01", "2026-06-15", null).amount);
      expect(reminded.openInterest).toBe(atReminder);

      const toPayment = computeInterest("FIN", true, 100_000n, "2026-06-15", "2026-06-25", agreed).amount;
      const owed = reminded.openCapital + reminded.openInterest + reminded.openExpenses + toPayment;
      expect(await json(await pay({ jobid, amount: Number(owed) / 100, paymentdate: "2026-06-25" }))).toMatchObject({ unallocated: 0 });
      expect(await interestEntries(jobid)).toEqual([
        ["2026-06-15", atReminder],
        ["2026-06-25", toPayment],
      ]);
      expect(await caseOf(jobid)).toMatchObject({ jobstatus: 101, openCapital: 0n, openInterest: 0n });
    }
  });

  it("accrues nothing at an agreed 0 %", async () => {
    const { reminded } = await remindedCase("agreed-zero", { ...BUSINESS, overdueinterest: "0" });
    expect(reminded.openInterest).toBe(0n);
  });

  it("charges a Finnish consumer who agreed more than the statutory rate only the statutory rate", async () => {
    const { reminded } = await remindedCase("agreed-consumer", { overdueinterest: "16" });
    const statutory = computeInterest("FIN", false, 100_000n, "2026-06-01", "2026-06-15", null);
    expect(statutory.periods.map((period) => period.basisPoints)).toEqual([950]);
    expect(reminded.openInterest).toBe(statutory.amount);
  });

  it("prints on a posted reminder the rate and interest its case charges, so its total settles the case on its due date", async () => {
    // A profile of its own, whose clock is moved past the notices' due dates so that they can be paid on them.
    const own = await profileWithToken("fin-test");
    const payOwn = (body: Record<string, unknown>) => call(testingPayment, "/fin-test/rest/testing/payments", { body, token: own.token });
    for (const [overrides, ownref, business, base] of [
      [{ overdueinterest: "4" }, "posted-low", true, "7001"],
      [{ overdueinterest: "16", customertype: "2", company: null, person: "Maija Meikäläinen" }, "posted-consumer", false, "7002"],
    ] as const) {
      const item = reminder({
        ...overrides,
        ownref,
        billnum: ownref,
        billcode: createFinnishReference(base),
        amount: "1000.00",
        billdate: "2026-05-18",
        paydate: "2026-06-01",
      });
      const profile = await getDb().profile.update({ where: { id: own.id }, data: { clockOffsetSeconds: 0 } });
      const posted = await postInvoice("fin-test", own.token, "0", item);
      const job = await caseOf(posted.jobid);
      expect(job.jobstatus).toBe(1);
      const dueDate = job.currentPaydate!;
      const printed = jobDocumentModel({ job, which: "original", profile, environment: environment("fin-test"), today: job.phaseSince! });
      const notice = printed.reminder!;
      expect(printed.dueDate).toBe(dueDate);

      // The rate printed is the one the case charges, and so is the interest to the due date.
      const charged = computeInterest("FIN", business, 100_000n, "2026-06-01", dueDate, business ? 4 : 16);
      expect(charged.periods.map((period) => period.basisPoints / 100)).toEqual([business ? 4 : 9.5]);
      expect(notice.interestRate).toBe(business ? 4 : 9.5);
      expect(printed.overdueInterestRate).toBe(notice.interestRate);
      expect(notice.interest).toBe(charged.amount);

      // Paid as printed on its due date, the case charges that interest and closes with nothing left over.
      await getDb().profile.update({ where: { id: own.id }, data: { clockOffsetSeconds: 40 * 86_400 } });
      const response = await payOwn({ jobid: posted.jobid, amount: Number(printed.amountDue) / 100, paymentdate: dueDate });
      expect(await json(response)).toMatchObject({ unallocated: 0 });
      expect(await interestEntries(posted.jobid)).toEqual([[dueDate, notice.interest]]);
      expect(await caseOf(posted.jobid)).toMatchObject({ jobstatus: 101, openCapital: 0n, openInterest: 0n, openExpenses: 0n });
    }
  });
});
