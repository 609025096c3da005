import { describe, expect, it } from "vitest";

import { ruleMessage } from "../../spec/rules";

import { ruleText } from "./rule-texts";

describe("the interface's rules in the portal's languages", () => {
  it("says a rarer rule the service states, a letter's way of sending, in the user's language", () => {
    // The service's wording, as a problem of POST /jobs states it (lib/spec/minimum-data.test.ts).
    const message = "must be post or email for jobtype 301";
    expect(ruleText(message, "fin")).toBe("Kirje lähetetään postitse tai sähköpostilla.");
    expect(ruleText(message, "swe")).toBe("Ett brev skickas med post eller e-post.");
    expect(ruleText("must have at most two decimals", "nor")).toBe("Høyst to desimaler.");
  });

  it("fills a rule's parameters into its translation", () => {
    expect(ruleText(ruleMessage("eitherOf", { a: "jobid", b: "billnum" }), "nor")).toBe("Oppgi enten jobid eller billnum.");
  });
});
