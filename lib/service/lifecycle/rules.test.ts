import { describe, expect, it } from "vitest";

import type { Country } from "../../spec/environments";
import { addBusinessDays, isBusinessDay, nextBusinessDay } from "../calendar/business-days";
import { addDays, daysBetween } from "../calendar/dates";

import { postedNoticeDue } from "./decide-step";
import { collectionFee, collectionMayBeginOn, LIFECYCLE_RULES, noticeDue, reminderFee, reminderFeesCap, type NoticeKind } from "./rules";

describe("fees", () => {
  it("caps the Finnish reminder fee at 5 € and three reminders", () => {
    expect(reminderFee("FIN", false, "2026-03-01", 0)).toBe(500n);
    expect(reminderFee("FIN", false, "2026-03-01", 2)).toBe(500n);
    expect(reminderFee("FIN", false, "2026-03-01", 3)).toBe(0n);
  });

  it("sets the Finnish collection fee by the size of the consumer claim", () => {
    expect(collectionFee({ country: "FIN", business: false, date: "2026-03-01", capital: 10_000n, feesCarried: 0n, interestOwed: true })).toBe(1400n);
    expect(collectionFee({ country: "FIN", business: false, date: "2026-03-01", capital: 10_001n, feesCarried: 0n, interestOwed: true })).toBe(2400n);
    expect(collectionFee({ country: "FIN", business: false, date: "2026-03-01", capital: 100_000n, feesCarried: 0n, interestOwed: true })).toBe(2400n);
    expect(collectionFee({ country: "FIN", business: false, date: "2026-03-01", capital: 100_001n, feesCarried: 0n, interestOwed: true })).toBe(5000n);
  });

  it("caps a Finnish business debtor's fees by 513/1999 10 e § since 1 May 2022, and the 40 € compensation before", () => {
    expect(reminderFee("FIN", true, "2026-03-01", 0)).toBe(1200n);
    expect(reminderFee("FIN", false, "2026-03-01", 0)).toBe(500n);
    expect(collectionFee({ country: "FIN", business: true, date: "2026-03-01", capital: 5_000n, feesCarried: 0n, interestOwed: true })).toBe(5000n);
    expect(collectionFee({ country: "FIN", business: true, date: "2026-03-01", capital: 50_000n, feesCarried: 0n, interestOwed: true })).toBe(5000n);
    expect(collectionFee({ country: "FIN", business: true, date: "2026-03-01", capital: 50_001n, feesCarried: 0n, interestOwed: true })).toBe(7000n);
    expect(collectionFee({ country: "FIN", business: true, date: "2026-03-01", capital: 250_000n, feesCarried: 0n, interestOwed: true })).toBe(7000n);
    expect(collectionFee({ country: "FIN", business: true, date: "2026-03-01", capital: 250_001n, feesCarried: 0n, interestOwed: true })).toBe(9000n);
    expect(collectionFee({ country: "FIN", business: true, date: "2026-03-01", capital: 1_000_000n, feesCarried: 0n, interestOwed: true })).toBe(9000n);
    expect(collectionFee({ country: "FIN", business: true, date: "2026-03-01", capital: 1_000_001n, feesCarried: 0n, interestOwed: true })).toBe(11_000n);
    expect(reminderFee("FIN", true, "2022-04-30", 0)).toBe(500n);
    expect(collectionFee({ country: "FIN", business: true, date: "2022-04-30", capital: 5_000n, feesCarried: 0n, interestOwed: true })).toBe(4000n);
  });

  it("charges the Swedish påminnelseavgift only as agreed, at most 60 kr and once, and the inkassokrav or förseningsersättning", () => {
    // Lag 1981:739 2 §: no agreement when the debt arose, no fee.
    expect(reminderFee("SWE", false, "2026-03-01", 0)).toBe(0n);
    expect(reminderFee("SWE", false, "2026-03-01", 0, 6000n)).toBe(6000n);
    expect(reminderFee("SWE", false, "2026-03-01", 0, 4500n)).toBe(4500n);
    // 4 §: never more than 60 kr, whatever was agreed.
    expect(reminderFee("SWE", false, "2026-03-01", 0, 9900n)).toBe(6000n);
    expect(reminderFee("SWE", false, "2026-03-01", 1, 6000n)).toBe(0n);
    expect(collectionFee({ country: "SWE", business: false, date: "2026-03-01", capital: 1n, feesCarried: 0n, interestOwed: true })).toBe(18_000n);
  });

  it("counts a Swedish business debtor's reminder fee into the 450 kr förseningsersättning (lag 1981:739 4 a § as amended by SFS 2013:56)", () => {
    // An agreed påminnelseavgift of 60 kr, then collection: 390 kr, 450 kr in all.
    const reminded = reminderFee("SWE", true, "2026-03-01", 0, 6000n);
    expect(reminded).toBe(6000n);
    expect(collectionFee({ country: "SWE", business: true, date: "2026-03-10", capital: 250_000n, feesCarried: reminded, interestOwed: true })).toBe(39_000n);
    // No reminder fee agreed: the whole förseningsersättning at collection.
    expect(reminderFee("SWE", true, "2026-03-01", 0)).toBe(0n);
    expect(collectionFee({ country: "SWE", business: true, date: "2026-03-10", capital: 250_000n, feesCarried: 0n, interestOwed: true })).toBe(45_000n);
    // Fees already at or over 450 kr leave nothing, never a negative fee.
    expect(collectionFee({ country: "SWE", business: true, date: "2026-03-10", capital: 250_000n, feesCarried: 45_000n, interestOwed: true })).toBe(0n);
    expect(collectionFee({ country: "SWE", business: true, date: "2026-03-10", capital: 250_000n, feesCarried: 50_000n, interestOwed: true })).toBe(0n);
    // No late-payment interest owed (an agreed 0 %): no förseningsersättning, the 180 kr inkassokrav.
    expect(collectionFee({ country: "SWE", business: true, date: "2026-03-10", capital: 250_000n, feesCarried: 6000n, interestOwed: false })).toBe(18_000n);
    // Consumers: the 180 kr inkassokrav whatever reminder fee came before.
    expect(collectionFee({ country: "SWE", business: false, date: "2026-03-10", capital: 250_000n, feesCarried: 6000n, interestOwed: true })).toBe(18_000n);
    expect(collectionFee({ country: "SWE", business: false, date: "2026-03-10", capital: 250_000n, feesCarried: 0n, interestOwed: true })).toBe(18_000n);
    // Elsewhere the fees a case carries do not change the collection fee.
    expect(collectionFee({ country: "FIN", business: true, date: "2026-03-10", capital: 5_000n, feesCarried: 1200n, interestOwed: true })).toBe(5000n);
    expect(collectionFee({ country: "NOR", business: true, date: "2026-03-10", capital: 1n, feesCarried: 7000n, interestOwed: true })).toBe(10_500n);
  });

  it("takes the Norwegian fee in force on the day: 35 kr and 105 kr since 1 October 2020", () => {
    expect(reminderFee("NOR", false, "2020-09-30", 0)).toBe(7000n);
    expect(reminderFee("NOR", false, "2020-10-01", 0)).toBe(3500n);
    expect(reminderFee("NOR", false, "2024-12-31", 0)).toBe(3500n);
    expect(collectionFee({ country: "NOR", business: false, date: "2020-09-30", capital: 1n, feesCarried: 0n, interestOwed: true })).toBe(21_000n);
    expect(collectionFee({ country: "NOR", business: false, date: "2024-06-01", capital: 1n, feesCarried: 0n, interestOwed: true })).toBe(10_500n);
    expect(collectionFee({ country: "NOR", business: false, date: "2026-06-01", capital: 1n, feesCarried: 0n, interestOwed: true })).toBe(10_500n);
    expect(reminderFee("NOR", false, "2026-06-01", 2)).toBe(0n);
    // The agreed fee matters only where the law asks for one.
    expect(reminderFee("NOR", false, "2026-06-01", 0, 1n)).toBe(3500n);
  });

  it("caps the reminder fees a principal charged by each reminder's cap for the debtor on its own date, for no more reminders than a claim may carry fees of", () => {
    const on = (date: string, count: number) => Array.from({ length: count }, () => date);
    // Finland: 5 € a consumer reminder, at most three (513/1999 10 a §, 10 c §); 12 € a business reminder since 1 May 2022 (10 e §), 5 € before.
    expect(reminderFeesCap("FIN", false, on("2026-03-01", 1))).toBe(500n);
    expect(reminderFeesCap("FIN", false, on("2026-03-01", 2))).toBe(1000n);
    expect(reminderFeesCap("FIN", false, on("2026-03-01", 4))).toBe(1500n);
    expect(reminderFeesCap("FIN", true, on("2026-03-01", 1))).toBe(1200n);
    expect(reminderFeesCap("FIN", true, on("2022-04-30", 1))).toBe(500n);
    // Sweden: 60 kr, once (lag 1981:739 2 §, 4 §), consumer or business.
    expect(reminderFeesCap("SWE", false, on("2026-03-01", 3))).toBe(6000n);
    expect(reminderFeesCap("SWE", true, on("2026-03-01", 1))).toBe(6000n);
    // Norway: a twentieth of the inkassosats, 35 kr, at most two (inkassoforskriften § 1-2, § 1-3); 70 kr before October 2020.
    expect(reminderFeesCap("NOR", false, on("2026-03-01", 2))).toBe(7000n);
    expect(reminderFeesCap("NOR", false, on("2026-03-01", 3))).toBe(7000n);
    expect(reminderFeesCap("NOR", false, on("2020-09-30", 1))).toBe(7000n);
    expect(reminderFeesCap("NOR", false, [])).toBe(0n);
  });

  it("gives reminders dated on both sides of a change of the fee table each its own day's cap", () => {
    // A Finnish business debtor reminded on 30 April 2022 (5 €) and on 1 May 2022 (12 €): 17 €, not 24 € nor 10 €.
    expect(reminderFeesCap("FIN", true, ["2022-04-30", "2022-05-01"])).toBe(1700n);
    expect(reminderFeesCap("FIN", true, ["2022-05-01", "2022-04-30"])).toBe(1700n);
    // Norway's fee halved from 1 October 2020: 70 kr and 35 kr, not 2 × 35 kr.
    expect(reminderFeesCap("NOR", false, ["2020-09-30", "2020-10-01"])).toBe(10_500n);
    // Three Norwegian reminders, two may carry a fee: those of the higher caps count, 70 + 70 kr.
    expect(reminderFeesCap("NOR", false, ["2020-09-01", "2020-09-30", "2020-10-01"])).toBe(14_000n);
    // Four Finnish business reminders across the change, three counted: 12 + 12 + 5 €.
    expect(reminderFeesCap("FIN", true, ["2022-04-01", "2022-04-30", "2022-05-01", "2022-06-01"])).toBe(2900n);
  });

  it("never sends a reminder earlier than the law allows", () => {
    expect(LIFECYCLE_RULES.FIN.reminderAfterDays).toBeGreaterThanOrEqual(14);
    expect(LIFECYCLE_RULES.NOR.reminderAfterDays).toBeGreaterThanOrEqual(14);
  });
});

