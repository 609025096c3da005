import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { getDb } from "../../db/client";
import { getEnv, resetEnvForTests } from "../../env";
import { fixedClock } from "../../platform/clock";
import { metrics } from "../../platform/metrics";
import { unseal } from "../../platform/secrets";

import { deliverMail, MAX_ATTEMPTS, retryDelayMs } from "./deliver-mail";
import { queueMail } from "./queue-mail";

/* Outgoing mail: queued with the change that sends it, delivered once, to the local outbox without SMTP. */

describe("deliverMail", () => {
  it("writes queued mail as .eml files to the outbox and marks it sent, once", async () => {
    const db = getDb();
    const clock = fixedClock("2026-11-22T08:00:00Z");
    await queueMail(db, {
      to: "liisa@example.fi",
      subject: "Täydennä profiilisi",
      text: "Hei Liisa,\nlinkki: https://example.test/onboarding/abc",
      now: clock.now(),
    });
    expect(await deliverMail(db, clock)).toBe(1);
    expect(await deliverMail(db, clock)).toBe(0);
    const outbox = path.join(getEnv().DATA_DIR, "mail-outbox");
    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(outbox, files[0]!), "utf8");
    expect(eml).toMatch(/^To: liisa@example.fi$/m);
    expect(eml).toMatch(/^Subject: =\?UTF-8\?/m); // non-ASCII subjects are encoded
    expect(eml).toMatch(/^From: Nordic Receivables <no-reply@localhost>$/m); // MAIL_FROM as configured (lib/env.ts)
    expect(eml).toContain("https://example.test/onboarding/abc");
    // The link was never stored in clear, and the body is not kept after sending.
    expect(await db.mailMessage.findFirstOrThrow()).toMatchObject({ status: "sent", attempts: 1, sentAt: clock.now(), text: "" });
  });

  it("keeps the body sealed while the mail waits", async () => {
    const db = getDb();
    const clock = fixedClock("2026-11-22T08:00:00Z");
    const id = await queueMail(db, {
      to: "aino@example.fi",
      subject: "Linkki",
      text: "https://example.test/onboarding/secret-token",
      now: new Date("2026-11-23T08:00:00Z"),
    });
    const waiting = await db.mailMessage.findUniqueOrThrow({ where: { id } });
    expect(waiting.text).not.toContain("secret-token");
    expect(unseal(waiting.text)).toBe("https://example.test/onboarding/secret-token");
    expect(await deliverMail(db, clock)).toBe(0);
  });

  it("does not send mail that is not due yet, or is leased to another sender", async () => {
    const db = getDb();
    const clock = fixedClock("2026-11-22T09:00:00Z");
    const id = await queueMail(db, { to: "later@example.fi", subject: "Later", text: "x", now: new Date("2026-11-22T10:00:00Z") });
    expect(await deliverMail(db, clock)).toBe(0);
    clock.set("2026-11-22T10:00:00Z");
    await db.mailMessage.update({ where: { id }, data: { leaseUntil: new Date("2026-11-22T10:00:30Z") } });
    expect(await deliverMail(db, clock)).toBe(0);
    clock.advance(31_000);
    expect(await deliverMail(db, clock)).toBe(1);
  });

  it("keeps a mail the server did not take for a later attempt, gives it up after the last, and counts each", async () => {
    process.env.SMTP_URL = "smtp://127.0.0.1:9"; // nothing listens there
    resetEnvForTests();
    const count = async (outcome: string) =>
      (await metrics().jobs.get()).values.find((value) => value.labels.kind === "mail" && value.labels.outcome === outcome)?.value ?? 0;
    try {
      const db = getDb();
      const clock = fixedClock("2026-11-22T14:00:00Z");
      const [retries, failures, done] = [await count("retry"), await count("failed"), await count("done")];
      const id = await queueMail(db, { to: "bounce@example.fi", subject: "Onboarding", text: "x", now: clock.now() });

      expect(await deliverMail(db, clock)).toBe(0);
      const waiting = await db.mailMessage.findUniqueOrThrow({ where: { id } });
      expect(waiting).toMatchObject({ status: "pending", attempts: 1, leaseUntil: null, sentAt: null });
      expect(waiting.lastError).toMatch(/\S/);
      expect(waiting.nextAttemptAt).toEqual(new Date(clock.now().getTime() + retryDelayMs(1)));
      expect(await count("retry")).toBe(retries + 1);
      // Not tried again before its time.
      expect(await deliverMail(db, clock)).toBe(0);
      expect((await db.mailMessage.findUniqueOrThrow({ where: { id } })).attempts).toBe(1);

      // The last attempt fails too: the mail is given up, not tried again.
      await db.mailMessage.update({ where: { id }, data: { attempts: MAX_ATTEMPTS - 1 } });
      clock.advance(retryDelayMs(1));
      expect(await deliverMail(db, clock)).toBe(0);
      expect(await db.mailMessage.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
      expect(await count("failed")).toBe(failures + 1);
      clock.advance(24 * 60 * 60_000);
      expect(await deliverMail(db, clock)).toBe(0);
      expect(await count("done")).toBe(done);
    } finally {
      delete process.env.SMTP_URL;
      resetEnvForTests();
    }
  });

  it("keeps mail of test environments in the outbox even when an SMTP server is configured", async () => {
    process.env.SMTP_URL = "smtp://127.0.0.1:9"; // nothing listens there: sending would fail
    resetEnvForTests();
    try {
      const db = getDb();
      const clock = fixedClock("2026-11-22T12:00:00Z");
      const id = await queueMail(db, { environment: "swe-test", to: "someone@example.se", subject: "Test", text: "x", now: clock.now() });
      expect(await deliverMail(db, clock)).toBe(1);
      expect(await db.mailMessage.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "sent" });
      const outbox = path.join(getEnv().DATA_DIR, "mail-outbox");
      expect(readdirSync(outbox).some((file) => file.endsWith(`${id}.eml`))).toBe(true);
    } finally {
      delete process.env.SMTP_URL;
      resetEnvForTests();
    }
  });

  it("retries with growing delays that span more than a day", () => {
    // The delays between the attempts, the last attempt being followed by none.
    const delays = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => retryDelayMs(i + 1));
    expect(delays.slice(0, 3)).toEqual([30_000, 60_000, 120_000]);
    expect(Math.max(...delays)).toBe(4 * 60 * 60 * 1000);
    expect(delays.reduce((a, b) => a + b, 0)).toBeGreaterThan(24 * 60 * 60 * 1000);
  });

  it("fails a row that does not fit its kind on its first claim, with the reason, and sends the one beside it", async () => {
    const db = getDb();
    const clock = fixedClock("2026-11-22T16:00:00Z");
    const invalidBefore = (await metrics().jobs.get()).values.find((value) => value.labels.kind === "mail" && value.labels.outcome === "invalid")?.value ?? 0;
    // Written straight to the table, as a hand fix or an older version might have: no address, an environment that is not one.
    await db.mailMessage.create({
      data: { id: "broken-mail", environment: "atlantis", to: "nobody", subject: "x", text: "y", createdAt: clock.now(), nextAttemptAt: clock.now() },
    });
    const valid = await queueMail(db, { to: "valid@example.fi", subject: "Fine", text: "z", now: clock.now() });
    expect(await deliverMail(db, clock)).toBe(1);
    expect(await db.mailMessage.findUniqueOrThrow({ where: { id: valid } })).toMatchObject({ status: "sent" });
    const broken = await db.mailMessage.findUniqueOrThrow({ where: { id: "broken-mail" } });
    expect(broken).toMatchObject({ status: "failed", attempts: 1, leaseUntil: null });
    expect(broken.lastError).toMatch(/not tried again/);
    expect(broken.lastError).toMatch(/environment: /);
    expect(broken.lastError).toMatch(/to: not a mail address/);
    // The reason names members, not what they held.
    expect(broken.lastError).not.toMatch(/atlantis|nobody/);
    const invalidAfter = (await metrics().jobs.get()).values.find((value) => value.labels.kind === "mail" && value.labels.outcome === "invalid")?.value ?? 0;
    expect(invalidAfter - invalidBefore).toBe(1);

    clock.set("2026-11-23T16:00:00Z");
    await deliverMail(db, clock);
    expect(await db.mailMessage.findUniqueOrThrow({ where: { id: "broken-mail" } })).toMatchObject({ status: "failed", attempts: 1 });
  });
});
