"use client";

import { useQuery } from "@tanstack/react-query";

import { textLinkClass } from "@/components/ui/text-link";
import type { CaseTexts } from "@/lib/portal/cases/texts";
import { formatTime } from "@/lib/portal/i18n/format-time";
import type { Locale } from "@/lib/portal/i18n/locale";
import type { SentDocuments } from "@/lib/spec/sent-documents";

/*
 * What the service sent of the case's job, newest last, each reminder and collection letter with the
 * PDF the debtor got. Read through the portal's route, which asks the service over the case's
 * connection; refreshed with the case.
 */

type Documents = SentDocuments["documents"];

/** A case's sent documents, read through the portal's case route (the browser never meets the service). */
export async function fetchDocuments(caseId: string): Promise<Documents> {
  const response = await fetch(`/api/portal/cases/${encodeURIComponent(caseId)}/documents`, { cache: "no-store" });
  if (!response.ok) throw new Error(`documents: ${response.status}`);
  return ((await response.json()) as { documents: Documents }).documents;
}

export function SentDocumentsList({ caseId, texts: t, locale, refreshMs }: { caseId: string; texts: CaseTexts; locale: Locale; refreshMs: number }) {
  const query = useQuery({ queryKey: ["case", caseId, "documents"], queryFn: () => fetchDocuments(caseId), refetchInterval: refreshMs });
  return (
    <section aria-labelledby="sent-heading" className="space-y-2">
      <h2 id="sent-heading" className="text-lg font-semibold">
        {t.sentTitle}
      </h2>
      {query.isError ? <p className="text-sm text-slate-700">{t.sentUnavailable}</p> : null}
      {query.data && query.data.length === 0 ? <p className="text-sm text-slate-700">{t.sentNone}</p> : null}
      {query.data && query.data.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded border border-slate-300 bg-white text-sm">
          {query.data.map((sent) => (
            <li key={sent.dispatchid} className="flex flex-wrap items-baseline justify-between gap-2 px-3 py-2">
              <span>
                <strong>{t.sentDocumentNames[sent.document]}</strong> · {sent.distributionchannel}
                {sent.sentat ? ` · ${formatTime(sent.sentat, locale)}` : ""}
                {sent.status === "error" ? <span className="ml-1 text-red-800">({t.sentFailed})</span> : null}
              </span>
              {sent.pdf ? (
                <a
                  href={`/api/portal/cases/${encodeURIComponent(caseId)}/documents/${sent.dispatchid}`}
                  target="_blank"
                  rel="noopener"
                  className={textLinkClass}
                >
                  {t.sentAsSent}
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
