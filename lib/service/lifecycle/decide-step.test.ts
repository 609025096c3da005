import { describe, expect, it } from "vitest";

import { isBusinessDay } from "../calendar/business-days";
import { addDays } from "../calendar/dates";

import { decideStep, dueDateTerms, interestStart, lateInterestStart, noticeTermAtSending, postedNoticeDue, type CaseFacts } from "./decide-step";
import { LIFECYCLE_RULES, noticeDue } from "./rules";

const invoiceCase = (overrides: Partial<CaseFacts> = {}): CaseFacts => ({
  jobstatus: 0,
  paydate: "2026-03-02",
  currentPaydate: "2026-03-02",
  phaseSince: null,
  sensible: false,
  onHold: false,
  openTotal: 10_000n,
  plan: null,
  // Sent two weeks before its due date.
  sentOn: "2026-02-16",
  ...overrides,
});

/** An invoice sent on its bill date (Job.sentOn the same day; null: not sent). */
const billed = (billdate: string | null) => ({ jobtype: 0, billdate, sentOn: billdate });

describe("postedNoticeDue", () => {
  it("keeps a posted notice's own due date when it gives the legal term, else gives the country's term", () => {
    expect(postedNoticeDue("FIN", 1, "2026-12-31", "2026-12-01")).toBe("2026-12-31");
    // Sweden: taken in Monday 23 November, sent Tuesday, delivered by Friday, then four bank days
    // (inkassolagen 5 § with IMY's advice); the påminnelse gets the same.
    expect(postedNoticeDue("SWE", 1, "2026-09-15", "2026-11-23")).toBe("2026-12-03");
    expect(postedNoticeDue("SWE", 2, "2026-09-15", "2026-11-23")).toBe("2026-12-03");
    // A due date of its own that lies ahead but is nearer than the legal term is not kept.
    expect(postedNoticeDue("SWE", 2, "2026-11-30", "2026-11-23")).toBe("2026-12-03");
    // Over Christmas the term skips the holidays, and the day is always a business day.
    for (const country of ["FIN", "SWE", "NOR"] as const) {
      for (const day of ["2026-12-18", "2026-12-19", "2026-12-23", "2027-03-26", "2027-05-14"]) {
        for (const jobstatus of [1, 2] as const)
          expect(isBusinessDay(country, postedNoticeDue(country, jobstatus, null, day)), `${country} ${jobstatus} ${day}`).toBe(true);
      }
    }
  });
});

