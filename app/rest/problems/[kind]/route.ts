import { PROBLEM_KINDS, type ProblemKind } from "@/lib/service/errors";

/**
 * GET /problems/{kind}: what a problem type URI of the interface means. The `type` of every
 * problem-details answer points here, so a developer who follows it learns the status and title.
 */
export async function GET(_request: Request, context: { params: Promise<{ kind: string }> }) {
  const { kind } = await context.params;
  const key = kind.replaceAll("-", "_") as ProblemKind;
  const entry = Object.hasOwn(PROBLEM_KINDS, key) ? PROBLEM_KINDS[key] : undefined;
  if (!entry) return Response.json({ title: "Unknown problem type" }, { status: 404 });
  return Response.json({ type: `/rest/problems/${kind}`, title: entry.title, status: entry.status });
}
