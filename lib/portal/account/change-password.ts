import type { Db } from "../../db/client";
import { ActionError } from "../actions/action-error";
import { hashPassword, verifyPassword } from "../auth/passwords";
import { keyed } from "../i18n/messages";

import type { ChangePasswordInput } from "./change-password-schema";

export async function changePassword(db: Db, userId: string, input: ChangePasswordInput): Promise<void> {
  const user = await db.portalUser.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true } });
  if (!(await verifyPassword(user.passwordHash, input.current))) throw new ActionError(keyed("checkFields"), { current: "currentWrong" });
  await db.portalUser.update({ where: { id: userId }, data: { passwordHash: await hashPassword(input.next), failedSignIns: 0, signInLockedUntil: null } });
}
