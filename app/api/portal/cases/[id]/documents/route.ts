import { getDb } from "@/lib/db/client";
import { uncached } from "@/lib/platform/cache-control";
import { userForRoute } from "@/lib/portal/auth/session";
import { sentDocumentsOfCase } from "@/lib/portal/cases/sent-documents";
import { portalProblem } from "@/lib/portal/http/problem-details";

/** GET /api/portal/cases/{id}/documents: what the service sent of the case's job. */
export const GET = uncached(async (_request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const auth = await userForRoute("viewer");
  if ("response" in auth) return auth.response;
  const answer = await sentDocumentsOfCase(getDb(), auth.user, (await params).id);
  if (!answer.ok) return portalProblem(answer.status, answer.detail, auth.user.locale);
  return Response.json({ documents: answer.documents });
});
