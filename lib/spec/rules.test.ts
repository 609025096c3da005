import { describe, expect, it } from "vitest";
import type { z } from "zod";

import { checkGivenReference } from "../payment-data/references";
import { ruleWorded } from "../testing/rule-patterns";

import { contractRequestSchema } from "./contracts";
import { controlQuerySchema } from "./control-list";
import { validateProfileRequest } from "./create-profile";
import { parseDatasetItem } from "./dataset-item";
import { environment } from "./environments";
import { receiverRequestSchema } from "./event-receiver";
import { ibanQuerySchema } from "./iban";
import { invalidItemProblems } from "./invalid-item-problems";
import { jobSchemaFor, minimumDataProblems } from "./minimum-data";
import { bypassRequestSchema, creditAllocationRequestSchema, testingPaymentRequestSchema } from "./payment-requests";
import { problemsFromZod, type FieldProblem } from "./problems";
import { RULES, ruleMessage, type Rule } from "./rules";
import { tokenRequestSchema } from "./token";

const PARAMS = {
  when: " when checkbillnum is 1",
  customertype: "1 (company)",
  sendtype: "email",
  max: 70,
  min: 10,
  billdate: "2026-11-25",
  nationality: "Finnish",
  types: "IBAN, BBAN",
  country: "Finland",
  values: "1, 2",
  a: "jobid",
  b: "billnum",
  reminders: 2,
  most: 3,
  law: "inkassoforskriften (FOR-1989-07-14-562) § 1-2, § 1-3",
  noticedate: "2026-11-20",
  from: "2026-12-08",
  term: 14,
  grace: 3,
  personalId: "henkilötunnus",
  businessId: "Y-tunnus",
  accounts: "bankgiro, plusgiro, bank account or IBAN",
};

// The tests' reading of wordings (lib/testing/rule-patterns.ts) tells every rule from every other,
// so the scan for copied wordings and the check that problems name their rule can trust it.
describe("the catalogue of rules", () => {
  it.each(Object.keys(RULES) as Rule[])("finds %s by its own wording, and no other rule", (rule) => {
    const found = ruleWorded(ruleMessage(rule, PARAMS));
    expect(found?.rule).toBe(rule);
    // Its parameters come back as they were filled in.
    for (const name of RULES[rule].match(/\{(\w+)\}/g) ?? [])
      expect(found!.params[name.slice(1, -1)]).toBe(String(PARAMS[name.slice(1, -1) as keyof typeof PARAMS]));
  });

  it("knows no message outside it", () => {
    expect(ruleWorded("ERP-1 already has a reminder case")).toBeNull();
    expect(ruleWorded("must be at most")).toBeNull();
    // A number with a unit after it is another rule (a file's size), not a largest value.
    expect(ruleWorded("must be at most 10485760 bytes")).toBeNull();
    expect(ruleWorded("must be at most 10485760 bytes decoded")).toBeNull();
  });

  it("words what the schemas say: a bad item's problems are rules of the catalogue", () => {
    const parsed = parseDatasetItem({ jobtype: 0, email: "not an address", billdate: "2026-02-30", postcode: "x".repeat(300), payrow: [{ count: "one" }] });
    expect(parsed.success).toBe(false);
    const rules = problemsFromZod(parsed.error!).map((problem) => problem.rule);
    expect(rules).toEqual(expect.arrayContaining(["emailList", "date", "maxLength", "number"]));
  });

  it("words what createprofile's checks say", () => {
    const { problems } = validateProfileRequest({ customer_info: { business_id: "1234567-8", www: "no url" }, contact_person: { email: "x" } }, "FIN");
    const rules = problems.map((problem) => problem.rule);
    expect(rules).toContain("businessOrPersonalId");
    expect(rules).toContain("email");
  });
});

const problemsOf = (schema: z.ZodType, value: unknown): FieldProblem[] => {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : problemsFromZod(parsed.error);
};

/**
 * A problem in a rule's words that does not name that rule by key, or whose key and parameters do
 * not say its message again (what a client wording it itself would get wrong).
 */
const unnamed = (problems: readonly FieldProblem[]) =>
  problems.flatMap((problem) => {
    const worded = ruleWorded(problem.message);
    if (!worded) return [];
    return problem.rule === worded.rule && ruleMessage(problem.rule, problem.params) === problem.message ? [] : [{ ...problem, worded }];
  });

