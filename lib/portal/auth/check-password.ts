import type { Db } from "../../db/client";

import { verifyPassword } from "./passwords";

/*
 * A password check that slows guessing down: five failures in a row lock the user's sign-in for
 * 1 s, then 2 s, 4 s … up to 15 minutes; a success clears the count. The lock is kept in the
 * database, so every app instance honours it. An unknown e-mail costs the same argon2 work as a
 * known one and says nothing different.
 */

const FREE_FAILURES = 5;
const MAX_LOCK_MS = 15 * 60 * 1000;

export function lockAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(1000 * 2 ** (failures - FREE_FAILURES), MAX_LOCK_MS);
}

export type PasswordCheck = { ok: true; userId: string } | { ok: false; reason: "wrong" | "locked" };

export async function checkPassword(db: Db, email: string, password: string, now: Date = new Date()): Promise<PasswordCheck> {
  const user = await db.portalUser.findUnique({ where: { email }, select: { id: true, passwordHash: true, signInLockedUntil: true } });
  if (user?.signInLockedUntil && user.signInLockedUntil > now) return { ok: false, reason: "locked" };
  const valid = await verifyPassword(user?.passwordHash, password);
  if (!user) return { ok: false, reason: "wrong" };
  if (valid) {
    await db.portalUser.update({ where: { id: user.id }, data: { failedSignIns: 0, signInLockedUntil: null, lastSignInAt: now } });
    return { ok: true, userId: user.id };
  }
  // An increment, not a computed write: two guesses at once both count.
  const { failedSignIns } = await db.portalUser.update({ where: { id: user.id }, data: { failedSignIns: { increment: 1 } }, select: { failedSignIns: true } });
  const lock = lockAfter(failedSignIns);
  if (lock > 0) await db.portalUser.update({ where: { id: user.id }, data: { signInLockedUntil: new Date(now.getTime() + lock) } });
  return { ok: false, reason: "wrong" };
}
