import { describe, expect, it } from "vitest";

import { datasetItemSchema } from "../../spec/dataset-item";
import { minimumDataProblems } from "../../spec/minimum-data";
import { problemMessage } from "../../spec/problems";
import { ruleKeyed } from "../../spec/rules";

import { ruleText } from "./rule-texts";

describe("the interface's rules in the portal's languages", () => {
  it("says a rarer rule the service states, a letter's way of sending, in the user's language, by the problem's key", () => {
    // The problem POST /jobs answers for a letter sent by fax (lib/spec/minimum-data.test.ts).
    const letter = datasetItemSchema.parse({
      jobtype: 301,
      sendtype: "evoice",
      customertype: 2,
      person: "Maija",
      address: "Katu 1",
      postcode: "00100",
      city: "Helsinki",
    });
    const problem = minimumDataProblems(letter, "FIN").find((each) => each.field === "sendtype")!;
    expect(problem.message).toBe("must be post or email for jobtype 301");
    const message = problemMessage(problem);
    expect(ruleText(message, "fin")).toBe("Kirje lähetetään postitse tai sähköpostilla.");
    expect(ruleText(message, "swe")).toBe("Ett brev skickas med post eller e-post.");
    expect(ruleText(ruleKeyed("twoDecimals"), "nor")).toBe("Høyst to desimaler.");
  });

  it("fills a rule's parameters into its translation", () => {
    expect(ruleText(ruleKeyed("eitherOf", { a: "jobid", b: "billnum" }), "nor")).toBe("Oppgi enten jobid eller billnum.");
  });

  it("says why a printed Norwegian collection posted early is refused, with every parameter filled, in each language", () => {
    const params = { noticedate: "2026-11-20", from: "2026-12-08", term: 14, grace: 3, law: "inkassoloven § 9" };
    const texts = (["fin", "swe", "nor"] as const).map((locale) => ruleText(ruleKeyed("printedCollectionNotBefore", params), locale)!);
    for (const text of texts) {
      for (const value of ["2026-11-20", "2026-12-08", "14", "3", "inkassoloven § 9"]) expect(text).toContain(value);
      expect(text).not.toMatch(/[{}]/);
    }
    expect(texts[2]).toContain("tidligst 2026-12-08");
  });

  it("does not read the English wording: a message in the rule's words is no rule", () => {
    expect(ruleText("must be post or email for jobtype 301", "fin")).toBeNull();
    expect(ruleText("rule:noSuchRule", "fin")).toBeNull();
  });
});
