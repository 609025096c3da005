import { randomUUID } from "node:crypto";

import { lockFor } from "../../db/advisory-lock";
import type { Db, Tx } from "../../db/client";
import type { Clock } from "../../platform/clock";
import { APIKEY_DELIVERIES_SHOWN, type ApikeyReceiverView } from "../../spec/apikey-receiver";
import type { ReceiverRequest } from "../../spec/event-receiver";
import { ServiceError } from "../errors";
import { authView, receiverSettings } from "../events/receivers";

/*
 * A partner's apicode receiver (PUT /profile/apikeyreceiver) and the deliveries it is owed. One
 * receiver per partner profile; replacing it keeps the deliveries and tries the failed ones again
 * (the partner fixed its address or credentials). The deliveries themselves are sent by
 * apikey-delivery.ts.
 */

type ReceiverRow = NonNullable<Awaited<ReturnType<Db["apikeyReceiver"]["findUnique"]>>>;

/** Only a partner may have one: the profiles it creates are the only ones whose apicodes it may receive. */
function mustBePartner(partner: { createCustomerApi: boolean }) {
  if (!partner.createCustomerApi) {
    throw new ServiceError("forbidden", "This profile's contract does not include create_customer_api, which an apicode receiver requires.");
  }
}

async function view(db: Db, row: ReceiverRow): Promise<ApikeyReceiverView> {
  const deliveries = await db.apikeyDelivery.findMany({
    where: { partnerProfileId: row.profileId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: APIKEY_DELIVERIES_SHOWN,
  });
  const profiles = await db.profile.findMany({
    where: { id: { in: deliveries.map((delivery) => delivery.profileId) }, parentProfileId: row.profileId },
    select: { id: true, cid: true, externalId: true },
  });
  const byId = new Map(profiles.map((profile) => [profile.id, profile]));
  return {
    url: row.url,
    auth: authView(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deliveries: deliveries.flatMap((delivery) => {
      const profile = byId.get(delivery.profileId);
      if (!profile) return [];
      return [
        {
          cid: profile.cid,
          profile_uuid: profile.externalId,
          status: delivery.status as "pending" | "delivered" | "failed",
          attempts: delivery.attempts,
          last_error: delivery.lastError,
          created_at: delivery.createdAt.toISOString(),
          delivered_at: delivery.deliveredAt?.toISOString() ?? null,
        },
      ];
    }),
  };
}

export async function getApikeyReceiver(db: Db, partner: { id: string; createCustomerApi: boolean }): Promise<ApikeyReceiverView | null> {
  mustBePartner(partner);
  const row = await db.apikeyReceiver.findUnique({ where: { profileId: partner.id } });
  return row ? view(db, row) : null;
}

export async function putApikeyReceiver(
  db: Db,
  partner: { id: string; createCustomerApi: boolean },
  request: ReceiverRequest,
  clock: Clock,
): Promise<{ created: boolean; receiver: ApikeyReceiverView }> {
  mustBePartner(partner);
  const now = clock.now();
  const settings = receiverSettings(request, now);
  const { created, row } = await db.$transaction(async (tx) => {
    const existing = await tx.apikeyReceiver.findUnique({ where: { profileId: partner.id } });
    // What failed against the old address or credentials gets a fresh start against the new ones.
    await tx.apikeyDelivery.updateMany({
      where: { partnerProfileId: partner.id, status: "failed" },
      data: { status: "pending", attempts: 0, firstAttemptAt: null, nextAttemptAt: now, lastError: null, updatedAt: now },
    });
    if (existing) return { created: false, row: await tx.apikeyReceiver.update({ where: { id: existing.id }, data: settings }) };
    return { created: true, row: await tx.apikeyReceiver.create({ data: { id: randomUUID(), profileId: partner.id, ...settings, createdAt: now } }) };
  });
  return { created, receiver: await view(db, row) };
}

/**
 * Removes the receiver; deliveries not yet made are dropped, and an apicode one of them had issued
 * is revoked with it: an earlier attempt may have reached the partner unconfirmed, and a live
 * credential nobody tracks must not remain. Support issues those profiles new ones.
 */
export async function deleteApikeyReceiver(db: Db, partner: { id: string; createCustomerApi: boolean }, now: Date): Promise<boolean> {
  mustBePartner(partner);
  return db.$transaction(async (tx) => {
    // A worker issuing an apicode now either finishes first (and it is revoked here) or finds no receiver.
    await lockFor(tx, apikeysLockKey(partner.id));
    const existing = await tx.apikeyReceiver.findUnique({ where: { profileId: partner.id } });
    if (!existing) return false;
    const undelivered = await tx.apikeyDelivery.findMany({ where: { partnerProfileId: partner.id, status: { not: "delivered" } } });
    await revokeUndelivered(tx, undelivered, now);
    await tx.apikeyDelivery.deleteMany({ where: { id: { in: undelivered.map((row) => row.id) } } });
    await tx.apikeyReceiver.delete({ where: { id: existing.id } });
    return true;
  });
}

/** The lock a partner's apicode receiver and the issuing of its apicodes share. */
export const apikeysLockKey = (partnerProfileId: string) => `apikeys:${partnerProfileId}`;

/**
 * Revokes the apicodes these undelivered rows had issued (tokens of them are refused from `now`,
 * verify-token.ts), each only while it is still the profile's own: one support issued since is left alone.
 */
export async function revokeUndelivered(
  tx: Tx,
  rows: readonly { profileId: string; partnerProfileId: string; apicodeSealed: string | null; firstAttemptAt: Date | null }[],
  now: Date,
) {
  for (const row of rows) {
    if (row.apicodeSealed === null || row.firstAttemptAt === null) continue;
    await tx.profile.updateMany({
      where: { id: row.profileId, parentProfileId: row.partnerProfileId, apicodeIssuedAt: row.firstAttemptAt },
      data: { apicodeHash: null, apicodeIssuedAt: now },
    });
  }
}

/**
 * A profile a partner created has just become complete: when the partner has a receiver, its
 * apicode is owed there (issued by the delivery worker, outside this transaction, since hashing
 * takes a while). Without one, support issues it (npm run profile:apicode). Called in the
 * transaction that makes the profile `created`, so a crash cannot leave a complete profile
 * without its delivery.
 */
export async function oweApikey(tx: Tx, profile: { id: string; parentProfileId: string | null }, now: Date): Promise<boolean> {
  if (!profile.parentProfileId) return false;
  const receiver = await tx.apikeyReceiver.findUnique({ where: { profileId: profile.parentProfileId }, select: { id: true } });
  if (!receiver) return false;
  const existing = await tx.apikeyDelivery.findUnique({ where: { profileId: profile.id }, select: { id: true } });
  if (existing) return false;
  await tx.apikeyDelivery.create({
    data: {
      id: randomUUID(),
      partnerProfileId: profile.parentProfileId,
      profileId: profile.id,
      status: "pending",
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    },
  });
  return true;
}
