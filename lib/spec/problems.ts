import type { z } from "zod";

import { ruleMessage } from "./rules";

/*
 * A problem with one member of a request: what the service says when it refuses a job or a body.
 * `field` is a path as a developer writes it ("payrow[0].taxpr"), `code` a stable machine-readable
 * word, `message` the rule in plain words.
 */

export const PROBLEM_CODES = ["required", "invalid", "duplicate", "conflict", "not_found", "too_large"] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

export interface FieldProblem {
  field: string | null;
  code: ProblemCode;
  message: string;
}

export function formatPath(path: readonly PropertyKey[], prefix = ""): string {
  let out = prefix;
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

type Issue = z.core.$ZodIssue;

/** A union branch that failed only because the value is not null or "" (the absent forms of optional()). */
function isAbsentBranch(issues: readonly Issue[]): boolean {
  return issues.every(
    (issue) =>
      issue.path.length === 0 &&
      ((issue.code === "invalid_type" && issue.expected === "null") || (issue.code === "invalid_value" && issue.values.length === 1 && issue.values[0] === "")),
  );
}

/**
 * Zod reports a value that fits no member of a union as one "Invalid input" at the union. Every
 * optional member is such a union (null | "" | the member's type), so the problem worth telling is
 * inside: the branch of the member's own type, with its own message and its own deeper path.
 */
function unwrap(issue: Issue, base: readonly PropertyKey[]): Issue[] {
  const path = [...base, ...issue.path];
  if (issue.code === "invalid_union" && issue.errors.length > 0 && issue.message === "Invalid input") {
    const branches = issue.errors.filter((branch) => !isAbsentBranch(branch));
    const chosen = branches.at(-1) ?? issue.errors.at(-1)!;
    return chosen.flatMap((inner) => unwrap(inner, path));
  }
  return [{ ...issue, path } as Issue];
}

/**
 * The message of a missing member, for a schema's `error`: it also marks the issue's params as a
 * "required" problem, which problemsFromZod reads, so the code follows the rule the schema states
 * and never the message's wording. Zod hands `error` the issue it is raising and keeps the issue's
 * own keys, params among them (problems.test.ts holds it to that).
 */
export function missingMember(issue: object): string {
  (issue as { params?: Record<string, unknown> }).params = { problem: "required" satisfies ProblemCode };
  return ruleMessage("required");
}

/** Zod's issues as problems, one per member and rule, with the paths written the way the spec writes them. */
export function problemsFromZod(error: z.ZodError, prefix = ""): FieldProblem[] {
  const seen = new Set<string>();
  const problems: FieldProblem[] = [];
  for (const issue of error.issues.flatMap((each) => unwrap(each, []))) {
    const tooLarge = issue.code === "too_big" && "origin" in issue && issue.origin === "array";
    // A rule that knows its own kind of problem (minimum data, a missing member) says so in the issue's params.
    const declared = "params" in issue ? (issue.params?.problem as ProblemCode | undefined) : undefined;
    const problem: FieldProblem = {
      field: formatPath(issue.path, prefix) || null,
      code: declared ?? (tooLarge ? "too_large" : "invalid"),
      message: issue.message,
    };
    // Two checks of one member can fail with one message (a pattern and a lookup); say it once.
    const key = `${problem.field}\u0000${problem.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      problems.push(problem);
    }
  }
  return problems;
}

export const required = (field: string): FieldProblem => ({ field, code: "required", message: ruleMessage("required") });
