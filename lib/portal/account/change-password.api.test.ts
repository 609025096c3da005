import { randomUUID } from "node:crypto";

import { describe, expect, it } from "vitest";

import { getDb } from "../../db/client";
import { ActionError } from "../actions/validated-action";
import { hashPassword, verifyPassword } from "../auth/passwords";

import { changePassword } from "./change-password";
import { changePasswordSchema } from "./change-password-schema";

describe("changePassword", () => {
  it("needs the current password, then stores only the new one's hash", async () => {
    const db = getDb();
    const organizationId = randomUUID();
    const userId = randomUUID();
    await db.portalOrganization.create({ data: { id: organizationId, name: "Account Oy" } });
    await db.portalUser.create({
      data: {
        id: userId,
        organizationId,
        email: `account-${userId}@example.test`,
        name: "A",
        role: "viewer",
        passwordHash: await hashPassword("old-password-1"),
      },
    });

    await expect(changePassword(db, userId, { current: "wrong", next: "new-password-12", confirm: "new-password-12" })).rejects.toBeInstanceOf(ActionError);
    await changePassword(db, userId, { current: "old-password-1", next: "new-password-12", confirm: "new-password-12" });
    const { passwordHash } = await db.portalUser.findUniqueOrThrow({ where: { id: userId } });
    expect(passwordHash).not.toContain("new-password-12");
    expect(await verifyPassword(passwordHash, "new-password-12")).toBe(true);
    expect(await verifyPassword(passwordHash, "old-password-1")).toBe(false);
  });

  it("refuses a short, unconfirmed or unchanged new password on its field", () => {
    const paths = (input: object) => (changePasswordSchema.safeParse(input).error?.issues ?? []).map((issue) => issue.path.join("."));
    expect(paths({ current: "a", next: "short", confirm: "short" })).toEqual(["next"]);
    expect(paths({ current: "a", next: "long-enough-pw", confirm: "other-long-pw" })).toEqual(["confirm"]);
    expect(paths({ current: "same-password-1", next: "same-password-1", confirm: "same-password-1" })).toEqual(["next"]);
  });
});
