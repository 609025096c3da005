import Link from "next/link";

import { EnvironmentOptions } from "@/components/portal/connections/environment-options";
import { MovedClocks } from "@/components/portal/connections/moved-clocks";
import { BarChart } from "@/components/portal/dashboard/bar-chart";
import { ChartFigure, DashboardSection } from "@/components/portal/dashboard/dashboard-section";
import { Button, buttonClass } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { EmptyState, PageHeader } from "@/components/ui/page-header";
import { Select } from "@/components/ui/select";
import { FigureTable } from "@/components/ui/table";
import { getDb } from "@/lib/db/client";
import { systemClock } from "@/lib/platform/clock";
import { requireUser } from "@/lib/portal/auth/session";
import { LONG_UNDELIVERED_DAYS } from "@/lib/portal/cases/undelivered";
import { connectionName } from "@/lib/portal/connections/connection-name";
import { listConnections } from "@/lib/portal/connections/connections";
import { clockAheadMs, movedTestClocks } from "@/lib/portal/connections/form-connections";
import { CONNECTION_TEXTS } from "@/lib/portal/connections/texts";
import { dashboardScope, DSO_DAYS, getDashboard } from "@/lib/portal/dashboard/get-dashboard";
import { DASHBOARD_TEXTS } from "@/lib/portal/dashboard/texts";
import { formatMoney } from "@/lib/portal/i18n/format-money";
import { formatDate } from "@/lib/portal/i18n/format-time";
import { fillText, LOCALE_TAGS, type Locale } from "@/lib/portal/i18n/locale";
import { pageMetadata } from "@/lib/portal/shell/page-titles";

export const generateMetadata = () => pageMetadata("dashboard");

/** An axis tick in whole units of the currency, grouped as the reader writes numbers ("12 000"). */
const axisValue = (locale: Locale) => (cents: number) => new Intl.NumberFormat(LOCALE_TAGS[locale], { maximumFractionDigits: 0 }).format(cents / 100);

function monthLabel(month: string, locale: Locale): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { month: "short", year: "2-digit", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));
}

