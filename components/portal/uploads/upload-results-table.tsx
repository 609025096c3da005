import Link from "next/link";

import { textLinkClass } from "@/components/ui/text-link";
import { exactCents } from "@/lib/payment-data/amounts";
import { problemInWords } from "@/lib/portal/forms/field-words";
import { formatMoney } from "@/lib/portal/i18n/format-money";
import { fillText, type Locale } from "@/lib/portal/i18n/locale";
import type { UploadTexts } from "@/lib/portal/uploads/texts";
import { summariseRows, type UploadResultRow } from "@/lib/portal/uploads/upload-results";

/* The per-document results of a bulk upload: one row per job, the reasons of each rejection. */

export function UploadSummaryLine({ rows, texts }: { rows: readonly UploadResultRow[]; texts: UploadTexts }) {
  const summary = summariseRows(rows);
  return (
    <p className="text-base font-semibold text-slate-900" data-testid="upload-summary">
      {fillText(texts.summary, { accepted: summary.accepted, rejected: summary.rejected })}
    </p>
  );
}

export function UploadResultsTable({
  rows,
  currency,
  texts,
  locale,
}: {
  rows: readonly UploadResultRow[];
  currency: string | null;
  texts: UploadTexts;
  locale: Locale;
}) {
  const th = "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-700";
  const td = "px-3 py-2 align-top text-sm text-slate-900";
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200">
        <caption className="px-3 py-2 text-left text-sm text-slate-700">{texts.resultsCaption}</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={th}>
              {texts.columns.index}
            </th>
            <th scope="col" className={th}>
              {texts.columns.result}
            </th>
            <th scope="col" className={th}>
              {texts.columns.jobid}
            </th>
            <th scope="col" className={th}>
              {texts.columns.reference}
            </th>
            <th scope="col" className={th}>
              {texts.columns.receiver}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {texts.columns.amount}
            </th>
            <th scope="col" className={th}>
              {texts.columns.reasons}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr
              key={row.index}
              data-testid="upload-result-row"
              data-accepted={row.accepted ? "true" : "false"}
              className={row.accepted ? undefined : "bg-red-50/60"}
            >
              <th scope="row" className={`${td} text-left font-mono font-normal`}>
                {row.index}
              </th>
              <td className={td}>
                <span
                  className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${row.accepted ? "bg-emerald-100 text-emerald-900" : "bg-red-100 text-red-900"}`}
                >
                  {row.accepted ? (row.notice ? texts.acceptedWithNotice : texts.accepted) : texts.rejected}
                </span>
              </td>
              <td className={`${td} font-mono`}>
                {row.jobid === null ? (
                  "—"
                ) : row.caseId ? (
                  <Link href={`/cases/${row.caseId}`} className={textLinkClass} aria-label={`${texts.openCase} ${row.jobid}`}>
                    {row.jobid}
                  </Link>
                ) : (
                  row.jobid
                )}
              </td>
              <td className={`${td} font-mono`}>{row.reference ?? "—"}</td>
              <td className={td}>{row.receiver ?? "—"}</td>
              <td className={`${td} text-right tabular-nums`}>{row.amount === null ? "—" : formatMoney(exactCents(row.amount), currency, locale)}</td>
              <td className={td}>
                {row.reasons.length > 0 ? (
                  <ul className="list-disc space-y-0.5 pl-4 text-red-900">
                    {row.reasons.map((reason, position) => (
                      <li key={position}>{problemInWords(reason, locale)}</li>
                    ))}
                  </ul>
                ) : row.notice ? (
                  <span className="text-slate-700">{row.notice}</span>
                ) : (
                  <span className="text-slate-500">—</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
