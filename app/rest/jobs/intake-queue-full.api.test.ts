import { describe, expect, it } from "vitest";

import { getDb } from "@/lib/db/client";
import type { FairQueue } from "@/lib/platform/fair-queue";
import type { JobsResponse } from "@/lib/spec/jobs";
import { problemDetailsSchema } from "@/lib/spec/problem-details";
import { envelope, invoice } from "@/lib/testing/jobs";
import { call, json, profileWithToken } from "@/lib/testing/rest";

import { POST } from "./route";

/*
 * Intake's line per profile (lib/service/intake/post-jobs.ts, lib/platform/fair-queue.ts) refuses
 * a request when 100 of the profile's requests already wait in it: 503 with Retry-After, as a
 * problem document, at once and with nothing of the refused request stored, so its retry with the
 * same Idempotency-Key is taken as new. Those that waited are all answered and stored.
 */

const LIMIT = 100;
const REQUESTS = 10;

/** The process's intake lines, as post-jobs.ts keeps them for POST /jobs and the SFTP server. */
const intakeLines = () => (globalThis as unknown as { __intakeLines: { validation: FairQueue; store: FairQueue } }).__intakeLines;

async function until(what: string, condition: () => boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("POST /jobs when the profile's line is full", () => {
  it("answers 503 with Retry-After as a problem document, stores nothing of it, and answers every request that waited", async () => {
    const db = getDb();
    const { id: profileId, token } = await profileWithToken("fin-test");
    const post = (ownref: string, headers: Record<string, string> = {}) =>
      call(POST, "/fin-test/rest/jobs", { token, headers, body: envelope(invoice({ ownref, sendtype: "print" })) });

    // The profile's turn held, as a long validation holds it, so the requests behind it wait: ten
    // requests of the client, behind turns that stand for as many more (each its place in the line,
    // and nothing to do when it comes), so the line holds LIMIT without posting a hundred bodies.
    let release!: () => void;
    const held = intakeLines().validation.run(profileId, () => new Promise<void>((resolve) => (release = resolve)));
    const others = Array.from({ length: LIMIT - 1 - REQUESTS }, () => intakeLines().validation.run(profileId, async () => {}));
    const waiting = Array.from({ length: REQUESTS }, (_, index) => post(`waiting-${index}`));
    try {
      await until(`${LIMIT} requests in the profile's line`, () => intakeLines().validation.size(profileId) === LIMIT);

      const refused = await post("refused", { "Idempotency-Key": "full-line-1" });
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("2");
      expect(refused.headers.get("content-type")).toBe("application/problem+json");
      const problem = problemDetailsSchema.strict().parse(await refused.json());
      expect(problem).toMatchObject({ type: "/rest/problems/unavailable", title: "Temporarily unavailable", status: 503 });
      expect(problem.detail).toContain("Retry-After");
      expect(problem.instance).toMatch(/^urn:request:/);
      expect(intakeLines().validation.size(profileId)).toBe(LIMIT);
    } finally {
      release();
      await Promise.all([held, ...others]);
    }

    const answers = await Promise.all(waiting);
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: REQUESTS }, () => 200));
    expect(await db.job.count({ where: { profileId } })).toBe(REQUESTS);
    expect(await db.intakeRequest.count({ where: { profileId } })).toBe(REQUESTS);
    expect(await db.job.count({ where: { profileId, ownref: "refused" } })).toBe(0);
    expect(await db.intakeRequest.count({ where: { profileId, idempotencyKey: "full-line-1" } })).toBe(0);

    // The retry after Retry-After is a new request, not the refusal replayed.
    const retried = await post("refused", { "Idempotency-Key": "full-line-1" });
    expect(retried.status).toBe(200);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    expect((await json<JobsResponse>(retried)).accepted).toBe(1);
    expect(await db.job.count({ where: { profileId, ownref: "refused" } })).toBe(1);
  });
});
