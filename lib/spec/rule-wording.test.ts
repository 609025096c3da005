import { describe, expect, it, vi } from "vitest";

import { validateProfileRequest } from "./create-profile";
import { parseDatasetItem } from "./dataset-item";
import { minimumDataProblems } from "./minimum-data";
import { problemsFromZod } from "./problems";
import { tokenRequestSchema } from "./token";

/*
 * The catalogue rewords "is required" in this file only: every check that says the rule follows,
 * and a missing member is still a problem of code "required" that names the rule by its key, so a
 * client that words problems itself is not touched by the rewording.
 */
vi.mock("./rules", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./rules")>();
  return {
    ...actual,
    ruleMessage: (rule: Parameters<typeof actual.ruleMessage>[0], params?: Parameters<typeof actual.ruleMessage>[1]) =>
      rule.startsWith("required") ? actual.ruleMessage(rule, params).replace(/^is required/, "must be given") : actual.ruleMessage(rule, params),
  };
});

const tokenProblems = (body: unknown) => {
  const parsed = tokenRequestSchema.safeParse(body);
  return parsed.success ? [] : problemsFromZod(parsed.error);
};

describe("a reworded required rule", () => {
  it("is what a missing or empty member of a request says, with code required", () => {
    expect(tokenProblems({ apicode: "x" })).toEqual([{ field: "cid", code: "required", message: "must be given", rule: "required", params: {} }]);
    expect(tokenProblems({ cid: "demo", apicode: "" })).toEqual([
      { field: "apicode", code: "required", message: "must be given", rule: "required", params: {} },
    ]);
  });

  it("is what createprofile says of an empty business id", () => {
    const { problems } = validateProfileRequest({ customer_info: { business_id: "" }, contact_person: { email: "a@example.com" } }, "FIN");
    expect(problems).toContainEqual({ field: "customer_info.business_id", code: "required", message: "must be given", rule: "required", params: {} });
  });

  it("is what a job's minimum data says, with its condition", () => {
    const parsed = parseDatasetItem({ jobtype: 0, customertype: 1, address: "Katu 1", postcode: "00100", city: "Helsinki", sendtype: "email" });
    expect(parsed.success).toBe(true);
    const problems = minimumDataProblems(parsed.data!, "FIN");
    expect(problems).toContainEqual({
      field: "company",
      code: "required",
      message: "must be given when customertype is 1 (company)",
      rule: "requiredByCustomertype",
      params: { customertype: "1 (company)" },
    });
    expect(problems).toContainEqual({
      field: "email",
      code: "required",
      message: "must be given when sendtype is email",
      rule: "requiredBySendtype",
      params: { sendtype: "email" },
    });
    expect(problems).toContainEqual({ field: "billdate", code: "required", message: "must be given", rule: "required", params: {} });
  });
});
