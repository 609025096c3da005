import type { Metadata } from "next";

import { BarChart } from "@/components/portal/dashboard/bar-chart";
import { getDb } from "@/lib/db/client";
import { systemClock } from "@/lib/platform/clock";
import { requireUser } from "@/lib/portal/auth/session";
import { listConnections } from "@/lib/portal/connections/connections";
import { dashboardEnvironment, DSO_DAYS, getDashboard } from "@/lib/portal/dashboard/get-dashboard";
import { DASHBOARD_TEXTS } from "@/lib/portal/dashboard/texts";
import { formatMoney } from "@/lib/portal/i18n/format-money";
import { formatDate } from "@/lib/portal/i18n/format-time";
import { fillText, LOCALE_TAGS, type Locale } from "@/lib/portal/i18n/locale";

export const metadata: Metadata = { title: "Dashboard" };

const cell = "px-3 py-1.5";
const number = `${cell} text-right tabular-nums`;

/** An axis tick in whole units of the currency, grouped as the reader writes numbers ("12 000"). */
const axisValue = (locale: Locale) => (cents: number) => new Intl.NumberFormat(LOCALE_TAGS[locale], { maximumFractionDigits: 0 }).format(cents / 100);

function monthLabel(month: string, locale: Locale): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { month: "short", year: "2-digit", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));
}

