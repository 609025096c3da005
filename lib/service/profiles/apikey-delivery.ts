import { randomUUID } from "node:crypto";

import { lockFor } from "../../db/advisory-lock";
import type { Db } from "../../db/client";
import { errorFields, log } from "../../log";
import type { Clock } from "../../platform/clock";
import { leaseFree, leaseUntil } from "../../platform/lease";
import { metrics } from "../../platform/metrics";
import { outboundFetch } from "../../platform/outbound/outbound-fetch";
import { mayRetry } from "../../platform/retry-policy";
import { generateApicode, hashApicode } from "../../platform/secret-hash";
import { seal, unseal } from "../../platform/secrets";
import type { ApikeyMessage } from "../../spec/apikey-receiver";
import { environment as environmentById, isEnvironmentId } from "../../spec/environments";
import { postToReceiver, type Attempt } from "../events/receiver-auth";
import { retryDelay } from "../events/retry-schedule";
import { JOB_KINDS } from "../workers/job-kinds";

import { apikeysLockKey, revokeUndelivered } from "./apikey-receivers";

/*
 * The apicode delivery worker: each profile a partner created and that became complete while the
 * partner had a receiver (apikey-receivers.ts oweApikey) gets its apicode issued and POSTed to
 * that receiver.
 *
 * The apicode is issued on the first attempt, outside any transaction (hashing it takes a while):
 * the hash goes on the profile and the apicode, sealed, on the delivery row, in one short
 * transaction that holds only while the worker still holds its lease. Retries send the same
 * apicode. Once the receiver answered 2xx the sealed apicode is dropped: from then on only its
 * hash exists. The apicode is never logged and never shown in GET /profile/apikeyreceiver.
 */

const KIND = JOB_KINDS.apikey;
const DEFAULT_TIMEOUT_MS = 10_000;
const owner = `apikey:${process.pid}:${randomUUID().slice(0, 8)}`;

interface ApikeyDeliveryOptions {
  /** Replaces the guarded fetch that refuses private addresses (tests). */
  fetch?: typeof fetch;
  timeoutMs?: number;
  random?: () => number;
}

interface ApikeyDeliveryResult {
  delivered: number;
  retried: number;
  failed: number;
}

export async function deliverApikeys(db: Db, clock: Clock, options: ApikeyDeliveryOptions = {}): Promise<ApikeyDeliveryResult> {
  const result: ApikeyDeliveryResult = { delivered: 0, retried: 0, failed: 0 };
  const count = (outcome: keyof ApikeyDeliveryResult) => {
    result[outcome] += 1;
    metrics().jobs.inc({ kind: "apikey", outcome: outcome === "delivered" ? "done" : outcome === "retried" ? "retry" : "failed" });
  };
  await expireFailed(db, clock.now());
  const due = await db.apikeyDelivery.findMany({
    where: { status: "pending", nextAttemptAt: { lte: clock.now() }, ...leaseFree(clock.now()) },
    orderBy: { nextAttemptAt: "asc" },
    take: KIND.batchSize,
    select: { id: true },
  });
  for (const { id } of due) {
    // Each claim on the clock of its own moment: the ones before may have taken a while.
    const now = clock.now();
    const claimed = await db.apikeyDelivery.updateMany({
      where: { id, status: "pending", ...leaseFree(now) },
      data: { leaseUntil: leaseUntil(now, Math.max(KIND.leaseMs, 3 * (options.timeoutMs ?? DEFAULT_TIMEOUT_MS))), leaseOwner: owner },
    });
    if (claimed.count === 0) continue;
    try {
      const outcome = await deliverOne(db, clock, id, options);
      if (outcome) count(outcome);
    } catch (error) {
      // Counted as an attempt, so a fault that repeats (a key that no longer unseals) ends in failed
      // instead of being tried for ever; the log names the row, never its apicode.
      log.error("apicode delivery failed unexpectedly", { deliveryId: id, ...errorFields(error) });
      const outcome = await settle(db, clock, id, { outcome: "retry", status: null, error: "the service could not send it", response: null }, options);
      if (outcome) count(outcome);
    }
  }
  return result;
}

/**
 * A delivery failed for longer than KIND.keepFailedMs gives up its apicode: revoked, and dropped
 * from the row. Putting the receiver again then issues a new one.
 */
async function expireFailed(db: Db, now: Date) {
  const stale = await db.apikeyDelivery.findMany({
    where: { status: "failed", apicodeSealed: { not: null }, updatedAt: { lt: new Date(now.getTime() - KIND.keepFailedMs) } },
    take: KIND.batchSize,
  });
  for (const row of stale) {
    await db.$transaction(async (tx) => {
      const cleared = await tx.apikeyDelivery.updateMany({
        where: { id: row.id, status: "failed", apicodeSealed: row.apicodeSealed },
        data: { apicodeSealed: null, lastError: "Not delivered in time: its apicode was revoked; put the receiver again for a new one.", updatedAt: now },
      });
      if (cleared.count > 0) await revokeUndelivered(tx, [row], now);
    });
  }
}

