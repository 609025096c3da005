import { describe, expect, it } from "vitest";

import type { Country } from "@/lib/spec/environments";
import { ruleKeyed } from "@/lib/spec/rules";

import { missingForReview, stepProblems, wizardProblems, wizardStepSchema } from "./wizard-problems";
import { firstStepOf, nextStep, previousStep, stepOfField, stepsFor } from "./wizard-steps";
import { COUNTRY_FIELD_RULES, defaultWizardValues, emptyWizardUser, wizardValuesSchema, type WizardValues } from "./wizard-values";

/* The step schemas: each step refuses what the service would refuse, on its own fields only. */

function values(patch: Partial<Record<keyof WizardValues, unknown>> = {}): WizardValues {
  const base = defaultWizardValues("c1");
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    const current = (base as Record<string, unknown>)[key];
    merged[key] = value && typeof value === "object" && !Array.isArray(value) ? { ...(current as object), ...value } : value;
  }
  return merged as WizardValues;
}

const paths = (problems: { path: string }[]) => problems.map((problem) => problem.path);
const countryOf = (country: Country) => () => country;

describe("the steps", () => {
  it("go through every step, or from the first straight to the review on the minimal path", () => {
    expect(stepsFor("full")).toEqual(["connection", "customer", "contacts", "services", "settlement", "fees", "users", "review", "answer"]);
    expect(stepsFor("minimal")).toEqual(["connection", "review", "answer"]);
    expect(nextStep("connection", "minimal")).toBe("review");
    expect(previousStep("review", "minimal")).toBe("connection");
    expect(nextStep("fees", "full")).toBe("users");
    expect(previousStep("connection", "full")).toBeNull();
  });

  it.each([
    ["customer_info.business_id", "full", "customer"],
    ["customer_info.business_id", "minimal", "connection"],
    ["contact_person.email", "minimal", "connection"],
    ["contact_person.email", "full", "contacts"],
    ["money_laundering_acceptor.email", "full", "contacts"],
    ["additional_information.profile_uuid", "full", "customer"],
    ["services.service_types", "full", "services"],
    ["settlement_settings.bank_account_number", "full", "settlement"],
    ["ropo_service_fees.broker_id", "full", "fees"],
    ["users[2].ssn", "full", "users"],
    ["users.2.ssn", "full", "users"],
    ["allowIncompleteData", "full", "review"],
    ["", "full", "review"],
    ["something_else", "full", "review"],
  ] as const)("put the service's field %j (%s path) on the %s step", (field, mode, step) => {
    expect(stepOfField(field, mode)).toBe(step);
  });

  it("find the earliest step of a refusal in the wizard's order", () => {
    expect(firstStepOf(["fees", "customer", "users"], "full")).toBe("customer");
    expect(firstStepOf([], "full")).toBeNull();
  });
});

