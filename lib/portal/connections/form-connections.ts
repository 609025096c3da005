import type { Db, Tx } from "../../db/client";
import { log } from "../../log";
import { describeServiceFailure } from "../events/describe-service-failure";
import { todayIn } from "../forms/dates";
import type { FormConnection } from "../forms/form-connections";

import { clientFor, listConnections, type Connection } from "./connections";

/*
 * An organization's connections as its forms may know them: nothing secret, and the date a new
 * document of each is dated by. A test environment's profile may have had its clock moved
 * (POST /testing/clock): a new invoice dated by the wall clock would then be overdue the moment it
 * arrives, so its date comes from the profile's own clock. A service that does not answer within a
 * second leaves the wall clock's date, and the form still opens.
 */

const CLOCK_TIMEOUT_MS = 1_000;

export async function listFormConnections(db: Db | Tx, organizationId: string): Promise<FormConnection[]> {
  const connections = await listConnections(db, organizationId);
  return Promise.all(
    connections.map(async (connection) => ({
      id: connection.id,
      label: connection.label,
      environmentId: connection.environment.id,
      country: connection.environment.country,
      ...(await connectionToday(connection)),
    })),
  );
}

/** The date a connection's documents and decisions are dated by, and whether a test clock moved it. */
export async function connectionToday(connection: Connection): Promise<{ today: string; clockMoved: boolean }> {
  const today = todayIn(connection.environment.rules.timeZone);
  const serviceToday = connection.environment.isTest ? await testProfileToday(connection) : null;
  return { today: serviceToday ?? today, clockMoved: serviceToday !== null && serviceToday !== today };
}

/**
 * How far a connection's service clock, at its date `serviceToday`, is ahead of the calendar in the
 * connection's zone: a test profile's moved clock, by which its undelivered invoices' days count
 * (case page, the case list narrowed to it), as its dashboard counts them; 0 on the calendar's date.
 */
export const clockAheadMs = (connection: Connection, serviceToday: string): number =>
  Date.parse(serviceToday) - Date.parse(todayIn(connection.environment.rules.timeZone));

/**
 * How far a connection's service clock is ahead of the calendar (clockAheadMs), read now; null when
 * its test service's clock did not answer, which connectionToday would take for the calendar's date.
 */
export async function readClockAheadMs(connection: Connection): Promise<number | null> {
  if (!connection.environment.isTest) return 0;
  const serviceToday = await testProfileToday(connection);
  if (serviceToday === null) return null;
  return clockAheadMs(connection, serviceToday);
}

async function testProfileToday(connection: Connection): Promise<string | null> {
  try {
    return (await clientFor(connection).testing.getClock({ timeoutMs: CLOCK_TIMEOUT_MS })).today;
  } catch (error) {
    log.warn("the test environment's clock could not be read; its pages and forms use the calendar's date", {
      connectionId: connection.id,
      reason: describeServiceFailure(error),
    });
    return null;
  }
}

/**
 * The dates of an organization's test profiles whose clock was moved, by connection id: where
 * their cases are listed or summed, so no one reads their due dates and ages against the calendar.
 */
export async function movedTestClocks(connections: readonly Connection[]): Promise<Map<string, string>> {
  const moved = await Promise.all(
    connections
      .filter((connection) => connection.environment.isTest)
      .map(async (connection) => ({ id: connection.id, ...(await connectionToday(connection)) })),
  );
  return new Map(moved.filter((clock) => clock.clockMoved).map((clock) => [clock.id, clock.today]));
}
