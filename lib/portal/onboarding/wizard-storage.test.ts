import { describe, expect, it } from "vitest";

import { ruleKeyed } from "@/lib/spec/rules";

import { EMPTY_USER, FIELD_KEYS, labelOf, ONBOARDING_TEXTS, onboardingMessage } from "./texts";
import { restoreWizard, serialiseWizard, wizardStorageKey } from "./wizard-storage";
import { defaultWizardValues, emptyWizardUser } from "./wizard-values";

describe("the wizard's session storage", () => {
  const state = {
    step: "users" as const,
    values: { ...defaultWizardValues("c1"), users: [{ ...emptyWizardUser(), first_name: "Maija", ssn: "131052-308T" }] },
    answer: null,
  };

  it("never writes a personal identity code", () => {
    const raw = serialiseWizard(state);
    expect(raw).not.toContain("131052-308T");
    expect(raw).toContain("Maija");
  });

  it("restores the step and the values, the identity code empty", () => {
    const restored = restoreWizard(serialiseWizard(state), ["c1"]);
    expect(restored?.step).toBe("users");
    expect(restored?.values.users[0]).toMatchObject({ first_name: "Maija", ssn: "" });
  });

  it("starts afresh from what does not fit", () => {
    expect(restoreWizard(null, ["c1"])).toBeNull();
    expect(restoreWizard("{not json", ["c1"])).toBeNull();
    expect(restoreWizard(JSON.stringify({ version: 0 }), ["c1"])).toBeNull();
    expect(restoreWizard(serialiseWizard(state), [])).toBeNull();
  });

  it("replaces a connection that is gone and goes back to the first step", () => {
    const restored = restoreWizard(serialiseWizard(state), ["c2"]);
    expect(restored?.values.connectionId).toBe("c2");
    expect(restored?.step).toBe("connection");
  });

  it("goes back to the review from an answer step without its answer", () => {
    const raw = serialiseWizard({ ...state, step: "answer" });
    expect(restoreWizard(raw, ["c1"])?.step).toBe("review");
  });

  it("keeps one state per user", () => {
    expect(wizardStorageKey("a")).not.toBe(wizardStorageKey("b"));
  });
});

describe("the texts", () => {
  it("label every member in every language", () => {
    for (const texts of Object.values(ONBOARDING_TEXTS)) for (const key of FIELD_KEYS) expect(texts.labels[key], key).toBeTruthy();
  });

  it("label a user's member and the either-or member of what is missing", () => {
    expect(labelOf("users.3.ssn", ONBOARDING_TEXTS.eng)).toBe("Personal identity code");
    expect(labelOf("customer_service_contact.telephone or customer_service_contact.email", ONBOARDING_TEXTS.fin)).toBe(
      "Asiakaspalvelun puhelin tai sähköposti",
    );
  });

  it("say the service's rules in the user's language", () => {
    expect(onboardingMessage(ruleKeyed("iban"), "Account number", ONBOARDING_TEXTS.eng, "eng")).toBe("Account number must be a valid IBAN.");
    expect(onboardingMessage(ruleKeyed("iban"), "Tilinumero", ONBOARDING_TEXTS.fin, "fin")).toBe("IBAN ei ole kelvollinen.");
    expect(onboardingMessage(ruleKeyed("atLeast", { min: 10 }), "Längd", ONBOARDING_TEXTS.swe, "swe")).toBe("Minsta tillåtna värde är 10.");
    expect(onboardingMessage("something new", "Felt", ONBOARDING_TEXTS.nor, "nor")).toBe("Felt: something new");
  });

  it("say the wizard's own problem of an empty user row in each language", () => {
    expect(onboardingMessage(EMPTY_USER, "Etunimi", ONBOARDING_TEXTS.fin, "fin")).toBe("Täytä käyttäjän tiedot tai poista rivi.");
    expect(onboardingMessage(EMPTY_USER, "First name", ONBOARDING_TEXTS.eng, "eng")).toBe("Fill in the user or remove the row.");
  });
});
