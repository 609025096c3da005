import type { NextRequest } from "next/server";

import { getDb } from "@/lib/db/client";
import { uncached } from "@/lib/platform/cache-control";
import { userForRoute } from "@/lib/portal/auth/session";
import { findRecipients } from "@/lib/portal/cases/find-recipients";

/**
 * GET /api/portal/recipients?q=…&connection=…: customers of the register whose name holds q, with
 * their default terms and way of sending, for the job forms (clerks and admins, who post). With the
 * form's connection (one of the organization's), that connection's customers only; a connection the
 * organization does not have suggests nobody.
 */
export const GET = uncached(async (request: NextRequest) => {
  const auth = await userForRoute("clerk");
  if ("response" in auth) return auth.response;
  const params = request.nextUrl.searchParams;
  const query = (params.get("q") ?? "").slice(0, 100);
  const connectionId = params.get("connection")?.slice(0, 100);
  const db = getDb();
  let book: { environment: string; cid: string } | undefined;
  if (connectionId) {
    const connection = await db.portalConnection.findFirst({
      where: { id: connectionId, organizationId: auth.user.organizationId },
      select: { environment: true, cid: true },
    });
    if (!connection) return Response.json({ recipients: [] });
    book = connection;
  }
  const recipients = await findRecipients(db, { organizationId: auth.user.organizationId, query, book });
  return Response.json({ recipients });
});
