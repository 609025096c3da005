import type { Db } from "../../db/client";
import { getEnv } from "../../env";
import { errorFields, log } from "../../log";
import { Backoff } from "../../platform/backoff";
import type { Clock } from "../../platform/clock";
import type { RetryPolicy } from "../../platform/retry-policy";
import type { WorkerLoop } from "../../platform/run-loops";
import { fillCasesFromService } from "../cases/fill-cases";
import { clientFor, getConnection } from "../connections/connections";

import { projectBatches } from "./ingest-batch";
import { pollConnection } from "./poll-connection";
import { registerReceiver } from "./register-receiver";

/*
 * The portal's background work, in the service's loop shape (lib/service/workers): registering the
 * receiver with connected services that push, polling those that cannot, and filling in cases
 * learned from events (lib/portal/cases/fill-cases.ts). All are safe in several processes at once:
 * a registration is an idempotent PUT, a poll moves its cursor only if no one else did
 * (lib/portal/events/poll-connection.ts), and a case is filled only while it is still unfilled.
 *
 * A connection that keeps failing is tried less often (lib/platform/backoff.ts: in this process's
 * memory, so a restart tries at once, which is what an admin who just fixed something wants).
 */

/** The portal's one kind of retried job: a connection's registration or poll. */
export const CONNECTION_RETRY: RetryPolicy = { kind: "table", delaysMs: [10_000, 30_000, 60_000, 5 * 60_000, 15 * 60_000, 30 * 60_000] };

const registrationBackoff = new Backoff(CONNECTION_RETRY);
const pollBackoff = new Backoff(CONNECTION_RETRY);
const detailsBackoff = new Backoff(CONNECTION_RETRY);

export async function registerPendingReceivers(db: Db, clock: Clock, backoff = registrationBackoff): Promise<number> {
  const pending = await db.portalConnection.findMany({
    where: { eventMode: "push", receiverRegisteredAt: null },
    select: { id: true, organizationId: true },
    orderBy: { updatedAt: "asc" },
  });
  let registered = 0;
  for (const row of pending) {
    if (!backoff.due(row.id, clock.now())) continue;
    try {
      const connection = await getConnection(db, { organizationId: row.organizationId, connectionId: row.id });
      const outcome = await registerReceiver(db, {
        organizationId: row.organizationId,
        connection,
        publicBaseUrl: getEnv().PUBLIC_BASE_URL,
        client: clientFor(connection),
        now: clock.now(),
      });
      if (outcome.ok) {
        backoff.succeeded(row.id);
        registered += 1;
      } else backoff.failed(row.id, clock.now());
    } catch (error) {
      backoff.failed(row.id, clock.now());
      log.error("portal receiver registration failed", { connectionId: row.id, ...errorFields(error) });
    }
  }
  return registered;
}

export async function pollConnections(db: Db, clock: Clock, backoff = pollBackoff): Promise<number> {
  const polling = await db.portalConnection.findMany({
    where: { eventMode: "poll" },
    select: { id: true, organizationId: true },
    orderBy: { updatedAt: "asc" },
  });
  let stored = 0;
  for (const row of polling) {
    if (!backoff.due(row.id, clock.now())) continue;
    try {
      const connection = await getConnection(db, { organizationId: row.organizationId, connectionId: row.id });
      const outcome = await pollConnection(db, connection, clientFor(connection));
      stored += outcome.stored;
      if (outcome.error) backoff.failed(row.id, clock.now());
      else backoff.succeeded(row.id);
    } catch (error) {
      backoff.failed(row.id, clock.now());
      log.error("portal poll failed", { connectionId: row.id, ...errorFields(error) });
    }
  }
  return stored;
}

/** Batches projected per run; a run that fills it is followed by the next at once. */
const PROJECT_LIMIT = 50;

export const PORTAL_LOOPS: readonly WorkerLoop[] = [
  // Woken by the commit that kept a received batch; the poll covers other processes on SQLite.
  {
    name: "portal-events",
    intervalMs: 1_000,
    wakeOn: "portal-events",
    again: (projected) => projected === PROJECT_LIMIT,
    run: (db, clock) => projectBatches(db, { limit: PROJECT_LIMIT, now: clock.now() }),
  },
  { name: "portal-receiver-registration", intervalMs: 10_000, run: (db, clock) => registerPendingReceivers(db, clock) },
  { name: "portal-poll", intervalMs: 5_000, run: (db, clock) => pollConnections(db, clock) },
  // At a steady pace, not woken by each new case: it reads from the service and writes the portal's
  // tables, and during a large post in the embedded setup it would otherwise compete with intake
  // for the request thread and SQLite's write lock (measured: intake's median from about 230 to
  // over 300 ms). FILL_LIMIT every 2 s is 50 cases a second, 180,000 an hour.
  { name: "portal-case-details", intervalMs: 2_000, run: (db, clock) => fillCasesFromService(db, clock, { backoff: detailsBackoff }) },
];
