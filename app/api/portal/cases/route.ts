import { z } from "zod";

import { getDb } from "@/lib/db/client";
import { caseListNow } from "@/lib/portal/cases/case-list-clock";
import { caseListQuerySchema } from "@/lib/portal/cases/case-list-params";
import { toCaseSummary, type CaseListView } from "@/lib/portal/cases/case-views";
import { listCases } from "@/lib/portal/cases/list-cases";
import { portalRoute } from "@/lib/portal/http/portal-route";
import { ruleKeyed } from "@/lib/spec/rules";

/** The list's parameters, and `count=0` for a page without its count (counted by default). */
const casesQuerySchema = caseListQuerySchema.and(z.object({ count: z.enum(["0", "1"], { error: ruleKeyed("oneOf", { values: "0, 1" }) }).optional() }));

/** GET /api/portal/cases: one page of the organization's cases, for the list's refresh. */
export const GET = portalRoute({ role: "viewer", query: casesQuerySchema }, async ({ user, query }) => {
  const { count, ...params } = query;
  const now = await caseListNow(getDb(), user.organizationId, params);
  const page = await listCases(getDb(), { organizationId: user.organizationId, params, count: count !== "0", now });
  const body: CaseListView = { rows: page.rows.map((row) => toCaseSummary(row, user.locale)), next: page.next, previous: page.previous, count: page.count };
  return Response.json(body);
});
