import { getDb } from "@/lib/db/client";
import { sentDocumentPathSchema } from "@/lib/portal/cases/case-path";
import { sentDocumentPdfOfCase } from "@/lib/portal/cases/sent-documents";
import { CASE_TEXTS } from "@/lib/portal/cases/texts";
import { portalRoute } from "@/lib/portal/http/portal-route";
import { portalProblem } from "@/lib/portal/http/problem-details";

/** GET /api/portal/cases/{id}/documents/{dispatchId}: a reminder or collection letter as the debtor got it. */
export const GET = portalRoute(
  { role: "viewer", params: { schema: sentDocumentPathSchema, notFound: (locale) => CASE_TEXTS[locale].noSuchDocument } },
  async ({ user, params: { id, dispatchId } }) => {
    const answer = await sentDocumentPdfOfCase(getDb(), user, id, dispatchId);
    if (!answer.ok) return portalProblem(answer.status, answer.detail, user.locale);
    return new Response(new Uint8Array(answer.pdf), {
      headers: {
        "content-type": "application/pdf",
        "content-disposition": `inline; filename="job-${answer.jobid}-${dispatchId.slice(0, 8)}.pdf"`,
        "cache-control": "private, no-store",
      },
    });
  },
);
