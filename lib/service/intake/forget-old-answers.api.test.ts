import { describe, expect, it } from "vitest";

import { getDb } from "@/lib/db/client";
import { fixedClock } from "@/lib/platform/clock";
import { IDEMPOTENCY_KEY_KEPT_DAYS } from "@/lib/spec/idempotency-key";
import { profileWithToken } from "@/lib/testing/rest";

import { forgetOldAnswers } from "./forget-old-answers";

describe("forgetOldAnswers", () => {
  it("drops the answer and frees the key of a request older than the keys are kept, and keeps a newer one's", async () => {
    const db = getDb();
    const { id: profileId } = await profileWithToken("fin-test");
    const day = 24 * 60 * 60 * 1000;
    const now = new Date("2026-11-28T12:00:00Z");
    const request = (id: string, age: number) => ({
      id,
      profileId,
      environment: "fin-test",
      idempotencyKey: `key-${id}`,
      requestHash: "h",
      source: "json",
      documentCount: 1,
      acceptedCount: 1,
      responseStatus: 200,
      responseBody: JSON.stringify({ result: [], errors: [], accepted: 1 }),
      createdAt: new Date(now.getTime() - age),
    });
    await db.intakeRequest.createMany({ data: [request("old", (IDEMPOTENCY_KEY_KEPT_DAYS + 1) * day), request("new", day)] });

    expect(await forgetOldAnswers(db, fixedClock(now))).toBe(1);
    const stored = await db.intakeRequest.findMany({ where: { profileId }, orderBy: { id: "asc" } });
    expect(stored.map((row) => [row.id, row.idempotencyKey, row.responseBody])).toEqual([
      ["new", "key-new", JSON.stringify({ result: [], errors: [], accepted: 1 })],
      ["old", null, null],
    ]);
  });
});
