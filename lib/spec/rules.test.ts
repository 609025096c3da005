import { describe, expect, it } from "vitest";

import { validateProfileRequest } from "./create-profile";
import { parseDatasetItem } from "./dataset-item";
import { problemsFromZod } from "./problems";
import { RULES, ruleMessage, ruleOf, type Rule } from "./rules";

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
};

describe("the catalogue of rules", () => {
  it.each(Object.keys(RULES) as Rule[])("finds %s by its own wording, and no other rule", (rule) => {
    const found = ruleOf(ruleMessage(rule, PARAMS));
    expect(found?.rule).toBe(rule);
    // Its parameters come back as they were filled in.
    for (const name of RULES[rule].match(/\{(\w+)\}/g) ?? [])
      expect(found!.params[name.slice(1, -1)]).toBe(String(PARAMS[name.slice(1, -1) as keyof typeof PARAMS]));
  });

  it("knows no message outside it", () => {
    expect(ruleOf("ERP-1 already has a reminder case")).toBeNull();
    expect(ruleOf("must be at most")).toBeNull();
    // A number with a unit after it is another rule (a file's size), not a largest value.
    expect(ruleOf("must be at most 10485760 bytes")).toBeNull();
    expect(ruleOf("must be at most 10485760 bytes decoded")).toBeNull();
  });

  it("words what the schemas say: a bad item's problems are rules of the catalogue", () => {
    const parsed = parseDatasetItem({ jobtype: 0, email: "not an address", billdate: "2026-02-30", postcode: "x".repeat(300), payrow: [{ count: "one" }] });
    expect(parsed.success).toBe(false);
    const rules = problemsFromZod(parsed.error!).map((problem) => ruleOf(problem.message)?.rule);
    expect(rules).toEqual(expect.arrayContaining(["emailList", "date", "maxLength", "number"]));
  });

  it("words what createprofile's checks say", () => {
    const { problems } = validateProfileRequest({ customer_info: { business_id: "1234567-8", www: "no url" }, contact_person: { email: "x" } }, "FIN");
    const rules = problems.map((problem) => ruleOf(problem.message)?.rule);
    expect(rules).toContain("businessOrPersonalId");
    expect(rules).toContain("email");
  });
});