describe("wizardProblems", () => {
  it("finds nothing wrong with a new form's empty optional members, except what the service requires", () => {
    expect(wizardProblems(values(), "FIN")).toEqual([
      { path: "customer_info.business_id", message: ruleKeyed("required") },
      { path: "contact_person.email", message: ruleKeyed("required") },
    ]);
  });

  it("checks the business id by the country of the connection", () => {
    const form = values({ customer_info: { business_id: "2617416-5" }, contact_person: { email: "a@example.fi" } });
    expect(wizardProblems(form, "FIN")).toEqual([
      { path: "customer_info.business_id", message: ruleKeyed("businessOrPersonalId", { nationality: "Finnish" }) },
    ]);
    expect(wizardProblems(values({ customer_info: { business_id: "2617416-4" }, contact_person: { email: "a@example.fi" } }), "SWE")).toEqual([
      { path: "customer_info.business_id", message: ruleKeyed("businessOrPersonalId", { nationality: "Swedish" }) },
    ]);
  });

  it("names a user's field by the form's path", () => {
    const form = values({
      customer_info: { business_id: "2617416-4" },
      contact_person: { email: "a@example.fi" },
      users: [
        { ...emptyWizardUser(), first_name: "Maija" },
        { ...emptyWizardUser(), first_name: "Matti", ssn: "131052-308U" },
      ],
    });
    expect(wizardProblems(form, "FIN")).toEqual([{ path: "users.1.ssn", message: ruleKeyed("userPersonalId") }]);
  });

  it("refuses an empty user row, which would mean nothing to the service", () => {
    const form = values({ customer_info: { business_id: "2617416-4" }, contact_person: { email: "a@example.fi" }, users: [emptyWizardUser()] });
    expect(paths(wizardProblems(form, "FIN"))).toEqual(["users.0.first_name"]);
  });

  it("does not check a member hidden by the country or an option: it is not sent", () => {
    const form = values({
      customer_info: { business_id: "2617416-4", liable_to_pay_vat: "2", vat_number: "not a VAT number" },
      contact_person: { email: "a@example.fi" },
      settlement_settings: { reference_length: "3" },
      ropo_service_fees: { invoicing_method: "1", invoicing_email_address: "not an e-mail" },
    });
    expect(wizardProblems(form, "FIN")).toEqual([]);
  });

  it.each<[Country, string, string, string | null]>([
    ["FIN", "0", "FI21 1234 5600 0007 86", ruleKeyed("iban")],
    ["FIN", "0", "FI21 1234 5600 0007 85", null],
    ["SWE", "3", "5050-1055", null],
    ["SWE", "3", "5050-1056", ruleKeyed("bankgiro")],
    ["NOR", "1", "86011117948", ruleKeyed("norwegianAccount")],
  ])("in %s checks an account of type %s (%s)", (country, type, number, message) => {
    const ids: Record<Country, string> = { FIN: "2617416-4", SWE: "556703-7485", NOR: "988077917" };
    const form = values({
      customer_info: { business_id: ids[country] },
      contact_person: { email: "a@example.fi" },
      settlement_settings: { bank_account_type: type, bank_account_number: number },
    });
    expect(wizardProblems(form, country)).toEqual(message ? [{ path: "settlement_settings.bank_account_number", message }] : []);
  });

  it("offers in each country exactly the account types the service takes there", () => {
    const ids: Record<Country, string> = { FIN: "2617416-4", SWE: "556703-7485", NOR: "988077917" };
    for (const country of ["FIN", "SWE", "NOR"] as const) {
      for (const type of ["0", "1", "2", "3"]) {
        const form = values({
          customer_info: { business_id: ids[country] },
          contact_person: { email: "a@example.fi" },
          settlement_settings: { bank_account_type: type },
        });
        const refused = paths(wizardProblems(form, country)).includes("settlement_settings.bank_account_type");
        expect(refused, `${country} type ${type}`).toBe(!COUNTRY_FIELD_RULES[country].accountTypes.includes(type));
      }
    }
  });
});

describe("the step schemas", () => {
  const broken = values({
    customer_info: { business_id: "2617416-5" },
    contact_person: { email: "not an e-mail" },
    settlement_settings: { bank_account_type: "0", bank_account_number: "FI00" },
  });

  it("report only the problems of the step's own fields", () => {
    expect(paths(stepProblems("customer", broken, "FIN"))).toEqual(["customer_info.business_id"]);
    expect(paths(stepProblems("contacts", broken, "FIN"))).toEqual(["contact_person.email"]);
    expect(paths(stepProblems("settlement", broken, "FIN"))).toEqual(["settlement_settings.bank_account_number"]);
    expect(stepProblems("services", broken, "FIN")).toEqual([]);
    expect(paths(stepProblems("review", broken, "FIN")).sort()).toEqual([
      "contact_person.email",
      "customer_info.business_id",
      "settlement_settings.bank_account_number",
    ]);
  });

  it("on the minimal path check the business id and the e-mail on the first step", () => {
    const minimal = { ...broken, mode: "minimal" as const };
    expect(paths(stepProblems("connection", minimal, "FIN")).sort()).toEqual(["contact_person.email", "customer_info.business_id"]);
  });

  it("are zod schemas whose issues sit at the fields' paths", () => {
    const result = wizardStepSchema("customer", countryOf("FIN")).safeParse(broken);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["customer_info.business_id"]);
    expect(wizardStepSchema("services", countryOf("FIN")).safeParse(broken).success).toBe(true);
  });

  it("refuse a connection the wizard does not know", () => {
    const result = wizardStepSchema("connection", () => null).safeParse(values());
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["connectionId"]);
  });

  it("accept only the form's own shape as a server action's input", () => {
    expect(wizardValuesSchema.safeParse(values()).success).toBe(true);
    expect(wizardValuesSchema.safeParse({ ...values(), services: { service_types: ["9"] } }).success).toBe(false);
    expect(wizardValuesSchema.safeParse({ ...values(), customer_info: { ...values().customer_info, name: "x".repeat(1001) } }).success).toBe(false);
  });
});

describe("missingForReview", () => {
  it("says what the provider still needs, as the service decides it", () => {
    const form = values({ mode: "minimal", customer_info: { business_id: "988077917" }, contact_person: { email: "ola@example.no" } });
    const missing = missingForReview(form, "NOR");
    expect(missing).toContain("customer_info.name");
    expect(missing).toContain("ropo_service_fees.invoicing_method");
    expect(missing).not.toContain("customer_info.customer_company_type");
    expect(missingForReview(form, "FIN")).toBeNull();
  });
});
