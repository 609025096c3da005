import { describe, expect, it } from "vitest";

import { getDb, getEngine, type Tx } from "./client";
import { encodeValues, insertEncodedRows, insertRows, sendEncodedRows, whileWriting, type Column } from "./insert-rows";
import { isUniqueViolation } from "./unique-violation";

/* insertRows writes what Prisma reads back as its own, on both engines, inside and outside a transaction. */

interface Row {
  name: string;
  value: bigint;
}

const COUNTER_COLUMNS: Column<Row>[] = [
  { name: "name", type: "text", value: (row) => row.name },
  { name: "value", type: "bigint", value: (row) => row.value },
];

describe("insertRows", () => {
  it("writes text, bigint, float, boolean, JSON, timestamps and nulls that Prisma reads back unchanged, several rows or one", async () => {
    const db = getDb();
    const createdAt = new Date("2026-11-22T10:11:12.345Z");
    await db.profile.create({ data: { id: "p-insert", environment: "fin-test", cid: "c-insert", status: "created", businessId: "2617416-4" } });
    await db.intakeRequest.create({
      data: {
        id: "i-insert",
        profileId: "p-insert",
        environment: "fin-test",
        requestHash: "",
        source: "json",
        documentCount: 2,
        acceptedCount: 2,
        responseStatus: 200,
        createdAt,
      },
    });
    // Text and JSON with what COPY's text format escapes (backslash, tab, newline, carriage return)
    // and what it would read as a null or the end of the data if it were not escaped.
    const data = {
      jobtype: 0,
      person: "Åsa Öberg-Ødegård",
      payrow: [{ desc: "Työ\trivi 1\nrivi 2\r\n\\N \\. C:\\lasku", count: 1.5, amount: 120, taxpr: 25.5 }],
      nothing: null,
    };
    const jobs = [1, 2, 3].map((id) => ({
      id,
      profileId: "p-insert",
      environment: "fin-test",
      jobtype: 0,
      jobstatus: 0,
      customertype: 2,
      receiver: ["Åsa", "\\N", "tab\there\nand\\.\r"][id - 1]!,
      billnum: id === 1 ? "B-1" : null,
      reference: id === 2 ? "" : "12345672",
      currency: "EUR",
      netAmount: 9_007_199_254_740_000n,
      vatAmount: -5n,
      grossAmount: 0n,
      collectionInvoice: id === 1,
      // A rate with a fraction a float holds exactly, and none.
      agreedInterestRate: id === 1 ? 11.25 : null,
      data,
      intakeId: "i-insert",
      createdAt,
    }));
    const columns: Column<(typeof jobs)[number]>[] = [
      { name: "id", type: "int", value: (job) => job.id },
      { name: "profileId", type: "text", value: (job) => job.profileId },
      { name: "environment", type: "text", value: (job) => job.environment },
      { name: "jobtype", type: "int", value: (job) => job.jobtype },
      { name: "jobstatus", type: "int", value: (job) => job.jobstatus },
      { name: "customertype", type: "int", value: (job) => job.customertype },
      { name: "receiver", type: "text", value: (job) => job.receiver },
      { name: "billnum", type: "text", value: (job) => job.billnum },
      { name: "reference", type: "text", value: (job) => job.reference },
      { name: "currency", type: "text", value: (job) => job.currency },
      { name: "netAmount", type: "bigint", value: (job) => job.netAmount },
      { name: "vatAmount", type: "bigint", value: (job) => job.vatAmount },
      { name: "grossAmount", type: "bigint", value: (job) => job.grossAmount },
      { name: "collectionInvoice", type: "boolean", value: (job) => job.collectionInvoice },
      { name: "agreedInterestRate", type: "float", value: (job) => job.agreedInterestRate },
      { name: "data", type: "json", value: (job) => job.data },
      { name: "intakeId", type: "text", value: (job) => job.intakeId },
      { name: "createdAt", type: "timestamp", value: (job) => job.createdAt },
    ];
    // Several rows and one (which PostgreSQL is sent column by column, not as an array to unpack).
    await db.$transaction(async (tx) => insertRows(db, tx, getEngine(), "Job", columns, jobs.slice(0, 2)));
    await db.$transaction(async (tx) => insertRows(db, tx, getEngine(), "Job", columns, jobs.slice(2)));
    const stored = await db.job.findMany({ orderBy: { id: "asc" } });
    // Columns not written take the schema's defaults.
    const defaults = {
      origbillnum: null,
      ownref: null,
      sendtype: null,
      evoicetype: null,
      billdate: null,
      paydate: null,
      notice: null,
      openCapital: 0n,
      openInterest: 0n,
      openExpenses: 0n,
      currentPaydate: null,
      phaseSince: null,
      reviewOn: null,
      sensible: false,
      onHold: false,
      custnum: null,
      nationalIdHash: null,
      closedAt: null,
      pendingDocument: null,
      sentOn: null,
    };
    expect(stored).toEqual(jobs.map((job) => ({ ...job, ...defaults })));

    // Rows encoded ahead, in parts, as intake writes its jobs: one part of no column, and one of a
    // single column, the reference, which is an empty text in one row.
    const parts = [columns.slice(0, 8), [], columns.slice(8, 9), columns.slice(9)];
    const more = jobs.map((job) => ({ ...job, id: job.id + 10 }));
    await db.$transaction(async (tx) =>
      insertEncodedRows(
        db,
        tx,
        getEngine(),
        "Job",
        columns,
        more.map((job) => parts.map((part) => encodeValues(getEngine(), part, job))),
      ),
    );
    expect(await db.job.findMany({ where: { id: { gt: 10 } }, orderBy: { id: "asc" } })).toEqual(more.map((job) => ({ ...job, ...defaults })));
  });

  it("inserts outside a transaction too, and rolls back with the transaction inside one", async () => {
    const db = getDb();
    await insertRows(db, db, getEngine(), "Counter", COUNTER_COLUMNS, [{ name: "outside", value: 7n }]);
    await expect(
      db.$transaction(async (tx) => {
        await insertRows(db, tx, getEngine(), "Counter", COUNTER_COLUMNS, [{ name: "inside", value: 1n }]);
        await insertRows(db, tx, getEngine(), "Counter", COUNTER_COLUMNS, [
          { name: "inside 2", value: 2n },
          { name: "inside 3", value: 3n },
        ]);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await db.counter.findMany({ where: { name: { in: ["outside", "inside", "inside 2", "inside 3"] } } })).toEqual([{ name: "outside", value: 7n }]);
  });

  it("fails a batch that breaks a unique index whole, with the driver's unique-violation code", async () => {
    const db = getDb();
    await insertRows(db, db, getEngine(), "Counter", COUNTER_COLUMNS, [{ name: "taken", value: 1n }]);
    const attempt = db.$transaction(async (tx) =>
      insertRows(db, tx, getEngine(), "Counter", COUNTER_COLUMNS, [
        { name: "free", value: 2n },
        { name: "taken", value: 3n },
      ]),
    );
    await expect(attempt).rejects.toSatisfy(isUniqueViolation);
    expect(await db.counter.findMany({ where: { name: { in: ["taken", "free"] } } })).toEqual([{ name: "taken", value: 1n }]);
  });

  it("stores rows sent ahead before the statements sent after them, and reports their own failure rather than theirs", async () => {
    const db = getDb();
    const send = (tx: Tx, rows: Row[]) =>
      sendEncodedRows(
        db,
        tx,
        getEngine(),
        "Counter",
        COUNTER_COLUMNS,
        rows.map((row) => [encodeValues(getEngine(), COUNTER_COLUMNS, row)]),
      );
    const seen = await db.$transaction(async (tx) => {
      const sent = await send(tx, [
        { name: "ahead 1", value: 1n },
        { name: "ahead 2", value: 2n },
      ]);
      // On PostgreSQL it answers before the server has stored them (the answer needs a turn of the event loop).
      let stored = false;
      void sent.written.then(() => (stored = true));
      await Promise.resolve();
      if (getEngine() === "postgres") expect(stored).toBe(false);
      return whileWriting(sent, () => tx.counter.count({ where: { name: { startsWith: "ahead" } } }));
    });
    expect(seen).toBe(2);

    // On PostgreSQL the statement after the failed rows fails too (the transaction is aborted): the
    // unique violation is what went wrong, and nothing of the transaction stays.
    await insertRows(db, db, getEngine(), "Counter", COUNTER_COLUMNS, [{ name: "held", value: 1n }]);
    const attempt = db.$transaction(async (tx) => {
      const sent = await send(tx, [
        { name: "fresh", value: 5n },
        { name: "held", value: 6n },
      ]);
      await whileWriting(sent, () => tx.counter.create({ data: { name: "after", value: 7n } }));
    });
    await expect(attempt).rejects.toSatisfy(isUniqueViolation);
    expect(await db.counter.findMany({ where: { name: { in: ["fresh", "held", "after"] } } })).toEqual([{ name: "held", value: 1n }]);
  });
});
