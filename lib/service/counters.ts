import type { Tx } from "../db/client";

/*
 * Number series (job ids, references, bill numbers, customer ids). A block of `count` numbers is
 * reserved with one upsert inside the caller's transaction: the row lock it takes (PostgreSQL) or
 * the database write lock (SQLite) holds other reservations back until the transaction ends, so no
 * number is handed out twice; a request that rolls back gives its numbers back.
 */

export async function reserveNumbers(tx: Tx, name: string, count: number, first = 1): Promise<number> {
  if (count <= 0) return first;
  const rows = await tx.$queryRaw<{ value: bigint | number }[]>`
    INSERT INTO "Counter" ("name", "value") VALUES (${name}, ${first - 1 + count})
    ON CONFLICT ("name") DO UPDATE SET "value" = "Counter"."value" + ${count}
    RETURNING "value"`;
  const last = Number(rows[0]!.value);
  return last - count + 1;
}
