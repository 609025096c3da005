"use client";

import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";

import { buttonClass } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { openTotal, type CaseDetailView } from "@/lib/portal/cases/case-views";
import type { CaseTexts } from "@/lib/portal/cases/texts";
import { formatMoney } from "@/lib/portal/i18n/format-money";
import { formatDate } from "@/lib/portal/i18n/format-time";
import { fillText, type Locale } from "@/lib/portal/i18n/locale";

import { BalanceChart } from "./balance-chart";
import { CaseDecisions, type DecisionActions } from "./case-decisions";
import { CaseTimeline } from "./case-timeline";
import { DuplicateInvoiceButton, type DuplicateInvoice } from "./duplicate-invoice-button";
import type { RevealPersonalId } from "./personal-id-value";
import { PostedData } from "./posted-data";
import { SentDocumentsList } from "./sent-documents";
import { TestControls, type TestActions } from "./test-controls";
import { UndeliveredNotice, type ResendEInvoice } from "./undelivered-notice";

/*
 * A case page's live part: the header, the chart and the timeline refresh every few seconds (and
 * on window focus) from the JSON route, so events appear as the receiver stores them. The test
 * controls invalidate the same query after they act.
 */

const REFRESH_MS = 2500;

function caseQueryKey(caseId: string) {
  return ["case", caseId] as const;
}

