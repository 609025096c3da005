import type { Tx } from "../../db/client";
import { ActionError } from "../actions/action-error";
import type { PortalUser } from "../auth/session";
import { listConnections, type Connection } from "../connections/connections";

import { CASE_TEXTS } from "./texts";

/*
 * A case names its environment and profile (cid), not a connection row: connections can be removed
 * and added again, and a case learned from events never had one. Its connection is the
 * organization's connection to that environment and cid, when there is one.
 */

export async function connectionForCase(
  db: Tx,
  { organizationId, environment, cid }: { organizationId: string; environment: string; cid: string },
): Promise<Connection | null> {
  const connections = await listConnections(db, organizationId);
  return connections.find((connection) => connection.environment.id === environment && connection.cid === cid) ?? null;
}

/** The organization's case for an action, or the refusal a user reads when it has none by this id. */
export async function caseOfUser(db: Tx, user: PortalUser, id: string) {
  const row = await db.portalCase.findFirst({ where: { id, organizationId: user.organizationId } });
  if (!row) throw new ActionError(CASE_TEXTS[user.locale].notFound);
  return row;
}

/** The connection an action on the case goes through, or the refusal when there is none. */
export async function connectionOfCase(db: Tx, user: PortalUser, row: { environment: string; cid: string }): Promise<Connection> {
  const connection = await connectionForCase(db, { organizationId: user.organizationId, environment: row.environment, cid: row.cid });
  if (!connection) throw new ActionError(CASE_TEXTS[user.locale].noConnection);
  return connection;
}
