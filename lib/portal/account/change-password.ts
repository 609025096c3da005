import type { Db } from "../../db/client";
import { ActionError } from "../actions/action-error";
import { hashPassword, verifyPassword } from "../auth/passwords";
import { keyed } from "../i18n/messages";

import type { ChangePasswordInput } from "./change-password-schema";

/**
 * Stores the new password's hash and raises the user's session version, which ends every session
 * of the user signed in before (session.ts); returns the new version, under which the caller issues
 * its own session anew (session-cookie.ts). The sign-in lock is lifted: the user has just proved
 * the password.
 */
export async function changePassword(db: Db, userId: string, input: ChangePasswordInput): Promise<number> {
  const user = await db.portalUser.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true } });
  if (!(await verifyPassword(user.passwordHash, input.current))) throw new ActionError(keyed("checkFields"), { current: "currentWrong" });
  const passwordHash = await hashPassword(input.next);
  const { sessionVersion } = await db.portalUser.update({
    where: { id: userId },
    data: { passwordHash, failedSignIns: 0, signInLockedUntil: null, sessionVersion: { increment: 1 } },
    select: { sessionVersion: true },
  });
  return sessionVersion;
}
