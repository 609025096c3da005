import { describe, expect, it } from "vitest";

import { caseJobid, EMPTY_CASE_STATE, projectCreditSpent, projectMessage, toMinorUnits } from "./project-case";

const at = new Date("2026-11-22T08:00:00Z");

describe("toMinorUnits", () => {
  it("converts major units exactly, without binary rounding", () => {
    expect(toMinorUnits(0)).toBe(0n);
    expect(toMinorUnits(124.5)).toBe(12450n);
    expect(toMinorUnits(0.1 + 0.2)).toBe(30n);
    expect(toMinorUnits(1.005)).toBe(101n);
    expect(toMinorUnits(-2.675)).toBe(-268n);
    expect(toMinorUnits(99_999_999_999.99)).toBe(9_999_999_999_999n);
  });
});

describe("projectMessage", () => {
  it("takes code, dates and open amounts from lcstatus, keeping what it leaves out", () => {
    const first = projectMessage(
      EMPTY_CASE_STATE,
      "lcstatus",
      {
        cid: "c",
        jobid: 1,
        code: 100,
        status: "Invoice",
        time: at.toISOString(),
        paydate: "2026-12-06",
        currentpaydate: "2026-12-06",
        opencapital: 273,
        interest: 0,
        expenses: 0,
        invoicenumber: "1001",
      },
      at,
    );
    expect(first).toMatchObject({
      code: 100,
      statusText: "Invoice",
      paydate: "2026-12-06",
      currentPaydate: "2026-12-06",
      openCapital: 27300n,
      interest: 0n,
      expenses: 0n,
      billnum: "1001",
      lastEventAt: at,
    });
    const second = projectMessage(first, "lcstatus", { cid: "c", jobid: 1, code: 200, time: at.toISOString() }, new Date("2026-12-10T00:00:00Z"));
    expect(second).toMatchObject({ code: 200, statusText: null, paydate: "2026-12-06", openCapital: 27300n, lastEventAt: new Date("2026-12-10T00:00:00Z") });
  });

  it("keeps a newer state when an older message arrives late, but still fills what it lacks", () => {
    const later = new Date("2026-12-20T00:00:00Z");
    const paid = projectMessage(EMPTY_CASE_STATE, "lcstatus", { cid: "c", jobid: 1, code: 101, status: "Paid", opencapital: 0 }, later);
    const late = projectMessage(paid, "lcstatus", { cid: "c", jobid: 1, code: 1, status: "Reminder", opencapital: 273, invoicenumber: "1001" }, at);
    expect(late).toMatchObject({ code: 101, statusText: "Paid", openCapital: 0n, lastEventAt: later, billnum: "1001" });
    // A delivery is measured against deliveries: the case had none, so a late one is what it knows.
    const lateDelivery = projectMessage(paid, "delivery", { status: "received", distributionchannel: "post" }, at);
    expect(lateDelivery).toMatchObject({ deliveryStatus: "received", code: 101, lastEventAt: later });
  });

  it("measures a delivery against deliveries only: an lcstatus sent before a delivery but arriving after it still counts", () => {
    const delivered = projectMessage(EMPTY_CASE_STATE, "delivery", { status: "SENT" }, new Date("2026-11-22T09:00:00Z"));
    const coded = projectMessage(delivered, "lcstatus", { code: 100 }, new Date("2026-11-22T08:00:00Z"));
    expect(coded).toMatchObject({ code: 100, deliveryStatus: "SENT" });
    // An older delivery after a newer one changes nothing, whatever lcstatus came between.
    const older = projectMessage(coded, "delivery", { status: "RECEIVED" }, new Date("2026-11-22T07:00:00Z"));
    expect(older.deliveryStatus).toBe("SENT");
    // And an older lcstatus after a newer one, as before, neither.
    expect(projectMessage(coded, "lcstatus", { code: 0 }, new Date("2026-11-22T07:30:00Z")).code).toBe(100);
  });

  it("takes what is still open from a payment's openamountbreakdown only", () => {
    const open = { ...EMPTY_CASE_STATE, openCapital: 27300n, interest: 0n, expenses: 500n };
    expect(projectMessage(open, "payment", { amount: 100, openamountbreakdown: { capital: 173, interest: 0, expenses: 5 } }, at)).toMatchObject({
      openCapital: 17300n,
      expenses: 500n,
    });
    expect(projectMessage(open, "payment", { amount: 100, openamountbreakdown: null }, at)).toMatchObject({ openCapital: 27300n });
  });

  it("records delivery and due date changes", () => {
    const delivered = projectMessage(EMPTY_CASE_STATE, "delivery", { status: "delivered", distributionchannel: "email", statustime: at.toISOString() }, at);
    expect(delivered).toMatchObject({ deliveryStatus: "delivered", deliveryChannel: "email" });
    expect(projectMessage(delivered, "duedateupdate", { currentpaydate: "2027-01-07", source: "restapi" }, at).currentPaydate).toBe("2027-01-07");
  });

  it("moves a debit invoice's open capital by credit note allocations, never its bill number", () => {
    const open = { ...EMPTY_CASE_STATE, openCapital: 10000n, billnum: "5" };
    const allocated = projectMessage(open, "creditnote", { type: "allocated", amount: 40.5, targetjobid: 9, jobid: 10, invoicenumber: "CN" }, at);
    expect(allocated).toMatchObject({ openCapital: 5950n, billnum: "5" });
    expect(projectMessage(allocated, "creditnote", { type: "unallocated", amount: 40.5, targetjobid: 9 }, at).openCapital).toBe(10000n);
    expect(projectMessage(open, "creditnote", { type: "refunded", amount: 40.5, jobid: 10 }, at).openCapital).toBe(10000n);
  });

  it("writes a case off on a time-based creditloss message, and leaves it as it is on suspected or change", () => {
    const open = { ...EMPTY_CASE_STATE, code: 2, statusText: "Collection", openCapital: 10000n, interest: 120n, expenses: 2400n };
    const lost = projectMessage(
      open,
      "creditloss",
      { type: "creditloss", reason: "INDIGENT", amountbreakdown: { capital: 100, interest: 1.2, expenses: 24 } },
      at,
    );
    expect(lost).toMatchObject({ code: 103, statusText: "Credit loss", openCapital: 0n, interest: 0n, expenses: 0n });
    expect(projectMessage(open, "creditloss", { type: "suspected", amountbreakdown: { capital: 100, interest: 0, expenses: 0 } }, at)).toMatchObject({
      code: 2,
      openCapital: 10000n,
    });
    const later = new Date(at.getTime() + 86_400_000);
    expect(
      projectMessage(lost, "creditloss", { type: "change", reason: "NOCHANGE", amountbreakdown: { capital: 60, interest: 0, expenses: 0 } }, later),
    ).toMatchObject({ code: 103, openCapital: 0n });
  });

  it("counts a credit note's spent credit: allocations and refunds spend it, a removed allocation gives it back", () => {
    const credit = { ...EMPTY_CASE_STATE, code: 104 };
    const allocated = projectCreditSpent(credit, { type: "allocated", amount: 40.5, jobid: 10, targetjobid: 9 });
    expect(allocated.creditUsed).toBe(4050n);
    const refunded = projectCreditSpent(allocated, { type: "refunded", amount: 20, jobid: 10 });
    expect(refunded.creditUsed).toBe(6050n);
    expect(projectCreditSpent(refunded, { type: "unallocated", amount: 40.5, jobid: 10, targetjobid: 9 }).creditUsed).toBe(2000n);
    // Nothing else of the case changes, and a message without a number amount changes nothing.
    expect(projectCreditSpent(refunded, { type: "allocated", amount: "40.50" })).toBe(refunded);
    expect({ ...allocated, creditUsed: 0n }).toEqual(credit);
    // A refund reaches the credit note's case through projectMessage too (it names no target).
    expect(projectMessage(credit, "creditnote", { type: "refunded", amount: 12.3, jobid: 10 }, at).creditUsed).toBe(1230n);
  });

  it("names the case of a credit note by its target", () => {
    expect(caseJobid("creditnote", { jobid: 10, targetjobid: 9 })).toBe(9);
    expect(caseJobid("creditnote", { jobid: 10 })).toBe(10);
    expect(caseJobid("lcstatus", { jobid: 3 })).toBe(3);
    expect(caseJobid("telecomdisconnect", { jobid: 3 })).toBeNull();
  });
});
