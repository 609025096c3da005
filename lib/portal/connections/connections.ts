import type { z } from "zod";

import { ServiceClient, ServiceRequestError } from "../../client";
import type { Db, Prisma, Tx } from "../../db/client";
import { outboundFetch, outboundPolicy } from "../../platform/outbound/outbound-fetch";
import { seal, unseal } from "../../platform/secrets";
import { environment as environmentById, type Environment, type EnvironmentId } from "../../spec/environments";
import { ActionError } from "../actions/action-error";
import { describeServiceFailure } from "../events/describe-service-failure";
import { keyed } from "../i18n/messages";

import { connectionFormSchema } from "./connection-form-schema";
import { serviceAddressProblem } from "./service-address";

/*
 * An organization's connections to services: one per environment and cid, with the apicode
 * encrypted at rest. Every query names the organization.
 */

export interface Connection {
  id: string;
  organizationId: string;
  environment: Environment;
  label: string;
  baseUrl: string;
  cid: string;
  eventMode: "push" | "poll";
  receiverRegisteredAt: Date | null;
  receiverError: string | null;
  /** When the service last answered the portal for it, or its events last arrived (markContact). */
  lastContactAt: Date | null;
}

type Row = Awaited<ReturnType<Db["portalConnection"]["findFirstOrThrow"]>>;

// The sealed apicode travels beside the object, not in it: a Connection may be handed to a client
// component, and nothing secret should go along, not even encrypted.
const sealedApicodes = new WeakMap<Connection, { sealed: string }>();

function toConnection(row: Row): Connection {
  const connection: Connection = {
    id: row.id,
    organizationId: row.organizationId,
    environment: environmentById(row.environment as EnvironmentId),
    label: row.label,
    baseUrl: row.baseUrl,
    cid: row.cid,
    eventMode: row.eventMode === "poll" ? "poll" : "push",
    receiverRegisteredAt: row.receiverRegisteredAt,
    receiverError: row.receiverError,
    lastContactAt: row.lastContactAt,
  };
  sealedApicodes.set(connection, { sealed: row.apicodeEncrypted });
  return connection;
}

/** How stale a connection's last contact may be before it is written again: a poll every few seconds need not write every time. */
export const CONTACT_PRECISION_MS = 30_000;

/**
 * Records that the service answered the portal for these connections (registration, a poll, a read
 * of jobs) or delivered their events, at `at`. Written at most every CONTACT_PRECISION_MS.
 */
export async function markContact(db: Tx, where: Prisma.PortalConnectionWhereInput, at: Date): Promise<void> {
  await db.portalConnection.updateMany({
    where: { AND: [where, { OR: [{ lastContactAt: null }, { lastContactAt: { lt: new Date(at.getTime() - CONTACT_PRECISION_MS) } }] }] },
    data: { lastContactAt: at },
  });
}

export async function listConnections(db: Db | Tx, organizationId: string): Promise<Connection[]> {
  const rows = await db.portalConnection.findMany({ where: { organizationId }, orderBy: [{ environment: "asc" }, { label: "asc" }] });
  return rows.map(toConnection);
}

/** The connection a page asks for by id, or the first one: a page that reads one connection's service shows one by default. */
export function connectionAsked(connections: Connection[], id: unknown): Connection | null {
  return connections.find((candidate) => candidate.id === id) ?? connections[0] ?? null;
}

/** The organization's connection of that id, or null: another organization's is none of its own. */
export async function findConnection(
  db: Db | Tx,
  { organizationId, connectionId }: { organizationId: string; connectionId: string },
): Promise<Connection | null> {
  const row = await db.portalConnection.findFirst({ where: { id: connectionId, organizationId } });
  return row ? toConnection(row) : null;
}

export async function getConnection(db: Db | Tx, where: { organizationId: string; connectionId: string }): Promise<Connection> {
  const connection = await findConnection(db, where);
  if (!connection) throw new ActionError(keyed("noSuchConnection"), { connectionId: keyed("chooseConnection") });
  return connection;
}

