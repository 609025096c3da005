import { describe, expect, it } from "vitest";

import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { checkJsonJobs } from "@/lib/service/intake/check-jobs";
import { numberJobs } from "@/lib/service/intake/number-jobs";
import type { ValidJob } from "@/lib/service/intake/validate-job";
import { environment } from "@/lib/spec/environments";
import type { JobsResponse } from "@/lib/spec/jobs";
import { envelope, invoice } from "@/lib/testing/jobs";
import { call, json, profileWithToken } from "@/lib/testing/rest";

import { POST } from "./route";

/*
 * Many clients posting to one profile at once: every request is answered 200, what was
 * acknowledged is what was stored, and on PostgreSQL the waiting requests hold no connection
 * (before, each waited for the profile's advisory lock inside a transaction, so fifty of them
 * took the whole pool and the rest failed to start a transaction).
 */

const CLIENTS = 24;
const JOBS = 100;

describe("POST /jobs from many clients of one profile at once", () => {
  it("answers each, stores what it acknowledged, and keeps waiting requests out of the pool", async () => {
    const db = getDb();
    const { token, id: profileId } = await profileWithToken("fin-test");
    const postgres = getEnv().DATABASE_ENGINE === "postgres";
    let mostWaiting = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling && postgres) {
        const [row] = await db.$queryRaw<
          { n: bigint }[]
        >`SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`;
        mostWaiting = Math.max(mostWaiting, Number(row!.n));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const answers = await Promise.all(
      Array.from({ length: CLIENTS }, (_, client) =>
        call(POST, "/fin-test/rest/jobs", {
          token,
          body: envelope(...Array.from({ length: JOBS }, (_, index) => invoice({ ownref: `many-${client}-${index}`, sendtype: "print" }))),
        }),
      ),
    );
    sampling = false;
    await sampler;
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: CLIENTS }, () => 200));
    const acknowledged = (await Promise.all(answers.map((answer) => json<JobsResponse>(answer)))).reduce((sum, body) => sum + body.accepted, 0);
    expect(acknowledged).toBe(CLIENTS * JOBS);
    expect(await db.job.count({ where: { profileId } })).toBe(CLIENTS * JOBS);
    // One transaction of the profile at a time reaches the lock; the others wait outside the pool.
    expect(mostWaiting).toBe(0);
  });
});

describe("POST /jobs of different profiles at once", () => {
  it.runIf(getEnv().DATABASE_ENGINE === "postgres")("does not wait for another profile's intake to commit before numbering its jobs", async () => {
    const db = getDb();
    const first = await profileWithToken("fin-test");
    const second = await profileWithToken("fin-test");
    const post = (token: string, ownref: string) => call(POST, "/fin-test/rest/jobs", { token, body: envelope(invoice({ ownref, sendtype: "print" })) });
    expect((await post(first.token, "first")).status).toBe(200);
    // The first profile's next intake, held open in its transaction right after numbering its jobs
    // (job ids and references: series of the whole environment).
    const checked = checkJsonJobs(Buffer.from(JSON.stringify(envelope(invoice({ ownref: "held" })))), "fin-test");
    if (!checked.ok) throw new Error(checked.message);
    const accepted = checked.checked.filter((job): job is ValidJob => job.ok);
    const profile = await db.profile.findUniqueOrThrow({ where: { id: first.id } });
    let release!: () => void;
    let reserved!: (ids: number[]) => void;
    const numberedFirst = new Promise<number[]>((resolve) => (reserved = resolve));
    const held = db.$transaction(
      async (tx) => {
        reserved((await numberJobs(db, tx, profile, environment("fin-test"), accepted)).map((entry) => entry.jobid));
        await new Promise<void>((resolve) => (release = resolve));
      },
      { timeout: 30_000 },
    );
    try {
      const [heldId] = await numberedFirst;
      const answered = await Promise.race([
        post(second.token, "second"),
        new Promise<string>((resolve) => setTimeout(() => resolve("still waiting after 5 s"), 5_000)),
      ]);
      expect(typeof answered === "string" ? answered : answered.status).toBe(200);
      const secondJob = await db.job.findFirstOrThrow({ where: { profileId: second.id } });
      expect(secondJob.id).toBeGreaterThan(heldId!);
    } finally {
      release?.();
      await held;
    }
  });
});
