import Link from "next/link";

import { ColumnHeader, DataCell, DataRow, Table, TableHead } from "@/components/ui/table";
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
  return (
    <Table caption={texts.resultsCaption} captionShown framed>
      <TableHead>
        <ColumnHeader>{texts.columns.index}</ColumnHeader>
        <ColumnHeader>{texts.columns.result}</ColumnHeader>
        <ColumnHeader>{texts.columns.jobid}</ColumnHeader>
        <ColumnHeader>{texts.columns.reference}</ColumnHeader>
        <ColumnHeader>{texts.columns.receiver}</ColumnHeader>
        <ColumnHeader numeric>{texts.columns.amount}</ColumnHeader>
        <ColumnHeader>{texts.columns.reasons}</ColumnHeader>
      </TableHead>
      <tbody>
        {rows.map((row) => (
          <DataRow key={row.index} testId="upload-result-row" data-accepted={row.accepted ? "true" : "false"} tone={row.accepted ? "plain" : "refused"}>
            <DataCell rowHeader mono>
              {row.index}
            </DataCell>
            <DataCell>
              <span
                className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${row.accepted ? "bg-emerald-100 text-emerald-900" : "bg-red-100 text-red-900"}`}
              >
                {row.accepted ? (row.notice ? texts.acceptedWithNotice : texts.accepted) : texts.rejected}
              </span>
            </DataCell>
            <DataCell mono>
              {row.jobid === null ? (
                "—"
              ) : row.caseId ? (
                <Link href={`/cases/${row.caseId}`} className={textLinkClass} aria-label={`${texts.openCase} ${row.jobid}`}>
                  {row.jobid}
                </Link>
              ) : (
                row.jobid
              )}
            </DataCell>
            <DataCell mono>{row.reference ?? "—"}</DataCell>
            <DataCell>{row.receiver ?? "—"}</DataCell>
            <DataCell numeric>{row.amount === null ? "—" : formatMoney(exactCents(row.amount), currency, locale)}</DataCell>
            <DataCell>
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
            </DataCell>
          </DataRow>
        ))}
      </tbody>
    </Table>
  );
}
