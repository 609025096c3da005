import type { Tx } from "../../db/client";
import { listConnections, type Connection } from "../connections/connections";

/*
 * A case names its environment and profile (cid), not a connection row: connections can be removed
 * and added again, and a case learned from events never had one. Its connection is the
 * organization's connection to that environment and cid, when there is one.
 */

export async function connectionForCase(db: Tx, { organizationId, environment, cid }: { organizationId: string; environment: string; cid: string }): Promise<Connection | null> {
  const connections = await listConnections(db, organizationId);
  return connections.find((connection) => connection.environment.id === environment && connection.cid === cid) ?? null;
}