describe("lateInterestStart", () => {
  const COUNTRIES = ["FIN", "SWE", "NOR"] as const;
  const SOURCES = { FIN: /korkolaki 633\/1982/, SWE: /räntelagen 1975:635 3 §.*4 §.*2002:352/, NOR: /forsinkelsesrenteloven .*§ 2/ };

  for (const country of COUNTRIES) {
    describe(country, () => {
      it("runs interest from the due date when it was agreed in advance, whenever the invoice went", () => {
        expect(lateInterestStart("2026-03-16", dueDateTerms(true, country, billed("2026-03-02")))).toBe("2026-03-16");
        expect(lateInterestStart("2026-03-16", dueDateTerms(true, country, billed("2025-12-01")))).toBe("2026-03-16");
      });

      it("otherwise from the later of the due date and 30 days after the invoice was sent", () => {
        expect(LIFECYCLE_RULES[country].unagreedDueInterest).toMatchObject({ daysAfterSending: 30, source: expect.stringMatching(SOURCES[country]) });
        // The 30 days run out before the due date (a term longer than 30 days): the due date.
        expect(lateInterestStart("2026-02-14", dueDateTerms(false, country, billed("2026-01-01")))).toBe("2026-02-14");
        // They run out after it (a 14-day term): 30 days after the bill date.
        expect(lateInterestStart("2026-03-16", dueDateTerms(false, country, billed("2026-03-02")))).toBe("2026-04-01");
        // The same day: either.
        expect(lateInterestStart("2026-04-01", dueDateTerms(false, country, billed("2026-03-02")))).toBe("2026-04-01");
      });

      it("counts the 30 days over a month's end and a leap day", () => {
        // 31 January + 30 days: over February's 28 days to 2 March.
        expect(lateInterestStart("2026-02-14", dueDateTerms(false, country, billed("2026-01-31")))).toBe("2026-03-02");
        // 2028 is a leap year: 10 February + 30 days is 11 March, a day earlier than in 2027.
        expect(lateInterestStart("2028-02-24", dueDateTerms(false, country, billed("2028-02-10")))).toBe("2028-03-11");
        expect(lateInterestStart("2027-02-24", dueDateTerms(false, country, billed("2027-02-10")))).toBe("2027-03-12");
        // Over the year's end.
        expect(lateInterestStart("2026-12-31", dueDateTerms(false, country, billed("2026-12-15")))).toBe("2027-01-14");
      });

      it("runs no interest on an invoice not sent, and has nothing without a due date", () => {
        // Never delivered (a draft, a send waiting or failed): the debtor never got it, whatever its bill date.
        expect(lateInterestStart("2026-03-16", dueDateTerms(false, country, { jobtype: 0, billdate: "2026-03-02", sentOn: null }))).toBeNull();
        for (const jobtype of [300, 602])
          expect(lateInterestStart("2026-03-16", dueDateTerms(false, country, { jobtype, billdate: "2026-03-02", sentOn: null }))).toBeNull();
        expect(interestStart(invoiceCase({ currentPaydate: "2026-03-16" }), dueDateTerms(false, country, billed(null)))).toBeNull();
        // Agreed due dates run from the due date whether sent or not (the sweep charges only cases it reminds, which were sent).
        expect(lateInterestStart("2026-03-16", dueDateTerms(true, country, billed(null)))).toBe("2026-03-16");
        // A posted reminder or collection counts from its bill date: the service's letter is not the invoice.
        for (const jobtype of [1, 2])
          expect(lateInterestStart("2026-03-16", dueDateTerms(false, country, { jobtype, billdate: "2026-03-02", sentOn: null }))).toBe("2026-04-01");
        expect(lateInterestStart(null, dueDateTerms(false, country, billed("2026-03-02")))).toBeNull();
      });

      it("counts from the day the service sent the invoice, not its bill date, and from the bill date of a posted reminder or collection", () => {
        // Billed 1 May, due 1 June, held as a draft and sent on 20 May (or refused or returned, and resent then).
        const sent = { jobtype: 0, billdate: "2026-05-01", sentOn: "2026-05-20" };
        expect(lateInterestStart("2026-06-01", dueDateTerms(false, country, sent))).toBe("2026-06-19");
        expect(lateInterestStart("2026-06-01", dueDateTerms(false, country, billed("2026-05-01")))).toBe("2026-06-01");
        // A sub invoice and a Connect invoice the service sent alike.
        for (const jobtype of [300, 602]) expect(lateInterestStart("2026-06-01", dueDateTerms(false, country, { ...sent, jobtype }))).toBe("2026-06-19");
        // Posted as a reminder or collection, the customer sent the invoice itself: its bill date, whatever the service sent since.
        for (const jobtype of [1, 2]) expect(lateInterestStart("2026-06-01", dueDateTerms(false, country, { ...sent, jobtype }))).toBe("2026-06-01");
        // A day of sending without a bill date counts as well; agreed due dates ignore both.
        expect(lateInterestStart("2026-06-01", dueDateTerms(false, country, { ...sent, billdate: null }))).toBe("2026-06-19");
        expect(lateInterestStart("2026-06-01", dueDateTerms(true, country, sent))).toBe("2026-06-01");
      });

      it("is where a case's interest starts, from its current due date as an invoice and its original one after a notice", () => {
        const unagreed = dueDateTerms(false, country, billed("2026-02-20"));
        expect(interestStart(invoiceCase({ currentPaydate: "2026-03-20" }), unagreed)).toBe("2026-03-22");
        expect(interestStart(invoiceCase({ currentPaydate: "2026-03-30" }), unagreed)).toBe("2026-03-30");
        expect(interestStart(invoiceCase({ jobstatus: 1, currentPaydate: "2026-04-20" }), unagreed)).toBe("2026-03-22");
        expect(interestStart(invoiceCase({ jobstatus: 1, currentPaydate: "2026-04-20" }), dueDateTerms(true, country, billed("2026-02-20")))).toBe(
          "2026-03-02",
        );
      });
    });
  }
});

