"use client";

import Link from "next/link";
import { useEffect, useRef } from "react";

import { Button, buttonClass } from "@/components/ui/button";
import { textLinkClass } from "@/components/ui/text-link";
import { exactCents } from "@/lib/payment-data/amounts";
import type { PostedJobView } from "@/lib/portal/forms/form-actions";
import type { FormTexts } from "@/lib/portal/forms/texts";
import { formatMoney } from "@/lib/portal/i18n/format-money";
import type { Locale } from "@/lib/portal/i18n/locale";
import { COUNTRY_RULES } from "@/lib/spec/environments";

import type { Busy } from "./use-job-form-actions";

/* The parts every job form shows around its fields: its buttons, the preview, the answer. */

export function FormButtons({ busy, texts, onPreview, onSaveDraft }: { busy: Busy; texts: FormTexts; onPreview: () => void; onSaveDraft: () => void }) {
  return (
    <div className="flex flex-wrap gap-3">
      <Button type="submit" disabled={busy !== null} variant="primary">
        {busy === "post" ? texts.posting : texts.post}
      </Button>
      <Button type="button" onClick={onPreview} disabled={busy !== null}>
        {busy === "preview" ? texts.previewing : texts.preview}
      </Button>
      <Button type="button" onClick={onSaveDraft} disabled={busy !== null}>
        {busy === "draft" ? texts.saving : texts.saveDraft}
      </Button>
    </div>
  );
}

export function PreviewPanel({
  url,
  texts,
  onClose,
  className,
  frameClassName,
}: {
  url: string | null;
  texts: FormTexts;
  onClose: () => void;
  /** Where the form places it: the invoice form puts it beside itself on a wide screen. */
  className?: string;
  frameClassName?: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (url) heading.current?.focus();
  }, [url]);
  if (!url) return null;
  return (
    <section
      aria-labelledby="preview-heading"
      className={`space-y-2 rounded-lg border border-slate-200 bg-white p-4 ${className ?? ""}`}
      data-testid="preview-panel"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="preview-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
          {texts.previewTitle}
        </h2>
        <div className="flex gap-3 text-sm">
          <a href={url} target="_blank" rel="noopener" className={textLinkClass} data-testid="preview-link">
            {texts.openInNewTab}
          </a>
          <Button type="button" onClick={onClose} variant="link">
            {texts.closePreview}
          </Button>
        </div>
      </div>
      <iframe src={url} title={texts.previewTitle} className={`h-[70vh] w-full rounded border border-slate-300 ${frameClassName ?? ""}`} />
    </section>
  );
}

export function PostedResult({
  posted,
  texts,
  locale,
  newHref,
  newLabel,
}: {
  posted: PostedJobView;
  texts: FormTexts;
  locale: Locale;
  newHref: string;
  newLabel: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const rows: [string, string | null, string][] = [
    [texts.jobid, posted.jobid === null ? null : String(posted.jobid), "jobid"],
    [texts.reference, posted.reference, "reference"],
    [texts.resultBillnum, posted.billnum, "billnum"],
    [texts.resultAmount, posted.amount === null ? null : formatMoney(exactCents(posted.amount), COUNTRY_RULES[posted.country].currency, locale), "amount"],
    [texts.receiverName, posted.receiver, "receiver"],
  ];
  return (
    <section aria-labelledby="posted-heading" className="space-y-4 rounded-lg border border-emerald-300 bg-emerald-50 p-5" data-testid="posted-result">
      <div>
        <h2 id="posted-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold text-emerald-950 focus:outline-none">
          {texts.postedTitle}
        </h2>
        <p className="text-sm text-emerald-900">{texts.postedIntro}</p>
      </div>
      <dl className="grid max-w-xl grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
        {rows.map(([label, value, key]) => (
          <div key={key} className="contents">
            <dt className="font-medium text-slate-700">{label}</dt>
            <dd className="font-mono text-slate-900" data-testid={`result-${key}`}>
              {value ?? "—"}
            </dd>
          </div>
        ))}
      </dl>
      {posted.notice ? (
        <p className="text-sm text-slate-800">
          <span className="font-medium">{texts.notice}:</span> {posted.notice}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {posted.caseId ? (
          <Link href={`/cases/${posted.caseId}`} className={buttonClass({ variant: "primary" })}>
            {texts.openCase}
          </Link>
        ) : null}
        {/* A plain link: a new form needs a new draft id from the server. */}
        <a href={newHref} className={buttonClass({})}>
          {newLabel}
        </a>
      </div>
    </section>
  );
}
