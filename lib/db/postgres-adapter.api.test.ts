import { describe, expect, it, vi } from "vitest";

import { getEnv } from "../env";

import { createDb, getEngine } from "./client";

/*
 * A transaction's own connection (postgres-adapter.ts), asked for by a second copy of the module:
 * Next.js bundles instrumentation, which creates the process's client, and the route handlers apart,
 * so the copy that created the client is not the copy intake's bulk inserts call. Before, that copy
 * found no connection and every bulk insert went through Prisma's engine.
 */

describe.runIf(getEngine() === "postgres")("the connection of a transaction", () => {
  it("is found by another copy of the adapter's module, and is the transaction's own", async () => {
    const db = createDb(getEnv().DATABASE_URL);
    vi.resetModules();
    const other = await import("./postgres-adapter");
    try {
      const [direct, throughPrisma, seenInside] = await db.$transaction(async (tx) => {
        const connection = await other.transactionConnection(tx);
        expect(connection).not.toBeNull();
        const direct = Number((await connection!.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid);
        const [row] = await tx.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
        // What the connection writes is part of the transaction: seen inside it, gone with its rollback below.
        await connection!.query(`CREATE TEMP TABLE tapped_probe (n int) ON COMMIT DROP`);
        const [seen] = await tx.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM pg_tables WHERE tablename = 'tapped_probe'`;
        return [direct, Number(row!.pid), Number(seen!.n)];
      });
      expect(direct).toBe(throughPrisma);
      expect(seenInside).toBe(1);
    } finally {
      await db.$disconnect();
    }
  });

  it("is asked of Prisma once per transaction, and never handed out once the transaction has ended", async () => {
    const db = createDb(getEnv().DATABASE_URL);
    const { transactionConnection } = await import("./postgres-adapter");
    let taps = 0;
    let kept: Parameters<typeof transactionConnection>[0] | null = null;
    try {
      const [first, second] = await db.$transaction(async (tx) => {
        // The transaction client as the callers pass it, counting what is sent through it.
        const counted = new Proxy(tx, {
          get: (target, key) =>
            key === "$executeRawUnsafe"
              ? (sql: string) => {
                  taps++;
                  return target.$executeRawUnsafe(sql);
                }
              : Reflect.get(target, key),
        });
        kept = counted;
        return [await transactionConnection(counted), await transactionConnection(counted)];
      });
      expect(first).not.toBeNull();
      expect(second).toBe(first);
      expect(taps).toBe(1);
      // Ended: the connection went back to the pool, where another transaction may have it.
      await expect(transactionConnection(kept!).catch(() => null)).resolves.toBeNull();
      expect(taps).toBe(2);
    } finally {
      await db.$disconnect();
    }
  });
});
