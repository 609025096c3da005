import { describe, expect, it } from "vitest";
import { z } from "zod";

import { integer, text } from "./primitives";
import { missingMember, problemsFromZod } from "./problems";

const problemsOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : problemsFromZod(parsed.error);
};

describe("problemsFromZod", () => {
  it("answers a missing member required because its schema says so, a union's as well as a type's or a length's", () => {
    expect(problemsOf(z.object({ name: text(10) }), {})).toEqual([{ field: "name", code: "required", message: "is required", rule: "required", params: {} }]);
    expect(problemsOf(z.object({ count: integer() }), {})).toEqual([
      { field: "count", code: "required", message: "is required", rule: "required", params: {} },
    ]);
    expect(problemsOf(z.object({ name: z.string().min(1, { error: missingMember }) }), { name: "" })).toEqual([
      { field: "name", code: "required", message: "is required", rule: "required", params: {} },
    ]);
  });

  it("reads the kind of problem from the rule, never from its words", () => {
    const worded = z.object({ name: z.string().refine(() => false, { error: "is required" }) });
    // Words that read like a rule name none: only the schema's ruleError or missingMember does.
    expect(problemsOf(worded, { name: "x" })).toEqual([{ field: "name", code: "invalid", message: "is required" }]);
  });
});
