import { Notice } from "@/components/ui/notice";
import type { CaseSummary, TimelineEntry } from "@/lib/portal/cases/case-views";
import type { CaseTexts } from "@/lib/portal/cases/texts";
import { isLongUndelivered, isUndelivered, LONG_UNDELIVERED_DAYS, undeliveredStanding } from "@/lib/portal/cases/undelivered";
import { formatTime } from "@/lib/portal/i18n/format-time";
import { fillText, type Locale } from "@/lib/portal/i18n/locale";

/*
 * An invoice whose delivery failed is not reminded, and nothing tells anyone so but its failed
 * send's event: the list marks it beside its phase, and its page says why it stands still and what
 * a person can do, more urgently once it has stood LONG_UNDELIVERED_DAYS.
 */

/** "Not delivered" beside a case's phase in the list. */
export function UndeliveredBadge({ row, texts: t }: { row: CaseSummary; texts: CaseTexts }) {
  if (!isUndelivered(row)) return null;
  const long = isLongUndelivered(row, new Date());
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
}: {
  summary: CaseSummary;
  timeline: readonly TimelineEntry[];
  texts: CaseTexts;
  locale: Locale;
}) {
  const standing = undeliveredStanding(summary, timeline, new Date());
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
      <p className="mt-1">{t.undelivered.waiting}</p>
      <p className="mt-1">{fillText(t.undelivered.remedies[standing.remedy], { jobid: summary.jobid })}</p>
    </Notice>
  );
}
