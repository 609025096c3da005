import { randomUUID } from "node:crypto";

import { beforeAll, describe, expect, it } from "vitest";

import { getDb } from "../../db/client";

import { checkPassword, clientLockAfter, lockAfter } from "./check-password";
import { hashPassword } from "./passwords";

const email = `throttle-${randomUUID()}@example.test`;

beforeAll(async () => {
  const db = getDb();
  const organizationId = randomUUID();
  await db.portalOrganization.create({ data: { id: organizationId, name: "Throttle Oy" } });
  await db.portalUser.create({
    data: { id: randomUUID(), organizationId, email, name: "T", role: "clerk", passwordHash: await hashPassword("right-password") },
  });
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

  it("locks a client address after twenty failures across unknown e-mails, before hashing, for every e-mail", async () => {
    const db = getDb();
    const t0 = new Date("2026-11-23T12:00:00Z");
    const attacker = "203.0.113.66";
    for (let n = 0; n < 20; n++) {
      expect(await checkPassword(db, `unknown-${n}-${randomUUID()}@example.test`, "guess", t0, attacker)).toEqual({ ok: false, reason: "wrong" });
    }
    // Locked now: for an unknown e-mail and for a real user's right password alike.
    expect(await checkPassword(db, "another-unknown@example.test", "guess", t0, attacker)).toEqual({ ok: false, reason: "locked" });
    expect(await checkPassword(db, email, "right-password", t0, attacker)).toEqual({ ok: false, reason: "locked" });
    // Another client is not affected, and the address is stored only as a keyed hash.
    expect(await checkPassword(db, email, "right-password", t0, "198.51.100.7")).toMatchObject({ ok: true });
    const rows = await db.portalSignInThrottle.findMany();
    expect(JSON.stringify(rows)).not.toContain(attacker);
    // The lock runs out (1 s after the twentieth failure); the window of ten minutes then starts again.
    expect(await checkPassword(db, email, "right-password", new Date(t0.getTime() + 1001), attacker)).toMatchObject({ ok: true });
    expect(await checkPassword(db, "x@example.test", "guess", new Date(t0.getTime() + 11 * 60 * 1000), attacker)).toEqual({ ok: false, reason: "wrong" });
    expect((await db.portalSignInThrottle.findMany()).find((row) => row.failures === 1)).toBeDefined();
  });

  it("doubles the client's lock from the twentieth failure up to fifteen minutes", () => {
    expect([19, 20, 21, 40].map(clientLockAfter)).toEqual([0, 1000, 2000, 15 * 60 * 1000]);
  });

  it("doubles the lock from the fifth failure up to fifteen minutes", () => {
    expect([4, 5, 6, 7, 30].map(lockAfter)).toEqual([0, 1000, 2000, 4000, 15 * 60 * 1000]);
  });
});
