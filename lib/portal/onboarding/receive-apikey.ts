import { randomUUID } from "node:crypto";

import type { Db } from "../../db/client";
import { seal } from "../../platform/secrets";
import type { ApikeyMessage } from "../../spec/apikey-receiver";

/*
 * The receiving side of the service's API-key delivery (POST /api/webhooks/apikeys): the apicode of
 * a profile onboarded through one of the organization's partner connections arrives, and the
 * profile becomes a connection of its own, on the partner connection's service address, with its
 * events registered by the registration loop like any new connection. The onboarding list then
 * shows it connected. Receiving the same apicode again changes nothing; a new one replaces it.
 */

export type ApikeyOutcome = { ok: true; connectionId: string; created: boolean } | { ok: false; status: 404 | 422; detail: string };

export async function receiveApikey(db: Db, input: { organizationId: string; partnerConnectionId: string; message: ApikeyMessage }): Promise<ApikeyOutcome> {
  const { organizationId, message } = input;
  return db.$transaction(async (tx) => {
    // Tenant scope: the partner connection is the delivering organization's own.
    const partner = await tx.portalConnection.findFirst({ where: { id: input.partnerConnectionId, organizationId } });
    if (!partner)
      return { ok: false, status: 404, detail: "No connection of this organization has that id; the apicode receiver was registered by another portal." };
    if (partner.environment !== message.environment) {
      return { ok: false, status: 422, detail: `The connection is to ${partner.environment}; this apicode is of ${message.environment}.` };
    }
    const onboardings = await tx.portalOnboarding.findMany({
      where: { organizationId, connectionId: partner.id, customerId: message.cid },
      orderBy: { createdAt: "desc" },
      select: { id: true, name: true },
    });
    const label = (onboardings.find((row) => row.name)?.name ?? `${message.business_id} (${message.cid})`).slice(0, 100);
    const key = { organizationId_environment_cid: { organizationId, environment: message.environment, cid: message.cid } };
    const existing = await tx.portalConnection.findUnique({ where: key, select: { id: true } });
    const apicodeEncrypted = seal(message.apicode);
    const connection = existing
      ? await tx.portalConnection.update({ where: { id: existing.id }, data: { apicodeEncrypted, receiverRegisteredAt: null, receiverError: null } })
      : await tx.portalConnection.create({
          data: { id: randomUUID(), organizationId, environment: message.environment, label, baseUrl: partner.baseUrl, cid: message.cid, apicodeEncrypted },
        });
    await tx.portalOnboarding.updateMany({ where: { id: { in: onboardings.map((row) => row.id) } }, data: { status: "created" } });
    return { ok: true, connectionId: connection.id, created: !existing };
  });
}
