import { getDb } from "@/lib/db/client";
import { casePathSchema } from "@/lib/portal/cases/case-path";
import { getCaseDetail } from "@/lib/portal/cases/get-case-detail";
import { CASE_TEXTS } from "@/lib/portal/cases/texts";
import { portalRoute } from "@/lib/portal/http/portal-route";
import { portalProblem } from "@/lib/portal/http/problem-details";

/** GET /api/portal/cases/{id}: a case with its timeline, for the case page's refresh. */
export const GET = portalRoute(
  { role: "viewer", params: { schema: casePathSchema, notFound: (locale) => CASE_TEXTS[locale].notFound } },
  async ({ user, params }) => {
    const detail = await getCaseDetail(getDb(), { organizationId: user.organizationId, caseId: params.id, locale: user.locale });
    // Another organization's case is answered as one that does not exist.
    if (!detail) return portalProblem(404, CASE_TEXTS[user.locale].notFound, user.locale);
    return Response.json(detail);
  },
);
