import type { ServiceClient } from "../../client";
import type { Db } from "../../db/client";
import type { Connection } from "../connections/connections";

import { registerReceiver, type RegistrationClient, type RegistrationOutcome } from "./register-receiver";

/*
 * Switches how a connection learns of its events. To poll: the service's receiver is removed so
 * nothing arrives twice, and polling starts where the receiver's batches ended (what was already
 * cut into batches arrived by push). The service drops the receiver's undelivered batches with
 * it, so the switch belongs to a moment push still works; the settings page says so. To push:
 * registered at once, catching up by polling first (lib/portal/events/register-receiver.ts).
 */

type EventModeClient = RegistrationClient & Pick<ServiceClient, "getReceiver" | "deleteReceiver">;

export async function setEventMode(
  db: Db,
  input: { organizationId: string; connection: Connection; mode: "push" | "poll"; publicBaseUrl: string; client: EventModeClient },
): Promise<RegistrationOutcome> {
  const { organizationId, connection, mode, client } = input;
  if (connection.organizationId !== organizationId) throw new Error("setEventMode: the connection belongs to another organization");
  const where = { id: connection.id, organizationId };
  if (mode === "poll") {
    const row = await db.portalConnection.findFirst({ where, select: { pollCursor: true } });
    const receiver = await client.getReceiver();
    const cursor = row?.pollCursor ?? receiver?.batchedThroughCursor ?? null;
    if (receiver) await client.deleteReceiver();
    await db.portalConnection.updateMany({ where, data: { eventMode: "poll", pollCursor: cursor, receiverRegisteredAt: null, receiverError: null } });
    return { ok: true };
  }
  await db.portalConnection.updateMany({ where, data: { eventMode: "push", receiverRegisteredAt: null, receiverError: null } });
  return registerReceiver(db, { organizationId, connection: { ...connection, eventMode: "push" }, publicBaseUrl: input.publicBaseUrl, client });
}
