import { ServiceRequestError } from "@/lib/client";
import { getDb } from "@/lib/db/client";
import { errorFields, log } from "@/lib/log";
import { connectionForCase } from "@/lib/portal/cases/case-connection";
import { casePathSchema } from "@/lib/portal/cases/case-path";
import { CASE_TEXTS } from "@/lib/portal/cases/texts";
import { clientFor } from "@/lib/portal/connections/connections";
import { portalRoute } from "@/lib/portal/http/portal-route";
import { portalProblem } from "@/lib/portal/http/problem-details";

/**
 * GET /api/portal/cases/{id}/pdf: the job's document as the service renders it, fetched through the
 * case's connection. The browser never sees the service's token or address.
 */
export const GET = portalRoute(
  { role: "viewer", params: { schema: casePathSchema, notFound: (locale) => CASE_TEXTS[locale].notFound } },
  async ({ user, params: { id } }) => {
    const db = getDb();
    const row = await db.portalCase.findFirst({ where: { id, organizationId: user.organizationId }, select: { environment: true, cid: true, jobid: true } });
    const t = CASE_TEXTS[user.locale];
    if (!row) return portalProblem(404, t.notFound, user.locale);
    const connection = await connectionForCase(db, { organizationId: user.organizationId, environment: row.environment, cid: row.cid });
    if (!connection) return portalProblem(404, t.noConnection, user.locale);
    try {
      const pdf = await clientFor(connection).jobPdf(row.jobid);
      // A copy on a plain ArrayBuffer, which Response takes as it is.
      return new Response(new Uint8Array(pdf), {
        headers: {
          "content-type": "application/pdf",
          "content-disposition": `inline; filename="job-${row.jobid}.pdf"`,
          "cache-control": "private, no-store",
        },
      });
    } catch (error) {
      if (error instanceof ServiceRequestError && error.status === 404) return portalProblem(404, t.serviceNoPdf, user.locale);
      log.warn("portal case pdf failed", { caseId: id, ...errorFields(error) });
      return portalProblem(502, t.serviceGaveNoPdf, user.locale);
    }
  },
);
