import { z } from "zod";

import type { Prisma, Tx } from "../../db/client";
import { decodeJsonCursor, encodeJsonCursor } from "../../platform/page-cursor";

import type { CaseFilters, CaseListParams, CaseSort, SortDirection } from "./case-list-params";
import { COUNT_BOUND } from "./case-views";
import { undeliveredWhere } from "./undelivered";

/*
 * The case list pages by keyset, never by OFFSET, and never counts more than it shows: with
 * 100,000 cases and a million events an OFFSET page deep in the list, or a COUNT(*) on every
 * refresh, reads the whole table; a keyset page reads its own rows from an index on
 * (organizationId, sort column, id).
 *
 * Sort columns other than updatedAt may be null, and the two engines disagree on where NULL sorts
 * (SQLite first, PostgreSQL last). So the list is walked in two segments that each engine orders
 * alike: the rows that have a value, ordered by (value, id), then the rows without one, ordered by
 * id. Each segment is one index range; a page that crosses from one to the other reads both.
 */

type CaseRow = Awaited<ReturnType<Tx["portalCase"]["findFirstOrThrow"]>>;

interface SortColumn {
  column: "updatedAt" | "currentPaydate" | "amount" | "receiverName";
  nullable: boolean;
  /** The cursor's JSON value back to the column's type. */
  fromJson: (value: string) => Date | string | bigint;
  toJson: (row: CaseRow) => string | null;
}

const SORT_COLUMNS: Record<CaseSort, SortColumn> = {
  updated: { column: "updatedAt", nullable: false, fromJson: (value) => new Date(value), toJson: (row) => row.updatedAt.toISOString() },
  due: { column: "currentPaydate", nullable: true, fromJson: (value) => value, toJson: (row) => row.currentPaydate },
  amount: { column: "amount", nullable: true, fromJson: (value) => BigInt(value), toJson: (row) => (row.amount === null ? null : row.amount.toString()) },
  name: { column: "receiverName", nullable: true, fromJson: (value) => value, toJson: (row) => row.receiverName },
};

/** Where a page starts: after (or before) this row of this segment (0: with a value, 1: without). */
interface Cursor {
  segment: 0 | 1;
  value: string | null;
  id: string;
}

const cursorSchema = z.tuple([z.union([z.literal(0), z.literal(1)]), z.string().max(300).nullable(), z.string().min(1).max(100)]);

export const encodeCursor = (cursor: Cursor): string => encodeJsonCursor([cursor.segment, cursor.value, cursor.id]);

/** Null for anything that is not a cursor of this sort (a stale or edited link starts at the first page). */
function decodeCursor(text: string, sort: CaseSort): Cursor | null {
  const keys = decodeJsonCursor(text, (value) => cursorSchema.safeParse(value));
  if (!keys) return null;
  const [segment, value, id] = keys;
  if ((segment === 0) !== (value !== null)) return null;
  if (segment === 1 && !SORT_COLUMNS[sort].nullable) return null;
  if (value !== null && !readsAs(sort, value)) return null;
  return { segment, value, id };
}

/** Whether a cursor's sort value reads as the sort column's type (BigInt of "1.5" throws; an unreadable date is NaN). */
function readsAs(sort: CaseSort, value: string): boolean {
  try {
    const typed = SORT_COLUMNS[sort].fromJson(value);
    return !(typed instanceof Date && Number.isNaN(typed.getTime()));
  } catch {
    return false;
  }
}

export interface CasePage {
  rows: CaseRow[];
  /** Cursor of the next page, null on the last. */
  next: string | null;
  /** Cursor of the previous page, null on the first. */
  previous: string | null;
  /** How many cases match, counted up to COUNT_BOUND + 1: more than COUNT_BOUND reads "1,000+". */
  count: number | null;
}

/** The environment and cid of the connection the list is narrowed to (CaseFilters.connection). */
interface ConnectionScope {
  environment: string;
  cid: string;
}

