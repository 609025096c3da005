import { describe, expect, it } from "vitest";

import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
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
        const [row] = await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`;
        mostWaiting = Math.max(mostWaiting, Number(row!.n));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const answers = await Promise.all(
      Array.from({ length: CLIENTS }, (_, client) =>
        call(POST, "/fin-test/rest/jobs", { token, body: envelope(...Array.from({ length: JOBS }, (_, index) => invoice({ ownref: `many-${client}-${index}`, sendtype: "print" }))) }),
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
