import { getDb } from "@/lib/db/client";
import { findRecipients, recipientQuerySchema } from "@/lib/portal/cases/find-recipients";
import { portalRoute } from "@/lib/portal/http/portal-route";

/**
 * GET /api/portal/recipients?q=…&connection=…: customers of the register whose name holds q, with
 * their default terms and way of sending, for the job forms (clerks and admins, who post). With the
 * form's connection (one of the organization's), that connection's customers only; a connection the
 * organization does not have suggests nobody.
 */
export const GET = portalRoute({ role: "clerk", query: recipientQuerySchema }, async ({ user, query }) => {
  const db = getDb();
  let book: { environment: string; cid: string } | undefined;
  if (query.connection) {
    const connection = await db.portalConnection.findFirst({
      where: { id: query.connection, organizationId: user.organizationId },
      select: { environment: true, cid: true },
    });
    if (!connection) return Response.json({ recipients: [] });
    book = connection;
  }
  const recipients = await findRecipients(db, { organizationId: user.organizationId, query: query.q, book });
  return Response.json({ recipients });
});