/** The filters' conditions but the organization's, which caseFiltersWhere adds. */
function filterConditions(filters: CaseFilters, now: Date, connection: ConnectionScope | undefined): Prisma.PortalCaseWhereInput[] {
  const and: Prisma.PortalCaseWhereInput[] = [];
  if (filters.code !== undefined) and.push({ code: filters.code });
  if (filters.jobtype !== undefined) and.push({ jobtype: filters.jobtype });
  if (filters.country !== undefined) and.push({ country: filters.country });
  if (filters.environment !== undefined) and.push({ environment: filters.environment });
  if (connection) and.push({ environment: connection.environment, cid: connection.cid });
  if (filters.delivery !== undefined) and.push(undeliveredWhere(filters.delivery, now));
  if (filters.dueFrom !== undefined) and.push({ currentPaydate: { gte: filters.dueFrom } });
  if (filters.dueTo !== undefined) and.push({ currentPaydate: { lte: filters.dueTo } });
  if (filters.amountMin !== undefined) and.push({ amount: { gte: filters.amountMin } });
  if (filters.amountMax !== undefined) and.push({ amount: { lte: filters.amountMax } });
  // searchText is stored lower-cased, so one lower-cased LIKE finds it on both engines.
  if (filters.q) and.push({ searchText: { contains: filters.q.toLowerCase() } });
  return and;
}

function caseFiltersWhere(organizationId: string, filters: CaseFilters, now: Date, connection: ConnectionScope | undefined): Prisma.PortalCaseWhereInput {
  return { AND: [{ organizationId }, ...filterConditions(filters, now, connection)] };
}

/**
 * The connection a list is narrowed to, looked up within the organization: undefined without the
 * filter, null when the id is none of the organization's connections (another organization's, or
 * one since removed), whose cases the list must not show.
 */
async function connectionScope(db: Tx, organizationId: string, filters: CaseFilters): Promise<ConnectionScope | null | undefined> {
  if (filters.connection === undefined) return undefined;
  return db.portalConnection.findFirst({ where: { id: filters.connection, organizationId }, select: { environment: true, cid: true } });
}

/*
 * The delivery filter keeps a few cases among many, and the engines walk a sorted list's own index
 * (organizationId, sort column, id) for an ORDER BY … LIMIT, checking every case of the
 * organization until a page is full: 160–180 ms at 100 000 cases for 9 matches on SQLite, whatever
 * the sort. So with the filter the matches' ids are read first, on the delivery index
 * (organizationId, deliveryStatus, …; undelivered.ts), and the page is read and sorted from those
 * ids by the primary key, without the organization's column (the ids are its own), which would let
 * the planner go back to the sort's index. Up to ID_PATH_BOUND matches, which then are also the
 * count; beyond them the list walks as with any other filter. With the connection filter the ids
 * come from the same index, searched on the organization, status, environment and cid (SQLite's
 * plan, as for the dashboard of one connection), not from the unique (organizationId, environment,
 * cid, jobid), which would read every case of the connection.
 */
async function undeliveredIds(
  db: Tx,
  organizationId: string,
  filters: CaseFilters,
  now: Date,
  connection: ConnectionScope | undefined,
): Promise<string[] | null> {
  if (filters.delivery === undefined) return null;
  const rows = await db.portalCase.findMany({
    where: caseFiltersWhere(organizationId, filters, now, connection),
    select: { id: true },
    take: ID_PATH_BOUND + 1,
  });
  return rows.length > ID_PATH_BOUND ? null : rows.map((row) => row.id);
}

/**
 * The most ids the page is read by. The page's query binds each id and the filter's own values
 * (some ten, with the keyset cursor's), and Prisma's query compiler allows SQLite 999 bind values in
 * one statement, splitting a longer IN list into chunks that an ORDER BY … LIMIT cannot be merged
 * from: at 1,000 ids the list came back wrong or failed. Beyond this the list walks the sort's index,
 * as with any other filter, and is counted as they are.
 */
const ID_PATH_BOUND = 500;

type Walk = "forward" | "backward";

function flip(direction: SortDirection): SortDirection {
  return direction === "asc" ? "desc" : "asc";
}

/** Rows of one segment strictly beyond `from` in the walk's order, at most `take`. */
async function readSegment(
  db: Tx,
  base: Prisma.PortalCaseWhereInput,
  sort: SortColumn,
  direction: SortDirection,
  segment: 0 | 1,
  from: Cursor | null,
  take: number,
): Promise<CaseRow[]> {
  const { column } = sort;
  const beyond = direction === "asc" ? "gt" : "lt";
  const where: Prisma.PortalCaseWhereInput[] = [base];
  if (sort.nullable) where.push({ [column]: segment === 0 ? { not: null } : null });
  if (from) {
    if (segment === 0) {
      const value = sort.fromJson(from.value as string);
      where.push({ OR: [{ [column]: { [beyond]: value } }, { [column]: value, id: { [beyond]: from.id } }] });
    } else {
      where.push({ id: { [beyond]: from.id } });
    }
  }
  const orderBy: Prisma.PortalCaseOrderByWithRelationInput[] = segment === 0 ? [{ [column]: direction }, { id: direction }] : [{ id: direction }];
  return db.portalCase.findMany({ where: { AND: where }, orderBy, take });
}

