import { ServiceError } from "@/lib/service/errors";
import { problemBody } from "@/lib/service/http/rest-handler";
import { PROBLEM_KINDS, problemTypeUri, type ProblemKind } from "@/lib/spec/problem-details";

/**
 * GET /problems/{kind}: what a problem type URI of the interface means. The `type` of every
 * problem-details answer points here, so a developer who follows it learns the status and title.
 * A kind the interface does not have is answered as any other missing thing: problem details, 404.
 */
export async function GET(_request: Request, context: { params: Promise<{ kind: string }> }) {
  const { kind } = await context.params;
  const key = kind.replaceAll("-", "_") as ProblemKind;
  if (!Object.hasOwn(PROBLEM_KINDS, key)) {
    const body = problemBody(new ServiceError("not_found", `The interface has no problem type ${JSON.stringify(kind)}.`));
    return Response.json(body, { status: 404, headers: { "Content-Type": "application/problem+json" } });
  }
  const { title, status } = PROBLEM_KINDS[key];
  return Response.json({ type: problemTypeUri(key), title, status });
}
