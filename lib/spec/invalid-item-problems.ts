import type { z } from "zod";

import { parseDatasetItem } from "./dataset-item";
import type { Country } from "./environments";
import { minimumDataProblems } from "./minimum-data";
import { problemsFromZod, type FieldProblem } from "./problems";

/**
 * Every problem of a job whose members have the wrong type, not just the first kind: the members
 * that failed are set aside and the rest is checked against the job kind's minimum data, so a clerk
 * sees "taxpr must be at most 100" and "company is required" in one answer. Intake answers with it
 * and the portal's forms validate with it.
 */
export function invalidItemProblems(item: Record<string, unknown>, error: z.ZodError, country: Country): FieldProblem[] {
  const problems = problemsFromZod(error);
  const failed = new Set(error.issues.map((issue) => String(issue.path[0] ?? "")));
  const reparsed = parseDatasetItem(Object.fromEntries(Object.entries(item).filter(([key]) => !failed.has(key))));
  if (!reparsed.success) return problems;
  const topLevel = (field: string | null) => (field ?? "").split(/[.[]/)[0]!;
  for (const problem of minimumDataProblems(reparsed.data, country)) {
    if (!failed.has(topLevel(problem.field))) problems.push(problem);
  }
  return problems;
}
