import { getDb } from "@/lib/db/client";
import { casePathSchema } from "@/lib/portal/cases/case-path";
import { sentDocumentsOfCase } from "@/lib/portal/cases/sent-documents";
import { CASE_TEXTS } from "@/lib/portal/cases/texts";
import { portalRoute } from "@/lib/portal/http/portal-route";
import { portalProblem } from "@/lib/portal/http/problem-details";

/** GET /api/portal/cases/{id}/documents: what the service sent of the case's job. */
export const GET = portalRoute(
  { role: "viewer", params: { schema: casePathSchema, notFound: (locale) => CASE_TEXTS[locale].notFound } },
  async ({ user, params }) => {
    const answer = await sentDocumentsOfCase(getDb(), user, params.id);
    if (!answer.ok) return portalProblem(answer.status, answer.detail, user.locale);
    return Response.json({ documents: answer.documents });
  },
);
