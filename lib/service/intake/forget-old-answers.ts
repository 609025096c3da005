import type { Db } from "../../db/client";
import type { Clock } from "../../platform/clock";
import { IDEMPOTENCY_KEY_KEPT_DAYS } from "../../spec/idempotency-key";

/*
 * An Idempotency-Key is remembered for as long as the interface promises (lib/spec/idempotency-key.ts).
 * After that the answer is dropped and the key freed; the record of the request itself stays.
 */

export async function forgetOldAnswers(db: Db, clock: Clock): Promise<number> {
  const before = new Date(clock.now().getTime() - IDEMPOTENCY_KEY_KEPT_DAYS * 24 * 60 * 60 * 1000);
  const { count } = await db.intakeRequest.updateMany({
    where: { createdAt: { lt: before }, idempotencyKey: { not: null } },
    data: { idempotencyKey: null, responseBody: null },
  });
  return count;
}
