import type { Db, Tx } from "../../db/client";
import { systemClock } from "../../platform/clock";
import { listConnections } from "../connections/connections";
import { clockAheadMs, connectionToday } from "../connections/form-connections";

import type { CaseFilters } from "./case-list-params";

/**
 * The time the failed-long filter counts to for the list's refresh and its export: on the moved
 * test clock of the connection the list is narrowed to, as that connection's dashboard and a case's
 * page count them, so a link from the one opens the same cases on the other. Without the
 * connection filter the list may hold the cases of several profiles, which one clock does not fit,
 * and keeps the calendar's. Only failed-long reads a time, so only it asks the test service for its
 * clock (an HTTP call on every refresh otherwise); the badge counts on the clockAheadMs the list's
 * page read once, as the page counts its own first rows.
 */
export async function caseListNow(db: Db | Tx, organizationId: string, filters: CaseFilters, now: Date = systemClock.now()): Promise<Date> {
  if (filters.connection === undefined || filters.delivery !== "failed-long") return now;
  const connection = (await listConnections(db, organizationId)).find((candidate) => candidate.id === filters.connection);
  if (!connection) return now;
  return new Date(now.getTime() + clockAheadMs(connection, await connectionToday(connection)));
}