describe("decideStep", () => {
  it("returns a case from its cut-off warning (150) on the interruption day to the phase it left, without a fee", () => {
    const warned = invoiceCase({ jobstatus: 150, phaseSince: "2026-11-23", returnCode: 16 });
    expect(decideStep("FIN", warned, "2026-12-07")).toEqual({
      kind: "move",
      toCode: 16,
      fee: null,
      pendingDocument: null,
      currentPaydate: null,
      reviewOn: "2026-12-08",
    });
    expect(decideStep("FIN", { ...warned, returnCode: null }, "2026-12-07")).toMatchObject({ toCode: 2 });
    // Only interest left: it still leaves the warning, and its phase decides whether to wait.
    expect(decideStep("FIN", { ...warned, interestOnly: true }, "2026-12-07")).toMatchObject({ kind: "move", toCode: 16 });
    // On hold: the hold's release decides.
    expect(decideStep("FIN", { ...warned, onHold: true }, "2026-12-07")).toEqual({ kind: "wait", reviewOn: null });
  });

  it("waits 14 days for a returned letter's corrected address (89), then marks the address in error (71) for a person", () => {
    const returned = invoiceCase({ jobstatus: 89, phaseSince: "2026-03-10" });
    expect(decideStep("FIN", returned, "2026-03-10")).toEqual({ kind: "wait", reviewOn: "2026-03-24" });
    expect(decideStep("FIN", returned, "2026-03-23")).toEqual({ kind: "wait", reviewOn: "2026-03-24" });
    expect(decideStep("FIN", returned, "2026-03-24")).toMatchObject({ kind: "move", toCode: 71, fee: null, pendingDocument: null, reviewOn: null });
    expect(decideStep("FIN", invoiceCase({ jobstatus: 71, phaseSince: "2026-03-24" }), "2027-01-01")).toEqual({ kind: "wait", reviewOn: null });
  });

  it("takes no step in a draft, the debtor's insolvency proceedings or post-collection", () => {
    for (const jobstatus of [11, 6, 110, 111, 17])
      for (const today of ["2026-03-02", "2026-04-30", "2027-03-02"])
        expect(decideStep("FIN", invoiceCase({ jobstatus, phaseSince: "2026-03-01" }), today)).toEqual({ kind: "wait", reviewOn: null });
  });

  it("never reminds a Connect invoice (jobtype 300): its payment goes to the customer's own account", () => {
    const connect = invoiceCase({ jobstatus: 300 });
    for (const today of ["2026-03-02", "2026-03-16", "2026-06-30", "2027-03-02"]) {
      for (const country of ["FIN", "SWE", "NOR"] as const) expect(decideStep(country, connect, today)).toEqual({ kind: "wait", reviewOn: null });
    }
  });

  it("waits until the country's reminder day, then reminds with the country's legal term", () => {
    expect(decideStep("FIN", invoiceCase(), "2026-03-02")).toEqual({ kind: "wait", reviewOn: "2026-03-16" });
    // Made Monday 16 March, sent the 17th, delivered by the 24th, ten days: Good Friday 3 April, so
    // the Tuesday after Easter Monday.
    expect(decideStep("FIN", invoiceCase(), "2026-03-16")).toEqual({
      kind: "move",
      toCode: 1,
      fee: "reminder_fee",
      pendingDocument: "reminder",
      currentPaydate: "2026-04-07",
      reviewOn: "2026-04-11",
    });
    expect(decideStep("SWE", invoiceCase(), "2026-03-10")).toMatchObject({ kind: "move", toCode: 1 });
    expect(decideStep("NOR", invoiceCase(), "2026-03-10")).toEqual({ kind: "wait", reviewOn: "2026-03-16" });
  });

  it("never reminds an invoice the service has not sent, nor charges its fee, until its delivery has it looked at again", () => {
    // Held as a draft, waiting in distribution, or every send failed: the debtor never got it.
    const unsent = invoiceCase({ sentOn: null });
    for (const country of ["FIN", "SWE", "NOR"] as const) {
      for (const today of ["2026-03-02", "2026-03-10", "2026-03-16", "2026-06-30", "2027-03-02"])
        expect(decideStep(country, unsent, today), `${country} ${today}`).toEqual({ kind: "wait", reviewOn: null });
      // The same case once sent on time is reminded as before.
      expect(decideStep(country, { ...unsent, sentOn: "2026-02-16" }, "2026-06-30")).toMatchObject({ kind: "move", toCode: 1, fee: "reminder_fee" });
    }
  });

  it("reminds an invoice sent after its due date no earlier than the country's days after the day it was sent", () => {
    // Due 2 March, sent 10 March (a draft approved late, a send retried): not the 16th but 14 days from the 10th.
    const late = invoiceCase({ sentOn: "2026-03-10" });
    expect(decideStep("FIN", late, "2026-03-10")).toEqual({ kind: "wait", reviewOn: "2026-03-24" });
    expect(decideStep("FIN", late, "2026-03-16")).toEqual({ kind: "wait", reviewOn: "2026-03-24" });
    expect(decideStep("FIN", late, "2026-03-23")).toEqual({ kind: "wait", reviewOn: "2026-03-24" });
    expect(decideStep("FIN", late, "2026-03-24")).toMatchObject({ kind: "move", toCode: 1, fee: "reminder_fee", pendingDocument: "reminder" });
    expect(decideStep("SWE", late, "2026-03-17")).toEqual({ kind: "wait", reviewOn: "2026-03-18" });
    expect(decideStep("SWE", late, "2026-03-18")).toMatchObject({ kind: "move", toCode: 1, fee: "reminder_fee" });
    expect(decideStep("NOR", late, "2026-03-16")).toEqual({ kind: "wait", reviewOn: "2026-03-24" });
    // Sent on its due date or before, the due date decides as it always did.
    for (const sentOn of ["2026-02-16", "2026-03-02"]) {
      expect(decideStep("FIN", invoiceCase({ sentOn }), "2026-03-15")).toEqual({ kind: "wait", reviewOn: "2026-03-16" });
      expect(decideStep("FIN", invoiceCase({ sentOn }), "2026-03-16")).toMatchObject({ kind: "move", toCode: 1, fee: "reminder_fee" });
    }
    // A due date moved past the day sent counts from itself.
    expect(decideStep("FIN", invoiceCase({ currentPaydate: "2026-03-20", sentOn: "2026-03-10" }), "2026-03-24")).toEqual({
      kind: "wait",
      reviewOn: "2026-04-03",
    });
  });

  it("counts every wait from the current due date, which PATCH /jobs/{jobid}/duedate moves", () => {
    // paydate 2 March, moved to 20 March before any reminder: the reminder waits 14 days from the 20th.
    const moved = invoiceCase({ currentPaydate: "2026-03-20" });
    expect(decideStep("FIN", moved, "2026-03-20")).toEqual({ kind: "wait", reviewOn: "2026-04-03" });
    expect(decideStep("FIN", moved, "2026-04-02")).toEqual({ kind: "wait", reviewOn: "2026-04-03" });
    expect(decideStep("FIN", moved, "2026-04-03")).toMatchObject({ kind: "move", toCode: 1, fee: "reminder_fee" });
    expect(decideStep("SWE", moved, "2026-03-27")).toEqual({ kind: "wait", reviewOn: "2026-03-28" });
    // A job posted as reminder or collection whose due date was moved before its first look starts from the new one.
    expect(decideStep("FIN", invoiceCase({ jobstatus: 1, paydate: "2026-01-15", currentPaydate: "2026-03-25" }), "2026-03-02")).toEqual({
      kind: "start",
      currentPaydate: "2026-03-25",
      reviewOn: "2026-03-29",
    });
    expect(decideStep("FIN", invoiceCase({ jobstatus: 2, paydate: "2026-01-15", currentPaydate: "2026-03-25" }), "2026-03-02")).toEqual({
      kind: "start",
      currentPaydate: "2026-03-25",
      reviewOn: "2026-04-09",
    });
    // A moved reminder's or collection letter's due date: the next step waits for it too.
    expect(decideStep("FIN", invoiceCase({ jobstatus: 1, phaseSince: "2026-03-16", currentPaydate: "2026-04-20" }), "2026-04-03")).toEqual({
      kind: "wait",
      reviewOn: "2026-04-24",
    });
    expect(decideStep("FIN", invoiceCase({ jobstatus: 2, phaseSince: "2026-04-03", currentPaydate: "2026-05-20" }), "2026-05-02")).toEqual({
      kind: "wait",
      reviewOn: "2026-06-04",
    });
  });

  it("waits with a posted collection until the day it may begin, and starts it then with the term counted from that day", () => {
    const held = invoiceCase({ jobstatus: 2, paydate: "2026-10-15", currentPaydate: "2026-10-15", collectionFrom: "2026-12-06" });
    expect(decideStep("NOR", held, "2026-11-23")).toEqual({ kind: "wait", reviewOn: "2026-12-06" });
    expect(decideStep("NOR", held, "2026-12-05")).toEqual({ kind: "wait", reviewOn: "2026-12-06" });
    expect(decideStep("NOR", held, "2026-12-06")).toEqual({
      kind: "start",
      currentPaydate: postedNoticeDue("NOR", 2, "2026-10-15", "2026-12-06"),
      reviewOn: addDays(postedNoticeDue("NOR", 2, "2026-10-15", "2026-12-06"), LIFECYCLE_RULES.NOR.legalAfterDays + 1),
    });
    // A payment plan posted with it is entered on that day, not before.
    const plan = [{ date: "2026-12-20", amount: 10_000n }];
    expect(decideStep("NOR", { ...held, plan }, "2026-11-23")).toEqual({ kind: "wait", reviewOn: "2026-12-06" });
    // Once started, the day no longer matters.
    expect(decideStep("NOR", { ...held, phaseSince: "2026-12-06", currentPaydate: "2026-12-21" }, "2026-12-10")).toMatchObject({ kind: "wait" });
  });

  it("runs interest from the current due date while the case is an invoice, from the original one after a notice", () => {
    expect(interestStart(invoiceCase({ currentPaydate: "2026-03-20" }), dueDateTerms(true, "FIN", billed(null)))).toBe("2026-03-20");
    expect(interestStart(invoiceCase({ jobstatus: 1, currentPaydate: "2026-04-20" }), dueDateTerms(true, "FIN", billed(null)))).toBe("2026-03-02");
    expect(interestStart(invoiceCase({ currentPaydate: null }), dueDateTerms(true, "FIN", billed(null)))).toBe("2026-03-02");
  });

  it("never reminds a sensible case, nor moves one on hold, closed or paid", () => {
    expect(decideStep("FIN", invoiceCase({ sensible: true }), "2026-05-01")).toEqual({ kind: "wait", reviewOn: null });
    expect(decideStep("FIN", invoiceCase({ jobstatus: 100, onHold: true }), "2026-05-01")).toEqual({ kind: "wait", reviewOn: null });
    expect(decideStep("FIN", invoiceCase({ jobstatus: 101 }), "2026-05-01")).toEqual({ kind: "wait", reviewOn: null });
    expect(decideStep("FIN", invoiceCase({ openTotal: 0n }), "2026-05-01")).toEqual({ kind: "wait", reviewOn: null });
    // Only the interest of the days between a notice and its payment left: no fee, no letter.
    expect(decideStep("FIN", invoiceCase({ jobstatus: 1, phaseSince: "2026-03-01", openTotal: 45n, interestOnly: true }), "2026-05-01")).toEqual({
      kind: "wait",
      reviewOn: null,
    });
  });

  it("sends an unpaid reminder to collection after its due date and the grace days", () => {
    const reminded = invoiceCase({ jobstatus: 1, phaseSince: "2026-03-16", currentPaydate: "2026-03-30" });
    expect(decideStep("FIN", reminded, "2026-04-02")).toEqual({ kind: "wait", reviewOn: "2026-04-03" });
    expect(decideStep("FIN", reminded, "2026-04-03")).toMatchObject({ kind: "move", toCode: 2, fee: "collection_fee", pendingDocument: "collection" });
  });

  it("moves unanswered collection to legal consideration and waits there for a person", () => {
    const collected = invoiceCase({ jobstatus: 2, phaseSince: "2026-04-03", currentPaydate: "2026-04-17" });
    expect(decideStep("FIN", collected, "2026-05-01")).toEqual({ kind: "wait", reviewOn: "2026-05-02" });
    expect(decideStep("FIN", collected, "2026-05-02")).toMatchObject({ kind: "move", toCode: 16, reviewOn: null });
    expect(decideStep("FIN", invoiceCase({ jobstatus: 16, phaseSince: "2026-05-02" }), "2026-09-01")).toEqual({ kind: "wait", reviewOn: null });
  });

  it("starts a job posted as reminder or collection in its own phase, without a move", () => {
    expect(decideStep("FIN", invoiceCase({ jobstatus: 1, paydate: "2026-01-15", currentPaydate: "2026-01-15" }), "2026-03-02")).toEqual({
      kind: "start",
      currentPaydate: "2026-03-20",
      reviewOn: "2026-03-24",
    });
    expect(decideStep("FIN", invoiceCase({ jobstatus: 2, paydate: "2026-03-20", currentPaydate: "2026-03-20" }), "2026-03-02")).toEqual({
      kind: "start",
      currentPaydate: "2026-03-20",
      reviewOn: "2026-04-04",
    });
  });

  it("follows a payment plan, breaks it when an instalment is missed, and returns it to collection", () => {
    const plan = [
      { date: "2026-04-01", amount: 5000n },
      { date: "2026-05-01", amount: 5000n },
    ];
    expect(decideStep("FIN", invoiceCase({ plan }), "2026-03-02")).toMatchObject({
      kind: "move",
      toCode: 41,
      currentPaydate: "2026-04-01",
      reviewOn: "2026-04-16",
    });
    const following = invoiceCase({ jobstatus: 41, phaseSince: "2026-03-02", plan, openTotal: 5000n });
    expect(decideStep("FIN", following, "2026-04-16")).toEqual({ kind: "wait", reviewOn: "2026-05-16" });
    const missed = { ...following, openTotal: 10_000n };
    expect(decideStep("FIN", missed, "2026-04-16")).toMatchObject({ kind: "move", toCode: 203, reviewOn: "2026-04-17" });
    expect(decideStep("FIN", { ...missed, jobstatus: 203 }, "2026-04-17")).toMatchObject({ kind: "move", toCode: 2, fee: null, pendingDocument: "collection" });
  });

  it("always looks again strictly after today, or never", () => {
    const cases: CaseFacts[] = [
      invoiceCase(),
      invoiceCase({ jobstatus: 1, phaseSince: "2026-03-01" }),
      invoiceCase({ jobstatus: 2, phaseSince: "2026-03-01" }),
      invoiceCase({ jobstatus: 1 }),
      invoiceCase({ jobstatus: 2 }),
    ];
    for (const country of ["FIN", "SWE", "NOR"] as const) {
      for (const facts of cases) {
        for (const today of ["2026-03-01", "2026-03-17", "2026-06-19", "2026-12-24"]) {
          const step = decideStep(country, facts, today);
          if (step.reviewOn !== null) expect(step.reviewOn > today).toBe(true);
        }
      }
    }
  });
});

