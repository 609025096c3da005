import { describe, expect, it } from "vitest";

import { getDb, getEngine } from "./client";
import { insertRows, type Column } from "./insert-rows";
import { isUniqueViolation, prismaCodeOf } from "./unique-violation";

/* What each engine's driver adapter really throws for a unique violation, through Prisma and through raw statements. */

const PROFILE = { environment: "fin-test", cid: "c-unique", status: "created", businessId: "2617416-4" };

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("the statement did not fail");
}

describe("isUniqueViolation", () => {
  it("recognises a unique index violated by a Prisma call and by a raw INSERT", async () => {
    const db = getDb();
    await db.profile.create({ data: { id: "p-unique-1", ...PROFILE } });

    expect(isUniqueViolation(await failure(() => db.profile.create({ data: { id: "p-unique-2", ...PROFILE } })))).toBe(true);

    const raw = await failure(() =>
      db.$executeRawUnsafe(
        `INSERT INTO "Profile" ("id", "environment", "cid", "status", "businessId", "createdAt", "updatedAt")
         SELECT 'p-unique-3', "environment", "cid", "status", "businessId", "createdAt", "updatedAt" FROM "Profile" WHERE "id" = 'p-unique-1'`,
      ),
    );
    expect(raw).toMatchObject({ code: "P2010", meta: { driverAdapterError: { cause: { kind: "UniqueConstraintViolation" } } } });
    expect(isUniqueViolation(raw)).toBe(true);
  });

  it("recognises a primary key violated by insertRows outside and inside a transaction", async () => {
    const db = getDb();
    const columns: Column<{ name: string }>[] = [
      { name: "name", type: "text", value: (row) => row.name },
      { name: "value", type: "bigint", value: () => 1n },
    ];
    expect(isUniqueViolation(await failure(() => insertRows(db, db, getEngine(), "Counter", columns, [{ name: "once" }, { name: "once" }])))).toBe(true);
    const error = await failure(() => db.$transaction((tx) => insertRows(db, tx, getEngine(), "Counter", columns, [{ name: "twice" }, { name: "twice" }])));
    // Straight from the driver, not through Prisma: better-sqlite3's SqliteError, pg's DatabaseError.
    expect(prismaCodeOf(error)).toBe(getEngine() === "sqlite" ? "SQLITE_CONSTRAINT_PRIMARYKEY" : "23505");
    expect(isUniqueViolation(error)).toBe(true);
  });

  it("is false for a raw statement that fails otherwise", async () => {
    const db = getDb();
    const error = await failure(() => db.$executeRawUnsafe(`INSERT INTO "Counter" ("name", "value") VALUES (NULL, 1)`));
    expect(prismaCodeOf(error)).toBe("P2010");
    expect(isUniqueViolation(error)).toBe(false);
  });
});
