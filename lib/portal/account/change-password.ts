import { z } from "zod";

import type { Db } from "../../db/client";
import { ActionError } from "../actions/validated-action";
import { hashPassword, verifyPassword } from "../auth/passwords";

/** A new password: long enough to resist guessing, short enough that hashing it stays cheap. */
export const changePasswordSchema = z
  .object({
    current: z.string().min(1, "Enter your current password.").max(1000),
    next: z.string().min(12, "Use at least 12 characters.").max(200, "Use at most 200 characters."),
    confirm: z.string(),
  })
  .refine((value) => value.next === value.confirm, { path: ["confirm"], message: "The two new passwords differ." })
  .refine((value) => value.next !== value.current, { path: ["next"], message: "Choose a password other than the current one." });
export type ChangePasswordInput = z.output<typeof changePasswordSchema>;

export async function changePassword(db: Db, userId: string, input: ChangePasswordInput): Promise<void> {
  const user = await db.portalUser.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true } });
  if (!(await verifyPassword(user.passwordHash, input.current))) throw new ActionError("Check the marked fields.", { current: "This is not your current password." });
  await db.portalUser.update({ where: { id: userId }, data: { passwordHash: await hashPassword(input.next), failedSignIns: 0, signInLockedUntil: null } });
}