export default async function DashboardPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireUser("viewer");
  const t = DASHBOARD_TEXTS[user.locale];
  const db = getDb();
  const connections = await listConnections(db, user.organizationId);
  const { connectionId, ...scope } = dashboardScope(await searchParams, connections);
  const { environment } = scope;
  // The dashboard of one connection whose test clock was moved counts its ages from that date (the
  // service's reminders and interest do). A wider scope keeps the calendar's: its cases may belong to
  // other profiles of the environment, or to connections since removed, which that clock never moved.
  const moved = await movedTestClocks(connections);
  const serviceToday = connectionId ? moved.get(connectionId) : undefined;
  const scoped = connectionId ? connections.find((connection) => connection.id === connectionId) : undefined;
  // Ahead by as much as the case list of the connection and its cases' pages count, in the connection's zone, not the reader's.
  const serviceClock = scoped && serviceToday ? { today: serviceToday, aheadMs: clockAheadMs(scoped, serviceToday) } : undefined;
  const inScope = connections.filter((connection) =>
    connectionId ? connection.id === connectionId : environment ? connection.environment.id === environment : true,
  );
  const dashboard = await getDashboard(db, { organizationId: user.organizationId, scope, locale: user.locale, clock: systemClock, moved: serviceClock });
  // The organization's environments, and the one asked for (a link may name one it has no connection to now).
  const environments = [...new Set([...connections.map((connection) => connection.environment.id), ...(environment ? [environment] : [])])].sort();
  const money = (cents: number, currency: string) => formatMoney(cents, currency, user.locale);
  const nothing = dashboard.ageing.length === 0 && dashboard.collected.length === 0;
  // The list of what the undelivered counts count: one connection's (whose days the list counts on its
  // moved clock, as here), or an environment's.
  const listScope: Record<string, string> = connectionId ? { connection: connectionId } : environment ? { environment } : {};

  return (
    <div className="space-y-10">
      <PageHeader title={t.title} intro={t.intro}>
        <form method="get" className="flex flex-wrap items-end gap-3">
          <Field id="dashboard-environment" label={t.scope}>
            {(aria) => (
              <Select {...aria} name="environment" defaultValue={environment ?? ""}>
                <option value="">{t.allEnvironments}</option>
                <EnvironmentOptions ids={environments} />
              </Select>
            )}
          </Field>
          <Field id="dashboard-connection" label={t.connection}>
            {(aria) => (
              // The hint is under the whole form: it says what the two choices do together.
              <Select {...aria} name="connection" defaultValue={connectionId ?? ""} aria-describedby="dashboard-connection-hint">
                <option value="">{t.allConnections}</option>
                {connections.map((connection) => (
                  <option key={connection.id} value={connection.id}>
                    {connectionName(connection)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Button type="submit" size="sm">
            {t.show}
          </Button>
        </form>
        <p id="dashboard-connection-hint" className="text-sm text-slate-600">
          {t.connectionHint}
        </p>
        <p className="text-sm text-slate-600" data-testid="dashboard-as-of">
          {fillText(serviceToday ? t.asOfTest : t.asOf, { date: formatDate(dashboard.today, user.locale) ?? dashboard.today })}
        </p>
        <MovedClocks connections={inScope} moved={moved} text={CONNECTION_TEXTS[user.locale].movedClocks} locale={user.locale} />
      </PageHeader>

      {nothing ? <EmptyState>{t.empty}</EmptyState> : null}

      {dashboard.undelivered.cases > 0 ? (
        // Not reminded and not sent again by the service: nobody learns of these but here and from their events.
        <Notice tone={dashboard.undelivered.long > 0 ? "error" : "warning"} role="note" title={t.undelivered.title} testId="dashboard-undelivered">
          <p className="mt-1">{t.undelivered.intro}</p>
          <p className="mt-1">{fillText(t.undelivered.cases, { count: dashboard.undelivered.cases })}</p>
          {dashboard.undelivered.long > 0 ? (
            <p className="mt-1 font-semibold">{fillText(t.undelivered.long, { count: dashboard.undelivered.long, days: LONG_UNDELIVERED_DAYS })}</p>
          ) : null}
          <p className="mt-2 flex flex-wrap gap-2">
            <Link href={`/cases?${new URLSearchParams({ delivery: "failed", ...listScope })}`} className={buttonClass({ size: "sm" })}>
              {t.undelivered.show}
            </Link>
            {dashboard.undelivered.long > 0 ? (
              <Link href={`/cases?${new URLSearchParams({ delivery: "failed-long", ...listScope })}`} className={buttonClass({ size: "sm" })}>
                {fillText(t.undelivered.showLong, { days: LONG_UNDELIVERED_DAYS })}
              </Link>
            ) : null}
          </p>
        </Notice>
      ) : null}

      {dashboard.ageing.length > 0 ? (
        <DashboardSection id="ageing" title={t.ageingTitle}>
          {dashboard.ageing.map((row) => (
            <ChartFigure
              key={row.currency}
              chart={{
                unit: row.currency,
                formatValue: axisValue(user.locale),
                bars: row.buckets.map((bucket) => ({ label: t.buckets[bucket.bucket], value: bucket.open, marked: bucket.bucket !== "current" })),
              }}
              table={{
                caption: fillText(t.ageingCaption, { currency: row.currency }),
                testId: `ageing-${row.currency}`,
                headers: [t.bucket, t.cases, t.open],
                rows: row.buckets.map((bucket) => ({
                  key: bucket.bucket,
                  head: t.buckets[bucket.bucket],
                  cells: [bucket.cases, money(bucket.open, row.currency)],
                })),
                foot: [
                  { key: "total", head: t.total, cells: [row.buckets.reduce((sum, bucket) => sum + bucket.cases, 0), money(row.open, row.currency)] },
                  { key: "overdue", head: t.overdue, cells: [null, money(row.overdue, row.currency)] },
                ],
              }}
            />
          ))}
        </DashboardSection>
      ) : null}

      {dashboard.phases.length > 0 ? (
        <DashboardSection id="phases" title={t.phasesTitle}>
          <BarChart
            unit={t.cases}
            whole
            formatValue={(value) => String(value)}
            bars={dashboard.phases.map((phase) => ({ label: phase.code === null ? "—" : String(phase.code), value: phase.cases }))}
          />
          <FigureTable
            caption={t.phasesTitle}
            testId="phases"
            width="min-w-[32rem]"
            headers={[t.phase, t.cases, t.open]}
            rows={dashboard.phases.map((phase) => ({
              key: String(phase.code ?? "none"),
              head: phase.code === null ? t.noCode : `${phase.code} ${phase.text ?? ""}`,
              cells: [phase.cases, phase.open.map((open) => money(open.amount, open.currency)).join(" · ")],
            }))}
          />
        </DashboardSection>
      ) : null}

      {dashboard.collected.length > 0 ? (
        <DashboardSection id="collected" title={t.collectedTitle}>
          {dashboard.collected.map((row) => (
            <ChartFigure
              key={row.currency}
              chart={{
                unit: row.currency,
                formatValue: axisValue(user.locale),
                bars: row.months.map((month, index) => ({
                  label: monthLabel(month.month, user.locale),
                  value: month.amount,
                  marked: index === row.months.length - 1,
                })),
              }}
              table={{
                caption: fillText(t.collectedCaption, { currency: row.currency }),
                testId: `collected-${row.currency}`,
                headers: [t.month, t.payments, t.collected],
                rows: row.months.map((month) => ({
                  key: month.month,
                  head: monthLabel(month.month, user.locale),
                  cells: [month.payments, money(month.amount, row.currency)],
                })),
              }}
            />
          ))}
        </DashboardSection>
      ) : null}

      {dashboard.dso.length > 0 ? (
        <DashboardSection id="dso" title={t.dsoTitle}>
          <p className="text-sm text-slate-700">{fillText(t.dsoExplained, { days: DSO_DAYS })}</p>
          <FigureTable
            caption={t.dsoTitle}
            testId="dso"
            width="min-w-[32rem]"
            headers={[t.currency, t.open, fillText(t.sales, { days: DSO_DAYS }), t.days]}
            rows={dashboard.dso.map((row) => ({
              key: row.currency,
              head: row.currency,
              cells: [money(row.open, row.currency), money(row.sales, row.currency), row.days ?? t.noSales],
            }))}
          />
        </DashboardSection>
      ) : null}
    </div>
  );
}
