import type { NextRequest } from "next/server";

import { getDb } from "@/lib/db/client";
import { portalProblem, userForRoute } from "@/lib/portal/auth/session";
import { parseCaseListParams } from "@/lib/portal/cases/case-list-params";
import { toCaseSummary, type CaseListView } from "@/lib/portal/cases/case-views";
import { listCases } from "@/lib/portal/cases/list-cases";

/** GET /api/portal/cases: one page of the organization's cases, for the list's refresh. */
export async function GET(request: NextRequest) {
  const auth = await userForRoute("viewer");
  if ("response" in auth) return auth.response;
  const { user } = auth;
  const parsed = parseCaseListParams(request.nextUrl.searchParams);
  const invalid = Object.keys(parsed.errors);
  if (invalid.length > 0) return portalProblem(400, `These parameters are not valid: ${invalid.join(", ")}.`);
  const page = await listCases(getDb(), { organizationId: user.organizationId, params: parsed.params, count: request.nextUrl.searchParams.get("count") !== "0" });
  const body: CaseListView = { rows: page.rows.map((row) => toCaseSummary(row, user.locale)), next: page.next, previous: page.previous, count: page.count };
  return Response.json(body, { headers: { "cache-control": "no-store" } });
}
