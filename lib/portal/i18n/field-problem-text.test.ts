import { describe, expect, it } from "vitest";

import { ruleKeyed } from "../../spec/rules";

import { fieldProblemText } from "./field-problem-text";

describe("a field's problem in words", () => {
  it("reads an English rule on from the label, as a sentence where the screen writes sentences", () => {
    expect(fieldProblemText(ruleKeyed("required"), "City", "eng")).toBe("City is required");
    expect(fieldProblemText(ruleKeyed("iban"), "Account number", "eng", { fullStop: true })).toBe("Account number must be a valid IBAN.");
    expect(fieldProblemText(ruleKeyed("rfReference"), "Reference", "eng")).toBe("Reference looks like an RF creditor reference but its check digits are wrong");
    expect(fieldProblemText("names invoice.txt, which is not a PDF", "Attachment", "eng")).toBe("Attachment names invoice.txt, which is not a PDF");
  });

  it("puts anything else after the label, or alone where the field's frame names it", () => {
    expect(fieldProblemText("ERP-1 already has a reminder case", "Invoice number", "eng")).toBe("Invoice number: ERP-1 already has a reminder case");
    expect(fieldProblemText("ERP-1 already has a reminder case", "Invoice number", "eng", { bare: true })).toBe("ERP-1 already has a reminder case");
    // A word that only begins like a predicate is none.
    expect(fieldProblemText("island codes differ", "Region", "eng")).toBe("Region: island codes differ");
  });

  it("says a rule in another language by its key, and anything else after the label, whatever the style", () => {
    expect(fieldProblemText(ruleKeyed("required"), "Postitoimipaikka", "fin", { fullStop: true, bare: true })).toBe("Pakollinen tieto.");
    expect(fieldProblemText(ruleKeyed("maxLength", { max: 70 }), "Postitoimipaikka", "fin")).toBe("Enintään 70 merkkiä.");
    // The service's words are not read for a rule: a message that only says one in English stays English.
    expect(fieldProblemText("is required", "Postitoimipaikka", "fin")).toBe("Postitoimipaikka: is required");
    expect(fieldProblemText("something new", "Felt", "nor", { bare: true })).toBe("Felt: something new");
  });
});
