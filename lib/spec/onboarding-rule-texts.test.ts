import { describe, expect, expectTypeOf, it } from "vitest";

import { validateProfileRequest } from "./create-profile";
import { ONBOARDING_RULE_TEXTS, onboardingRuleText } from "./onboarding-rule-texts";
import { problemMessage } from "./problems";
import { RULES, ruleKeyed, type Rule } from "./rules";

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);

describe("the interface's rules in the provider's onboarding wizard", () => {
  it("have a text in every language for every rule", () => {
    expectTypeOf(ONBOARDING_RULE_TEXTS).toEqualTypeOf<Record<"fin" | "swe" | "nor", Record<Rule, string>>>();
    for (const language of ["fin", "swe", "nor"] as const) {
      expect(Object.keys(ONBOARDING_RULE_TEXTS[language]).sort(), language).toEqual(Object.keys(RULES).sort());
      for (const rule of Object.keys(RULES) as Rule[]) {
        const text = ONBOARDING_RULE_TEXTS[language][rule];
        expect(text.trim(), `${language}.${rule}`).not.toBe("");
        expect(text, `${language}.${rule}`).not.toBe(RULES[rule]);
        for (const name of placeholders(text)) expect(placeholders(RULES[rule]), `${language}.${rule}`).toContain(name);
      }
    }
  });

  it("says what createprofile's check refuses in the customer's language, by the rule's key", () => {
    const { problems } = validateProfileRequest(
      {
        customer_info: { business_id: "556703-7485" },
        customer_service_contact: { www: "ingen adress" },
        contact_person: { email: "sven@example.se" },
        settlement_settings: { bank_account_type: 1, bank_account_number: "5440-0002226" },
      },
      "SWE",
    );
    const said = Object.fromEntries(problems.map((problem) => [problem.field, onboardingRuleText(problemMessage(problem), "swe")]));
    expect(said).toMatchObject({
      "settlement_settings.bank_account_number": "Clearing- och kontonumret är inte giltigt. Kontrollera numret.",
      "customer_service_contact.www": "Ange en webbadress, till exempel https://foretaget.se.",
    });
  });

  it("fills the rule's parameters, and leaves English and other messages as the service words them", () => {
    expect(onboardingRuleText(ruleKeyed("maxLength", { max: 70 }), "fin")).toBe("Enintään 70 merkkiä.");
    expect(onboardingRuleText(ruleKeyed("oneOf", { values: "fin, swe" }), "nor")).toBe("Velg ett av følgende: fin, swe.");
    expect(onboardingRuleText(ruleKeyed("iban"), "eng")).toBe("must be a valid IBAN");
    expect(onboardingRuleText("must be an object", "swe")).toBe("must be an object");
    // The English wording of a rule is not read for its key.
    expect(onboardingRuleText("must be a valid IBAN", "swe")).toBe("must be a valid IBAN");
  });
});