describe("noticeTermAtSending", () => {
  const moved = (jobstatus: number, movedOn: string, kind: "reminder" | "collection", country: "FIN" | "SWE" | "NOR" = "FIN") => ({
    jobtype: 0,
    jobstatus,
    paydate: "2026-12-06",
    currentPaydate: noticeDue(country, kind, movedOn),
    phaseSince: movedOn,
  });

  it("gives a notice sent after its move day the term from the day it is sent, and the sweep's look after it", () => {
    for (const country of ["FIN", "SWE", "NOR"] as const) {
      // The sweep moving each case into the notice's phase on the day it is sent: a long overdue invoice, a reminder long past its due date.
      const moves = {
        reminder: decideStep(country, invoiceCase({ paydate: "2027-01-05", currentPaydate: "2027-01-05", sentOn: "2026-12-21" }), "2027-02-06"),
        collection: decideStep(country, invoiceCase({ jobstatus: 1, phaseSince: "2026-12-22", currentPaydate: "2027-01-07" }), "2027-02-06"),
      };
      for (const [code, kind] of [
        [1, "reminder"],
        [2, "collection"],
      ] as const) {
        const facts = moved(code, "2027-01-19", kind, country);
        // Sent the day it was made: the case's own due date stands.
        expect(noticeTermAtSending(country, facts, kind, "2027-01-19")).toBeNull();
        const late = noticeTermAtSending(country, facts, kind, "2027-02-06");
        expect(late).toEqual({ from: facts.currentPaydate, currentPaydate: noticeDue(country, kind, "2027-02-06"), reviewOn: expect.any(String) });
        expect(isBusinessDay(country, late!.currentPaydate)).toBe(true);
        // The due date and the next look a move on the day of sending gives.
        const move = moves[kind];
        expect(move).toMatchObject({ kind: "move", toCode: code });
        expect(late).toMatchObject({ currentPaydate: move.kind === "move" ? move.currentPaydate : null, reviewOn: move.reviewOn });
      }
    }
  });

  it("leaves a case alone whose due date already gives the term from the day of sending", () => {
    for (const country of ["FIN", "SWE", "NOR"] as const) {
      for (const [code, kind] of [
        [1, "reminder"],
        [2, "collection"],
      ] as const) {
        const term = noticeDue(country, kind, "2027-02-06");
        // Moved by the API user or customer service to the term's last day or later.
        for (const currentPaydate of [term, addDays(term, 1), addDays(term, 30)]) {
          expect(noticeTermAtSending(country, { ...moved(code, "2027-01-19", kind, country), currentPaydate }, kind, "2027-02-06")).toBeNull();
        }
      }
    }
  });

  it("leaves a case alone whose phase is not the notice's, and takes a posted reminder's or collection's own letter", () => {
    // A reminder sent after its case went on to collection, a cut-off warning, an invoice.
    expect(noticeTermAtSending("FIN", moved(2, "2027-01-19", "reminder"), "reminder", "2027-02-06")).toBeNull();
    expect(noticeTermAtSending("FIN", moved(150, "2027-01-19", "reminder"), "cutoff", "2027-02-06")).toBeNull();
    expect(noticeTermAtSending("FIN", { ...moved(0, "2027-01-19", "reminder"), phaseSince: null }, "original", "2027-02-06")).toBeNull();
    const posted = { ...moved(2, "2027-01-19", "collection"), jobtype: 2 };
    expect(noticeTermAtSending("FIN", posted, "original", "2027-02-06")?.currentPaydate).toBe(noticeDue("FIN", "collection", "2027-02-06"));
    // Not yet taken in (a Norwegian collection held until it may begin): its letter goes with the start.
    expect(noticeTermAtSending("NOR", { ...posted, phaseSince: null }, "original", "2027-02-06")).toBeNull();
  });
});
