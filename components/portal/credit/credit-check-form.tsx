"use client";

import { useId, useState, useTransition, type FormEvent } from "react";

import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Notice, type NoticeProps, OutcomeNotice } from "@/components/ui/notice";
import { Select } from "@/components/ui/select";
import { exactCents } from "@/lib/payment-data/amounts";
import type { ActionResult } from "@/lib/portal/actions/validated-action";
import type { CreditTexts } from "@/lib/portal/credit/texts";
import { formatMoney } from "@/lib/portal/i18n/format-money";
import { fillText, type Locale } from "@/lib/portal/i18n/locale";
import type { CreditDecision } from "@/lib/spec/credit";

import { fieldError, type FormOutcome } from "../cases/outcome-lines";

/*
 * The credit check form and its answer: the decision first, in words, with why and on what
 * conditions, then what it rests on. The identity code stays in the form's memory only.
 */

type CreditCheckAction = (input: unknown) => Promise<ActionResult<CreditDecision>>;

const TONE: Record<CreditDecision["decision"], NoticeProps["tone"]> = {
  accept: "success",
  accept_with_conditions: "warning",
  reject: "error",
};

export function CreditCheckForm({
  connections,
  action,
  texts: t,
  locale,
}: {
  connections: { id: string; label: string; currency: string }[];
  action: CreditCheckAction;
  texts: CreditTexts;
  locale: Locale;
}) {
  const id = useId();
  const [values, setValues] = useState({ connectionId: connections[0]?.id ?? "", govid: "", amount: "" });
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const [result, setResult] = useState<CreditDecision | null>(null);
  const [pending, start] = useTransition();
  const currency = connections.find((connection) => connection.id === values.connectionId)?.currency ?? "EUR";
  const money = (amount: number) => formatMoney(exactCents(amount), currency, locale);
  // A changed question makes the answer on screen another customer's: it goes.
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => {
    setValues({ ...values, [field]: event.target.value });
    setResult(null);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    start(async () => {
      const answer = await action(values);
      setResult(answer.ok ? answer.data : null);
      setOutcome(answer.ok ? null : answer);
      // The identity code is not kept once it has been asked about.
      if (answer.ok) setValues((current) => ({ ...current, govid: "" }));
    });
  };

  return (
    <div className="space-y-6">
      <form onSubmit={onSubmit} noValidate className="space-y-3 rounded border border-slate-300 bg-white p-4" aria-label={t.title}>
        <div className="grid gap-3 sm:grid-cols-3">
          <Field id={`${id}-connection`} label={t.connection} error={fieldError(outcome, "connectionId", locale)}>
            {(aria) => (
              <Select {...aria} value={values.connectionId} onChange={set("connectionId")}>
                {connections.map((connection) => (
                  <option key={connection.id} value={connection.id}>
                    {connection.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id={`${id}-govid`} label={t.govid} error={fieldError(outcome, "govid", locale)}>
            {(aria) => <Input {...aria} value={values.govid} onChange={set("govid")} autoComplete="off" />}
          </Field>
          <Field id={`${id}-amount`} label={`${t.amount} (${currency})`} error={fieldError(outcome, "amount", locale)}>
            {(aria) => <Input {...aria} value={values.amount} onChange={set("amount")} inputMode="decimal" />}
          </Field>
        </div>
        <Button type="submit" disabled={pending}>
          {t.check}
        </Button>
        <OutcomeNotice outcome={outcome} />
      </form>

      {/* Always there, so a screen reader announces each decision as it comes. */}
      <div role="status" aria-live="polite" data-testid="credit-decision">
        {result ? (
          <section aria-labelledby={`${id}-decision`} className="space-y-4">
            {/* Announced by the region around it, which is there before the decision comes. */}
            <Notice tone={TONE[result.decision]} role={false}>
              <h2 id={`${id}-decision`} className="text-lg font-semibold">
                {t.decision}: {t.decisions[result.decision]}
              </h2>
              {result.reasons.length > 0 ? (
                <>
                  <p className="mt-2 text-sm font-medium">{t.reasons}</p>
                  <ul className="list-disc pl-5 text-sm">
                    {result.reasons.map((reason) => (
                      <li key={reason.code}>{t.reasonTexts[reason.code] ?? reason.message}</li>
                    ))}
                  </ul>
                </>
              ) : null}
              {result.conditions.length > 0 ? (
                <>
                  <p className="mt-2 text-sm font-medium">{t.conditions}</p>
                  <ul className="list-disc pl-5 text-sm">
                    {result.conditions.map((condition) => (
                      <li key={condition.code}>
                        {fillText(t.conditionTexts[condition.code] ?? condition.message, {
                          amount: condition.amount === undefined ? "" : money(condition.amount),
                        })}
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
            </Notice>
            <div className="grid gap-4 text-sm sm:grid-cols-3">
              <Facts
                title={t.own}
                rows={[
                  [t.openCases, String(result.info.own.opencases)],
                  [t.openAmount, money(result.info.own.openamount)],
                  [t.paidLate, String(result.info.own.paidlate)],
                  [t.collections, String(result.info.own.collections)],
                ]}
              />
              <Facts
                title={t.others}
                rows={[
                  [t.creditors, String(result.info.others.creditors)],
                  [t.openCases, String(result.info.others.opencases)],
                  [t.collections, String(result.info.others.collections)],
                  [t.paidOnTime, result.info.others.paidontime === null ? t.none : `${Math.round(result.info.others.paidontime * 100)} %`],
                ]}
              />
              <Facts
                title={t.bureau}
                rows={[
                  [t.bureau, t.bureauStatus[result.info.bureau.status] ?? result.info.bureau.status],
                  [t.paymentDefaults, result.info.bureau.paymentdefaults === null ? t.none : String(result.info.bureau.paymentdefaults)],
                ]}
              />
            </div>
          </section>
        ) : null}
      </div>
    </div>
  );
}

function Facts({ title, rows }: { title: string; rows: [string, string][] }) {
  return (
    <section className="rounded border border-slate-200 bg-white p-3">
      <h3 className="mb-2 font-semibold">{title}</h3>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
