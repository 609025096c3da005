import { z } from "zod";

import { parseDatasetItem } from "@/lib/spec/dataset-item";
import type { Country } from "@/lib/spec/environments";
import { invalidItemProblems } from "@/lib/spec/invalid-item-problems";
import { minimumDataProblems } from "@/lib/spec/minimum-data";
import { problemMessage, type AnswerProblem, type FieldProblem } from "@/lib/spec/problems";

/*
 * The service names a problem by the member's path as a developer writes it ("payrow[0].taxpr");
 * react-hook-form names a field by a dotted path ("payrow.0.taxpr"). The forms keep the dataset
 * item's member names wherever they can, so most paths translate one to one; the few members a
 * form shows differently are named here.
 */

/** Where a problem that fits no field of the form goes: react-hook-form's form-level error. */
export const FORM_LEVEL = "root.server";

export interface FormProblem {
  /** A field path of the form, or FORM_LEVEL. */
  path: string;
  message: string;
  /**
   * At FORM_LEVEL, the member the service named that the form has no field for ("countryname"):
   * kept apart from the message, so the form says both in the reader's language (problemInWords).
   */
  field?: string;
}

/** "payrow[0].taxpr" (or "payrow.0.taxpr") → "payrow.0.taxpr", with the form's own names. */
export function formPathOf(field: string | null): string {
  if (!field) return FORM_LEVEL;
  const dotted = field.replace(/\[(\d+)\]/g, ".$1").replace(/^\./, "");
  const parts = dotted.split(".");
  // One name field serves both: which one the item carries depends on customertype.
  if (parts.length === 1 && (parts[0] === "person" || parts[0] === "company")) return "name";
  // A problem with a whole row: an accounting row's debit-or-credit rule, a row's amount too large.
  if (parts.length === 2 && /^\d+$/.test(parts[1]!)) {
    if (parts[0] === "accountrow") return `${dotted}.debit`;
    if (parts[0] === "payrow") return `${dotted}.amount`;
  }
  return dotted;
}

/** The problems as the form shows them: on a field of the form when it has one, else at the form. */
export function toFormProblems(problems: readonly AnswerProblem[], fields: ReadonlySet<string>): FormProblem[] {
  return problems.map((problem) => {
    // Already placed at the form by the server (a problem of the job as a whole).
    if (problem.field === FORM_LEVEL) return { path: FORM_LEVEL, message: problemMessage(problem) };
    const path = formPathOf(problem.field);
    if (fields.has(path.split(".")[0]!)) return { path, message: problemMessage(problem) };
    return problem.field
      ? { path: FORM_LEVEL, field: problem.field, message: problemMessage(problem) }
      : { path: FORM_LEVEL, message: problemMessage(problem) };
  });
}

/**
 * Field errors (as validatedAction answers them, keyed by the service's or the form's paths) as the
 * form's paths, the first message of a field winning.
 */
export function toFormFieldErrors(fieldErrors: Record<string, string>, fields: ReadonlySet<string>): FormProblem[] {
  const problems = toFormProblems(
    Object.entries(fieldErrors).map(([field, message]) => ({ field: field || null, code: "invalid", message })),
    fields,
  );
  const seen = new Set<string>();
  return problems.filter((problem) => {
    if (problem.path !== FORM_LEVEL && seen.has(problem.path)) return false;
    seen.add(problem.path);
    return true;
  });
}

/**
 * The dataset item a form makes, checked by the service's own rules (the item's schema and its
 * kind's minimum data for the country): the one source of truth the forms validate with.
 */
export function itemProblems(item: Record<string, unknown>, country: Country): FieldProblem[] {
  const parsed = parseDatasetItem(item);
  if (parsed.success) return minimumDataProblems(parsed.data, country);
  // As intake does: every problem at once, not in turns.
  return invalidItemProblems(item, parsed.error, country);
}

/** Adds the problems to a zod refinement context, at their form paths. */
export function reportProblems(problems: readonly FormProblem[], context: z.RefinementCtx): void {
  for (const problem of problems) context.addIssue({ code: "custom", message: problem.message, path: problem.path.split(".") });
}

/**
 * A field path → message record, for ActionError and setError alike. A problem of a member the form
 * has no field for stays under the member's own name, so the form that reads it back
 * (toFormFieldErrors) still has the member apart from the message.
 */
export function fieldErrorsOf(problems: readonly FormProblem[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const problem of problems) errors[problem.field ?? problem.path] ??= problem.message;
  return errors;
}
