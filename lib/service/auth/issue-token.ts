import { randomUUID } from "node:crypto";

import { SignJWT } from "jose";

import { lockFor } from "../../db/advisory-lock";
import type { Db, Tx } from "../../db/client";
import type { Profile } from "../../db/generated/sqlite/client";
import type { Clock } from "../../platform/clock";
import { afterFailure, FORGET_THROTTLE_AFTER_MS, lockDuration as throttleLock, type ThrottlePolicy } from "../../platform/failure-throttle";
import { verifyApicode } from "../../platform/secret-hash";
import { tokenKey } from "../../platform/secrets";
import type { Environment } from "../../spec/environments";
import { TOKEN_ERRORS, TOKEN_LIFETIME_SECONDS, type TokenRequest } from "../../spec/token";

import { TOKEN_ISSUER } from "./verify-token";

/*
 * POST /token. Wrong credentials get the same answer whether the cid exists or not. Failures are
 * counted per cid and environment: after FREE_FAILURES within 15 minutes the cid is locked, for a
 * time that doubles with every further failure (1 s, 2 s, 4 s … up to 15 minutes), and attempts
 * while it is locked are refused without the apicode being looked at. A success clears the count.
 * Guessing an apicode (24 random bytes) is hopeless anyway; the lock keeps it from costing argon2
 * time at will. The price: someone who knows a cid can keep it locked for a while by failing on
 * purpose; a client then gets errorId 3 with Retry-After instead of a token.
 *
 * Attempts for one cid are taken one at a time (a lock in the transaction), so parallel guesses
 * each see the count the one before left and cannot slip past it.
 */

const TOKEN_THROTTLE: ThrottlePolicy = { freeFailures: 5, maxLockMs: 15 * 60 * 1000, windowMs: 15 * 60 * 1000 };

type TokenOutcome = { ok: true; token: string } | { ok: false; errorId: number; errorText: string; retryAfterSeconds?: number };

export const lockDuration = (failures: number): number => throttleLock(TOKEN_THROTTLE, failures);

export async function issueToken(db: Db, environment: Environment, request: TokenRequest, clock: Clock): Promise<TokenOutcome> {
  const checked = await checkCredentials(db, environment, request, clock);
  if (!checked.ok) return checked;
  const { profile } = checked;
  const issuedAt = Math.floor(clock.now().getTime() / 1000);
  const token = await new SignJWT({ cid: profile.cid })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(profile.id)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(environment.id)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + TOKEN_LIFETIME_SECONDS)
    .setJti(randomUUID())
    .sign(await tokenKey());
  return { ok: true, token };
}

type CredentialCheck = { ok: true; profile: Profile } | Extract<TokenOutcome, { ok: false }>;

/**
 * A cid and apicode checked under the cid's throttle: POST /token's check, and the SFTP server's for
 * a password, so guesses there count against the same lock.
 */
export async function checkCredentials(db: Db, environment: Environment, request: TokenRequest, clock: Clock): Promise<CredentialCheck> {
  return db.$transaction(async (tx) => {
    await lockFor(tx, `token:${environment.id}:${request.cid}`);
    return attempt(tx, environment, request, clock);
  });
}

async function attempt(db: Tx, environment: Environment, request: TokenRequest, clock: Clock): Promise<CredentialCheck> {
  const now = clock.now();
  const key = { environment_cid: { environment: environment.id, cid: request.cid } };
  const throttle = await db.tokenThrottle.findUnique({ where: key });
  if (throttle?.lockedUntil && throttle.lockedUntil > now) {
    return { ok: false, ...TOKEN_ERRORS.throttled, retryAfterSeconds: Math.ceil((throttle.lockedUntil.getTime() - now.getTime()) / 1000) };
  }

  const profile = await db.profile.findUnique({ where: { environment_cid: { environment: environment.id, cid: request.cid } } });
  const valid = await verifyApicode(profile?.status === "created" ? profile.apicodeHash : null, request.apicode);

  if (!valid || !profile) {
    const data = afterFailure(TOKEN_THROTTLE, throttle, now);
    await db.tokenThrottle.upsert({ where: key, create: { environment: environment.id, cid: request.cid, ...data }, update: data });
    await db.tokenThrottle.deleteMany({ where: { updatedAt: { lt: new Date(now.getTime() - FORGET_THROTTLE_AFTER_MS) } } });
    return { ok: false, ...TOKEN_ERRORS.credentials };
  }

  if (throttle) await db.tokenThrottle.delete({ where: key }).catch(() => undefined);
  return { ok: true, profile };
}
