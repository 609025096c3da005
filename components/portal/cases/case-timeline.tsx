import type { ReactNode } from "react";

import type { Breakdown, TimelineEntry } from "@/lib/portal/cases/case-views";
import type { CaseTexts } from "@/lib/portal/cases/texts";
import { formatMoney } from "@/lib/portal/i18n/format-money";
import { formatDate, formatTime } from "@/lib/portal/i18n/format-time";
import { fillText, type Locale } from "@/lib/portal/i18n/locale";

/*
 * Everything that happened to a case, oldest first, as an ordered list: each entry names what it
 * was and when, then its facts as a description list.
 */

const MARKERS: Record<TimelineEntry["kind"], string> = {
  posted: "bg-slate-500",
  lcstatus: "bg-blue-700",
  delivery: "bg-teal-600",
  payment: "bg-green-700",
  creditnote: "bg-amber-600",
  creditloss: "bg-red-700",
  duedateupdate: "bg-indigo-600",
  contract: "bg-slate-600",
  disconnect: "bg-slate-600",
  reconnect: "bg-slate-600",
  telecomdisconnect: "bg-slate-600",
  telecomreconnect: "bg-slate-600",
  other: "bg-slate-400",
};

interface Context {
  texts: CaseTexts;
  locale: Locale;
  currency: string | null;
}

