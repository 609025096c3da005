import { DashboardSection } from "@/components/portal/dashboard/dashboard-section";
import { Button, buttonClass } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { EmptyState, PageHeader } from "@/components/ui/page-header";
import { Select } from "@/components/ui/select";
import { FigureTable } from "@/components/ui/table";
import { getDb } from "@/lib/db/client";
import { exactCents } from "@/lib/payment-data/amounts";
import { requireUser } from "@/lib/portal/auth/session";
import { connectionName } from "@/lib/portal/connections/connection-name";
import { clientFor } from "@/lib/portal/connections/connections";
import { describeServiceFailure } from "@/lib/portal/events/describe-service-failure";
import { formatMoney } from "@/lib/portal/i18n/format-money";
import { formatDate } from "@/lib/portal/i18n/format-time";
import { fillText } from "@/lib/portal/i18n/locale";
import { controlRequest } from "@/lib/portal/reports/control-request";
import { CONTROL_TEXTS } from "@/lib/portal/reports/texts";
import { pageMetadata } from "@/lib/portal/shell/page-titles";
import type { ControlList } from "@/lib/spec/control-list";

export const generateMetadata = () => pageMetadata("control");

/** The control list of one connection for a period, read from its service as the page is shown. */
export default async function ControlListPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireUser("viewer");
  const t = CONTROL_TEXTS[user.locale];
  const asked = await controlRequest(getDb(), user.organizationId, await searchParams);
  let list: ControlList | null = null;
  let failure: string | null = null;
  if (asked.connection && !asked.invalid) {
    try {
      list = await clientFor(asked.connection).controlList(asked.from, asked.to);
    } catch (error) {
      failure = describeServiceFailure(error);
    }
  }
  const money = (major: number, currency: string) => formatMoney(exactCents(major), currency, user.locale);
  const query = new URLSearchParams({ connection: asked.connection?.id ?? "", from: asked.from, to: asked.to });

  return (
    <div className="space-y-10">
      <PageHeader title={t.title} intro={t.intro}>
        {asked.connection ? (
          <form method="get" className="flex flex-wrap items-end gap-3">
            <Field id="control-connection" label={t.connection}>
              {(aria) => (
                <Select {...aria} name="connection" defaultValue={asked.connection!.id}>
                  {asked.connections.map((connection) => (
                    <option key={connection.id} value={connection.id}>
                      {connectionName(connection)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field id="control-from" label={t.from}>
              {(aria) => <Input {...aria} type="date" name="from" defaultValue={asked.from} required />}
            </Field>
            <Field id="control-to" label={t.to}>
              {(aria) => <Input {...aria} type="date" name="to" defaultValue={asked.to} required />}
            </Field>
            <Button type="submit">{t.show}</Button>
            {list ? (
              <a href={`/api/portal/reports/control?${query}`} download className={buttonClass({ variant: "link" })}>
                {t.download}
              </a>
            ) : null}
          </form>
        ) : (
          <EmptyState>{t.noConnection}</EmptyState>
        )}
        {asked.invalid || failure ? (
          <Notice tone="error" testId="control-problem">
            {asked.invalid ? t.invalidPeriod[asked.invalid] : fillText(t.failed, { reason: failure! })}
          </Notice>
        ) : null}
        {list ? (
          <p className="text-sm text-slate-600">
            {fillText(t.period, {
              from: formatDate(list.from, user.locale) ?? list.from,
              to: formatDate(list.to, user.locale) ?? list.to,
              timeZone: list.timeZone,
            })}
          </p>
        ) : null}
      </PageHeader>

      {list ? (
        <>
          <DashboardSection id="jobs" title={t.jobsTitle}>
            <FigureTable
              caption={t.jobsTitle}
              testId="control-jobs"
              headers={[t.jobsTitle, t.count]}
              rows={[
                { key: "received", head: t.received, cells: [list.jobs.received] },
                { key: "accepted", head: t.accepted, cells: [list.jobs.accepted] },
                { key: "rejected", head: t.rejected, cells: [list.jobs.rejected] },
                ...list.jobs.acceptedByJobtype.map((row) => ({ key: `jobtype-${row.jobtype}`, head: `${t.jobtype} ${row.jobtype}`, cells: [row.count] })),
              ]}
            />
          </DashboardSection>

          <DashboardSection id="sent" title={t.sentTitle}>
            {list.sent.length > 0 ? (
              <FigureTable
                caption={t.sentTitle}
                testId="control-sent"
                headers={[t.channel, { header: t.document, text: true }, t.count]}
                rows={list.sent.map((row) => ({ key: `${row.channel}-${row.document}`, head: row.channel, cells: [t.documents[row.document], row.count] }))}
              />
            ) : (
              <p className="text-slate-700">{t.nothingSent}</p>
            )}
          </DashboardSection>

          <DashboardSection id="ledger" title={t.ledgerTitle}>
            {list.ledger.length === 0 ? <p className="text-slate-700">{t.noLedger}</p> : null}
            {list.ledger.map((currency) => {
              const cells = (amounts: { capital: number; interest: number; expenses: number; total: number }) =>
                [amounts.capital, amounts.interest, amounts.expenses, amounts.total].map((value) => money(value, currency.currency));
              return (
                <FigureTable
                  key={currency.currency}
                  caption={fillText(t.ledgerCaption, { currency: currency.currency })}
                  testId={`control-ledger-${currency.currency}`}
                  headers={[t.line, t.capital, t.interest, t.expenses, t.total]}
                  rows={[
                    { key: "opening", head: t.opening, cells: cells(currency.opening) },
                    ...currency.movements.map((movement) => ({ key: movement.kind, head: t.kinds[movement.kind] ?? movement.kind, cells: cells(movement) })),
                  ]}
                  foot={[{ key: "closing", head: t.closing, cells: cells(currency.closing) }]}
                />
              );
            })}
          </DashboardSection>

          {list.payments.length > 0 ? (
            <DashboardSection id="payments" title={t.paymentsTitle}>
              <FigureTable
                caption={t.paymentsTitle}
                testId="control-payments"
                headers={[t.currency, t.booked, t.amount, t.unallocated, t.refundedToPayers]}
                rows={list.payments.map((row) => ({
                  key: row.currency,
                  head: row.currency,
                  cells: [row.booked, money(row.amount, row.currency), money(row.unallocated, row.currency), money(row.refundedToPayers, row.currency)],
                }))}
              />
            </DashboardSection>
          ) : null}

          {list.creditNotes.length > 0 ? (
            <DashboardSection id="credit-notes" title={t.creditNotesTitle}>
              <FigureTable
                caption={t.creditNotesTitle}
                testId="control-credit-notes"
                headers={[t.currency, t.allocated, t.unallocatedCredit, t.refunded]}
                rows={list.creditNotes.map((row) => ({
                  key: row.currency,
                  head: row.currency,
                  cells: [money(row.allocated, row.currency), money(row.unallocated, row.currency), money(row.refunded, row.currency)],
                }))}
              />
            </DashboardSection>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
