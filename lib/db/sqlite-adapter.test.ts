import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { createDb, type Db } from "./client";
import { migrateSqlite } from "./migrate";
import { SerialisedSqliteAdapter } from "./sqlite-adapter";

/* The serialised SQLite adapter: what Prisma's own better-sqlite3 adapter gets wrong under concurrency. */

let dir: string;
let db: Db;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "sqlite-adapter-"));
  file = path.join(dir, "test.db");
  const url = `file:${file}`;
  migrateSqlite(url);
  db = createDb(url);
});

afterEach(async () => {
  await db.$disconnect();
  rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const counter = (name: string) => db.counter.findUnique({ where: { name } });

describe("the serialised SQLite adapter", () => {
  it("rolls back a failed transaction and serves the next query", async () => {
    await db.counter.create({ data: { name: "a", value: 1n } });
    await expect(
      db.$transaction(async (tx) => {
        await tx.counter.update({ where: { name: "a" }, data: { value: 2n } });
        await tx.counter.createMany({
          data: [
            { name: "b", value: 1n },
            { name: "a", value: 5n },
          ],
        });
      }),
    ).rejects.toThrow(/Unique constraint/);
    expect((await counter("a"))?.value).toBe(1n);
    expect(await counter("b")).toBeNull();
  });

  it("keeps another request's statements out of an open transaction that then rolls back", async () => {
    let inside!: () => void;
    const transactionOpen = new Promise<void>((resolve) => (inside = resolve));
    const transaction = db.$transaction(async (tx) => {
      await tx.counter.create({ data: { name: "inside", value: 1n } });
      inside();
      await sleep(50); // another request's statements arrive now
      throw new Error("the request fails");
    });
    await transactionOpen;
    let transactionEnded = false;
    const ended = transaction.catch(() => (transactionEnded = true));
    const outsideWrite = db.$executeRaw`INSERT INTO "Counter" ("name", "value") VALUES ('outside', 1)`.then(() => transactionEnded);
    const outsideRead = counter("inside");
    await ended;
    await expect(transaction).rejects.toThrow("the request fails");
    expect(await outsideWrite).toBe(true); // it waited for the transaction to end
    expect(await outsideRead).toBeNull(); // no dirty read of the uncommitted row
    expect(await counter("inside")).toBeNull();
    expect((await counter("outside"))?.value).toBe(1n); // not rolled back with the other transaction
  });

  it("rolls back and releases the connection when COMMIT itself fails", async () => {
    await expect(
      db.$transaction(async (tx) => {
        // A deferred foreign key is checked at COMMIT, which then fails.
        await tx.$executeRawUnsafe("PRAGMA defer_foreign_keys = ON");
        await tx.counter.create({ data: { name: "lost", value: 1n } });
        await tx.$executeRawUnsafe(
          `INSERT INTO "JobFile" ("id", "jobId", "profileId", "role", "filename", "contentType", "size", "sha256", "content") VALUES ('f', 999, 'p', 'image', 'x.pdf', 'application/pdf', 0, '', x'')`,
        );
      }),
    ).rejects.toThrow();
    expect(await counter("lost")).toBeNull();
    await db.counter.create({ data: { name: "after", value: 1n } });
    expect((await counter("after"))?.value).toBe(1n);
  });

  it("runs many concurrent transactions one after another without losing an increment", async () => {
    await db.counter.create({ data: { name: "n", value: 0n } });
    await Promise.all(
      Array.from({ length: 25 }, () =>
        db.$transaction(async (tx) => {
          const current = await tx.counter.findUniqueOrThrow({ where: { name: "n" } });
          await sleep(1);
          await tx.counter.update({ where: { name: "n" }, data: { value: current.value + 1n } });
        }),
      ),
    );
    expect((await counter("n"))?.value).toBe(25n);
  });

  it("waits for another connection's write lock on timers, keeping the event loop free", async () => {
    await db.counter.create({ data: { name: "shared", value: 0n } });
    // Another connection (the background thread, a worker process) holds the write lock for 150 ms.
    const other = new Database(file);
    other.exec("BEGIN IMMEDIATE");
    other.prepare(`UPDATE "Counter" SET value = 10 WHERE name = 'shared'`).run();
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 5);
    setTimeout(() => other.exec("COMMIT"), 150);
    const started = performance.now();
    try {
      // An autocommit write and a transaction both wait, asynchronously, until the lock is free.
      await Promise.all([
        db.$executeRaw`UPDATE "Counter" SET value = value + 1 WHERE name = 'shared'`,
        db.$transaction(async (tx) => {
          const current = await tx.counter.findUniqueOrThrow({ where: { name: "shared" } });
          await tx.counter.update({ where: { name: "shared" }, data: { value: current.value + 1n } });
        }),
      ]);
    } finally {
      clearInterval(ticker);
      other.close();
    }
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    // The timer kept running while the writes waited: the thread was never stopped in SQLite's busy handler.
    expect(ticks).toBeGreaterThanOrEqual(15);
    expect((await counter("shared"))?.value).toBe(12n);
  });

  it("gives up on a lock held past the deadline with the database's busy error", async () => {
    const { whileBusy } = await import("./sqlite-adapter");
    const busy = Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" });
    let attempts = 0;
    await expect(
      whileBusy(() => {
        attempts++;
        throw busy;
      }, 30),
    ).rejects.toBe(busy);
    expect(attempts).toBeGreaterThan(2);
    // Anything else fails at once.
    attempts = 0;
    await expect(
      whileBusy(() => {
        attempts++;
        throw new Error("no such table");
      }),
    ).rejects.toThrow("no such table");
    expect(attempts).toBe(1);
  });

  it("reads outside a transaction on a second connection, without waiting for the writer's transaction", async () => {
    await db.counter.create({ data: { name: "before", value: 1n } });
    let inside!: () => void;
    const open = new Promise<void>((resolve) => (inside = resolve));
    const transaction = db.$transaction(async (tx) => {
      await tx.counter.create({ data: { name: "uncommitted", value: 1n } });
      inside();
      await sleep(300);
    });
    await open;
    const started = performance.now();
    const seen = await db.counter.findMany({ orderBy: { name: "asc" } });
    // The committed state, at once: not the open transaction's row, and no wait for its end.
    expect(performance.now() - started).toBeLessThan(150);
    expect(seen.map((row) => row.name)).toEqual(["before"]);
    await transaction;
    expect((await db.counter.findMany({ orderBy: { name: "asc" } })).map((row) => row.name)).toEqual(["before", "uncommitted"]);
    // A write that returns rows still goes to the writer, after the transaction.
    expect((await db.counter.create({ data: { name: "after", value: 2n } })).value).toBe(2n);
  });
});

describe("a connection's kept statements", () => {
  it("binds each use's arguments for that run only and sets each use's modes, whatever another use of the same text set", async () => {
    const adapter = new SerialisedSqliteAdapter(file);
    await adapter.connect();
    const connection = adapter.connection!;
    const sql = "SELECT CAST(? AS INTEGER) AS value";
    // Prisma's adapter binds, then reads raw rows: twice on one text (a statement bound for good refused a second bind).
    expect(connection.prepare(sql).bind([1]).raw().all()).toEqual([[1n]]);
    expect(connection.prepare(sql).bind([2]).raw().all()).toEqual([[2n]]);
    // The next use of the text gets objects and BigInt as the connection's default, not the raw rows set before.
    expect(connection.prepare(sql).all(3)).toEqual([{ value: 3n }]);
    expect(connection.prepare(sql).safeIntegers(false).all(4)).toEqual([{ value: 4 }]);
    expect(connection.prepare(sql).get(5)).toEqual({ value: 5n });
    // A write and its count of changes.
    connection.exec(`CREATE TABLE kept (n INTEGER)`);
    expect(connection.prepare("INSERT INTO kept (n) VALUES (?)").run(6).changes).toBe(1);
    expect(connection.prepare("INSERT INTO kept (n) VALUES (?)").run([7]).changes).toBe(1);
    expect(connection.prepare("SELECT n FROM kept ORDER BY n").raw(true).all()).toEqual([[6n], [7n]]);
    expect(() => connection.prepare("SELECT n FROM kept").iterate()).toThrow(/not iterated/);
    connection.close();
  });
});
