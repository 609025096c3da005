import { describe, expect, it } from "vitest";
import { z } from "zod";

import { fieldProblemSchema, jobsResponseSchema } from "./jobs";
import { integer, text } from "./primitives";
import { problemDetailsSchema } from "./problem-details";
import { missingMember, problemMessage, problemsFromZod, saidOf, stated } from "./problems";
import { keyedRule, ruleKeyed } from "./rules";

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

describe("a rule this catalogue does not know (from a newer service)", () => {
  const newer = { field: "email", code: "invalid" as const, message: "must be a shiny new address", rule: "shinyAddress", params: { shine: "high" } };

  it("leaves a job's answer and a problem-details body readable", () => {
    expect(fieldProblemSchema.parse(newer)).toEqual(newer);
    const answer = { result: [], errors: [{ index: 0, ...newer }], accepted: 0 };
    expect(jobsResponseSchema.safeParse(answer).success).toBe(true);
    expect(problemDetailsSchema.safeParse({ type: "about:blank", title: "Bad Request", status: 400, problems: [newer] }).success).toBe(true);
  });

  it("is said in the service's English, never as a key nobody can word", () => {
    expect(problemMessage(newer)).toBe("must be a shiny new address");
    expect(keyedRule(ruleKeyed("required").replace("required", "shinyAddress"))).toBeNull();
    expect(problemMessage({ message: "must be at most 40 characters", rule: "maxLength", params: { max: "40" } })).toBe(ruleKeyed("maxLength", { max: 40 }));
  });
});

describe("an issue's rule", () => {
  it("is named on the problem only when the catalogue has it", () => {
    const schema = z.string().superRefine((_value, context) => {
      context.addIssue({ code: "custom", message: "must be shiny", params: { rule: "notARule", ruleParams: {} } });
      context.addIssue({ code: "custom", message: "must be a valid IBAN", params: { rule: "iban", ruleParams: {} } });
    });
    expect(problemsOf(schema, "x")).toEqual([
      { field: null, code: "invalid", message: "must be shiny" },
      { field: null, code: "invalid", message: "must be a valid IBAN", rule: "iban", params: {} },
    ]);
  });
});

describe("saidOf", () => {
  it("takes a check's own words as a message and a stated rule as it is", () => {
    expect(saidOf("is the credit note itself")).toEqual({ message: "is the credit note itself" });
    expect(saidOf(stated("iban"))).toEqual({ message: "must be a valid IBAN", rule: "iban", params: {} });
  });
});