async function fetchCase(caseId: string): Promise<CaseDetailView> {
  const response = await fetch(`/api/portal/cases/${encodeURIComponent(caseId)}`, { headers: { accept: "application/json" }, cache: "no-store" });
  if (!response.ok) throw new Error(`case ${response.status}`);
  return (await response.json()) as CaseDetailView;
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-600 uppercase">{label}</dt>
      <dd className="text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

export function CaseDetail({
  initial,
  texts: t,
  locale,
  hasPdf,
  testActions,
  decisions,
  revealPersonalId,
  duplicateInvoice,
  resendEInvoice,
  clockAheadMs = 0,
}: {
  initial: CaseDetailView;
  texts: CaseTexts;
  locale: Locale;
  /** Whether the organization has a connection to fetch the job's PDF through. */
  hasPdf: boolean;
  testActions?: TestActions;
  /** A clerk's decisions and the date they are made on (a test profile's clock date). */
  decisions?: { actions: DecisionActions; today: string };
  /** Shows a personal id whole, recorded; only for roles that may (clerk, admin). */
  revealPersonalId?: RevealPersonalId;
  /** Makes a new invoice's draft from the posted one; only for roles that may post (clerk, admin). */
  duplicateInvoice?: DuplicateInvoice;
  /** Sends a refused e-invoice again; only where a clerk's decisions are (a connection, clerk or admin). */
  resendEInvoice?: ResendEInvoice;
  /** How far the case's service clock is ahead of the calendar (a test profile's moved clock). */
  clockAheadMs?: number;
}) {
  const caseId = initial.summary.id;
  const query = useQuery({
    queryKey: caseQueryKey(caseId),
    queryFn: () => fetchCase(caseId),
    initialData: initial,
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  const { summary, timeline, balance, job } = query.data;
  const money = (cents: number | null) => formatMoney(cents, summary.currency, locale) ?? t.unknown;
  const dash = (value: string | null) => value ?? t.unknown;
  // A letter (301) is a document, not a receivable: nothing is owed, so no money panels or payment controls.
  const letter = summary.jobtype === 301 || summary.code === 301;

  return (
    <div className="space-y-8">
      <header className="space-y-3">
        <h1 className="text-2xl font-semibold break-words">{summary.receiverName ?? fillText(t.caseTitle, { jobid: summary.jobid })}</h1>
        <p className="text-lg" data-testid="case-lifecycle">
          <span className="sr-only">{t.lifecycle}: </span>
          {summary.code === null ? (
            t.unknown
          ) : (
            <>
              <span className="rounded bg-blue-100 px-2 py-0.5 font-mono text-blue-900">{summary.code}</span> <span>{summary.codeText}</span>
            </>
          )}
        </p>
        <UndeliveredNotice
          summary={summary}
          timeline={timeline}
          texts={t}
          locale={locale}
          resend={resendEInvoice}
          onResent={() => query.refetch()}
          clockAheadMs={clockAheadMs}
        />
        {query.isError ? (
          // The timeline stopped refreshing: said at once, as what is shown may be out of date.
          <Notice tone="warning" role="alert">
            {t.timelineError}
          </Notice>
        ) : null}
      </header>

      <section aria-labelledby="details-heading" className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-3 rounded border border-slate-200 bg-white p-4">
          <h2 id="details-heading" className="text-base font-semibold">
            {t.details}
          </h2>
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <Item label={t.billnum}>
              <span className="font-mono">{dash(summary.billnum)}</span>
            </Item>
            <Item label={t.reference}>
              <span className="font-mono">{dash(summary.reference)}</span>
            </Item>
            <Item label={t.ownref}>{dash(summary.documentid)}</Item>
            <Item label={t.jobid}>
              <span className="font-mono">{summary.jobid}</span>
            </Item>
            <Item label={t.environment}>
              <span className="font-mono">{summary.environment}</span> · {summary.cid}
            </Item>
            <Item label={t.jobtype}>{summary.jobtype === null ? t.unknown : (t.jobtypes[summary.jobtype] ?? String(summary.jobtype))}</Item>
            <Item label={t.sendtype}>{dash(summary.sendtype)}</Item>
            <Item label={t.delivery}>
              {[summary.deliveryChannel, summary.deliveryStatus && (t.deliveryStatuses[summary.deliveryStatus] ?? summary.deliveryStatus)]
                .filter(Boolean)
                .join(": ") || t.unknown}
            </Item>
            <Item label={t.paydate}>{formatDate(summary.paydate, locale) ?? t.unknown}</Item>
            <Item label={t.currentPaydate}>{formatDate(summary.currentPaydate, locale) ?? t.unknown}</Item>
          </dl>
        </div>
        <div className="space-y-3 rounded border border-slate-200 bg-white p-4">
          {letter ? null : (
            <>
              <h2 className="text-base font-semibold">{t.openAmounts}</h2>
              <dl className="grid grid-cols-2 gap-3" data-testid="open-amounts">
                <Item label={t.amount}>{money(summary.amount)}</Item>
                <Item label={t.openCapital}>{money(summary.openCapital)}</Item>
                <Item label={t.interest}>{money(summary.interest)}</Item>
                <Item label={t.expenses}>{money(summary.expenses)}</Item>
                <Item label={t.openTotal}>
                  <strong>{money(openTotal(summary))}</strong>
                </Item>
              </dl>
            </>
          )}
          {hasPdf ? (
            <p>
              <a href={`/api/portal/cases/${encodeURIComponent(caseId)}/pdf`} target="_blank" rel="noopener" className={buttonClass({ size: "sm" })}>
                {t.pdf}
              </a>
            </p>
          ) : null}
        </div>
      </section>

      {decisions ? <CaseDecisions summary={summary} today={decisions.today} actions={decisions.actions} texts={t} locale={locale} /> : null}
      {testActions && !letter ? <TestControls summary={summary} actions={testActions} texts={t} locale={locale} /> : null}

      <div className="grid gap-8 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <CaseTimeline entries={timeline} truncated={query.data.timelineTruncated} texts={t} locale={locale} currency={summary.currency} />
        <div className="space-y-8">
          {letter ? null : <BalanceChart points={balance} currency={summary.currency} locale={locale} texts={t} />}
          {/* Read from the service over the case's connection: less often than the case itself. */}
          {hasPdf ? <SentDocumentsList caseId={caseId} texts={t} locale={locale} refreshMs={REFRESH_MS * 6} /> : null}
          <section aria-labelledby="job-heading" className="space-y-2">
            <h2 id="job-heading" className="text-lg font-semibold">
              {t.job}
            </h2>
            {duplicateInvoice &&
            job &&
            typeof job === "object" &&
            !Array.isArray(job) &&
            ["0", "300"].includes(String((job as Record<string, unknown>).jobtype)) ? (
              <DuplicateInvoiceButton caseId={caseId} duplicate={duplicateInvoice} label={t.duplicate.button} />
            ) : null}
            {job && typeof job === "object" && !Array.isArray(job) ? (
              <PostedData job={job as Record<string, unknown>} locale={locale} personalIds={{ caseId, reveal: revealPersonalId, texts: t.personalId }} />
            ) : (
              <p className="text-sm text-slate-700">{t.jobNone}</p>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