/**
 * Up to `take` rows beyond the cursor in the list's order (forward) or in reverse (backward),
 * crossing from one segment into the next as needed. Backward rows come out nearest first.
 */
async function walk(db: Tx, base: Prisma.PortalCaseWhereInput, sort: SortColumn, direction: SortDirection, from: Cursor | null, take: number, way: Walk) {
  const segments: (0 | 1)[] = sort.nullable ? [0, 1] : [0];
  const order = way === "forward" ? segments : [...segments].reverse();
  const startAt = from ? order.indexOf(from.segment) : 0;
  const walkDirection = way === "forward" ? direction : flip(direction);
  const rows: { row: CaseRow; segment: 0 | 1 }[] = [];
  for (let index = Math.max(startAt, 0); index < order.length && rows.length < take; index++) {
    const segment = order[index]!;
    const found = await readSegment(db, base, sort, walkDirection, segment, index === startAt ? from : null, take - rows.length);
    for (const row of found) rows.push({ row, segment });
  }
  return rows;
}

function cursorOf(sort: SortColumn, entry: { row: CaseRow; segment: 0 | 1 }): string {
  return encodeCursor({ segment: entry.segment, value: entry.segment === 0 ? sort.toJson(entry.row) : null, id: entry.row.id });
}

export async function listCases(
  db: Tx,
  {
    organizationId,
    params,
    count = false,
    now = new Date(),
  }: {
    organizationId: string;
    params: CaseListParams;
    count?: boolean;
    /** What a long undelivered case's days count to (the delivery filter); caseListNow gives a connection's moved clock. */
    now?: Date;
  },
): Promise<CasePage> {
  const connection = await connectionScope(db, organizationId, params);
  if (connection === null) return { rows: [], next: null, previous: null, count: count ? 0 : null };
  const ids = await undeliveredIds(db, organizationId, params, now, connection);
  const base: Prisma.PortalCaseWhereInput =
    ids === null ? caseFiltersWhere(organizationId, params, now, connection) : { AND: [{ id: { in: ids } }, ...filterConditions(params, now, connection)] };
  const sort = SORT_COLUMNS[params.sort];
  const limit = params.limit;

  // A first page that holds every match is its own count; only a longer list is counted, and
  // then only up to the bound (a rare filter would otherwise scan the organization twice). A
  // count with `take` is ordered (Prisma's default: by id), and no index starts with the
  // organization and the id, so the engine sorted every case of the organization to count the
  // first 1,001: 7–25 ms on the request thread at 46,000 cases on SQLite, every time the list
  // opened. Ordered as the page is, the count walks the sort's own index and stops at the bound.
  const countOf = async (page: { rows: CaseRow[]; complete: boolean }) =>
    !count
      ? null
      : page.complete
        ? page.rows.length
        : ids !== null
          ? ids.length
          : db.portalCase.count({ where: base, take: COUNT_BOUND + 1, orderBy: [{ [sort.column]: params.dir }, { id: params.dir }] });

  const before = params.before ? decodeCursor(params.before, params.sort) : null;
  if (before) {
    const back = await walk(db, base, sort, params.dir, before, limit + 1, "backward");
    // Fewer than a page before the cursor: this is the first page, shown whole.
    if (back.length > limit) {
      const page = back.slice(0, limit).reverse();
      return {
        rows: page.map((entry) => entry.row),
        previous: cursorOf(sort, page[0]!),
        next: cursorOf(sort, page[page.length - 1]!),
        count: await countOf({ rows: [], complete: false }),
      };
    }
  }

  const after = params.after ? decodeCursor(params.after, params.sort) : null;
  const rows = await walk(db, base, sort, params.dir, after, limit + 1, "forward");
  const page = rows.slice(0, limit);
  return {
    rows: page.map((entry) => entry.row),
    next: rows.length > limit ? cursorOf(sort, page[page.length - 1]!) : null,
    previous: after && page.length > 0 ? cursorOf(sort, page[0]!) : null,
    count: await countOf({ rows: page.map((entry) => entry.row), complete: !after && rows.length <= limit }),
  };
}

export type { CaseRow };
export { COUNT_BOUND };
