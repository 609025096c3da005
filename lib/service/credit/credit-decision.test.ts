import { describe, expect, it } from "vitest";

import type { CreditInfo } from "../../spec/credit";

import { decideCredit } from "./credit-decision";

const clean: CreditInfo = {
  inquiryid: "i",
  subject: { type: "company", country: "FIN" },
  asof: "2026-11-26",
  own: { opencases: 1, openamount: 100, paidcases: 10, paidlate: 1, collections: 0, legal: 0, insolvency: 0, creditlosses: 0 },
  others: { creditors: 2, opencases: 1, collections: 0, legal: 0, insolvency: 0, creditlosses: 0, paidcases: 10, paidontime: 0.9 },
  bureau: { status: "ok", source: "simulated", paymentdefaults: 0 },
};
const withInfo = (own: Partial<CreditInfo["own"]>, others: Partial<CreditInfo["others"]> = {}, bureau: Partial<CreditInfo["bureau"]> = {}): CreditInfo => ({
  ...clean,
  own: { ...clean.own, ...own },
  others: { ...clean.others, ...others },
  bureau: { ...clean.bureau, ...bureau },
});

describe("decideCredit", () => {
  it("accepts a subject with a clean record within the limit", () => {
    expect(decideCredit(clean, 100_000n, 500_000n)).toEqual({ decision: "accept", reasons: [], conditions: [] });
  });

  it("rejects on a credit loss, a court case, insolvency or a payment default, naming each", () => {
    expect(decideCredit(withInfo({ creditlosses: 1 }), 1n, 500_000n)).toMatchObject({ decision: "reject", reasons: [{ code: "creditloss" }] });
    expect(decideCredit(withInfo({}, { legal: 1 }), 1n, 500_000n)).toMatchObject({ decision: "reject", reasons: [{ code: "legal" }] });
    expect(decideCredit(withInfo({}, { insolvency: 1 }), 1n, 500_000n)).toMatchObject({ decision: "reject", reasons: [{ code: "insolvency" }] });
    expect(decideCredit(withInfo({}, {}, { paymentdefaults: 2 }), 1n, 500_000n)).toMatchObject({ decision: "reject", reasons: [{ code: "paymentdefault" }] });
    const all = decideCredit(withInfo({ creditlosses: 1 }, { legal: 1 }, { paymentdefaults: 1 }), 1n, 500_000n);
    expect(all.reasons.map((reason) => reason.code)).toEqual(["creditloss", "legal", "paymentdefault"]);
    expect(all.conditions).toEqual([]);
  });

  it("asks for payment in advance after collections or late paying, and limits an amount over the limit", () => {
    expect(decideCredit(withInfo({}, { collections: 1 }), 1n, 500_000n)).toMatchObject({
      decision: "accept_with_conditions",
      reasons: [{ code: "collection" }],
      conditions: [{ code: "prepayment" }],
    });
    expect(decideCredit(withInfo({ paidcases: 10, paidlate: 4 }), 1n, 500_000n)).toMatchObject({ reasons: [{ code: "paidlate" }] });
    expect(decideCredit(withInfo({}, { paidontime: 0.6 }), 1n, 500_000n)).toMatchObject({ reasons: [{ code: "paidlate" }] });
    // Exactly 30 % late is still on the right side of the rule.
    expect(decideCredit(withInfo({ paidcases: 10, paidlate: 3 }, { paidontime: 0.7 }), 1n, 500_000n).decision).toBe("accept");
    expect(decideCredit(clean, 500_001n, 500_000n)).toEqual({
      decision: "accept_with_conditions",
      reasons: [{ code: "overlimit", message: "The amount is over the profile's credit limit of 5000." }],
      conditions: [{ code: "limit", message: "Credit up to the profile's credit limit.", amount: 5000 }],
    });
  });

  it("names every rule that applied, judges lateness on three payments at least, and counts the asker's own court cases", () => {
    expect(decideCredit(withInfo({ paidcases: 4, paidlate: 3 }, { collections: 1 }), 1n, 500_000n).reasons.map((reason) => reason.code)).toEqual([
      "collection",
      "paidlate",
    ]);
    expect(decideCredit(withInfo({ paidcases: 2, paidlate: 2 }, { paidcases: 2, paidontime: 0 }), 1n, 500_000n).decision).toBe("accept");
    expect(decideCredit(withInfo({ legal: 1 }), 1n, 500_000n)).toMatchObject({ decision: "reject", reasons: [{ code: "legal" }] });
    expect(decideCredit(withInfo({ insolvency: 1 }), 1n, 500_000n)).toMatchObject({ decision: "reject", reasons: [{ code: "insolvency" }] });
  });

  it("decides on the service's own data when no bureau is connected", () => {
    expect(decideCredit(withInfo({}, {}, { status: "not_configured", source: null, paymentdefaults: null }), 1n, 500_000n).decision).toBe("accept");
  });
});
