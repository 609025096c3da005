"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";

import { buttonClass } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { EmptyState } from "@/components/ui/page-header";
import { ColumnHeader, DataCell, DataRow, Table, TableHead } from "@/components/ui/table";
import { caseListSearch } from "@/lib/portal/cases/case-list-links";
import type { CaseSort } from "@/lib/portal/cases/case-list-params";
import { COUNT_BOUND, openTotal, type CaseListView, type CaseSummary } from "@/lib/portal/cases/case-views";
import type { CaseTexts } from "@/lib/portal/cases/texts";
import { formatMoney } from "@/lib/portal/i18n/format-money";
import { formatDate, formatTime } from "@/lib/portal/i18n/format-time";
import { fillText, type Locale, LOCALE_TAGS } from "@/lib/portal/i18n/locale";

import { UndeliveredBadge } from "./undelivered-notice";

/*
 * The case list, refreshed every few seconds and on window focus from the JSON route with exactly
 * the parameters the page parsed, so a case that an event moves changes in place without a reload.
 * The server rendered the first page; that render is the query's initial data.
 */

export interface SortLink {
  href: string;
  /** aria-sort of the column's header: only the sorted column has one. */
  ariaSort?: "ascending" | "descending";
}

const REFRESH_MS = 2500;

async function fetchCases(search: string): Promise<CaseListView> {
  const response = await fetch(`/api/portal/cases?${search}`, { headers: { accept: "application/json" }, cache: "no-store" });
  if (!response.ok) throw new Error(`cases ${response.status}`);
  return (await response.json()) as CaseListView;
}

