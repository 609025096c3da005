import { beforeAll, describe, expect, it } from "vitest";

import { getDb } from "../../db/client";

import { CASE_SORTS, parseCaseListParams, type CaseListParams, type CaseSort, type SortDirection } from "./case-list-params";
import { COUNT_BOUND, encodeCursor, listCases, type CaseRow } from "./list-cases";

/*
 * The case list on a real database: every filter, every sort in both directions, and keyset
 * paging forward and back that neither skips nor repeats a row, also where the sort column has
 * ties and nulls (which the two engines order differently). Rows are written directly.
 */

const ORG = "org-cases-list";
const OTHER = "org-cases-other";

interface Seed {
  id: string;
  environment: string;
  jobtype: number | null;
  code: number | null;
  receiverName: string | null;
  billnum: string | null;
  reference: string | null;
  amount: bigint | null;
  currentPaydate: string | null;
  updatedAt: Date;
}

const ENVIRONMENTS = ["fin-test", "swe-test", "nor-test", "fin-prod"];
const NAMES = ["Aalto Oy", "Berg AB", "Carlsson", "Dahl AS", null, "Berg AB"];
const CODES = [0, 1, 2, 101, null];

function seedRows(): Seed[] {
  const rows: Seed[] = [];
  for (let i = 0; i < 60; i++) {
    rows.push({
      // Ids deliberately not in creation order, so the tie-breaker is tested.
      id: `case-${String((i * 37) % 60).padStart(3, "0")}`,
      environment: ENVIRONMENTS[i % ENVIRONMENTS.length]!,
      jobtype: i % 7 === 0 ? 1 : i % 11 === 0 ? null : 0,
      code: CODES[i % CODES.length]!,
      receiverName: NAMES[i % NAMES.length]!,
      billnum: i % 9 === 0 ? null : `B-${1000 + i}`,
      reference: `RF${String(7000 + i)}`,
      amount: i % 8 === 0 ? null : BigInt((i % 13) * 2500),
      currentPaydate: i % 6 === 0 ? null : `2026-12-${String((i % 28) + 1).padStart(2, "0")}`,
      // Every third shares its timestamp with a neighbour.
      updatedAt: new Date(Date.UTC(2026, 10, 1, 8, Math.floor(i / 3) * 2, 0)),
    });
  }
  return rows;
}

const ROWS = seedRows();

beforeAll(async () => {
  const db = getDb();
  await db.portalOrganization.createMany({
    data: [
      { id: ORG, name: "Cases Oy" },
      { id: OTHER, name: "Other Oy" },
    ],
  });
  await db.portalCase.createMany({
    data: ROWS.map((row, i) => ({
      ...row,
      organizationId: ORG,
      country: row.environment.slice(0, 3).toUpperCase(),
      cid: "c1",
      jobid: i + 1,
      currency: "EUR",
      searchText: [row.receiverName, row.billnum, row.reference].filter(Boolean).join(" ").toLowerCase(),
    })),
  });
  // Another organization's cases match every filter the tests use; none may ever show.
  await db.portalCase.createMany({
    data: ROWS.slice(0, 20).map((row, i) => ({
      ...row,
      id: `other-${row.id}`,
      organizationId: OTHER,
      country: row.environment.slice(0, 3).toUpperCase(),
      cid: "c1",
      jobid: i + 1,
      searchText: [row.receiverName, row.billnum, row.reference].filter(Boolean).join(" ").toLowerCase(),
    })),
  });
});

const COLUMN: Record<CaseSort, (row: Seed) => string | bigint | number | null> = {
  updated: (row) => row.updatedAt.getTime(),
  due: (row) => row.currentPaydate,
  amount: (row) => row.amount,
  name: (row) => row.receiverName,
};

/** The order the list promises: rows with a value by (value, id), then rows without one by id. */
function expectedOrder(rows: Seed[], sort: CaseSort, dir: SortDirection): string[] {
  const sign = dir === "asc" ? 1 : -1;
  const compare = (a: string | bigint | number, b: string | bigint | number) => (a < b ? -1 : a > b ? 1 : 0);
  const withValue = rows.filter((row) => COLUMN[sort](row) !== null);
  const without = rows.filter((row) => COLUMN[sort](row) === null);
  withValue.sort((a, b) => sign * (compare(COLUMN[sort](a)!, COLUMN[sort](b)!) || compare(a.id, b.id)));
  without.sort((a, b) => sign * compare(a.id, b.id));
  return [...withValue, ...without].map((row) => row.id);
}

function params(search: Record<string, string>): CaseListParams {
  const parsed = parseCaseListParams(new URLSearchParams(search));
  expect(parsed.errors).toEqual({});
  return parsed.params;
}

async function ids(search: Record<string, string>): Promise<string[]> {
  const page = await listCases(getDb(), { organizationId: ORG, params: params({ limit: "200", ...search }) });
  return page.rows.map((row: CaseRow) => row.id);
}

