import type { NextRequest } from "next/server";

import { userForRoute, type PortalUser } from "../auth/session";
import { portalProblem } from "../http/problem-details";
import { keyed, messageText } from "../i18n/messages";

import { parseCaseListParams, type CaseListParams } from "./case-list-params";

/** A case-list route's user (any role) and its list parameters, or the answer when it has none or they are not valid. */
export async function caseListRequest(request: NextRequest): Promise<{ user: PortalUser; params: CaseListParams } | { response: Response }> {
  const auth = await userForRoute("viewer");
  if ("response" in auth) return auth;
  const parsed = parseCaseListParams(request.nextUrl.searchParams);
  const invalid = Object.keys(parsed.errors);
  if (invalid.length > 0) {
    const detail = messageText(keyed("invalidParameters", { names: invalid.join(", ") }), auth.user.locale);
    return { response: portalProblem(400, detail, auth.user.locale) };
  }
  return { user: auth.user, params: parsed.params };
}