const clients = new Map<string, { sealed: string; baseUrl: string; client: ServiceClient }>();

/**
 * The typed client of a connection read by this module; kept per connection so its token cache is
 * reused across requests.
 */
export function clientFor(connection: Connection): ServiceClient {
  const secret = sealedApicodes.get(connection);
  if (!secret) throw new Error("clientFor needs a connection read by listConnections or getConnection");
  const cached = clients.get(connection.id);
  if (cached && cached.sealed === secret.sealed && cached.baseUrl === connection.baseUrl) return cached.client;
  const client = new ServiceClient({
    baseUrl: connection.baseUrl,
    cid: connection.cid,
    apicode: unseal(secret.sealed),
    fetch: outboundFetch(connection.environment.isTest),
  });
  clients.set(connection.id, { sealed: secret.sealed, baseUrl: connection.baseUrl, client });
  return client;
}

export { connectionFormSchema as connectionInputSchema };
type ConnectionInput = z.output<typeof connectionFormSchema>;

/** Refuses an address the portal may not reach (the server's own network, http in production). */
export async function checkConnectionAddress(input: ConnectionInput): Promise<void> {
  const { isTest } = environmentById(input.environment);
  const problem = serviceAddressProblem(input.baseUrl, outboundPolicy(isTest), !isTest);
  if (problem) throw new ActionError(keyed("checkFields"), { baseUrl: problem });
}

export async function saveConnection(db: Db, organizationId: string, input: ConnectionInput, id: string): Promise<Connection> {
  await checkConnectionAddress(input);
  const data = { environment: input.environment, label: input.label, baseUrl: input.baseUrl, cid: input.cid, apicodeEncrypted: seal(input.apicode) };
  const row = await db.portalConnection.upsert({
    where: { organizationId_environment_cid: { organizationId, environment: input.environment, cid: input.cid } },
    create: { id, organizationId, ...data },
    // A new apicode or address means the receiver must be registered again.
    update: { ...data, receiverRegisteredAt: null, receiverError: null },
  });
  clients.delete(row.id);
  return toConnection(row);
}

/**
 * Whether the service at the connection's address accepts its cid and apicode, asked before the
 * connection is saved: field errors for the form when it does not, null when it does. A wrong
 * apicode saved would only show later, as cases that never arrive.
 */
export async function verifyConnection(
  input: ConnectionInput,
  fetchImpl: typeof fetch = outboundFetch(environmentById(input.environment).isTest),
): Promise<Record<string, string> | null> {
  const client = new ServiceClient({ baseUrl: input.baseUrl, cid: input.cid, apicode: input.apicode, fetch: fetchImpl, timeoutMs: 10_000 });
  try {
    await client.checkCredentials();
    return null;
  } catch (error) {
    if (error instanceof ServiceRequestError && error.errorId !== undefined) {
      if (error.errorId !== 3) return { apicode: keyed("credentialsRefused") };
      return { apicode: error.retryAfterSeconds ? keyed("tokensPausedFor", { seconds: error.retryAfterSeconds }) : keyed("tokensPaused") };
    }
    // The reason is the service's own words; only English says it (the others say no service answered).
    return { baseUrl: keyed("noServiceHere", { reason: describeServiceFailure(error) }) };
  }
}

export async function deleteConnection(db: Db, { organizationId, connectionId }: { organizationId: string; connectionId: string }): Promise<void> {
  const connection = await getConnection(db, { organizationId, connectionId });
  // The profiles onboarded through it keep their history; the connection stays with them.
  if ((await db.portalOnboarding.count({ where: { connectionId, organizationId } })) > 0) {
    throw new ActionError(keyed("connectionKept"));
  }
  // Ask the service to stop pushing events nobody will place. A service that cannot be reached
  // does not keep the admin from removing the connection.
  if (connection.eventMode === "push")
    await clientFor(connection)
      .deleteReceiver()
      .catch(() => false);
  await db.portalConnection.deleteMany({ where: { id: connectionId, organizationId } });
  clients.delete(connectionId);
}
