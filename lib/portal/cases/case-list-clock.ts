import type { Db, Tx } from "../../db/client";
import { systemClock } from "../../platform/clock";
import { findConnection } from "../connections/connections";
import { readClockAheadMs } from "../connections/form-connections";

import type { CaseFilters } from "./case-list-params";

/**
 * How long a connection's clock, once read, serves the list's refreshes and exports. The list
 * refreshes every 2.5 s: reading the clock over HTTP each time (up to a second when the service is
 * slow) made one timed-out read count a refresh on the calendar, the rows jumping, and a warning
 * logged on each. A test clock moved meanwhile is counted from at the latest this much later; the
 * page itself reads the clock on every load.
 */
const CLOCK_READ_FOR_MS = 30_000;
/** Connections whose clock is kept, the one read longest ago going first: bounded whatever ids are asked for. */
const KEPT_CLOCKS = 200;
const clocks = new Map<string, { aheadMs: number; readAt: number }>();

/**
 * The time the failed-long filter counts to for the list's refresh and its export: on the moved
 * test clock of the connection the list is narrowed to, as that connection's dashboard and a case's
 * page count them, so a link from the one opens the same cases on the other. Without the
 * connection filter the list may hold the cases of several profiles, which one clock does not fit,
 * and keeps the calendar's. Only failed-long reads a time, so only it asks the test service for its
 * clock, at most once in CLOCK_READ_FOR_MS for a connection; the badge counts on the clockAheadMs
 * the list's page read once, as the page counts its own first rows.
 */
export async function caseListNow(db: Db | Tx, organizationId: string, filters: CaseFilters, now: Date = systemClock.now()): Promise<Date> {
  if (filters.connection === undefined || filters.delivery !== "failed-long") return now;
  const connection = await findConnection(db, { organizationId, connectionId: filters.connection });
  if (!connection) return now;
  const kept = clocks.get(connection.id);
  if (kept && now.getTime() >= kept.readAt && now.getTime() - kept.readAt < CLOCK_READ_FOR_MS) return new Date(now.getTime() + kept.aheadMs);
  // A clock that does not answer keeps the offset last read, if any, rather than the calendar's,
  // and is asked again only when that offset would have been.
  const aheadMs = (await readClockAheadMs(connection)) ?? kept?.aheadMs ?? 0;
  clocks.delete(connection.id);
  clocks.set(connection.id, { aheadMs, readAt: now.getTime() });
  const oldest = clocks.keys().next().value;
  if (clocks.size > KEPT_CLOCKS && oldest !== undefined) clocks.delete(oldest);
  return new Date(now.getTime() + aheadMs);
}
