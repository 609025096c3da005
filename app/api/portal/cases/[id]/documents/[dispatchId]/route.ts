import { getDb } from "@/lib/db/client";
import { uncached } from "@/lib/platform/cache-control";
import { userForRoute } from "@/lib/portal/auth/session";
import { sentDocumentPdfOfCase } from "@/lib/portal/cases/sent-documents";
import { CASE_TEXTS } from "@/lib/portal/cases/texts";
import { portalProblem } from "@/lib/portal/http/problem-details";

/** GET /api/portal/cases/{id}/documents/{dispatchId}: a reminder or collection letter as the debtor got it. */
export const GET = uncached(async (_request: Request, { params }: { params: Promise<{ id: string; dispatchId: string }> }) => {
  const auth = await userForRoute("viewer");
  if ("response" in auth) return auth.response;
  const { id, dispatchId } = await params;
  if (!/^[0-9a-f-]{36}$/.test(dispatchId)) return portalProblem(404, CASE_TEXTS[auth.user.locale].noSuchDocument, auth.user.locale);
  const answer = await sentDocumentPdfOfCase(getDb(), auth.user, id, dispatchId);
  if (!answer.ok) return portalProblem(answer.status, answer.detail, auth.user.locale);
  return new Response(new Uint8Array(answer.pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="job-${answer.jobid}-${dispatchId.slice(0, 8)}.pdf"`,
      "cache-control": "private, no-store",
    },
  });
});
