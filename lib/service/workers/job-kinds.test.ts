import { describe, expect, it } from "vitest";

import { parseJobPayload } from "../../platform/job-payload";

import { JOB_KINDS } from "./job-kinds";

/* Each kind's payload schema against the row its writer makes, and against rows it must refuse by name. */

describe("mail payload", () => {
  // As queueMail writes it (mail/queue-mail.ts), the body sealed.
  const queued = {
    id: "8f1c7a52-0c1e-4c39-9d0f-1a2b3c4d5e6f",
    environment: "fin-test",
    to: "liisa@example.fi",
    subject: "Täydennä profiilisi",
    text: "v1.aaaa.bbbb.cccc",
    status: "pending",
    attempts: 0,
    lastError: null,
    leaseUntil: null,
    nextAttemptAt: new Date("2026-11-22T08:00:00Z"),
    createdAt: new Date("2026-11-22T08:00:00Z"),
    sentAt: null,
  };

  it("accepts a queued message, and one of no environment", () => {
    expect(parseJobPayload(JOB_KINDS.mail.payload, queued)).toMatchObject({ ok: true, payload: { to: "liisa@example.fi", environment: "fin-test" } });
    expect(parseJobPayload(JOB_KINDS.mail.payload, { ...queued, environment: null }).ok).toBe(true);
  });

  it("names the member that is wrong, never its value", () => {
    const read = parseJobPayload(JOB_KINDS.mail.payload, { ...queued, to: "liisa at example", environment: "atlantis" });
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.reason).toMatch(/to: not a mail address/);
    expect(read.reason).toMatch(/environment: /);
    expect(read.reason).not.toMatch(/liisa|atlantis/);
  });

  it("refuses a row whose members are missing or of the wrong type", () => {
    const { subject: _subject, ...withoutSubject } = queued;
    const read = parseJobPayload(JOB_KINDS.mail.payload, { ...withoutSubject, createdAt: "yesterday" });
    expect(read).toMatchObject({ ok: false });
    if (!read.ok) expect(read.reason).toMatch(/subject: .*createdAt: |createdAt: .*subject: /);
  });
});

describe("dispatch payload", () => {
  // As queueDispatches writes it (distribution/queue-dispatches.ts).
  const queued = {
    id: "0193a1b2-0000-7000-8000-000000000001",
    jobId: 41,
    document: "reminder",
    profileId: "p1",
    environment: "swe-test",
    sendtype: "post",
    distributionChannel: "post",
    secondary: false,
    status: "pending",
    attempts: 1,
    nextAttemptAt: null,
    leaseUntil: new Date("2026-11-22T08:05:00Z"),
    leaseOwner: "worker-1",
    lastError: null,
    errorCode: null,
    artifact: null,
    createdAt: new Date("2026-11-22T08:00:00Z"),
    doneAt: null,
    clockOffsetSeconds: null,
  };

  it("accepts a queued dispatch of every document", () => {
    for (const document of ["original", "reminder", "collection", "cutoff"])
      expect(parseJobPayload(JOB_KINDS.dispatch.payload, { ...queued, document }).ok).toBe(true);
  });

  it("names a document or environment that is not one, and an empty sendtype", () => {
    const read = parseJobPayload(JOB_KINDS.dispatch.payload, { ...queued, document: "brochure", environment: "dnk-test", sendtype: "" });
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.reason).toMatch(/environment: .*document: .*sendtype: /);
    expect(read.reason).not.toMatch(/brochure|dnk-test/);
  });
});
