import { getDb } from "@/lib/db/client";
import { caseListQuerySchema } from "@/lib/portal/cases/case-list-params";
import { toCaseSummary, type CaseListView } from "@/lib/portal/cases/case-views";
import { listCases } from "@/lib/portal/cases/list-cases";
import { portalRoute } from "@/lib/portal/http/portal-route";

/** GET /api/portal/cases: one page of the organization's cases, for the list's refresh. */
export const GET = portalRoute({ role: "viewer", query: caseListQuerySchema }, async ({ request, user, query }) => {
  const page = await listCases(getDb(), { organizationId: user.organizationId, params: query, count: request.nextUrl.searchParams.get("count") !== "0" });
  const body: CaseListView = { rows: page.rows.map((row) => toCaseSummary(row, user.locale)), next: page.next, previous: page.previous, count: page.count };
  return Response.json(body);
});
