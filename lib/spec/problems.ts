import type { z } from "zod";

import { isRule, ruleKeyed, ruleMessage, type Rule } from "./rules";

/*
 * A problem with one member of a request: what the service says when it refuses a job or a body.
 * `field` is a path as a developer writes it ("payrow[0].taxpr"), `code` a stable machine-readable
 * word, `message` the rule in plain words. A problem that states a rule of the catalogue
 * (lib/spec/rules.ts) also names it: `rule` is the rule's stable key and `params` what its wording
 * fills in, so a client that words problems itself (the portal, in four languages) reads the key and
 * never the English.
 */

export const PROBLEM_CODES = ["required", "invalid", "duplicate", "conflict", "not_found", "too_large"] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

export interface FieldProblem {
  field: string | null;
  code: ProblemCode;
  message: string;
  /** The catalogue's key of the rule `message` states; absent for a problem in the service's own words. */
  rule?: Rule;
  /** The rule's parameters as `message` fills them in, as strings; present whenever `rule` is. */
  params?: Record<string, string>;
}

type RuleParams = Record<string, string | number>;

/** A rule's key and parameters as a problem and an issue's params carry them. */
interface StatedRule {
  rule: Rule;
  ruleParams: Record<string, string>;
}

const asStrings = (params: RuleParams): Record<string, string> => Object.fromEntries(Object.entries(params).map(([name, value]) => [name, String(value)]));

/** What a problem says: its message, and the rule it names when it states one of the catalogue. */
export type Said = Pick<FieldProblem, "message" | "rule" | "params">;

/**
 * A problem as it is read from an answer (fieldProblemSchema): `rule` is any string there, since a
 * newer service may name a rule this catalogue does not have yet.
 */
export type AnswerProblem = Omit<FieldProblem, "rule"> & { rule?: string };

/** What a problem read from an answer says. */
export type SaidInAnswer = Pick<AnswerProblem, "message" | "rule" | "params">;

/** What a check says as a problem: its own words as they are, or what stated() gives for a rule of the catalogue. */
export function saidOf(said: string | Said): Said {
  return typeof said === "string" ? { message: said } : said;
}

/** What a problem says when it states a rule of the catalogue: its message and the rule it names. */
export function stated(rule: Rule, params: RuleParams = {}): Said {
  return { message: ruleMessage(rule, params), rule, params: asStrings(params) };
}

/** A problem that states a rule of the catalogue: made here so that the rule's key is never left out. */
export function ruleProblem(field: string | null, code: ProblemCode, rule: Rule, params: RuleParams = {}): FieldProblem {
  return { field, code, ...stated(rule, params) };
}

/** The rule an issue carries in its params (ruleError, ruleIssue, missingMember), if any. */
function ruleOfIssue(issue: { params?: Record<string, unknown> }): StatedRule | null {
  const rule = issue.params?.rule;
  return typeof rule === "string" && isRule(rule) ? { rule, ruleParams: (issue.params?.ruleParams as Record<string, string> | undefined) ?? {} } : null;
}

/** The rule as an issue's params carry it (ruleOfIssue reads it back). */
const statedRule = (rule: Rule, params: RuleParams): StatedRule => ({ rule, ruleParams: asStrings(params) });

function markRule(issue: object, rule: Rule, params: RuleParams) {
  const own = issue as { params?: Record<string, unknown> };
  own.params = { ...own.params, ...statedRule(rule, params) };
}

/**
 * A schema's `error` that states a rule of the catalogue: the issue carries the rule's key and
 * parameters in its params beside the message (zod keeps what `error` sets on the issue, as
 * missingMember relies on too), so problemsFromZod and the portal's forms read the key, never the words.
 */
export function ruleError(rule: Rule, params: RuleParams = {}) {
  return (issue: object): string => {
    markRule(issue, rule, params);
    return ruleMessage(rule, params);
  };
}

/** The message and params of a custom issue (addIssue, a transform's issues) that states a rule of the catalogue. */
export function ruleIssue(rule: Rule, params: RuleParams = {}): { message: string; params: StatedRule } {
  return { message: ruleMessage(rule, params), params: statedRule(rule, params) };
}

/** A problem as a custom issue's params, so a schema built on a check of problems keeps its code and rule. */
export function problemParams(problem: FieldProblem): Record<string, unknown> {
  return { problem: problem.code, ...(problem.rule ? { rule: problem.rule, ruleParams: problem.params ?? {} } : {}) };
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
  markRule(issue, "required", {});
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
    const named = "params" in issue ? ruleOfIssue(issue) : null;
    const problem: FieldProblem = {
      field: formatPath(issue.path, prefix) || null,
      code: declared ?? (tooLarge ? "too_large" : "invalid"),
      message: issue.message,
      ...(named ? { rule: named.rule, params: named.ruleParams } : {}),
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

/**
 * A problem's message as it travels to whoever words it for a person: a rule of the catalogue by
 * its key (ruleKeyed), anything else in the service's words as they came.
 */
export function problemMessage(problem: SaidInAnswer): string {
  // A rule this catalogue does not know (from a newer service) is said in the service's English.
  return problem.rule && isRule(problem.rule) ? ruleKeyed(problem.rule, problem.params) : problem.message;
}

/** A zod issue's message as problemMessage words a problem: by the rule's key when the issue carries one. */
export function issueMessage(issue: { message: string; params?: Record<string, unknown> }): string {
  const named = ruleOfIssue(issue);
  return named ? ruleKeyed(named.rule, named.ruleParams) : issue.message;
}

export const required = (field: string): FieldProblem => ruleProblem(field, "required", "required");
