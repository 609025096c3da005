import type { NextRequest } from "next/server";

import { userForRoute, type PortalUser } from "../auth/session";
import { portalProblem } from "../http/problem-details";

import { parseCaseListParams, type CaseListParams } from "./case-list-params";

/** A case-list route's user (any role) and its list parameters, or the answer when it has none or they are not valid. */
export async function caseListRequest(request: NextRequest): Promise<{ user: PortalUser; params: CaseListParams } | { response: Response }> {
  const auth = await userForRoute("viewer");
  if ("response" in auth) return auth;
  const parsed = parseCaseListParams(request.nextUrl.searchParams);
  const invalid = Object.keys(parsed.errors);
  if (invalid.length > 0) return { response: portalProblem(400, `These parameters are not valid: ${invalid.join(", ")}.`) };
  return { user: auth.user, params: parsed.params };
}