export function CaseList({
  texts,
  locale,
  initial,
  apiSearch,
  view,
  sortLinks,
  filtered,
  clockAheadMs = 0,
}: {
  texts: CaseTexts;
  locale: Locale;
  initial: CaseListView;
  /** Canonical query string of the view and its cursor, for the JSON route. */
  apiSearch: string;
  /** The view's URL parameters without the cursor, for the paging links. */
  view: Record<string, string>;
  sortLinks: Record<CaseSort, SortLink>;
  filtered: boolean;
  /** How far the clock the list's undelivered days count on is ahead of the calendar (a connection's moved test clock). */
  clockAheadMs?: number;
}) {
  const query = useQuery({
    queryKey: ["cases", apiSearch],
    queryFn: () => fetchCases(apiSearch),
    initialData: initial,
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  const data = query.data;
  const t = texts;

  const countText =
    data.count === null
      ? null
      : data.count > COUNT_BOUND
        ? fillText(t.countMore, { count: new Intl.NumberFormat(LOCALE_TAGS[locale]).format(COUNT_BOUND) })
        : data.count === 1
          ? t.countOne
          : fillText(t.count, { count: data.count });

  const header = (sort: CaseSort | null, label: string, { numeric = false, layout = "" }: { numeric?: boolean; layout?: string } = {}) => {
    const link = sort ? sortLinks[sort] : null;
    return (
      <ColumnHeader sort={link?.ariaSort} nowrap numeric={numeric} layout={layout}>
        {link ? (
          <Link
            href={link.href}
            className="inline-flex items-center gap-1 rounded text-blue-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700"
          >
            {label}
            <span aria-hidden="true" className="text-xs">
              {link.ariaSort === "ascending" ? "▲" : link.ariaSort === "descending" ? "▼" : "↕"}
            </span>
            <span className="sr-only">
              {" "}
              ({fillText(t.sortBy, { column: label })}
              {link.ariaSort ? `, ${link.ariaSort === "ascending" ? t.ascending : t.descending}` : ""})
            </span>
          </Link>
        ) : (
          label
        )}
      </ColumnHeader>
    );
  };

  return (
    <section aria-labelledby="case-list-heading" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="case-list-heading" className="text-lg font-semibold">
          {countText ?? t.title}
        </h2>
        <p className="text-xs text-slate-600">
          <span aria-hidden="true" className={`mr-1 inline-block h-2 w-2 rounded-full ${query.isError ? "bg-amber-500" : "bg-green-600"}`} />
          {t.live}
        </p>
      </div>
      {query.isError ? (
        // The list stopped refreshing: said at once, as what is shown may be out of date.
        <Notice tone="warning" role="alert">
          {t.loadError}
        </Notice>
      ) : null}
      {data.rows.length === 0 ? (
        <EmptyState>{filtered ? t.emptyFiltered : t.empty}</EmptyState>
      ) : (
        <Table caption={countText ?? t.title} framed>
          <TableHead>
            {header("name", t.columns.receiver)}
            {header(null, t.columns.billnum, { layout: "hidden md:table-cell" })}
            {header(null, t.columns.reference, { layout: "hidden lg:table-cell" })}
            {header(null, t.columns.code)}
            {header(null, t.columns.jobtype, { layout: "hidden xl:table-cell" })}
            {header(null, t.columns.environment, { layout: "hidden lg:table-cell" })}
            {header("due", t.columns.due)}
            {header("amount", t.columns.amount, { numeric: true })}
            {header(null, t.columns.open, { numeric: true, layout: "hidden md:table-cell" })}
            {header("updated", t.columns.updated, { layout: "hidden sm:table-cell" })}
          </TableHead>
          <tbody>
            {data.rows.map((row) => (
              <CaseListRow key={row.id} row={row} texts={t} locale={locale} clockAheadMs={clockAheadMs} />
            ))}
          </tbody>
        </Table>
      )}
      {data.previous || data.next ? (
        <nav aria-label={t.pages} className="flex flex-wrap gap-2">
          {data.previous ? (
            <>
              <PageLink href={`/cases${caseListSearch(view, {})}`}>{t.first}</PageLink>
              <PageLink href={`/cases${caseListSearch(view, { before: data.previous })}`}>{`← ${t.previous}`}</PageLink>
            </>
          ) : null}
          {data.next ? <PageLink href={`/cases${caseListSearch(view, { after: data.next })}`}>{`${t.next} →`}</PageLink> : null}
        </nav>
      ) : null}
    </section>
  );
}

function PageLink({ href, children }: { href: string; children: string }) {
  return (
    <Link href={href} className={buttonClass({ size: "sm" })}>
      {children}
    </Link>
  );
}

function CaseListRow({ row, texts: t, locale, clockAheadMs }: { row: CaseSummary; texts: CaseTexts; locale: Locale; clockAheadMs: number }) {
  const open = openTotal(row);
  return (
    <DataRow hover>
      <DataCell>
        <Link
          href={`/cases/${row.id}`}
          className="font-medium text-blue-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700"
        >
          {row.receiverName ?? fillText(t.caseTitle, { jobid: row.jobid })}
        </Link>
        {/* On narrow screens the hidden columns' key facts go under the name. */}
        <span className="block text-xs text-slate-600 md:hidden">{[row.billnum, row.reference].filter(Boolean).join(" · ")}</span>
      </DataCell>
      <DataCell mono layout="hidden md:table-cell">
        {row.billnum ?? t.unknown}
      </DataCell>
      <DataCell mono layout="hidden break-all lg:table-cell">
        {row.reference ?? t.unknown}
      </DataCell>
      <DataCell>
        {row.code === null ? (
          t.unknown
        ) : (
          <>
            <span className="font-mono">{row.code}</span> <span>{row.codeText}</span>
          </>
        )}
        <UndeliveredBadge row={row} texts={t} clockAheadMs={clockAheadMs} />
      </DataCell>
      <DataCell layout="hidden xl:table-cell">{row.jobtype === null ? t.unknown : (t.jobtypes[row.jobtype] ?? String(row.jobtype))}</DataCell>
      <DataCell mono layout="hidden lg:table-cell">
        {row.environment}
      </DataCell>
      <DataCell nowrap>{formatDate(row.currentPaydate, locale) ?? t.unknown}</DataCell>
      <DataCell numeric nowrap>
        {formatMoney(row.amount, row.currency, locale) ?? t.unknown}
      </DataCell>
      <DataCell numeric nowrap layout="hidden md:table-cell">
        {formatMoney(open, row.currency, locale) ?? t.unknown}
      </DataCell>
      <DataCell nowrap layout="hidden sm:table-cell">
        <time dateTime={row.updatedAt} suppressHydrationWarning>
          {formatTime(row.updatedAt, locale)}
        </time>
      </DataCell>
    </DataRow>
  );
}
