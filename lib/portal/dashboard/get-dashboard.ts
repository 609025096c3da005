import { getEngine, type Prisma, type Tx } from "../../db/client";
import { today as calendarToday, type Clock } from "../../platform/clock";
import { ENVIRONMENTS, type EnvironmentId } from "../../spec/environments";
import { lifecycleText } from "../cases/lifecycle-texts";
import { undeliveredWhere } from "../cases/undelivered";
import { addDays } from "../forms/dates";
import { readerTimeZone } from "../i18n/format-time";
import type { Locale } from "../i18n/locale";

/*
 * A credit controller's dashboard: what is open and how overdue, where the cases stand in their
 * lifecycle, what came in each month, and how many days of sales are outstanding; for the whole
 * organization or one environment. Built from the portal's own tables (cases as the events left
 * them, payments summed per month as they were stored), by aggregate queries over indexed ranges,
 * so it does not read the event history. Money stays per currency: euros and kronor never add up.
 * Ages are counted from the case's current due date to the reader's today.
 */

const AGEING_BUCKETS = ["current", "1-30", "31-60", "61-90", "90+"] as const;
type AgeingBucket = (typeof AGEING_BUCKETS)[number];

/** Sales are read over this many days for days sales outstanding. */
export const DSO_DAYS = 90;
/** Months of payments shown, the current one last. */
const COLLECTED_MONTHS = 12;

/** What a dashboard covers: the whole organization, one environment, or one connection (an environment's cid). */
interface DashboardScope {
  environment: EnvironmentId | null;
  /** With environment only. */
  cid: string | null;
}

export interface Dashboard {
  today: string;
  scope: DashboardScope;
  /** Per currency, the open amount (capital, interest and expenses; minor units) and cases in each bucket. */
  ageing: { currency: string; buckets: { bucket: AgeingBucket; cases: number; open: number }[]; open: number; overdue: number }[];
  /** Open cases by lifecycle code, most cases first. */
  phases: { code: number | null; text: string | null; cases: number; open: { currency: string; amount: number }[] }[];
  /** Per currency, the payments of each of the last COLLECTED_MONTHS months (YYYY-MM), oldest first. */
  collected: { currency: string; months: { month: string; amount: number; payments: number }[] }[];
  /** Per currency: open ÷ sales of the last DSO_DAYS days × DSO_DAYS; null without sales. */
  dso: { currency: string; days: number | null; open: number; sales: number }[];
  /**
   * Invoices waiting on a failed delivery, which the service does not remind (cases/undelivered.ts),
   * and of them those whose last failed send is LONG_UNDELIVERED_DAYS old or older.
   */
  undelivered: { cases: number; long: number };
}