/*
 * The legal minimum of each notice's term, written out here independently of rules.ts: a letter
 * handed to distribution on `day` is taken as sent on the next business day (the print batch's
 * posting day), and each country counts from the day after that.
 */
const sent = (country: Country, day: string) => nextBusinessDay(country, addDays(day, 1));
const bankDaysAfter = (country: Country, from: string, to: string) => {
  let count = 0;
  for (let day = addDays(from, 1); day <= to; day = addDays(day, 1)) if (isBusinessDay(country, day)) count++;
  return count;
};
const meetsMinimum: Record<Country, (handedOver: string, due: string) => boolean> = {
  // Inkassoloven § 9 andre ledd, § 10 første ledd: at least 14 days from the day it was sent.
  NOR: (day, due) => daysBetween(sent("NOR", day), due) >= 14,
  // Inkassolagen 5 § with IMY's advice: 8 days from sending, and 4 bank days after a delivery of
  // (at the latest) three working days.
  SWE: (day, due) => daysBetween(sent("SWE", day), due) >= 8 && bankDaysAfter("SWE", addBusinessDays("SWE", sent("SWE", day), 3), due) >= 4,
  // 513/1999 4 §, 5 § as read by the Consumer Ombudsman (2024): 10 days after the post's latest
  // delivery, the fifth weekday after posting.
  FIN: (day, due) => daysBetween(addBusinessDays("FIN", sent("FIN", day), 5), due) >= 10,
};

