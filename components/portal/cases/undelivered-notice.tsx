"use client";

import { useId, useRef, useState, useTransition, type FormEvent } from "react";

import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Notice, OutcomeNotice, type Outcome } from "@/components/ui/notice";
import type { ActionResult } from "@/lib/portal/actions/validated-action";
import type { CaseSummary, TimelineEntry } from "@/lib/portal/cases/case-views";
import type { CaseTexts } from "@/lib/portal/cases/texts";
import { isLongUndelivered, isUndelivered, LONG_UNDELIVERED_DAYS, undeliveredStanding } from "@/lib/portal/cases/undelivered";
import { formatTime } from "@/lib/portal/i18n/format-time";
import { fillText, type Locale } from "@/lib/portal/i18n/locale";
import { messageText } from "@/lib/portal/i18n/messages";

/*
 * An invoice whose delivery failed is not reminded, and nothing tells anyone so but its failed
 * send's event: the list marks it beside its phase, and its page says why it stands still and what
 * a person can do, more urgently once it has stood LONG_UNDELIVERED_DAYS. A refused e-invoice is
 * sent again from here, its address corrected, as POST /jobs/{jobid}/einvoice/resend does; so is a
 * reminder's or collection's, which the service stops on the refused document as well.
 */

export type ResendEInvoice = (input: unknown) => Promise<ActionResult<{ currentpaydate: string | null; duedatemoved: boolean }>>;

/** "Not delivered" beside a case's phase in the list. */
export function UndeliveredBadge({ row, texts: t, clockAheadMs = 0 }: { row: CaseSummary; texts: CaseTexts; clockAheadMs?: number }) {
  if (!isUndelivered(row)) return null;
  // On the list of one connection whose test clock was moved, the days count on that clock, as the list's filter counts them.
  const now = new Date();
  const long = isLongUndelivered(row, new Date(now.getTime() + clockAheadMs));
  return (
    <span
      data-testid="undelivered-badge"
      className={`ml-2 inline-block rounded px-1.5 py-0.5 text-xs font-medium ${long ? "bg-red-100 text-red-900" : "bg-amber-100 text-amber-950"}`}
      suppressHydrationWarning
    >
      {long ? fillText(t.undelivered.badgeLong, { days: LONG_UNDELIVERED_DAYS }) : t.undelivered.badge}
    </span>
  );
}

