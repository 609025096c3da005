"use client";

import { useQueries } from "@tanstack/react-query";

import { fetchDocuments } from "@/components/portal/cases/sent-documents";
import { textLinkClass } from "@/components/ui/text-link";
import type { CustomerTexts } from "@/lib/portal/customers/texts";
import { formatTime } from "@/lib/portal/i18n/format-time";
import type { Locale } from "@/lib/portal/i18n/locale";

/*
 * What the service sent for each of the customer's most recent cases, read through the portal's
 * case routes (the browser never meets the service): the job's own document (the invoice or
 * letter as posted) from the moment it is posted, then each sending, and each reminder and
 * collection letter as the customer got it.
 */

export function CustomerDocuments({ cases, texts: t, locale }: { cases: { id: string; label: string }[]; texts: CustomerTexts; locale: Locale }) {
  const queries = useQueries({
    // Read once (and again when the window regains focus), not polled: up to 20 cases, each asking
    // its service, would be two calls a second for a page that looks back.
    queries: cases.map((one) => ({ queryKey: ["case", one.id, "documents"], queryFn: () => fetchDocuments(one.id) })),
  });
  if (cases.length === 0) return null;
  return (
    <section aria-labelledby="documents-heading" className="space-y-3" data-testid="customer-documents">
      <h2 id="documents-heading" className="text-lg font-semibold">
        {t.documentsTitle}
      </h2>
      <p className="text-sm text-slate-700">{t.documentsIntro}</p>
      <ul className="space-y-3">
        {cases.map((one, index) => {
          const query = queries[index]!;
          return (
            <li key={one.id} className="rounded border border-slate-300 bg-white">
              <h3 className="border-b border-slate-200 px-3 py-2 text-sm font-medium">{one.label}</h3>
              <ul className="divide-y divide-slate-200 text-sm">
                {/* The job's own document, there from the post on, whatever the sendings say. */}
                <li className="flex flex-wrap items-baseline justify-between gap-2 px-3 py-2">
                  <strong>{t.jobDocument}</strong>
                  <a
                    href={`/api/portal/cases/${encodeURIComponent(one.id)}/pdf`}
                    target="_blank"
                    rel="noopener"
                    className={textLinkClass}
                    aria-label={`${t.openPdf}: ${t.jobDocument}, ${one.label}`}
                  >
                    {t.openPdf}
                  </a>
                </li>
                {(query.data ?? []).map((sent) => (
                  <li key={sent.dispatchid} className="flex flex-wrap items-baseline justify-between gap-2 px-3 py-2">
                    <span>
                      <strong>{t.documentNames[sent.document]}</strong> · {sent.distributionchannel}
                      {sent.sentat ? ` · ${formatTime(sent.sentat, locale)}` : ""}
                      {sent.status === "error" ? <span className="ml-1 text-red-800">({t.failed})</span> : null}
                    </span>
                    {sent.pdf && sent.document !== "original" ? (
                      <a
                        href={`/api/portal/cases/${encodeURIComponent(one.id)}/documents/${sent.dispatchid}`}
                        target="_blank"
                        rel="noopener"
                        className={textLinkClass}
                        aria-label={`${t.openPdf}: ${t.documentNames[sent.document]}, ${one.label}`}
                      >
                        {t.openPdf}
                      </a>
                    ) : null}
                  </li>
                ))}
              </ul>
              {query.isError ? <p className="border-t border-slate-200 px-3 py-2 text-sm text-slate-700">{t.documentsUnavailable}</p> : null}
              {query.data && query.data.length === 0 ? <p className="border-t border-slate-200 px-3 py-2 text-sm text-slate-700">{t.documentsNone}</p> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