export function CaseTimeline({ entries, truncated, ...context }: Context & { entries: TimelineEntry[]; truncated: boolean }) {
  const t = context.texts;
  return (
    <section aria-labelledby="timeline-heading" className="space-y-3">
      <h2 id="timeline-heading" className="text-lg font-semibold">
        {t.timeline}
      </h2>
      {entries.length === 0 ? <p className="text-sm text-slate-700">{t.timelineEmpty}</p> : null}
      {truncated ? <p className="text-sm text-slate-700">{fillText(t.timelineTruncated, { count: entries.length })}</p> : null}
      <ol className="relative space-y-4 border-l-2 border-slate-200 pl-5" aria-label={t.timeline}>
        {entries.map((entry) => (
          <li key={entry.id} className="relative" data-kind={entry.kind}>
            <span aria-hidden="true" className={`absolute top-1.5 -left-[27px] h-3 w-3 rounded-full ring-2 ring-white ${MARKERS[entry.kind]}`} />
            <TimelineItem entry={entry} {...context} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function Facts({ children }: { children: ReactNode }) {
  return <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-sm">{children}</dl>;
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  if (value === null || value === undefined || value === "") return null;
  return (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-slate-900">{value}</dd>
    </>
  );
}

function breakdownText(value: Breakdown | null, { texts: t, locale, currency }: Context): string | null {
  if (!value) return null;
  return [
    `${t.openCapital} ${formatMoney(value.capital, currency, locale)}`,
    `${t.interest} ${formatMoney(value.interest, currency, locale)}`,
    `${t.expenses} ${formatMoney(value.expenses, currency, locale)}`,
  ].join(", ");
}

function TimelineItem({ entry, ...context }: Context & { entry: TimelineEntry }) {
  const { texts: t, locale, currency } = context;
  const money = (cents: number | null) => formatMoney(cents, currency, locale);
  const date = (value: string | null) => formatDate(value, locale);

  let title: ReactNode = t.kinds[entry.kind];
  let facts: ReactNode = null;
  switch (entry.kind) {
    case "posted":
      title = `${t.kinds.posted}${entry.jobtype !== null && t.jobtypes[entry.jobtype] ? `: ${t.jobtypes[entry.jobtype]}` : ""}`;
      facts = (
        <>
          <Fact label={t.amount} value={money(entry.amount)} />
          <Fact label={t.reference} value={entry.reference} />
          <Fact label={t.sendtype} value={entry.sendtype} />
        </>
      );
      break;
    case "lcstatus":
      title = (
        <>
          <span className="font-mono">{entry.code}</span> {entry.codeText ?? t.kinds.lcstatus}
        </>
      );
      facts = (
        <>
          <Fact label={t.openCapital} value={money(entry.opencapital)} />
          <Fact label={t.interest} value={money(entry.interest)} />
          <Fact label={t.expenses} value={money(entry.expenses)} />
          <Fact label={t.currentPaydate} value={date(entry.currentpaydate)} />
          <Fact label={t.notes} value={entry.note} />
        </>
      );
      break;
    case "delivery":
      title = `${t.kinds.delivery}: ${t.deliveryStatuses[entry.status] ?? entry.status}`;
      facts = (
        <>
          <Fact label={t.channel} value={entry.channel ? (t.channelNames[entry.channel] ?? entry.channel) : null} />
          <Fact label={t.description} value={deliveryDescription(entry, t)} />
          <Fact
            label={t.deliveryErrors}
            value={
              entry.errors.length > 0 ? (
                <ul className="list-disc pl-4 text-red-800">
                  {entry.errors.map((error, index) => (
                    <li key={index}>{error}</li>
                  ))}
                </ul>
              ) : null
            }
          />
          {/* The service writes its description and notes in English: kept, as its own words, for what they add (a batch day, pages). */}
          <Fact label={t.serviceWords} value={[entry.description, ...entry.notes].filter(Boolean).join("; ") || null} />
        </>
      );
      break;
    case "payment":
      title = `${t.kinds.payment}: ${money(entry.amount)}`;
      facts = (
        <>
          <Fact label={t.paymentdate} value={date(entry.paymentdate)} />
          <Fact label={t.accountdate} value={date(entry.accountdate)} />
          <Fact label={t.settlementdate} value={date(entry.settlementdate)} />
          <Fact label={t.paid} value={breakdownText(entry.paid, context)} />
          <Fact label={t.stillOpen} value={breakdownText(entry.open, context) ?? money(entry.openamount)} />
        </>
      );
      break;
    case "creditnote":
      title = `${t.kinds.creditnote}: ${entry.action}, ${money(entry.amount)}`;
      facts = (
        <>
          <Fact label={t.billnum} value={entry.invoicenumber} />
          <Fact label={t.target} value={entry.targetinvoicenumber} />
          <Fact label={t.refunddate} value={date(entry.refunddate)} />
          <Fact label={t.allocations} value={entry.allocations > 0 ? entry.allocations : null} />
        </>
      );
      break;
    case "creditloss":
      title = `${t.kinds.creditloss}: ${entry.action}`;
      facts = (
        <>
          <Fact label={t.reason} value={entry.reason} />
          <Fact label={t.amount} value={breakdownText(entry.breakdown, context)} />
        </>
      );
      break;
    case "duedateupdate":
      title = `${t.kinds.duedateupdate}: ${date(entry.currentpaydate)}`;
      // A source the service adds later is shown as it came.
      facts = <Fact label={t.source} value={t.dueDateSources[entry.source as keyof typeof t.dueDateSources] ?? entry.source} />;
      break;
    case "contract":
      facts = (
        <>
          <Fact label={t.contractNo} value={entry.contractNo} />
          <Fact label={t.status} value={entry.contractStatus} />
          <Fact label={t.terminationDate} value={date(entry.terminationDate)} />
        </>
      );
      break;
    case "disconnect":
    case "reconnect":
      facts = (
        <>
          <Fact label={t.contractNo} value={entry.contractNo} />
          <Fact label={t.usageplace} value={entry.usageplacecode} />
          <Fact label={t.disconnectionDate} value={date(entry.disconnectionDate)} />
        </>
      );
      break;
    case "telecomdisconnect":
    case "telecomreconnect":
      facts = <Fact label={t.customernumber} value={entry.customernumber} />;
      break;
    case "other":
      title = `${t.kinds.other}: ${entry.type}`;
      facts = <p className="mt-1 font-mono text-xs break-all text-slate-700">{entry.summary}</p>;
      break;
  }

  return (
    <article>
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      <p className="text-xs text-slate-600">
        <time dateTime={entry.time} suppressHydrationWarning>
          {formatTime(entry.time, locale)}
        </time>
      </p>
      {entry.kind === "other" ? facts : <Facts>{facts}</Facts>}
    </article>
  );
}

const EINVOICE_CHANNELS = new Set(["b2b", "b2c", "peppol"]);

/** What a delivery did, in the reader's language, from its status and channel (the service's description is English). */
function deliveryDescription(entry: { status: string; channel: string | null }, t: CaseTexts): string | null {
  const words = t.deliveryDescriptions;
  if (entry.status === "delivered") {
    if (entry.channel === "post" || entry.channel === "email") return words[entry.channel];
    return entry.channel && EINVOICE_CHANNELS.has(entry.channel) ? words.einvoice : words.delivered;
  }
  return entry.status === "received" || entry.status === "rejected" || entry.status === "error" ? words[entry.status] : null;
}
