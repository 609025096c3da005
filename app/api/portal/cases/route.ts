import type { NextRequest } from "next/server";

import { getDb } from "@/lib/db/client";
import { uncached } from "@/lib/platform/cache-control";
import { caseListRequest } from "@/lib/portal/cases/case-list-request";
import { toCaseSummary, type CaseListView } from "@/lib/portal/cases/case-views";
import { listCases } from "@/lib/portal/cases/list-cases";

/** GET /api/portal/cases: one page of the organization's cases, for the list's refresh. */
export const GET = uncached(async (request: NextRequest) => {
  const asked = await caseListRequest(request);
  if ("response" in asked) return asked.response;
  const { user, params } = asked;
  const page = await listCases(getDb(), { organizationId: user.organizationId, params, count: request.nextUrl.searchParams.get("count") !== "0" });
  const body: CaseListView = { rows: page.rows.map((row) => toCaseSummary(row, user.locale)), next: page.next, previous: page.previous, count: page.count };
  return Response.json(body);
});
