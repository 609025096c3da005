import { getDb } from "@/lib/db/client";
import { caseListNow } from "@/lib/portal/cases/case-list-clock";
import { caseListQuerySchema } from "@/lib/portal/cases/case-list-params";
import { exportCasesCsv } from "@/lib/portal/cases/export-cases";
import { portalRoute } from "@/lib/portal/http/portal-route";

/**
 * GET /api/portal/cases/export: the case list of these filters and this order as a CSV file
 * (lib/portal/cases/export-cases.ts), streamed as it is read. Every role may read it, as the list.
 */
export const GET = portalRoute({ role: "viewer", query: caseListQuerySchema }, async ({ user, query }) => {
  const now = await caseListNow(getDb(), user.organizationId, query);
  const lines = exportCasesCsv(getDb(), { organizationId: user.organizationId, params: query, locale: user.locale, now });
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await lines.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8; header=present",
      "content-disposition": `attachment; filename="cases-${day}.csv"`,
    },
  });
});
