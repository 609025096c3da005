import { describe, expect, it } from "vitest";

import { payeeAccountOf } from "./payee-account";

const none = { iban: null, bankgiro: null, plusgiro: null, account: null };

describe("payeeAccountOf", () => {
  it("chooses what each country's debtors pay to, in its order", () => {
    const all = { iban: "SE4550000000058398257466", bankgiro: "50501055", plusgiro: "2865434", account: "5000-1234567" };
    expect(payeeAccountOf(all, "SWE")).toEqual({ kind: "bankgiro", text: "5050-1055" });
    expect(payeeAccountOf({ ...all, bankgiro: null }, "SWE")).toEqual({ kind: "plusgiro", text: "286543-4" });
    expect(payeeAccountOf({ ...none, account: "5000-1234567", iban: "SE4550000000058398257466" }, "SWE")).toEqual({ kind: "account", text: "5000-1234567" });
    expect(payeeAccountOf({ ...none, iban: "SE4550000000058398257466" }, "SWE")).toEqual({ kind: "iban", text: "SE45 5000 0000 0583 9825 7466" });
    expect(payeeAccountOf({ ...none, account: "86011117947", iban: "NO9386011117947" }, "NOR")).toEqual({ kind: "account", text: "8601 11 17947" });
    expect(payeeAccountOf({ ...none, iban: "NO9386011117947" }, "NOR")).toEqual({ kind: "iban", text: "NO93 8601 1117 947" });
    expect(payeeAccountOf({ ...none, iban: "FI2112345600000785", bankgiro: "50501055" }, "FIN")).toEqual({ kind: "iban", text: "FI21 1234 5600 0007 85" });
  });

  it("finds none where the profile has nothing its country's debtors can pay to", () => {
    expect(payeeAccountOf(none, "SWE")).toBeNull();
    expect(payeeAccountOf({ ...none, iban: " " }, "SWE")).toBeNull();
    expect(payeeAccountOf({ ...none, bankgiro: "50501055", account: "5000-1234567" }, "FIN")).toBeNull();
    expect(payeeAccountOf({ ...none, bankgiro: "50501055" }, "NOR")).toBeNull();
  });
});
