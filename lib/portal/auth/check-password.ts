import type { Db } from "../../db/client";
import { afterFailure, FORGET_THROTTLE_AFTER_MS, lockDuration, type ThrottlePolicy } from "../../platform/failure-throttle";
import { lookupHash } from "../../platform/secrets";

import { verifyPassword } from "./passwords";

/*
 * A password check that slows guessing down, twice over:
 * - per user: five failures in a row lock the user's sign-in for 1 s, then 2 s, 4 s … up to 15
 *   minutes; a success clears the count;
 * - per client address: twenty failures within ten minutes, whatever e-mails they named, lock the
 *   address the same way, before any password is hashed. Guessing across many e-mails, unknown
 *   ones included (each costs the same argon2 work as a known one), is slowed as guessing one
 *   user's password is; a success does not clear it, so one known login cannot reset it.
 * The locks are kept in the database, so every app instance honours them. An unknown e-mail says
 * nothing different from a wrong password, and a locked address answers locked for every e-mail.
 */

const USER_THROTTLE: ThrottlePolicy = { freeFailures: 5, maxLockMs: 15 * 60 * 1000 };
const CLIENT_THROTTLE: ThrottlePolicy = { freeFailures: 20, maxLockMs: 15 * 60 * 1000, windowMs: 10 * 60 * 1000 };

export const lockAfter = (failures: number): number => lockDuration(USER_THROTTLE, failures);
export const clientLockAfter = (failures: number): number => lockDuration(CLIENT_THROTTLE, failures);

/** sessionVersion: read with the hash it was checked against, so a sign-in with a password changed meanwhile makes a session already refused. */
type PasswordCheck = { ok: true; userId: string; sessionVersion: number } | { ok: false; reason: "wrong" | "locked" };

/** The client's address as kept: a keyed hash (an address is personal data). */
const clientKeyOf = (client: string) => lookupHash("sign-in-client", client);

async function clientLocked(db: Db, clientKey: string, now: Date): Promise<boolean> {
  const row = await db.portalSignInThrottle.findUnique({ where: { clientKey }, select: { lockedUntil: true } });
  return !!row?.lockedUntil && row.lockedUntil > now;
}

async function countClientFailure(db: Db, clientKey: string, now: Date): Promise<void> {
  await db.$transaction(async (tx) => {
    const row = await tx.portalSignInThrottle.findUnique({ where: { clientKey } });
    const data = afterFailure(CLIENT_THROTTLE, row, now);
    await tx.portalSignInThrottle.upsert({ where: { clientKey }, create: { clientKey, ...data }, update: data });
    await tx.portalSignInThrottle.deleteMany({ where: { updatedAt: { lt: new Date(now.getTime() - FORGET_THROTTLE_AFTER_MS) } } });
  });
}

export async function checkPassword(db: Db, email: string, password: string, now: Date = new Date(), client = "unknown"): Promise<PasswordCheck> {
  const clientKey = clientKeyOf(client);
  if (await clientLocked(db, clientKey, now)) return { ok: false, reason: "locked" };
  const user = await db.portalUser.findUnique({ where: { email }, select: { id: true, passwordHash: true, signInLockedUntil: true, sessionVersion: true } });
  if (user?.signInLockedUntil && user.signInLockedUntil > now) return { ok: false, reason: "locked" };
  const valid = await verifyPassword(user?.passwordHash, password);
  if (!valid) await countClientFailure(db, clientKey, now);
  if (!user) return { ok: false, reason: "wrong" };
  if (valid) {
    await db.portalUser.update({ where: { id: user.id }, data: { failedSignIns: 0, signInLockedUntil: null, lastSignInAt: now } });
    return { ok: true, userId: user.id, sessionVersion: user.sessionVersion };
  }
  // An increment, not a computed write: two guesses at once both count.
  const { failedSignIns } = await db.portalUser.update({ where: { id: user.id }, data: { failedSignIns: { increment: 1 } }, select: { failedSignIns: true } });
  const lock = lockAfter(failedSignIns);
  if (lock > 0) await db.portalUser.update({ where: { id: user.id }, data: { signInLockedUntil: new Date(now.getTime() + lock) } });
  return { ok: false, reason: "wrong" };
}
