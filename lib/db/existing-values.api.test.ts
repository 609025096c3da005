import { beforeAll, describe, expect, it } from "vitest";

import { getDb, getEngine } from "./client";
import { existingValues, existingValuesSql, rowsWithValues } from "./existing-values";

/* existingValues answers which candidates a column holds within one scope, on both engines, in and out of a transaction. */

const LOOKUP = { table: "Job", column: "billnum", where: { column: "profileId", value: "p-existing" } };

async function seed(jobs: number) {
  const db = getDb();
  await db.profile.createMany({
    data: ["p-existing", "p-other"].map((id) => ({ id, environment: "fin-test", cid: `c-${id}`, status: "created", businessId: "2617416-4" })),
  });
  await db.intakeRequest.create({
    data: {
      id: "i-existing",
      profileId: "p-existing",
      environment: "fin-test",
      requestHash: "",
      source: "json",
      documentCount: 0,
      acceptedCount: 0,
      responseStatus: 200,
      createdAt: new Date(),
    },
  });
  // Written in one statement, without asking the database to analyse the table afterwards: a table
  // that grew faster than its statistics, as a profile's first day of volume leaves it.
  const series =
    getEngine() === "sqlite"
      ? "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) SELECT i FROM n"
      : "SELECT generate_series(1, $1::int) AS i";
  const timestamp = getEngine() === "sqlite" ? "'2026-11-25T10:00:00.000+00:00'" : "now()";
  await db.$executeRawUnsafe(
    `INSERT INTO "Job" ("id", "profileId", "environment", "jobtype", "jobstatus", "customertype", "receiver", "billnum", "currency", "netAmount", "vatAmount", "grossAmount", "data", "intakeId", "createdAt")
     SELECT i, CASE WHEN i % 10 = 0 THEN 'p-other' ELSE 'p-existing' END, 'fin-test', 0, 0, 2, 'R', 'B-' || i, 'EUR', 0, 0, 0, '{}', 'i-existing', ${timestamp} FROM (${series}) AS s`,
    jobs,
  );
}

describe("existingValues", () => {
  beforeAll(() => seed(30_000));

  it("answers the candidates the scope holds, not another scope's, with or without a transaction", async () => {
    const db = getDb();
    // B-10 and B-20 belong to the other profile; B-50000 does not exist; B-7 is asked twice.
    const candidates = ["B-7", "B-7", "B-10", "B-20", "B-1999", "B-50000"];
    expect([...(await existingValues(db, db, getEngine(), LOOKUP, candidates))].sort()).toEqual(["B-1999", "B-7"]);
    const inside = await db.$transaction((tx) => existingValues(db, tx, getEngine(), LOOKUP, candidates));
    expect([...inside].sort()).toEqual(["B-1999", "B-7"]);
    expect(await existingValues(db, db, getEngine(), LOOKUP, [])).toEqual(new Set());
  });

  it("answers the rows holding the candidates, every one of them, with the columns asked", async () => {
    const db = getDb();
    await db.job.update({ where: { id: 8 }, data: { billnum: "B-7", jobtype: 2 } });
    const rows = await db.$transaction((tx) =>
      rowsWithValues<{ value: string; jobtype: number | bigint }>(db, tx, getEngine(), { ...LOOKUP, select: ["jobtype"] }, ["B-7", "B-7", "B-10", "B-50000"]),
    );
    expect(rows.map((row) => [row.value, Number(row.jobtype)]).sort()).toEqual([
      ["B-7", 0],
      ["B-7", 2],
    ]);
    await db.job.update({ where: { id: 8 }, data: { billnum: "B-8", jobtype: 0 } });
  });

  it.runIf(getEngine() === "postgres")("is planned as one index probe per value even before the table's statistics catch up", async () => {
    const candidates = `{${Array.from({ length: 1000 }, (_, index) => `B-${40_000 + index}`).join(",")}}`;
    const db = getDb();
    // The plan a generic statement gets with these values (EXPLAIN cannot take the list as a parameter).
    const sql = existingValuesSql("postgres", LOOKUP).replace("$1", "'p-existing'").replace("$2::text[]", `'${candidates}'::text[]`);
    const [explained] = await db.$queryRawUnsafe<{ "QUERY PLAN": unknown }[]>(`EXPLAIN (FORMAT JSON) ${sql}`);
    const plan = explained!["QUERY PLAN"];
    const nodes: string[] = [];
    const walk = (node: { "Node Type": string; Plans?: unknown[] }) => {
      nodes.push(node["Node Type"]);
      for (const child of node.Plans ?? []) walk(child as typeof node);
    };
    walk((plan as [{ Plan: { "Node Type": string } }])[0].Plan);
    // The plain `= ANY(list)` got a bitmap scan of every row of the profile here.
    expect(nodes).toContain("Nested Loop");
    expect(nodes.some((node) => node === "Index Only Scan" || node === "Index Scan")).toBe(true);
    expect(nodes).not.toContain("Seq Scan");
    expect(nodes).not.toContain("Bitmap Heap Scan");
  });
});
