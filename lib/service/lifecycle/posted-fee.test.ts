import { describe, expect, it } from "vitest";

import { postedFeeBasis, postedFeeOf, postedFeeProblem } from "./posted-fee";

const reminderJob = (more: Record<string, unknown> = {}) => ({ jobtype: 1, customertype: 2, paydate: "2026-09-15", ...more });
const collectionJob = (more: Record<string, unknown> = {}) => ({ jobtype: 2, customertype: 2, paydate: "2026-09-15", noticedate: "2026-09-30", ...more });

describe("the fee a reminder or collection job is posted with", () => {
  it("is its noticefee in minor units, and nothing on an invoice, whose noticefee is a fee agreed for a later reminder", () => {
    expect(postedFeeOf(1, { noticefee: 5 })).toBe(500n);
    expect(postedFeeOf(2, { noticefee: "60.00" })).toBe(6000n);
    expect(postedFeeOf(1, {})).toBe(0n);
    expect(postedFeeOf(1, { noticefee: null })).toBe(0n);
    expect(postedFeeOf(1, null)).toBe(0n);
    expect(postedFeeOf(0, { noticefee: 5 })).toBe(0n);
    expect(postedFeeOf(301, { noticefee: 5 })).toBe(0n);
  });

  it("is for a reminder job's own letter and the notices it dates, or a collection job's dated notices, and at least one", () => {
    expect(postedFeeBasis(1, reminderJob())).toEqual(["2026-09-15"]);
    expect(postedFeeBasis(1, reminderJob({ noticedate: "2026-10-01", xmldate: "2026-10-20" }))).toEqual(["2026-10-01", "2026-10-20"]);
    expect(postedFeeBasis(1, reminderJob({ noticedate: "2026-10-01" }))).toEqual(["2026-10-01", "2026-10-01"]);
    expect(postedFeeBasis(2, collectionJob())).toEqual(["2026-09-30"]);
    expect(postedFeeBasis(2, collectionJob({ noticedate2: "2026-10-20", xmldate: "2026-11-20" }))).toEqual(["2026-09-30", "2026-10-20"]);
    expect(postedFeeBasis(2, collectionJob({ noticedate: null }))).toEqual(["2026-09-15"]);
    expect(postedFeeBasis(2, { noticedate: null })).toBeNull();
  });

  it("is refused above the reminder fees the law allows for the debtor and the reminders, naming the cap and the law", () => {
    expect(postedFeeProblem(reminderJob({ noticefee: 5 }), "FIN")).toBeNull();
    expect(postedFeeProblem(reminderJob({ noticefee: "5.01" }), "FIN")).toEqual({
      field: "noticefee",
      code: "invalid",
      message:
        "must be at most 5.00, what the law allows for 1 reminder(s) (laki saatavien perinnästä 513/1999 10 a §, 10 c §, 10 e §); counted are a reminder job's own letter and each earlier reminder dated in noticedate to noticedate4, at most 3: to claim the fees of more reminders, give each earlier one's date there",
      rule: "atMostReminderFees",
      params: { max: "5.00", reminders: "1", most: "3", law: "laki saatavien perinnästä 513/1999 10 a §, 10 c §, 10 e §" },
    });
    // Two dated reminders of a Finnish consumer claim: 10 €; a business debtor's one: 12 €.
    expect(postedFeeProblem(collectionJob({ noticefee: 10, noticedate2: "2026-10-20" }), "FIN")).toBeNull();
    expect(postedFeeProblem(collectionJob({ noticefee: 10 }), "FIN")?.params).toMatchObject({ max: "5.00" });
    expect(postedFeeProblem(collectionJob({ noticefee: 12, customertype: 1 }), "FIN")).toBeNull();
    // Sweden: 60 kr however many reminders went; Norway: 35 kr each, two at most.
    expect(postedFeeProblem(reminderJob({ noticefee: 60, customertype: 1 }), "SWE")).toBeNull();
    expect(postedFeeProblem(reminderJob({ noticefee: 60, noticedate: "2026-10-01", customertype: 1 }), "SWE")).toBeNull();
    expect(postedFeeProblem(reminderJob({ noticefee: "60.01", noticedate: "2026-10-01" }), "SWE")?.params).toMatchObject({ max: "60.00", reminders: "1" });
    expect(postedFeeProblem(collectionJob({ noticefee: 70, noticedate2: "2026-10-10", noticedate3: "2026-10-20" }), "NOR")).toBeNull();
    expect(postedFeeProblem(collectionJob({ noticefee: 71, noticedate2: "2026-10-10", noticedate3: "2026-10-20" }), "NOR")?.params).toMatchObject({
      max: "70.00",
      reminders: "2",
    });
  });

  it("caps each dated reminder by the fee table of its own day", () => {
    // A Finnish business debtor's collection after reminders of 30 April 2022 (5 €) and 1 May 2022 (12 €): 17 € at most.
    const straddling = collectionJob({ customertype: 1, paydate: "2022-04-01", noticedate: "2022-04-30", noticedate2: "2022-05-01" });
    expect(postedFeeProblem({ ...straddling, noticefee: 17 }, "FIN")).toBeNull();
    expect(postedFeeProblem({ ...straddling, noticefee: "17.01" }, "FIN")?.params).toMatchObject({ max: "17.00", reminders: "2" });
    // A Norwegian reminder job of 1 October 2020 after a purring of 30 September: 70 + 35 kr.
    const norway = reminderJob({ paydate: "2020-09-01", noticedate: "2020-09-30", xmldate: "2020-10-01" });
    expect(postedFeeProblem({ ...norway, noticefee: 105 }, "NOR")).toBeNull();
    expect(postedFeeProblem({ ...norway, noticefee: "105.01" }, "NOR")?.params).toMatchObject({ max: "105.00", reminders: "2", most: "2" });
  });

  it("is not checked on other jobs, nor where there is none", () => {
    expect(postedFeeProblem({ jobtype: 0, customertype: 2, paydate: "2026-09-15", noticefee: 500 }, "FIN")).toBeNull();
    expect(postedFeeProblem(reminderJob(), "FIN")).toBeNull();
    expect(postedFeeProblem(reminderJob({ noticefee: 0 }), "FIN")).toBeNull();
  });
});