/** Why the case is not reminded and what to do, on its page; nothing for a case not waiting on a failed delivery. */
export function UndeliveredNotice({
  summary,
  timeline,
  texts: t,
  locale,
  resend,
  onResent,
  clockAheadMs = 0,
}: {
  summary: CaseSummary;
  timeline: readonly TimelineEntry[];
  texts: CaseTexts;
  locale: Locale;
  /** For a clerk or admin: the refused e-invoice sent again from the page. */
  resend?: ResendEInvoice;
  onResent?: () => Promise<unknown>;
  /** How far the service's clock is ahead of the calendar: the days count on the service's date, as its dashboard counts them. */
  clockAheadMs?: number;
}) {
  // Kept here, not in the form: the form goes once the resend is pending, and its outcome stays read.
  // With the failure it answered: once the case's latest delivery is another (the resend delivered,
  // then refused by the operator), the outcome is of a resend past and goes.
  const [answered, setAnswered] = useState<{ outcome: Outcome; after: string | null } | null>(null);
  const outcome = answered && answered.after === summary.lastDeliveryAt ? answered.outcome : null;
  // The resend's button goes with the form: focus moves to what took its place, not to the page's start.
  // Held as the failure the resend answered (its lastDeliveryAt), not as a flag: if its pending line
  // never shows (a newer failure came first), the pending line of a later resend, which answers
  // another failure, must not take the focus a past one asked for.
  const focusPendingAfter = useRef<string | null | undefined>(undefined);
  const now = new Date();
  const standing = undeliveredStanding(summary, timeline, new Date(now.getTime() + clockAheadMs));
  if (!standing) return null;
  const { failure } = standing;
  const channel = failure?.channel ? (t.channelNames[failure.channel] ?? failure.channel) : t.unknown;
  const description = [failure?.description, ...(failure?.errors ?? [])].filter(Boolean).join(" · ") || t.unknown;
  return (
    <Notice tone={standing.long ? "error" : "warning"} role="note" title={t.undelivered.title} testId="undelivered-notice">
      <p className="mt-1">
        {failure
          ? fillText(t.undelivered.lastFailure, { time: formatTime(failure.time, locale) ?? failure.time, channel, description })
          : t.undelivered.noFailure}
      </p>
      {standing.long && standing.days !== null ? <p className="mt-1 font-semibold">{fillText(t.undelivered.long, { days: standing.days })}</p> : null}
      <p className="mt-1">{summary.code === 1 || summary.code === 2 ? t.undelivered.waitingRefused : t.undelivered.waiting}</p>
      {standing.resentAt ? (
        // Sent again and not yet handed to the operator: the service refuses another resend of it meanwhile.
        <p
          className="mt-1 focus:outline-none"
          data-testid="einvoice-resend-pending"
          tabIndex={-1}
          // Inline, not memoized: it compares with this render's lastDeliveryAt, the failure whose
          // pending line this is; a callback kept from an earlier render would compare with that one's.
          ref={(node) => {
            if (!node || focusPendingAfter.current === undefined) return;
            // Asked for once, by the failure's own line; another failure's line only clears it.
            if (focusPendingAfter.current === summary.lastDeliveryAt) node.focus();
            focusPendingAfter.current = undefined;
          }}
        >
          {fillText(t.undelivered.resend.pending, { time: formatTime(standing.resentAt, locale) ?? standing.resentAt })}
        </p>
      ) : (
        <p className="mt-1">
          {fillText(
            // Without the form here (a viewer, or no connection to send through) the remedy names who can act, not this page.
            !resend && (standing.remedy === "address" || standing.remedy === "einvoice")
              ? t.undelivered.remediesWithoutForm[standing.remedy]
              : t.undelivered.remedies[standing.remedy],
            { jobid: summary.jobid },
          )}
        </p>
      )}
      {resend && standing.remedy === "einvoice" && !standing.resentAt ? (
        <EInvoiceResendForm
          caseId={summary.id}
          resend={resend}
          texts={t}
          locale={locale}
          onResent={onResent}
          onOutcome={(next) => {
            focusPendingAfter.current = next.ok ? summary.lastDeliveryAt : undefined;
            setAnswered({ outcome: next, after: summary.lastDeliveryAt });
          }}
        />
      ) : null}
      <OutcomeNotice outcome={outcome} testId="einvoice-resend-outcome" />
    </Notice>
  );
}

function EInvoiceResendForm({
  caseId,
  resend,
  texts: t,
  locale,
  onResent,
  onOutcome: setOutcome,
}: {
  caseId: string;
  resend: ResendEInvoice;
  texts: CaseTexts;
  locale: Locale;
  onResent?: () => Promise<unknown>;
  onOutcome: (outcome: Outcome) => void;
}) {
  const id = useId();
  const [values, setValues] = useState({ evoice: "", evoiceint: "" });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [pending, start] = useTransition();
  const labels = { evoice: t.undelivered.resend.evoice, evoiceint: t.undelivered.resend.evoiceint };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    start(async () => {
      const result = await resend({ caseId, ...values });
      if (!result.ok) {
        setFieldErrors(result.fieldErrors);
        return setOutcome({ ok: false, message: messageText(result.message, locale) });
      }
      setFieldErrors({});
      const { currentpaydate, duedatemoved } = result.data;
      setOutcome({
        ok: true,
        message: duedatemoved && currentpaydate ? fillText(t.undelivered.resend.doneMoved, { date: currentpaydate }) : t.undelivered.resend.done,
      });
      await onResent?.();
    });
  };

  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-2 border-t border-current/20 pt-3" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="font-semibold">
        {t.undelivered.resend.title}
      </p>
      <p>{t.undelivered.resend.intro}</p>
      <div className="grid max-w-2xl gap-3 sm:grid-cols-2">
        {(["evoice", "evoiceint"] as const).map((field) => (
          <Field key={field} id={`${id}-${field}`} label={labels[field]} error={fieldErrors[field] ? messageText(fieldErrors[field], locale) : undefined}>
            {(aria) => (
              <Input
                {...aria}
                name={field}
                autoComplete="off"
                value={values[field]}
                onChange={(event) => setValues({ ...values, [field]: event.target.value })}
              />
            )}
          </Field>
        ))}
      </div>
      <Button type="submit" size="sm" disabled={pending}>
        {t.undelivered.resend.submit}
      </Button>
    </form>
  );
}
