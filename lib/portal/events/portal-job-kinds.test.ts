import { describe, expect, it } from "vitest";

import { parseJobPayload } from "../../platform/job-payload";
import { eventBatchSchema } from "../../spec/events";

import { PORTAL_JOB_KINDS } from "./portal-job-kinds";

/* The received batch's payload schema against the row receiveBatch writes, and against rows it must refuse by name. */

const schema = PORTAL_JOB_KINDS.portalBatch.payload;
// As receiveBatch keeps it (ingest-batch.ts): the envelope the receiver accepted, as JSON.
const envelope = eventBatchSchema.parse({
  created_at: "2026-11-22T08:00:00.000Z",
  id: "batch-1",
  data: { lcstatus: [{ cid: "C1", jobid: 7, code: "200", time: "2026-11-22T08:00:00Z" }] },
});
const row = { body: JSON.stringify(envelope), environment: "fin-test" };

describe("portal batch payload", () => {
  it("reads the envelope receiveBatch stored back as it was accepted", () => {
    expect(parseJobPayload(schema, row)).toEqual({ ok: true, payload: { body: envelope, environment: "fin-test" } });
    expect(parseJobPayload(schema, { ...row, environment: null }).ok).toBe(true);
  });

  it("reads a NUL in a message as U+FFFD, as PostgreSQL cannot store it", () => {
    const withNul = row.body.replace('"C1"', '"C\\u00001"');
    const read = parseJobPayload(schema, { ...row, body: withNul });
    expect(read.ok && (read.payload.body.data.lcstatus as { cid: string }[] | undefined)?.[0]?.cid).toBe("C\ufffd1");
  });

  it("names the member that is wrong, never its value", () => {
    const broken = JSON.stringify({ ...envelope, data: { lcstatus: [{ cid: "C1", jobid: 7, code: "secret-ish", time: "2026-11-22T08:00:00Z" }] } });
    const read = parseJobPayload(schema, { body: broken, environment: "atlantis" });
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.reason).toMatch(/body\.data\.lcstatus\.0\.code: /);
    expect(read.reason).toMatch(/environment: /);
    expect(read.reason).not.toMatch(/secret-ish|atlantis/);
  });

  it("says a body that is not JSON is not, without quoting it", () => {
    const read = parseJobPayload(schema, { body: '{"id": "personal', environment: null });
    expect(read).toEqual({ ok: false, reason: "The stored job is not valid, so it is not tried again: body: not JSON" });
  });
});
