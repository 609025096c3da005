import type { ReceiverView, ServiceClient } from "../../client";
import type { Db } from "../../db/client";
import type { Connection } from "../connections/connections";
import { keyed } from "../i18n/messages";
import { revealReceiverCredentials } from "../receiver/receiver-credentials";
import { receiverUrls } from "../receiver/receiver-urls";

import { describeServiceFailure } from "./describe-service-failure";
import { pollConnection, type PollingClient } from "./poll-connection";

/*
 * Points a connection's service at this portal's receiver: PUT /events/receiver with the webhook
 * address and the organization's OAuth client, and the outcome recorded on the connection (when it
 * was registered, or why not) for the settings page and the registration loop.
 *
 * A connection that was polling until now first catches up: a service starts a new receiver at
 * the end of its events, so what happened since the last poll is fetched by polling up to the
 * receiver's starting point; after that the cursor is dropped and push takes over.
 */

/** What registering needs of the typed client: the PUT, and polling to catch up. */
export type RegistrationClient = Pick<ServiceClient, "putReceiver"> & PollingClient;

export type RegistrationOutcome = { ok: true } | { ok: false; error: string };

export async function registerReceiver(
  db: Db,
  input: { organizationId: string; connection: Connection; publicBaseUrl: string; client: RegistrationClient; now?: Date },
): Promise<RegistrationOutcome> {
  const { organizationId, connection, client } = input;
  // Tenant check: a connection of another organization must never get this one's credentials.
  if (connection.organizationId !== organizationId) throw new Error("registerReceiver: the connection belongs to another organization");
  const where = { id: connection.id, organizationId };
  const credentials = await revealReceiverCredentials(db, organizationId);
  const urls = receiverUrls(input.publicBaseUrl, connection.environment.id);
  let answer: ReceiverView;
  try {
    answer = await client.putReceiver({
      url: urls.webhookUrl,
      auth: { scheme: "oauth2", tokenUrl: urls.tokenUrl, clientId: credentials.clientId, clientSecret: credentials.clientSecret },
    });
  } catch (error) {
    const message = describeServiceFailure(error);
    await db.portalConnection.updateMany({ where, data: { receiverRegisteredAt: null, receiverError: message } });
    return { ok: false, error: message };
  }

  const row = await db.portalConnection.findFirst({ where, select: { pollCursor: true } });
  if (row?.pollCursor && answer.batchedThroughCursor) {
    const caughtUp = await pollConnection(db, connection, client, { until: answer.batchedThroughCursor, maxPages: 1000 });
    if (caughtUp.error) {
      const message = keyed("catchUpFailed", { reason: caughtUp.error });
      await db.portalConnection.updateMany({ where, data: { receiverRegisteredAt: null, receiverError: message } });
      return { ok: false, error: message };
    }
  }
  const registeredAt = input.now ?? new Date();
  await db.portalConnection.updateMany({
    where,
    data: { receiverRegisteredAt: registeredAt, receiverError: null, pollCursor: null, lastContactAt: registeredAt },
  });
  return { ok: true };
}
