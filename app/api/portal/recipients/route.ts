import type { NextRequest } from "next/server";

import { getDb } from "@/lib/db/client";
import { userForRoute } from "@/lib/portal/auth/session";
import { findRecipients } from "@/lib/portal/cases/find-recipients";

/** GET /api/portal/recipients?q=…: earlier recipients whose name holds q, for the job forms (clerks and admins, who post). */
export async function GET(request: NextRequest) {
  const auth = await userForRoute("clerk");
  if ("response" in auth) return auth.response;
  const query = (request.nextUrl.searchParams.get("q") ?? "").slice(0, 100);
  const recipients = await findRecipients(getDb(), { organizationId: auth.user.organizationId, query });
  return Response.json({ recipients }, { headers: { "cache-control": "no-store" } });
}