describe("notice terms", () => {
  it("gives a Norwegian inkassovarsel made on Good Friday 14 days from the Tuesday after Easter, when it is posted", () => {
    // Good Friday 26 March 2027; Easter Monday 29 March: the print batch goes into the post on the 30th.
    expect(noticeDue("NOR", "reminder", "2027-03-26")).toBe("2027-04-13");
    // Ten business days from Good Friday would end on 12 April, a day short of 14 days from posting.
    expect(addBusinessDays("NOR", "2027-03-26", 10)).toBe("2027-04-12");
    expect(noticeDue("NOR", "collection", "2027-03-26")).toBe("2027-04-13");
    // The Friday before: sent on Monday 22 March, 14 days end on Monday 5 April, a banking day.
    expect(noticeDue("NOR", "reminder", "2027-03-19")).toBe("2027-04-05");
    // Ending on 17 May (Constitution Day, banks closed) the term moves to the next banking day.
    expect(noticeDue("NOR", "reminder", "2027-04-30")).toBe("2027-05-18");
  });

  it("gives a Swedish inkassokrav made before Midsummer or Christmas its 8 days and 4 bank days after delivery", () => {
    // Midsummer Eve 25 June 2027: sent Thursday 24 June, delivered by Wednesday 30 June at the
    // latest, then four bank days: Tuesday 6 July (six business days would give 2 July).
    expect(noticeDue("SWE", "collection", "2027-06-23")).toBe("2027-07-06");
    expect(addBusinessDays("SWE", "2027-06-23", 6)).toBe("2027-07-02");
    // Christmas 2026: sent 23 December, delivered by 30 December, then 4, 5 (not Epiphany), 7 and 8 January.
    expect(noticeDue("SWE", "collection", "2026-12-22")).toBe("2027-01-08");
    expect(addBusinessDays("SWE", "2026-12-22", 6)).toBe("2027-01-05");
    // The påminnelse gets the same time: no statutory term, never less than the inkassokrav after it.
    expect(noticeDue("SWE", "reminder", "2026-12-22")).toBe("2027-01-08");
  });

  it("gives a Finnish payment demand around Christmas ten days after the post's latest delivery", () => {
    // Made Friday 18 December 2026, sent Monday 21st, delivered by Wednesday 30 December (the fifth
    // weekday the banks are open), ten days: Saturday 9 January, so Monday 11 January.
    expect(noticeDue("FIN", "collection", "2026-12-18")).toBe("2027-01-11");
    expect(addBusinessDays("FIN", "2026-12-18", 10)).toBe("2027-01-07");
    expect(noticeDue("FIN", "reminder", "2026-12-18")).toBe("2027-01-11");
    // An ordinary week: made Monday 2 March 2026, sent Tuesday, delivered by Tuesday 10th, due Friday 20th.
    expect(noticeDue("FIN", "reminder", "2026-03-02")).toBe("2026-03-20");
  });

  it("never gives less than the legal minimum, always on a business day, on any day of two years", () => {
    for (const country of ["FIN", "SWE", "NOR"] as const) {
      for (let day = "2026-01-01"; day <= "2027-12-31"; day = addDays(day, 1)) {
        for (const kind of ["reminder", "collection"] as NoticeKind[]) {
          const due = noticeDue(country, kind, day);
          expect(isBusinessDay(country, due), `${country} ${kind} ${day}`).toBe(true);
          expect(meetsMinimum[country](day, due), `${country} ${kind} ${day} → ${due}`).toBe(true);
        }
        // A posted notice whose own due date is too near gets the minimum; one further off keeps its own.
        const posted = postedNoticeDue(country, 2, addDays(day, 3), day);
        expect(meetsMinimum[country](day, posted) && isBusinessDay(country, posted), `${country} posted ${day} → ${posted}`).toBe(true);
      }
    }
    expect(postedNoticeDue("FIN", 1, "2026-12-31", "2026-12-01")).toBe("2026-12-31");
    // A due date of its own on a Sunday moves to the Monday.
    expect(postedNoticeDue("NOR", 1, "2027-01-31", "2026-12-01")).toBe("2027-02-01");
  });

  it("states each term with its source", () => {
    for (const country of ["FIN", "SWE", "NOR"] as const)
      for (const kind of ["reminder", "collection"] as NoticeKind[]) expect(LIFECYCLE_RULES[country].terms[kind].source).toMatch(/\d/);
  });
});

describe("a collection posted after a notice", () => {
  it("begins in Norway once the inkassovarsel's 14 days and the grace days have run, counted from its sending and not moved off a holiday", () => {
    // Sent Wednesday 18 November: its term's last day is Wednesday 2 December; payments in transit
    // get the three days a reminder of the service's own gets, so collection begins on Sunday 6 December.
    expect(collectionMayBeginOn("NOR", "2026-11-18")).toBe("2026-12-06");
    // Sent Thursday 10 December: the term ends on Christmas Eve, a bank holiday, and stays there (Ot.prp. nr. 2 (1997–1998) p. 114).
    expect(collectionMayBeginOn("NOR", "2026-12-10")).toBe(addDays("2026-12-24", 4));
    expect(LIFECYCLE_RULES.NOR.noticeBeforeCollection?.source).toMatch(/§ 9.*Ot\.prp/u);
  });

  it("begins at once where the law sets no term between the notice and collection, or no notice date is known", () => {
    expect(collectionMayBeginOn("FIN", "2026-11-18")).toBeNull();
    expect(collectionMayBeginOn("SWE", "2026-11-18")).toBeNull();
    expect(collectionMayBeginOn("NOR", null)).toBeNull();
  });
});