async function deliverOne(db: Db, clock: Clock, id: string, options: ApikeyDeliveryOptions): Promise<keyof ApikeyDeliveryResult | null> {
  const delivery = await db.apikeyDelivery.findUnique({ where: { id } });
  if (!delivery || delivery.leaseOwner !== owner) return null;
  const mine = { id, leaseOwner: owner };
  const [receiver, profile] = await Promise.all([
    db.apikeyReceiver.findUnique({ where: { profileId: delivery.partnerProfileId } }),
    // Tenant scope: the profile must be the partner's own, complete, and in a known environment.
    db.profile.findFirst({ where: { id: delivery.profileId, parentProfileId: delivery.partnerProfileId } }),
  ]);
  if (!receiver || !profile || profile.status !== "created" || !isEnvironmentId(profile.environment)) {
    const lastError = !receiver ? "the partner has no apicode receiver" : "the profile is not a complete profile of this partner";
    await db.apikeyDelivery.updateMany({ where: mine, data: { status: "failed", lastError, leaseUntil: null, updatedAt: clock.now() } });
    return "failed";
  }
  const environment = environmentById(profile.environment);

  let apicode: string;
  const issuedAt = clock.now();
  if (delivery.apicodeSealed) {
    apicode = unseal(delivery.apicodeSealed);
  } else {
    apicode = generateApicode();
    const apicodeHash = await hashApicode(apicode);
    const issued = await db.$transaction(async (tx) => {
      // Against a removal of the receiver meanwhile (apikey-receivers.ts deleteApikeyReceiver takes the same lock).
      await lockFor(tx, apikeysLockKey(delivery.partnerProfileId));
      if (!(await tx.apikeyReceiver.findUnique({ where: { profileId: delivery.partnerProfileId }, select: { id: true } }))) return false;
      // firstAttemptAt is the issue time: a revocation later touches the profile only while this apicode is still its own.
      const held = await tx.apikeyDelivery.updateMany({
        where: { ...mine, apicodeSealed: null },
        data: { apicodeSealed: seal(apicode), firstAttemptAt: issuedAt, updatedAt: issuedAt },
      });
      if (held.count === 0) return false;
      await tx.profile.update({ where: { id: profile.id }, data: { apicodeHash, apicodeIssuedAt: issuedAt } });
      return true;
    });
    if (!issued) return null;
  }

  const message: ApikeyMessage = {
    id: delivery.id,
    cid: profile.cid,
    apicode,
    environment: environment.id,
    business_id: profile.businessId ?? "",
    profile_uuid: profile.externalId,
    issued_at: (profile.apicodeIssuedAt ?? issuedAt).toISOString(),
  };
  const attempt = await postToReceiver(receiver, JSON.stringify(message), {
    clock,
    fetch: options.fetch ?? outboundFetch(environment.isTest),
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    saveToken: (accessTokenEncrypted, accessTokenExpiresAt) =>
      db.apikeyReceiver.update({ where: { id: receiver.id }, data: { accessTokenEncrypted, accessTokenExpiresAt } }),
  });

  return settle(db, clock, id, attempt, options);
}

/** Records an attempt's outcome, while this worker still holds the row. */
async function settle(db: Db, clock: Clock, id: string, attempt: Attempt, options: ApikeyDeliveryOptions): Promise<keyof ApikeyDeliveryResult | null> {
  const mine = { id, leaseOwner: owner };
  const delivery = await db.apikeyDelivery.findFirst({ where: mine });
  if (!delivery) return null;
  const now = clock.now();
  const attempts = delivery.attempts + 1;
  const firstAttemptAt = delivery.firstAttemptAt ?? now;
  if (attempt.outcome === "delivered") {
    await db.apikeyDelivery.updateMany({
      where: mine,
      data: { status: "delivered", apicodeSealed: null, attempts, firstAttemptAt, deliveredAt: now, lastError: null, leaseUntil: null, updatedAt: now },
    });
    return "delivered";
  }
  const lastError = attempt.response ?? attempt.error;
  if (attempt.outcome === "park" || !mayRetry(KIND.retry, attempts, firstAttemptAt, now)) {
    // The sealed apicode stays: a corrected receiver (PUT again) gets the same one.
    await db.apikeyDelivery.updateMany({ where: mine, data: { status: "failed", attempts, firstAttemptAt, lastError, leaseUntil: null, updatedAt: now } });
    return "failed";
  }
  const wait = retryDelay(attempts, (options.random ?? Math.random)(), attempt.retryAfterMs);
  await db.apikeyDelivery.updateMany({
    where: mine,
    data: { attempts, firstAttemptAt, lastError, nextAttemptAt: new Date(now.getTime() + wait), leaseUntil: null, updatedAt: now },
  });
  return "retried";
}
