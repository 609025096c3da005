import { describe, expect, it } from "vitest";

import { creditorFromOptions } from "./creditor-options";

const address = { street: "Mannerheimintie 1", postcode: "00100", city: "Helsinki" };

describe("creditorFromOptions", () => {
  it("makes the creditor details a Finnish profile's documents print, with the BIC of its IBAN", () => {
    const result = creditorFromOptions("FIN", { name: "Firma Oy", businessId: "2617416-4" }, { ...address, iban: "FI21 1234 5600 0007 85" });
    expect(result).toEqual({
      ok: true,
      creditor: expect.objectContaining({ name: "Firma Oy", businessId: "2617416-4", country: "FI", iban: "FI2112345600000785", bic: "NDEAFIHH", ...address }),
    });
  });

  it("requires an account the country's debtors pay to, and the seller's address", () => {
    const none = creditorFromOptions("SWE", { name: "Firma AB", businessId: "556703-7485" }, {});
    expect(none.ok).toBe(false);
    if (none.ok) return;
    expect(none.problems).toEqual([
      expect.stringContaining("bankgiro, plusgiro, bank account or IBAN"),
      expect.stringContaining("--street, --postcode, --city"),
    ]);
    const swedish = creditorFromOptions(
      "SWE",
      { name: "Firma AB", businessId: "556703-7485" },
      { street: "Storgatan 1", postcode: "111 51", city: "Stockholm", bankgiro: "5050-1055" },
    );
    expect(swedish.ok).toBe(true);
    const norwegian = creditorFromOptions(
      "NOR",
      { name: "Firma AS", businessId: "988077917" },
      { street: "Storgata 1", postcode: "0155", city: "Oslo", account: "86011117947" },
    );
    expect(norwegian.ok).toBe(true);
  });

  it("names the option of each number that does not hold", () => {
    const result = creditorFromOptions(
      "NOR",
      { name: "Firma AS", businessId: "988077917" },
      { street: "Storgata 1", postcode: "0155", city: "Oslo", account: "86011117948", iban: "NO93 8601 1117 948", bankgiro: "5050-1055" },
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual([
      expect.stringMatching(/^--iban: /),
      expect.stringMatching(/^--bankgiro, --plusgiro: /),
      expect.stringMatching(/^--account: 86011117948 is not a valid Norwegian account number/),
    ]);
    const finnishAccount = creditorFromOptions("FIN", { name: "Firma Oy", businessId: "2617416-4" }, { ...address, account: "12345" });
    expect(finnishAccount.ok || finnishAccount.problems[0]).toMatch(/^--account: .*Finland pays to an IBAN/);
  });
});
