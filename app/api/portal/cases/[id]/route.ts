import { getDb } from "@/lib/db/client";
import { uncached } from "@/lib/platform/cache-control";
import { userForRoute } from "@/lib/portal/auth/session";
import { getCaseDetail } from "@/lib/portal/cases/get-case-detail";
import { CASE_TEXTS } from "@/lib/portal/cases/texts";
import { portalProblem } from "@/lib/portal/http/problem-details";

/** GET /api/portal/cases/{id}: a case with its timeline, for the case page's refresh. */
export const GET = uncached(async (_request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const auth = await userForRoute("viewer");
  if ("response" in auth) return auth.response;
  const { user } = auth;
  const { id } = await params;
  const detail = await getCaseDetail(getDb(), { organizationId: user.organizationId, caseId: id, locale: user.locale });
  // Another organization's case is answered as one that does not exist.
  if (!detail) return portalProblem(404, CASE_TEXTS[user.locale].notFound, user.locale);
  return Response.json(detail);
});
