import { describe, expect, it } from "vitest";

import { environment } from "../../spec/environments";
import { nextBusinessDay } from "../calendar/business-days";
import { addDays } from "../calendar/dates";
import { noticeDue } from "../lifecycle/rules";

import { resentDue } from "./einvoice-rejections";

/* The term a document sent again gives its debtor: the document's own, counted from the resend. */

const fin = environment("fin-test");
const TODAY = "2026-11-26";

describe("resentDue", () => {
  it("gives an invoice its own term from today, at least two weeks, on a banking day", () => {
    expect(resentDue(fin, "original", { jobtype: 0, billdate: "2026-11-01", paydate: "2026-11-22" }, TODAY)).toBe(nextBusinessDay("FIN", addDays(TODAY, 21)));
    expect(resentDue(fin, "original", { jobtype: 0, billdate: "2026-11-01", paydate: "2026-11-08" }, TODAY)).toBe(nextBusinessDay("FIN", addDays(TODAY, 14)));
  });

  it("gives the service's reminder and collection letter their notice terms", () => {
    const job = { jobtype: 0, billdate: "2026-10-01", paydate: "2026-10-31" };
    expect(resentDue(fin, "reminder", job, TODAY)).toBe(noticeDue("FIN", "reminder", TODAY));
    expect(resentDue(fin, "collection", job, TODAY)).toBe(noticeDue("FIN", "collection", TODAY));
  });

  it("gives a job posted as a reminder or a collection its notice's term, not an invoice's", () => {
    const posted = { billdate: "2026-10-01", paydate: "2026-11-30" };
    expect(resentDue(fin, "original", { ...posted, jobtype: 1 }, TODAY)).toBe(noticeDue("FIN", "reminder", TODAY));
    expect(resentDue(fin, "original", { ...posted, jobtype: 2 }, TODAY)).toBe(noticeDue("FIN", "collection", TODAY));
  });
});
