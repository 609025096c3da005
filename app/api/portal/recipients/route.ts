import type { NextRequest } from "next/server";

import { getDb } from "@/lib/db/client";
import { userForRoute } from "@/lib/portal/auth/session";
import { findRecipients } from "@/lib/portal/cases/find-recipients";

/** GET /api/portal/recipients?q=…: customers of the register whose name holds q, with their default terms and way of sending, for the job forms (clerks and admins, who post). */
export async function GET(request: NextRequest) {
  const auth = await userForRoute("clerk");
  if ("response" in auth) return auth.response;
  const query = (request.nextUrl.searchParams.get("q") ?? "").slice(0, 100);
  const recipients = await findRecipients(getDb(), { organizationId: auth.user.organizationId, query });
  return Response.json({ recipients }, { headers: { "cache-control": "no-store" } });
}
