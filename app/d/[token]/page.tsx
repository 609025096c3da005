import type { Metadata } from "next";

import { DebtorShell, Facts, Panel } from "@/app/d/_components/debtor-shell";
import { LinkProblem } from "@/app/d/_components/link-problem";
import { DisputeForm, ExtendForm, PlanForm } from "@/app/d/_components/request-forms";
import { buttonClass } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { FigureTable } from "@/components/ui/table";
import { addDays } from "@/lib/service/calendar/dates";
import { movableAfter } from "@/lib/service/debtor/debtor-case";
import { debtorHref, debtorLinkOfRequest, debtorPageMetadata, pageFormat, type DebtorPageProps, type PageFormat } from "@/lib/service/debtor/debtor-page";
import { formattedReference } from "@/lib/service/documents/pdf/payment-parts";

import { disputeAction, extendAction, planAction } from "./actions";

/*
 * The debtor's online service for one case (the online link): what is open and how to pay it, the
 * documents sent, the payments booked, and what the creditor lets the debtor ask for.
 */

export const dynamic = "force-dynamic";

type PageProps = DebtorPageProps<{ payment?: string }>;

export async function generateMetadata(props: PageProps): Promise<Metadata> {
  return debtorPageMetadata(props, titleOf);
}

function titleOf(debtorCase: { jobstatus: number; document: { number: string | null; kind: string } }, format: PageFormat): string {
  const kind = debtorCase.jobstatus === 2 || debtorCase.document.kind === "collection" ? "collection" : debtorCase.jobstatus === 1 ? "reminder" : "invoice";
  return format.texts.title[kind](debtorCase.document.number ?? "");
}

