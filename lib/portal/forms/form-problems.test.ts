import { describe, expect, it } from "vitest";

import { FORM_LEVEL, formPathOf, toFormFieldErrors } from "./form-problems";

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
      { path: FORM_LEVEL, message: "image is required" },
      { path: FORM_LEVEL, message: "Rejected." },
      { path: FORM_LEVEL, message: "The job as a whole is wrong." },
    ]);
  });
});
