import type { Db, Tx } from "../../db/client";
import { listConnections } from "../connections/connections";
import { clockAheadMs, connectionToday } from "../connections/form-connections";

import type { CaseFilters } from "./case-list-params";

/**
 * The time the case list's undelivered days count to (the failed-long filter, the badge): on the
 * moved test clock of the connection the list is narrowed to, as that connection's dashboard and a
 * case's page count them, so a link from the one opens the same cases on the other. Without the
 * connection filter the list may hold the cases of several profiles, which one clock does not fit,
 * and keeps the calendar's.
 */
export async function caseListNow(db: Db | Tx, organizationId: string, filters: CaseFilters, now: Date = new Date()): Promise<Date> {
  if (filters.connection === undefined) return now;
  const connection = (await listConnections(db, organizationId)).find((candidate) => candidate.id === filters.connection);
  if (!connection) return now;
  return new Date(now.getTime() + clockAheadMs(connection, await connectionToday(connection)));
}
