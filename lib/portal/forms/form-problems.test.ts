import { describe, expect, it } from "vitest";

import { ruleProblem } from "@/lib/spec/problems";
import { ruleKeyed } from "@/lib/spec/rules";

import { problemInWords } from "./field-words";
import { FORM_LEVEL, fieldErrorsOf, formPathOf, toFormFieldErrors, toFormProblems } from "./form-problems";

describe("formPathOf", () => {
  it.each([
    ["payrow[0].taxpr", "payrow.0.taxpr"],
    ["payrow.1.desc", "payrow.1.desc"],
    ["person", "name"],
    ["company", "name"],
    ["accountrow[2]", "accountrow.2.debit"],
    ["payrow[3]", "payrow.3.amount"],
    ["noticedate", "noticedate"],
    [null, FORM_LEVEL],
  ])("%j → %j", (field, path) => {
    expect(formPathOf(field)).toBe(path);
  });
});

describe("toFormFieldErrors", () => {
  it("keeps the first message of a field and sends unknown members to the form", () => {
    const fields = new Set(["name", "email", "payrow"]);
    expect(
      toFormFieldErrors(
        { person: "is required", "payrow[0].count": "must be a number", image: "is required", "": "Rejected.", "root.server": "The job as a whole is wrong." },
        fields,
      ),
    ).toEqual([
      { path: "name", message: "is required" },
      { path: "payrow.0.count", message: "must be a number" },
      { path: FORM_LEVEL, field: "image", message: "is required" },
      { path: FORM_LEVEL, message: "Rejected." },
      { path: FORM_LEVEL, message: "The job as a whole is wrong." },
    ]);
  });
});

describe("a problem of a member the form has no field for", () => {
  const fields = new Set(["name", "email"]);
  const refused = toFormProblems([ruleProblem("countryname", "required", "required")], fields);

  it("keeps the member apart from the rule, which travels by its key, through the action's field errors", () => {
    expect(refused).toEqual([{ path: FORM_LEVEL, field: "countryname", message: ruleKeyed("required") }]);
    expect(toFormFieldErrors(fieldErrorsOf(refused), fields)).toEqual(refused);
  });

  it("is said in the reader's language, never as the rule's key", () => {
    const [problem] = toFormFieldErrors(fieldErrorsOf(refused), fields);
    const line = (locale: "eng" | "fin") => problemInWords({ field: problem!.field ?? null, message: problem!.message }, locale);
    expect(line("eng")).toBe("countryname: is required");
    expect(line("fin")).toBe("countryname: Pakollinen tieto.");
  });
});
