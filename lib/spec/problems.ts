import type { z } from "zod";

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

/** Zod's issues as problems, one per issue, with the paths written the way the spec writes them. */
export function problemsFromZod(error: z.ZodError, prefix = ""): FieldProblem[] {
  return error.issues.map((issue) => {
    const missing = issue.message === "is required";
    const tooLarge = issue.code === "too_big" && "origin" in issue && issue.origin === "array";
    return {
      field: formatPath(issue.path, prefix) || null,
      code: missing ? "required" : tooLarge ? "too_large" : "invalid",
      message: issue.message,
    };
  });
}

export const required = (field: string): FieldProblem => ({ field, code: "required", message: "is required" });
