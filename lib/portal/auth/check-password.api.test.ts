import { randomUUID } from "node:crypto";

import { beforeAll, describe, expect, it } from "vitest";

import { getDb } from "../../db/client";

import { checkPassword, lockAfter } from "./check-password";
import { hashPassword } from "./passwords";

const email = `throttle-${randomUUID()}@example.test`;

beforeAll(async () => {
  const db = getDb();
  const organizationId = randomUUID();
  await db.portalOrganization.create({ data: { id: organizationId, name: "Throttle Oy" } });
  await db.portalUser.create({ data: { id: randomUUID(), organizationId, email, name: "T", role: "clerk", passwordHash: await hashPassword("right-password") } });
});

describe("checkPassword", () => {
  it("locks sign-in after five failures, refuses even the right password while locked, and forgets on success", async () => {
    const db = getDb();
    const t0 = new Date("2026-11-23T10:00:00Z");
    for (let n = 0; n < 5; n++) expect(await checkPassword(db, email, "guess", t0)).toEqual({ ok: false, reason: "wrong" });
    expect(await checkPassword(db, email, "right-password", new Date(t0.getTime() + 500))).toEqual({ ok: false, reason: "locked" });
    const after = new Date(t0.getTime() + 1001);
    expect(await checkPassword(db, email, "right-password", after)).toMatchObject({ ok: true });
    expect(await db.portalUser.findUniqueOrThrow({ where: { email } })).toMatchObject({ failedSignIns: 0, signInLockedUntil: null, lastSignInAt: after });
  });

  it("answers an unknown e-mail exactly as a wrong password", async () => {
    expect(await checkPassword(getDb(), "nobody@example.test", "x")).toEqual({ ok: false, reason: "wrong" });
  });

  it("doubles the lock from the fifth failure up to fifteen minutes", () => {
    expect([4, 5, 6, 7, 30].map(lockAfter)).toEqual([0, 1000, 2000, 4000, 15 * 60 * 1000]);
  });
});