function monthsUpTo(date: string, count: number): string[] {
  const [year, month] = date.split("-").map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => {
    const total = year * 12 + (month - 1) - (count - 1 - index);
    return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, "0")}`;
  });
}

interface OpenRow {
  currency: string | null;
  code: number | null;
  /** Index into AGEING_BUCKETS. */
  bucket: number;
  cases: number;
  /** Minor units. */
  open: number;
}

/**
 * The open cases counted and summed by currency, lifecycle code and ageing bucket, in one pass
 * over the organization's cases (the ageing and the phases both come from it): at 100 000 cases
 * five range queries and a grouping took 150 ms on SQLite, one pass about half of it.
 */
async function openCases(db: Tx, organizationId: string, { environment, cid }: DashboardScope, bounds: string[]): Promise<OpenRow[]> {
  const postgres = getEngine() === "postgres";
  const at = (index: number) => (postgres ? `$${index}` : "?");
  const rows = await db.$queryRawUnsafe<
    { currency: string | null; code: number | bigint | null; bucket: number | bigint; cases: number | bigint; open: string | null }[]
  >(
    `SELECT "currency" AS currency, "code" AS code,
       CASE WHEN "currentPaydate" IS NULL OR "currentPaydate" >= ${at(1)} THEN 0
            WHEN "currentPaydate" >= ${at(2)} THEN 1
            WHEN "currentPaydate" >= ${at(3)} THEN 2
            WHEN "currentPaydate" >= ${at(4)} THEN 3
            ELSE 4 END AS bucket,
       COUNT(*) AS cases,
       CAST(SUM("openCapital" + COALESCE("interest", 0) + COALESCE("expenses", 0)) AS TEXT) AS open
     FROM "PortalCase"
     WHERE "organizationId" = ${at(5)} AND "openCapital" > 0${environment ? ` AND "environment" = ${at(6)}` : ""}${environment && cid !== null ? ` AND "cid" = ${at(7)}` : ""}
     GROUP BY "currency", "code", 3`,
    ...bounds,
    organizationId,
    ...(environment ? [environment] : []),
    ...(environment && cid !== null ? [cid] : []),
  );
  return rows.map((row) => ({
    currency: row.currency,
    code: row.code === null ? null : Number(row.code),
    bucket: Number(row.bucket),
    cases: Number(row.cases),
    open: Number(row.open ?? 0),
  }));
}

export async function getDashboard(
  db: Tx,
  {
    organizationId,
    scope,
    locale,
    clock,
    moved,
  }: {
    organizationId: string;
    scope: DashboardScope;
    locale: Locale;
    clock: Clock;
    /**
     * The scope's service clock when a test profile's was moved: its date, from which its cases'
     * ages count, and how far it is ahead of the calendar in the connection's own zone
     * (clockAheadMs), by which its undelivered days count as its case list and a case's page count them.
     */
    moved?: { today: string; aheadMs: number };
  },
): Promise<Dashboard> {
  const today = moved?.today ?? calendarToday(clock, readerTimeZone(locale));
  const daysAgo = (days: number) => addDays(today, -days)!;
  const months = monthsUpTo(today, COLLECTED_MONTHS);
  const within = scope.environment ? { environment: scope.environment, ...(scope.cid !== null ? { cid: scope.cid } : {}) } : {};
  const cases: Prisma.PortalCaseWhereInput = { organizationId, ...within };
  // Bucket bounds on the due date: current (not yet due, or no due date), then 1–30 days overdue, …
  const bounds = [today, daysAgo(30), daysAgo(60), daysAgo(90)];
  // A failed send's time is the service's: on a test profile whose clock was moved, the days count on its clock.
  const now = new Date(clock.now().getTime() + (moved?.aheadMs ?? 0));
  const [openRows, salesRows, collectedRows, undeliveredCases, longUndelivered] = await Promise.all([
    openCases(db, organizationId, scope, bounds),
    db.portalCase.groupBy({
      by: ["currency"],
      // When the portal stored the case is a calendar time, whatever a test clock says: the window is the calendar's.
      where: { ...cases, amount: { gt: 0 }, createdAt: { gte: new Date(`${addDays(calendarToday(clock, readerTimeZone(locale)), -DSO_DAYS)!}T00:00:00Z`) } },
      _sum: { amount: true },
    }),
    db.portalCollectedMonth.findMany({ where: { organizationId, ...within, month: { gte: months[0]! } } }),
    db.portalCase.count({ where: { AND: [cases, undeliveredWhere("failed", now)] } }),
    db.portalCase.count({ where: { AND: [cases, undeliveredWhere("failed-long", now)] } }),
  ]);

  const currencies = [
    ...new Set([...openRows, ...collectedRows, ...salesRows].map((row) => row.currency).filter((currency): currency is string => Boolean(currency))),
  ].sort();

  const ageing = currencies
    .map((currency) => {
      const buckets = AGEING_BUCKETS.map((bucket, index) => {
        const rows = openRows.filter((row) => row.currency === currency && row.bucket === index);
        return { bucket, cases: rows.reduce((sum, row) => sum + row.cases, 0), open: rows.reduce((sum, row) => sum + row.open, 0) };
      });
      const total = buckets.reduce((sum, bucket) => sum + bucket.open, 0);
      return { currency, buckets, open: total, overdue: total - buckets[0]!.open };
    })
    .filter((row) => row.buckets.some((bucket) => bucket.cases > 0));

  const byCode = new Map<number | null, Dashboard["phases"][number]>();
  for (const row of openRows) {
    const phase = byCode.get(row.code) ?? { code: row.code, text: lifecycleText(row.code, locale), cases: 0, open: [] };
    phase.cases += row.cases;
    if (row.currency) {
      const sum = phase.open.find((entry) => entry.currency === row.currency);
      if (sum) sum.amount += row.open;
      else phase.open.push({ currency: row.currency, amount: row.open });
    }
    byCode.set(row.code, phase);
  }
  for (const phase of byCode.values()) phase.open.sort((a, b) => a.currency.localeCompare(b.currency));
  const phases = [...byCode.values()].sort((a, b) => b.cases - a.cases || (a.code ?? -1) - (b.code ?? -1));

  const collected = currencies
    .map((currency) => ({
      currency,
      months: months.map((month) => {
        const rows = collectedRows.filter((row) => row.currency === currency && row.month === month);
        return { month, amount: rows.reduce((sum, row) => sum + Number(row.amount), 0), payments: rows.reduce((sum, row) => sum + row.payments, 0) };
      }),
    }))
    .filter((row) => row.months.some((month) => month.payments > 0));

  const dso = ageing.map(({ currency, open: openAmount }) => {
    const sales = Number(salesRows.find((row) => row.currency === currency)?._sum.amount ?? 0n);
    return { currency, days: sales > 0 ? Math.round((openAmount / sales) * DSO_DAYS) : null, open: openAmount, sales };
  });

  return { today, scope, ageing, phases, collected, dso, undelivered: { cases: undeliveredCases, long: longUndelivered } };
}

/**
 * The scope a dashboard link names: `environment=fin-test` for one environment, `connection=<id>` for
 * one of the organization's connections (read from its own list, so another organization's id names
 * nothing), else the whole organization.
 */
export function dashboardScope(
  params: { environment?: string | string[]; connection?: string | string[] },
  connections: readonly { id: string; environment: { id: EnvironmentId }; cid: string }[],
): DashboardScope & { connectionId: string | null } {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const connection = connections.find((candidate) => candidate.id === first(params.connection));
  if (connection) return { environment: connection.environment.id, cid: connection.cid, connectionId: connection.id };
  const text = first(params.environment);
  const environment = ENVIRONMENTS.some((candidate) => candidate.id === text) ? (text as EnvironmentId) : null;
  return { environment, cid: null, connectionId: null };
}
