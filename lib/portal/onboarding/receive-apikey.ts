import { randomUUID } from "node:crypto";

import type { Db } from "../../db/client";
import { seal, unseal } from "../../platform/secrets";
import type { ApikeyMessage } from "../../spec/apikey-receiver";

/*
 * The receiving side of the service's API-key delivery (POST /api/webhooks/apikeys): the apicode of
 * a profile onboarded through one of the organization's partner connections arrives, and the
 * profile becomes a connection of its own, on the partner connection's service address, with its
 * events registered by the registration loop like any new connection. The onboarding list then
 * shows it connected. Receiving the same apicode again changes nothing; a new one replaces it. Only
 * profiles the organization onboarded through that connection are taken.
 */

type ApikeyOutcome = { ok: true; connectionId: string; created: boolean } | { ok: false; status: 404 | 409 | 422; detail: string };

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
    // Only a profile this organization onboarded through this connection: a partner profile's
    // receiver can point at one portal only, and a cid alone is no proof.
    const onboardings = await tx.portalOnboarding.findMany({
      where: { organizationId, connectionId: partner.id, customerId: message.cid },
      orderBy: { createdAt: "desc" },
      select: { id: true, name: true },
    });
    if (onboardings.length === 0) {
      return { ok: false, status: 404, detail: `This organization onboarded no profile ${message.cid} through that connection.` };
    }
    const label = (onboardings.find((row) => row.name)?.name ?? `${message.business_id} (${message.cid})`).slice(0, 100);
    const key = { organizationId_environment_cid: { organizationId, environment: message.environment, cid: message.cid } };
    const existing = await tx.portalConnection.findUnique({ where: key, select: { id: true, baseUrl: true, apicodeEncrypted: true } });
    if (existing && existing.baseUrl !== partner.baseUrl) {
      // Cids are numbered per service: the same cid on another service is another profile.
      return { ok: false, status: 409, detail: `A connection to ${message.cid} at another service address exists; it is left as it is.` };
    }
    if (existing && unseal(existing.apicodeEncrypted) === message.apicode) {
      await tx.portalOnboarding.updateMany({ where: { id: { in: onboardings.map((row) => row.id) } }, data: { status: "created" } });
      return { ok: true, connectionId: existing.id, created: false };
    }
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
