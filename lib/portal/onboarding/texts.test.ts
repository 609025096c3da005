import { describe, expect, it } from "vitest";

import { ruleKeyed } from "@/lib/spec/rules";

import { ONBOARDING_TEXTS, problemLine } from "./texts";

describe("problemLine", () => {
  it("names the field by its label and says a rule the service names by key in the reader's language, never as the key", () => {
    const eng = problemLine("contact_person.email", ruleKeyed("email"), ONBOARDING_TEXTS.eng, "eng");
    const fin = problemLine("contact_person.email", ruleKeyed("email"), ONBOARDING_TEXTS.fin, "fin");
    expect(eng).toBe("Contact person's e-mail must be a valid e-mail address.");
    expect(fin).toBe("Yhteyshenkilön sähköposti: Anna kelvollinen sähköpostiosoite.");
    for (const line of [eng, fin]) expect(line).not.toContain("rule:");
  });

  it("keeps the service's own words and a field it has no label for as they came", () => {
    expect(problemLine("customer_info.unknown_member", "is not known here", ONBOARDING_TEXTS.eng, "eng")).toBe(
      "customer_info.unknown_member is not known here.",
    );
  });
});