export default async function DebtorCasePage({ params, searchParams }: PageProps) {
  const [{ token }, { lang, payment }] = await Promise.all([params, searchParams]);
  const link = await debtorLinkOfRequest(token);
  if (link.state !== "found") return <LinkProblem state={link.state} asked={lang} />;
  const debtorCase = link.debtorCase;
  const format = pageFormat(lang, debtorCase.document.language);
  const t = format.texts;
  const money = (cents: bigint) => format.money(cents, debtorCase.currency);
  const { open, offers } = debtorCase;

  return (
    <DebtorShell
      language={format.language}
      languageLabel={t.language}
      creditor={debtorCase.document.seller.name}
      hrefFor={(language) => debtorHref(token, "", language)}
    >
      <h1 className="text-2xl font-bold text-slate-900">{titleOf(debtorCase, format)}</h1>
      {payment === "paid" ? (
        <Notice tone="success">{t.paid}</Notice>
      ) : payment === "cancelled" ? (
        <Notice tone="info" role="status">
          {t.cancelled}
        </Notice>
      ) : null}
      {debtorCase.closed ? (
        <Notice tone="success" role={false}>
          {t.closed}
        </Notice>
      ) : null}
      {debtorCase.jobstatus === 80 ? (
        <Notice tone="info">{debtorCase.contact.collector ? t.disputedWithCollector(debtorCase.contact.name) : t.disputed}</Notice>
      ) : null}

      {!debtorCase.closed ? (
        <Panel id="open" title={t.toPay}>
          <p className="text-3xl font-bold tabular-nums text-slate-900">{money(debtorCase.payable.amount)}</p>
          <div className="mt-3">
            <Facts
              items={[
                [t.dueDate, format.date(debtorCase.payable.date)],
                debtorCase.payable.amount !== open.total && [t.openTotal, money(open.total)],
                !!debtorCase.paydate && debtorCase.paydate !== debtorCase.currentPaydate && [t.originalDueDate, format.date(debtorCase.paydate)],
                !!debtorCase.reference && [t.reference, formattedReference(debtorCase.document), true],
              ]}
            />
          </div>
          {open.interest > 0n || open.expenses > 0n ? (
            <div className="mt-3">
              <FigureTable
                caption={t.openTotal}
                testId="open-breakdown"
                width="w-full"
                headers={[t.openTotal, debtorCase.currency]}
                rows={[
                  { key: "capital", head: t.capital, cells: [money(open.capital)] },
                  { key: "interest", head: t.interest, cells: [money(open.interest)] },
                  { key: "expenses", head: t.expenses, cells: [money(open.expenses)] },
                ]}
                foot={[{ key: "total", head: t.total, cells: [money(open.total)] }]}
              />
            </div>
          ) : null}
          {offers.pay ? (
            <a href={debtorHref(token, "/pay", lang)} className={buttonClass({ variant: "primary", block: true }, "mt-4 min-h-11 text-base")}>
              {t.payNow}
            </a>
          ) : null}
        </Panel>
      ) : null}

      <Panel id="documents" title={t.documents}>
        <ul className="space-y-1 text-sm">
          {debtorCase.sent.map((sent) => {
            const label = `${t.sentDocuments[sent.document as keyof typeof t.sentDocuments] ?? sent.document} ${t.channels[sent.channel] ?? sent.channel}, ${format.date(sent.date.toISOString().slice(0, 10))}`;
            const href = sent.kept
              ? debtorHref(token, `/documents/${sent.id}`, undefined)
              : sent.document === "original"
                ? debtorHref(token, "/invoice.pdf", undefined)
                : null;
            return (
              <li key={sent.id}>
                {href ? (
                  <a href={href} className={buttonClass({ variant: "link" }, "inline-block min-h-11 py-2")}>
                    {label} (PDF)
                  </a>
                ) : (
                  label
                )}
              </li>
            );
          })}
          {debtorCase.sent.length === 0 ? <li className="text-slate-600">{t.noDocuments}</li> : null}
        </ul>
        {/* Before the invoice went out (or when it went by a channel that failed), its PDF is still here. */}
        {!debtorCase.sent.some((sent) => sent.document === "original") ? (
          <a href={debtorHref(token, "/invoice.pdf", undefined)} className={buttonClass({ variant: "link" }, "mt-3 inline-block min-h-11 py-2 text-sm")}>
            {t.invoicePdf}
          </a>
        ) : null}
      </Panel>

      <Panel id="payments" title={t.payments}>
        {debtorCase.payments.length > 0 ? (
          <ul className="space-y-1 text-sm">
            {debtorCase.payments.map((paid, index) => (
              <li key={index} className="flex justify-between gap-4">
                <span>
                  {t.paidOn} {format.date(paid.date)}
                </span>
                <span className="tabular-nums">{money(paid.amount)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{t.noPayments}</p>
        )}
      </Panel>

      {debtorCase.plan ? (
        <Panel id="plan" title={t.plan.current}>
          <FigureTable
            caption={t.plan.current}
            testId="payment-plan"
            width="w-full"
            headers={[t.plan.due, t.plan.amount]}
            rows={debtorCase.plan.map((row) => ({ key: row.date, head: format.date(row.date), cells: [money(row.amount)] }))}
          />
        </Panel>
      ) : null}

      {offers.extendUntil || debtorCase.extended || offers.dispute || offers.planUpTo ? (
        <Panel id="requests" title={t.requests}>
          <div className="space-y-6">
            {debtorCase.extended ? (
              <p className="text-sm text-slate-700">{t.extend.earlier(format.date(debtorCase.extended.from), format.date(debtorCase.extended.to))}</p>
            ) : null}
            {offers.extendUntil ? (
              <ExtendForm
                action={extendAction.bind(null, token, format.language)}
                texts={{ title: t.extend.title, help: t.extend.help(format.date(offers.extendUntil)), label: t.extend.label, submit: t.extend.submit }}
                min={addDays(movableAfter(debtorCase), 1)}
                max={offers.extendUntil}
              />
            ) : null}
            {offers.planUpTo ? (
              <PlanForm
                action={planAction.bind(null, token, format.language)}
                texts={{ title: t.plan.title, help: t.plan.help(offers.planUpTo), label: t.plan.label, submit: t.plan.submit }}
                options={Array.from({ length: offers.planUpTo - 1 }, (_, index) => ({ value: index + 2, label: t.plan.option(index + 2) }))}
              />
            ) : null}
            {offers.dispute ? <DisputeForm action={disputeAction.bind(null, token, format.language)} texts={t.dispute} /> : null}
          </div>
        </Panel>
      ) : null}

      <Panel id="contact" title={t.contact}>
        <p className="text-sm">{[debtorCase.contact.name, debtorCase.contact.email, debtorCase.contact.phone].filter(Boolean).join(" · ")}</p>
      </Panel>
    </DebtorShell>
  );
}
