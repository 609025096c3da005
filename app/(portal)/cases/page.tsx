import Link from "next/link";

import { CaseFilters } from "@/components/portal/cases/case-filters";
import { CaseList, type SortLink } from "@/components/portal/cases/case-list";
import { SavedViews } from "@/components/portal/cases/saved-views";
import { MovedClocks } from "@/components/portal/connections/moved-clocks";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { textLinkClass } from "@/components/ui/text-link";
import { getDb } from "@/lib/db/client";
import { systemClock } from "@/lib/platform/clock";
import { requireUser } from "@/lib/portal/auth/session";
import { caseListSearch } from "@/lib/portal/cases/case-list-links";
import {
  CASE_SORTS,
  DEFAULT_DIRECTION,
  FILTER_FIELDS,
  canonicalCaseSearch,
  caseExportSearch,
  parseCaseListParams,
  viewSearchParams,
  type CaseSort,
} from "@/lib/portal/cases/case-list-params";
import { toCaseSummary, type CaseListView } from "@/lib/portal/cases/case-views";
import { lifecycleChoices } from "@/lib/portal/cases/lifecycle-texts";
import { listCases } from "@/lib/portal/cases/list-cases";
import { listViews } from "@/lib/portal/cases/saved-views";
import { CASE_TEXTS } from "@/lib/portal/cases/texts";
import { connectionName } from "@/lib/portal/connections/connection-name";
import { listConnections } from "@/lib/portal/connections/connections";
import { clockAheadMs, movedTestClocks } from "@/lib/portal/connections/form-connections";
import { CONNECTION_TEXTS } from "@/lib/portal/connections/texts";
import { formatTime } from "@/lib/portal/i18n/format-time";
import { fillText } from "@/lib/portal/i18n/locale";
import { messageText } from "@/lib/portal/i18n/messages";
import { pageMetadata } from "@/lib/portal/shell/page-titles";

export const generateMetadata = () => pageMetadata("cases");

export default async function CasesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireUser("viewer");
  const t = CASE_TEXTS[user.locale];
  const parsed = parseCaseListParams(await searchParams);
  const { params } = parsed;
  // A connection that cannot reach its service, or that its service cannot reach, is why cases
  // stop arriving: said here, where the missing cases are looked for.
  const connections = await listConnections(getDb(), user.organizationId);
  const failing = connections.filter((connection) => connection.receiverError);
  const moved = await movedTestClocks(connections);
  // Narrowed to one connection, the undelivered days count on its moved clock, as its dashboard counts
  // them: the badge's always, the failed-long filter's as the refresh counts them (caseListNow). The
  // clocks are read once here, for the moved clocks' note too. A connection that is none of the
  // organization's lists nothing, and its field says so.
  const listed = params.connection === undefined ? undefined : connections.find((connection) => connection.id === params.connection);
  if (params.connection !== undefined && !listed) parsed.errors.connection = "connection";
  const movedToday = listed ? moved.get(listed.id) : undefined;
  const clockAhead = listed && movedToday ? clockAheadMs(listed, movedToday) : 0;
  const now = new Date(systemClock.now().getTime() + clockAhead);
  const page = await listCases(getDb(), { organizationId: user.organizationId, params, count: true, now });
  const initial: CaseListView = { rows: page.rows.map((row) => toCaseSummary(row, user.locale)), next: page.next, previous: page.previous, count: page.count };

  const view = viewSearchParams(parsed);
  // A header sorts by its column in the column's natural order, and a second click reverses it.
  const sortLinks = Object.fromEntries(
    CASE_SORTS.map((sort): [CaseSort, SortLink] => {
      const current = params.sort === sort;
      const dir = current ? (params.dir === "asc" ? "desc" : "asc") : DEFAULT_DIRECTION[sort];
      const href = `/cases${caseListSearch(view, { sort: sort === "updated" ? undefined : sort, dir: dir === DEFAULT_DIRECTION[sort] ? undefined : dir })}`;
      return [sort, { href, ariaSort: current ? (params.dir === "asc" ? "ascending" : "descending") : undefined }];
    }),
  ) as Record<CaseSort, SortLink>;
  const filtered = FILTER_FIELDS.some((name) => name in params);

  return (
    <div className="space-y-6">
      <PageHeader title={t.title} intro={t.intro} />
      {failing.length > 0 ? (
        // Cases of these connections may be missing from the list below: said at once, not only when read.
        <Notice
          tone="warning"
          role="alert"
          title={t.connectionTrouble}
          details={failing.map((connection) => (
            <>
              <span className="font-medium">{connectionName(connection)}</span>: {messageText(connection.receiverError ?? "", user.locale)}{" "}
              <span className="text-amber-900">
                ({connection.lastContactAt ? fillText(t.lastContactAt, { time: formatTime(connection.lastContactAt, user.locale) ?? "" }) : t.noContact})
              </span>
            </>
          ))}
        >
          {user.role === "admin" ? (
            <p className="mt-1">
              <Link href="/settings/connections" className={textLinkClass}>
                {t.connectionSettings}
              </Link>
            </p>
          ) : null}
        </Notice>
      ) : null}
      <MovedClocks connections={connections} moved={moved} text={CONNECTION_TEXTS[user.locale].movedClocks} locale={user.locale} />
      <SavedViews views={await listViews(getDb(), user)} search={canonicalCaseSearch(params)} texts={t.views} />
      <CaseFilters
        texts={t}
        locale={user.locale}
        parsed={parsed}
        codes={lifecycleChoices(user.locale)}
        connections={connections.map((connection) => ({ id: connection.id, name: connectionName(connection) }))}
      />
      <p className="text-sm">
        {/* A plain link: the browser downloads the file as it streams, with the filters and order of this view. */}
        <a href={`/api/portal/cases/export?${caseExportSearch(params)}`} download className={textLinkClass}>
          {t.csv.download}
        </a>
        <span className="ml-2 text-slate-600">{t.csv.downloadHint}</span>
      </p>
      <CaseList
        texts={t}
        locale={user.locale}
        initial={initial}
        apiSearch={canonicalCaseSearch(params)}
        view={view}
        sortLinks={sortLinks}
        filtered={filtered}
        clockAheadMs={clockAhead}
      />
    </div>
  );
}