describe("a problem that states a rule of the catalogue", () => {
  const badItem = {
    jobtype: 0,
    customertype: "3",
    sendtype: "fax",
    email: "not an address",
    billdate: "2026-02-30",
    postcode: "x".repeat(300),
    city: "Kau\u0001punki",
    addresscountry: "FI",
    language: null,
    payrow: [{ count: "one", price: "1,50", taxpr: 900 }],
  };

  it("names the rule by key, with the parameters its message fills in: a job's type and range problems", () => {
    const problems = problemsOf(jobSchemaFor("FIN"), badItem);
    expect(problems.map((problem) => problem.rule)).toEqual(
      expect.arrayContaining(["emailList", "date", "maxLength", "number", "oneOf", "controlCharacters", "atMost"]),
    );
    expect(unnamed(problems)).toEqual([]);
  });

  it("names it for a job's minimum data, from the check of problems and through the form's schema alike", () => {
    const item = {
      jobtype: 0,
      customertype: 1,
      address: "Katu 1",
      postcode: "00100",
      city: "Helsinki",
      sendtype: "email",
      billdate: "2026-11-25",
      paydate: "2026-11-01",
      checkbillnum: 1,
    };
    const parsed = parseDatasetItem(item);
    expect(parsed.success).toBe(true);
    const direct = minimumDataProblems(parsed.data!, "FIN");
    expect(direct.map((problem) => problem.rule)).toEqual(
      expect.arrayContaining(["requiredByCustomertype", "requiredBySendtype", "dueBeforeBillDate", "minOneRow", "required"]),
    );
    expect(unnamed(direct)).toEqual([]);
    const throughSchema = problemsOf(jobSchemaFor("FIN"), item);
    expect(throughSchema.map(({ field, code, rule, params }) => ({ field, code, rule, params }))).toEqual(
      direct.map(({ field, code, rule, params }) => ({ field, code, rule, params })),
    );
    const parsedBad = parseDatasetItem(badItem);
    expect(unnamed(invalidItemProblems(badItem, parsedBad.error!, "FIN"))).toEqual([]);
  });

  it("names it for createprofile's schema and its country checks", () => {
    const { problems } = validateProfileRequest(
      {
        customer_info: { business_id: "1234567-8", vat_number: "FI1", language: "xx" },
        customer_service_contact: { www: "no url", telephone: "call me" },
        contact_person: { email: "x" },
        settlement_settings: { reference_length: 10, bank_account_type: 0, bank_account_number: "FI00" },
        users: [{ ssn: "010101-0000" }],
      },
      "FIN",
    );
    expect(problems.map((problem) => problem.rule)).toEqual(expect.arrayContaining(["email", "url", "telephone", "oneOf"]));
    expect(unnamed(problems)).toEqual([]);
    // The country checks run on a body the schema accepts.
    const { problems: countryProblems } = validateProfileRequest(
      {
        customer_info: { business_id: "1234567-8", vat_number: "FI1" },
        contact_person: { email: "a@example.com" },
        settlement_settings: { reference_length: 10, bank_account_type: 0, bank_account_number: "FI00" },
        users: [{ ssn: "010101-0000" }],
      },
      "FIN",
    );
    expect(countryProblems.map((problem) => problem.rule)).toEqual(
      expect.arrayContaining(["businessOrPersonalId", "vatNumber", "norwaySwedenOnly", "iban", "userPersonalId"]),
    );
    expect(unnamed(countryProblems)).toEqual([]);
    const swedish = validateProfileRequest(
      {
        customer_info: { business_id: "" },
        contact_person: { email: "a@example.com" },
        settlement_settings: { bank_account_type: 3, bank_account_number: "1" },
      },
      "SWE",
    );
    expect(swedish.problems.map((problem) => problem.rule)).toEqual(expect.arrayContaining(["required", "bankgiro"]));
    expect(unnamed(swedish.problems)).toEqual([]);
  });

  it("names it for the other requests' schemas", () => {
    const problems = [
      ...problemsOf(tokenRequestSchema, { cid: "x".repeat(101), apicode: "a" }),
      ...problemsOf(tokenRequestSchema, { cid: "a\u0000", apicode: "a" }),
      ...problemsOf(tokenRequestSchema, { apicode: "" }),
      ...problemsOf(bypassRequestSchema, { amount: "1.234", paymentdate: "2026-01-01", type: "payment" }),
      ...problemsOf(testingPaymentRequestSchema, { amount: "0" }),
      ...problemsOf(creditAllocationRequestSchema, { amount: "12,50" }),
      ...problemsOf(controlQuerySchema, { from: "2026-02-01", to: "2026-01-01" }),
      ...problemsOf(receiverRequestSchema(environment("fin-prod")), {
        url: "http://example.com/hook",
        auth: { scheme: "basic", username: "u", password: "p" },
      }),
      ...problemsOf(receiverRequestSchema(environment("fin-prod")), {
        url: "https://user:pw@example.com/hook",
        auth: { scheme: "basic", username: "u", password: "p" },
      }),
      ...problemsOf(ibanQuerySchema, { account: "x".repeat(65), country: "DEU" }),
      ...problemsOf(contractRequestSchema, {}),
    ];
    expect(problems.map((problem) => problem.rule)).toEqual(
      expect.arrayContaining([
        "maxLength",
        "controlCharacters",
        "required",
        "twoDecimals",
        "moreThanZero",
        "decimalNumber",
        "eitherOf",
        "periodOrder",
        "httpsInProduction",
        "noUrlCredentials",
        "oneOf",
      ]),
    );
    expect(unnamed(problems)).toEqual([]);
  });

  it("names it for a given reference the service refuses", () => {
    const check = checkGivenReference("FIN", "1234562");
    expect(check).toMatchObject({ ok: false, rule: "finnishReference", params: {} });
  });
});
