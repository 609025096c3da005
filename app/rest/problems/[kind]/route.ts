import { ServiceError } from "@/lib/service/errors";
import { otherMethodsOf, route } from "@/lib/service/http/route";
import { problemOperations } from "@/lib/spec/operations/problems";
import { PROBLEM_KINDS, problemKindNamed, problemTypeUri, type ProblemType } from "@/lib/spec/problem-details";

/**
 * GET /problems/{kind}: what a problem type URI of the interface means. The `type` of every
 * problem-details answer points here, so a developer who follows it learns the status and title.
 * A kind the interface does not have is answered as any other missing thing: problem details, 404.
 */
export const GET = route(problemOperations.type, async ({ params }) => {
  const kind = problemKindNamed(params.kind);
  if (!kind) throw new ServiceError("not_found", `The interface has no problem type ${JSON.stringify(params.kind)}.`);
  const { title, status } = PROBLEM_KINDS[kind];
  return Response.json({ type: problemTypeUri(kind), title, status } satisfies ProblemType);
});

export const { POST, PUT, PATCH, DELETE } = otherMethodsOf(problemOperations.type.path);