describe("listCases filters", () => {
  const all = (predicate: (row: Seed) => boolean) => expectedOrder(ROWS.filter(predicate), "updated", "desc");

  it("lists the organization's cases only, newest first by default", async () => {
    expect(await ids({})).toEqual(all(() => true));
    const other = await listCases(getDb(), { organizationId: OTHER, params: params({ limit: "200" }) });
    expect(other.rows).toHaveLength(20);
    expect(other.rows.every((row) => row.organizationId === OTHER)).toBe(true);
  });

  it("filters by lifecycle code, job type, country and environment", async () => {
    expect(await ids({ code: "101" })).toEqual(all((row) => row.code === 101));
    expect(await ids({ code: "0" })).toEqual(all((row) => row.code === 0));
    expect(await ids({ jobtype: "1" })).toEqual(all((row) => row.jobtype === 1));
    expect(await ids({ country: "SWE" })).toEqual(all((row) => row.environment.startsWith("swe")));
    expect(await ids({ environment: "fin-prod" })).toEqual(all((row) => row.environment === "fin-prod"));
    expect(await ids({ country: "FIN", environment: "fin-test", code: "2" })).toEqual(all((row) => row.environment === "fin-test" && row.code === 2));
  });

  it("filters by due date range and amount range, both ends inclusive", async () => {
    const due = (row: Seed) => row.currentPaydate !== null && row.currentPaydate >= "2026-12-05" && row.currentPaydate <= "2026-12-10";
    expect(await ids({ dueFrom: "2026-12-05", dueTo: "2026-12-10" })).toEqual(all(due));
    expect(await ids({ dueFrom: "2026-12-20" })).toEqual(all((row) => row.currentPaydate !== null && row.currentPaydate >= "2026-12-20"));
    const amount = (row: Seed) => row.amount !== null && row.amount >= 5000n && row.amount <= 12500n;
    expect(await ids({ amountMin: "50", amountMax: "125,00" })).toEqual(all(amount));
    expect(await ids({ amountMax: "0" })).toEqual(all((row) => row.amount === 0n));
  });

  it("searches receiver name, bill number and reference, ignoring case", async () => {
    expect(await ids({ q: "BERG" })).toEqual(all((row) => row.receiverName === "Berg AB"));
    expect(await ids({ q: "b-1012" })).toEqual(all((row) => row.billnum === "B-1012"));
    expect(await ids({ q: "rf7013" })).toEqual(all((row) => row.reference === "RF7013"));
    expect(await ids({ q: "no such thing" })).toEqual([]);
  });

  it("counts matches up to its bound", async () => {
    const page = await listCases(getDb(), { organizationId: ORG, params: params({ limit: "5", code: "1" }), count: true });
    expect(page.count).toBe(ROWS.filter((row) => row.code === 1).length);
    const whole = await listCases(getDb(), { organizationId: ORG, params: params({ q: "berg" }), count: true });
    expect(whole.count).toBe(ROWS.filter((row) => row.receiverName === "Berg AB").length);
    const later = await listCases(getDb(), { organizationId: ORG, params: params({ limit: "5", code: "1", after: page.next! }), count: true });
    expect(later.count).toBe(page.count);
    expect(COUNT_BOUND).toBeGreaterThanOrEqual(100);
  });
});

describe("listCases sorting and keyset paging", () => {
  const views: [CaseSort, SortDirection][] = CASE_SORTS.flatMap((sort) => (["asc", "desc"] as const).map((dir) => [sort, dir] as [CaseSort, SortDirection]));

  it.each(views)("sorts by %s %s, nulls last", async (sort, dir) => {
    expect(await ids({ sort, dir })).toEqual(expectedOrder(ROWS, sort, dir));
  });

  it.each(views)("pages by %s %s forward and back without gaps or repeats", async (sort, dir) => {
    const db = getDb();
    const expected = expectedOrder(ROWS, sort, dir);
    const pages: string[][] = [];
    const previousCursors: (string | null)[] = [];
    let after: string | undefined;
    for (let guard = 0; guard < 20; guard++) {
      const page = await listCases(db, { organizationId: ORG, params: params({ sort, dir, limit: "7", ...(after ? { after } : {}) }) });
      pages.push(page.rows.map((row) => row.id));
      previousCursors.push(page.previous);
      if (!page.next) break;
      after = page.next;
    }
    expect(pages.flat()).toEqual(expected);
    expect(pages.slice(0, -1).every((page) => page.length === 7)).toBe(true);
    expect(previousCursors[0]).toBeNull();

    // Back from the last page: each previous page is the one seen going forward.
    let before = previousCursors[previousCursors.length - 1];
    for (let index = pages.length - 2; index >= 0; index--) {
      expect(before).toBeTruthy();
      const page = await listCases(db, { organizationId: ORG, params: params({ sort, dir, limit: "7", before: before! }) });
      expect(page.rows.map((row) => row.id)).toEqual(pages[index]);
      before = page.previous ?? null;
    }
    expect(before).toBeNull();
  });

  it("pages with a filter on, and a cursor past the end gives an empty last page", async () => {
    const expected = expectedOrder(
      ROWS.filter((row) => row.environment === "fin-test"),
      "amount",
      "asc",
    );
    const first = await listCases(getDb(), { organizationId: ORG, params: params({ environment: "fin-test", sort: "amount", dir: "asc", limit: "4" }) });
    const second = await listCases(getDb(), {
      organizationId: ORG,
      params: params({ environment: "fin-test", sort: "amount", dir: "asc", limit: "4", after: first.next! }),
    });
    expect([...first.rows, ...second.rows].map((row) => row.id)).toEqual(expected.slice(0, 8));

    const past = encodeCursor({ segment: 1, value: null, id: "zzzz" });
    const end = await listCases(getDb(), { organizationId: ORG, params: params({ sort: "amount", dir: "asc", after: past }) });
    expect(end.rows).toEqual([]);
    expect(end.next).toBeNull();
  });

  it("starts at the first page for a cursor it cannot read", async () => {
    const expected = expectedOrder(ROWS, "updated", "desc").slice(0, 5);
    for (const after of ["garbage", encodeCursor({ segment: 1, value: null, id: "x" }), Buffer.from('[0,"not a date","x"]').toString("base64url")]) {
      const page = await listCases(getDb(), { organizationId: ORG, params: params({ limit: "5", after }) });
      expect(page.rows.map((row) => row.id)).toEqual(expected);
    }
  });
});
