import type { ServiceClient } from "../../client";
import type { Db } from "../../db/client";
import { log } from "../../log";
import type { Connection } from "../connections/connections";
import { describeServiceFailure } from "../events/describe-service-failure";
import { revealReceiverCredentials } from "../receiver/receiver-credentials";
import { apikeyReceiverUrl, receiverUrls } from "../receiver/receiver-urls";

/*
 * Before a profile is onboarded through a partner connection, the connection's service is told
 * where the profile's apicode goes (PUT /profile/apikeyreceiver): this portal's apicode receiver,
 * with the organization's OAuth client, as for events. Put again on every onboarding: it is one
 * small request, it follows a rotation of the receiver credentials, and it retries deliveries that
 * failed. When the service cannot take it, the onboarding goes on and the provider's support
 * issues the apicode as before.
 */

export async function registerApikeyReceiver(
  db: Db,
  input: {
    organizationId: string;
    connection: Connection;
    publicBaseUrl: string;
    client: Pick<ServiceClient, "putApikeyReceiver" | "getApikeyReceiver">;
  },
): Promise<{ ok: true } | { ok: false; error: string }> {
  const { organizationId, connection } = input;
  if (connection.organizationId !== organizationId) throw new Error("registerApikeyReceiver: the connection belongs to another organization");
  const credentials = await revealReceiverCredentials(db, organizationId);
  try {
    // The partner profile has one receiver: one set elsewhere (the partner's own system, another
    // portal) is not taken over; its apicodes go where they went.
    const current = await input.client.getApikeyReceiver();
    if (current && !(await isOurs(db, organizationId, current.url, input.publicBaseUrl))) {
      return { ok: false, error: `This profile's apicodes go to ${current.url}; the portal leaves that as it is.` };
    }
    await input.client.putApikeyReceiver({
      url: apikeyReceiverUrl(input.publicBaseUrl, connection.id),
      auth: { scheme: "oauth2", tokenUrl: receiverUrls(input.publicBaseUrl).tokenUrl, clientId: credentials.clientId, clientSecret: credentials.clientSecret },
    });
    return { ok: true };
  } catch (error) {
    const message = describeServiceFailure(error);
    log.warn("apicode receiver not registered", { connectionId: connection.id, error: message });
    return { ok: false, error: message };
  }
}

/** Whether a receiver address is this portal's, for a connection of this organization. */
async function isOurs(db: Db, organizationId: string, url: string, publicBaseUrl: string): Promise<boolean> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const ours = new URL(apikeyReceiverUrl(publicBaseUrl, "x"));
  if (parsed.origin !== ours.origin || parsed.pathname !== ours.pathname) return false;
  const connectionId = parsed.searchParams.get("connection");
  return connectionId !== null && (await db.portalConnection.count({ where: { id: connectionId, organizationId } })) > 0;
}
