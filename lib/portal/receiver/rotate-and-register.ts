import type { ServiceClient } from "../../client";
import type { Db } from "../../db/client";
import { clientFor, listConnections, type Connection } from "../connections/connections";
import { registerReceiver, type RegistrationClient } from "../events/register-receiver";
import { registerApikeyReceiver } from "../onboarding/register-apikey-receiver";

import { rotateReceiverCredentials } from "./receiver-credentials";

/*
 * New receiver credentials, and every pushing connection told of them at once: the old ones stop
 * working the moment they are replaced, and a service that delivers with them meanwhile gets 401s
 * (which it parks as permanent). A connection that cannot be reached now is left unregistered, so
 * the registration loop keeps trying it.
 */

export async function rotateAndRegister(
  db: Db,
  input: {
    organizationId: string;
    publicBaseUrl: string;
    clientOf?: (connection: Connection) => RegistrationClient;
    apikeyClientOf?: (connection: Connection) => Pick<ServiceClient, "putApikeyReceiver" | "getApikeyReceiver">;
  },
): Promise<{ registered: number; failed: number }> {
  const { organizationId } = input;
  await rotateReceiverCredentials(db, organizationId);
  await db.portalConnection.updateMany({ where: { organizationId, eventMode: "push" }, data: { receiverRegisteredAt: null } });
  const pushing = (await listConnections(db, organizationId)).filter((connection) => connection.eventMode === "push");
  const outcomes = await Promise.all(
    pushing.map((connection) =>
      registerReceiver(db, { organizationId, connection, publicBaseUrl: input.publicBaseUrl, client: (input.clientOf ?? clientFor)(connection) }),
    ),
  );
  // Partner connections that onboarded profiles take their apicodes with the same credentials.
  const onboarding = new Set(
    (await db.portalOnboarding.findMany({ where: { organizationId }, distinct: ["connectionId"], select: { connectionId: true } })).map(
      (row) => row.connectionId,
    ),
  );
  const partners = (await listConnections(db, organizationId)).filter((connection) => onboarding.has(connection.id));
  await Promise.all(
    partners.map((connection) =>
      registerApikeyReceiver(db, { organizationId, connection, publicBaseUrl: input.publicBaseUrl, client: (input.apikeyClientOf ?? clientFor)(connection) }),
    ),
  );
  const registered = outcomes.filter((outcome) => outcome.ok).length;
  return { registered, failed: outcomes.length - registered };
}