export default async function DashboardPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireUser("viewer");
  const t = DASHBOARD_TEXTS[user.locale];
  const db = getDb();
  const environment = dashboardEnvironment((await searchParams).environment);
  const [dashboard, connections] = await Promise.all([
    getDashboard(db, { organizationId: user.organizationId, environment, locale: user.locale, clock: systemClock }),
    listConnections(db, user.organizationId),
  ]);
  // The organization's environments, and the one asked for (a link may name one it has no connection to now).
  const environments = [...new Set([...connections.map((connection) => connection.environment.id), ...(environment ? [environment] : [])])].sort();
  const money = (cents: number, currency: string) => formatMoney(cents, currency, user.locale);
  const nothing = dashboard.ageing.length === 0 && dashboard.collected.length === 0;

  return (
    <div className="space-y-10">
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold">{t.title}</h1>
        <p className="max-w-3xl text-slate-700">{t.intro}</p>
        <form method="get" className="flex flex-wrap items-end gap-3">
          <label className="text-sm">
            <span className="block font-medium">{t.scope}</span>
            <select name="environment" defaultValue={environment ?? ""} className="mt-1 rounded border border-slate-400 bg-white px-2 py-1.5 text-sm">
              <option value="">{t.allEnvironments}</option>
              {environments.map((id) => (
                <option key={id} value={id}>
                  {id}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="rounded border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-700">
            {t.show}
          </button>
        </form>
        <p className="text-sm text-slate-600">{fillText(t.asOf, { date: formatDate(dashboard.today, user.locale) ?? dashboard.today })}</p>
      </header>

      {nothing ? <p className="rounded border border-dashed border-slate-300 bg-white p-6 text-slate-700">{t.empty}</p> : null}

      {dashboard.ageing.length > 0 ? (
        <section aria-labelledby="ageing-heading" className="space-y-4">
          <h2 id="ageing-heading" className="text-lg font-semibold">
            {t.ageingTitle}
          </h2>
          {dashboard.ageing.map((row) => (
            <figure key={row.currency} className="space-y-2">
              <figcaption className="text-sm font-medium">{fillText(t.ageingCaption, { currency: row.currency })}</figcaption>
              <BarChart
                unit={row.currency}
                formatValue={axisValue(user.locale)}
                bars={row.buckets.map((bucket) => ({ label: t.buckets[bucket.bucket], value: bucket.open, marked: bucket.bucket !== "current" }))}
              />
              <table className="min-w-[24rem] border-collapse bg-white text-sm" data-testid={`ageing-${row.currency}`}>
                <caption className="sr-only">{fillText(t.ageingCaption, { currency: row.currency })}</caption>
                <thead>
                  <tr className="border-b border-slate-300 text-left">
                    <th scope="col" className={cell}>
                      {t.bucket}
                    </th>
                    <th scope="col" className={`${cell} text-right`}>
                      {t.cases}
                    </th>
                    <th scope="col" className={`${cell} text-right`}>
                      {t.open}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {row.buckets.map((bucket) => (
                    <tr key={bucket.bucket} className="border-b border-slate-200">
                      <th scope="row" className={`${cell} text-left font-normal`}>
                        {t.buckets[bucket.bucket]}
                      </th>
                      <td className={number}>{bucket.cases}</td>
                      <td className={number}>{money(bucket.open, row.currency)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr className="font-medium">
                    <th scope="row" className={`${cell} text-left`}>
                      {t.total}
                    </th>
                    <td className={number}>{row.buckets.reduce((sum, bucket) => sum + bucket.cases, 0)}</td>
                    <td className={number}>{money(row.open, row.currency)}</td>
                  </tr>
                  <tr>
                    <th scope="row" className={`${cell} text-left font-normal`}>
                      {t.overdue}
                    </th>
                    <td className={number} />
                    <td className={number}>{money(row.overdue, row.currency)}</td>
                  </tr>
                </tfoot>
              </table>
            </figure>
          ))}
        </section>
      ) : null}

      {dashboard.phases.length > 0 ? (
        <section aria-labelledby="phases-heading" className="space-y-3">
          <h2 id="phases-heading" className="text-lg font-semibold">
            {t.phasesTitle}
          </h2>
          <BarChart unit={t.cases} whole formatValue={(value) => String(value)} bars={dashboard.phases.map((phase) => ({ label: phase.code === null ? "—" : String(phase.code), value: phase.cases }))} />
          <table className="min-w-[32rem] border-collapse bg-white text-sm" data-testid="phases">
            <caption className="sr-only">{t.phasesTitle}</caption>
            <thead>
              <tr className="border-b border-slate-300 text-left">
                <th scope="col" className={cell}>
                  {t.phase}
                </th>
                <th scope="col" className={`${cell} text-right`}>
                  {t.cases}
                </th>
                <th scope="col" className={`${cell} text-right`}>
                  {t.open}
                </th>
              </tr>
            </thead>
            <tbody>
              {dashboard.phases.map((phase) => (
                <tr key={phase.code ?? "none"} className="border-b border-slate-200">
                  <th scope="row" className={`${cell} text-left font-normal`}>
                    {phase.code === null ? t.noCode : `${phase.code} ${phase.text ?? ""}`}
                  </th>
                  <td className={number}>{phase.cases}</td>
                  <td className={number}>{phase.open.map((open) => money(open.amount, open.currency)).join(" · ")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}

      {dashboard.collected.length > 0 ? (
        <section aria-labelledby="collected-heading" className="space-y-4">
          <h2 id="collected-heading" className="text-lg font-semibold">
            {t.collectedTitle}
          </h2>
          {dashboard.collected.map((row) => (
            <figure key={row.currency} className="space-y-2">
              <figcaption className="text-sm font-medium">{fillText(t.collectedCaption, { currency: row.currency })}</figcaption>
              <BarChart
                unit={row.currency}
                formatValue={axisValue(user.locale)}
                bars={row.months.map((month, index) => ({ label: monthLabel(month.month, user.locale), value: month.amount, marked: index === row.months.length - 1 }))}
              />
              <table className="min-w-[24rem] border-collapse bg-white text-sm" data-testid={`collected-${row.currency}`}>
                <caption className="sr-only">{fillText(t.collectedCaption, { currency: row.currency })}</caption>
                <thead>
                  <tr className="border-b border-slate-300 text-left">
                    <th scope="col" className={cell}>
                      {t.month}
                    </th>
                    <th scope="col" className={`${cell} text-right`}>
                      {t.payments}
                    </th>
                    <th scope="col" className={`${cell} text-right`}>
                      {t.collected}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {row.months.map((month) => (
                    <tr key={month.month} className="border-b border-slate-200">
                      <th scope="row" className={`${cell} text-left font-normal`}>
                        {monthLabel(month.month, user.locale)}
                      </th>
                      <td className={number}>{month.payments}</td>
                      <td className={number}>{money(month.amount, row.currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </figure>
          ))}
        </section>
      ) : null}

      {dashboard.dso.length > 0 ? (
        <section aria-labelledby="dso-heading" className="space-y-2">
          <h2 id="dso-heading" className="text-lg font-semibold">
            {t.dsoTitle}
          </h2>
          <p className="text-sm text-slate-700">{fillText(t.dsoExplained, { days: DSO_DAYS })}</p>
          <table className="min-w-[32rem] border-collapse bg-white text-sm" data-testid="dso">
            <caption className="sr-only">{t.dsoTitle}</caption>
            <thead>
              <tr className="border-b border-slate-300 text-left">
                <th scope="col" className={cell}>
                  {t.currency}
                </th>
                <th scope="col" className={`${cell} text-right`}>
                  {t.open}
                </th>
                <th scope="col" className={`${cell} text-right`}>
                  {fillText(t.sales, { days: DSO_DAYS })}
                </th>
                <th scope="col" className={`${cell} text-right`}>
                  {t.days}
                </th>
              </tr>
            </thead>
            <tbody>
              {dashboard.dso.map((row) => (
                <tr key={row.currency} className="border-b border-slate-200">
                  <th scope="row" className={`${cell} text-left font-normal`}>
                    {row.currency}
                  </th>
                  <td className={number}>{money(row.open, row.currency)}</td>
                  <td className={number}>{money(row.sales, row.currency)}</td>
                  <td className={number}>{row.days ?? t.noSales}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </div>
  );
}

