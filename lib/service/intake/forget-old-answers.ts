import type { Db } from "../../db/client";
import { Prisma } from "../../db/generated/sqlite/client";
import type { Clock } from "../../platform/clock";

/*
 * An Idempotency-Key is remembered for seven days: long enough for any retry, short enough that
 * the answers kept for retries (up to a few hundred kilobytes each) do not pile up. After that the
 * answer is dropped and the key freed; the record of the request itself stays.
 */

const IDEMPOTENCY_KEY_DAYS = 7;

export async function forgetOldAnswers(db: Db, clock: Clock): Promise<number> {
  const before = new Date(clock.now().getTime() - IDEMPOTENCY_KEY_DAYS * 24 * 60 * 60 * 1000);
  const { count } = await db.intakeRequest.updateMany({
    where: { createdAt: { lt: before }, idempotencyKey: { not: null } },
    data: { idempotencyKey: null, responseBody: Prisma.DbNull },
  });
  return count;
}
