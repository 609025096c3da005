"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useId, useState, useTransition, type FormEvent } from "react";

import { ConfirmStep } from "@/components/portal/shell/confirm-step";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/input";
import { OutcomeNotice } from "@/components/ui/notice";
import { exactCents } from "@/lib/payment-data/amounts";
import type { ActionResult } from "@/lib/portal/actions/validated-action";
import { actionsFor, type PortalCaseAction } from "@/lib/portal/cases/case-decisions";
import type { CaseSummary } from "@/lib/portal/cases/case-views";
import type { CaseTexts } from "@/lib/portal/cases/texts";
import { formatMoney } from "@/lib/portal/i18n/format-money";
import { formatDate } from "@/lib/portal/i18n/format-time";
import { fillText, type Locale } from "@/lib/portal/i18n/locale";

import { AddressCorrection, type CorrectAddress } from "./address-correction";
import { ControlField, fieldError, type FormOutcome } from "./outcome-lines";

/*
 * A credit controller's decisions on a case page: the phase's own actions (hold, dispute,
 * terminate, legal, and their way back), moving the due date, recording a payment the debtor
 * made to the creditor directly, a credit note's money to an invoice, and the address of a debtor whose letter came back. Terminating and sending to legal ask first. Each answer is said in
 * a status line; the case itself moves when the service's events arrive.
 */

export interface DecisionActions {
  decide: (input: unknown) => Promise<ActionResult<{ code: number; status: string | null }>>;
  moveDueDate: (input: unknown) => Promise<ActionResult<{ currentpaydate: string }>>;
  recordPayment: (input: unknown) => Promise<ActionResult<{ amount: string; currency: string | null; code: number }>>;
  correctAddress: CorrectAddress;
  allocateCredit: (input: unknown) => Promise<ActionResult<{ amount: string; remaining: string | null; targetjobid: number; currency: string | null }>>;
}

/** A credit note's codes in which nothing more can be allocated from it: a draft, paid, terminated, written off, refunded. */
const CREDIT_CLOSED: ReadonlySet<number> = new Set([11, 101, 102, 103, 108]);

/** The decisions that cannot be taken back, or that stop collection, ask once more. */
const CONFIRMED: ReadonlySet<PortalCaseAction> = new Set([
  "terminate",
  "legal",
  "approve",
  "discard",
  "reschedule",
  "restructuring",
  "bankruptcy",
  "postcollection",
]);

export function CaseDecisions({
  summary,
  today,
  actions,
  texts: t,
  locale,
}: {
  summary: CaseSummary;
  today: string;
  actions: DecisionActions;
  texts: CaseTexts;
  locale: Locale;
}) {
  const queryClient = useQueryClient();
  const id = useId();
  const [note, setNote] = useState("");
  const [decision, setDecision] = useState<FormOutcome>(null);
  const [dueDate, setDueDate] = useState(summary.currentPaydate ?? today);
  const [dueOutcome, setDueOutcome] = useState<FormOutcome>(null);
  const [amount, setAmount] = useState("");
  const [paidOn, setPaidOn] = useState(today);
  const [payOutcome, setPayOutcome] = useState<FormOutcome>(null);
  const [creditTarget, setCreditTarget] = useState("");
  const [creditAmount, setCreditAmount] = useState("");
  const [creditOutcome, setCreditOutcome] = useState<FormOutcome>(null);
  // Known from the allocation's answer at once; the case's own code (104) says only that some went.
  const [creditUsedUp, setCreditUsedUp] = useState(false);
  // A credit note (its amount below zero) is money to give to an invoice, not a debt to collect; it
  // can be allocated while its events say credit is left, also in 104 (Credited) after a part went,
  // not as a draft.
  const isCreditNote = !creditUsedUp && summary.creditLeft !== null && summary.creditLeft > 0 && summary.code !== null && !CREDIT_CLOSED.has(summary.code);
  const [pending, start] = useTransition();
  const available = actionsFor(summary.code, summary.jobtype);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["case", summary.id] });

  // A closed case (or a letter) offers nothing, but the answer to the decision that closed it stays.
  const closed = available.length === 0 && !isCreditNote;
  const answered = [decision, dueOutcome, payOutcome, creditOutcome].filter((outcome): outcome is NonNullable<FormOutcome> => outcome !== null);
  if (closed && answered.length === 0) return null;

  const decide = async (action: PortalCaseAction): Promise<string | null> => {
    const result = await actions.decide({ caseId: summary.id, action, ...(note.trim() ? { note } : {}) });
    if (!result.ok) {
      setDecision(result);
      return null;
    }
    setDecision({ ok: true, message: fillText(t.actionDone, { code: result.data.code, status: result.data.status ?? "" }).replace(" .", ".") });
    setNote("");
    await refresh();
    return null;
  };

  const moveDue = (event: FormEvent) => {
    event.preventDefault();
    start(async () => {
      const result = await actions.moveDueDate({ caseId: summary.id, currentpaydate: dueDate });
      setDueOutcome(
        result.ok
          ? { ok: true, message: fillText(t.dueDateMoved, { date: formatDate(result.data.currentpaydate, locale) ?? result.data.currentpaydate }) }
          : result,
      );
      if (result.ok) await refresh();
    });
  };

  const record = (event: FormEvent) => {
    event.preventDefault();
    start(async () => {
      const result = await actions.recordPayment({ caseId: summary.id, amount, paymentdate: paidOn });
      if (result.ok) {
        setPayOutcome({
          ok: true,
          message: fillText(t.directRecorded, { amount: formatMoney(exactCents(result.data.amount), result.data.currency, locale) ?? result.data.amount }),
        });
        setAmount("");
        await refresh();
      } else setPayOutcome(result);
    });
  };

  const allocate = (event: FormEvent) => {
    event.preventDefault();
    start(async () => {
      const result = await actions.allocateCredit({
        caseId: summary.id,
        refundtobillnum: creditTarget,
        ...(creditAmount.trim() ? { amount: creditAmount } : {}),
      });
      if (!result.ok) return setCreditOutcome(result);
      const money = (value: string) => formatMoney(exactCents(value), result.data.currency, locale) ?? value;
      setCreditOutcome({
        ok: true,
        message: fillText(t.creditAllocated, {
          amount: money(result.data.amount),
          billnum: creditTarget.trim(),
          remaining: money(result.data.remaining ?? "0"),
        }),
      });
      setCreditTarget("");
      setCreditAmount("");
      // A remainder the answer does not give is not known to be nothing: the form stays.
      setCreditUsedUp(result.data.remaining !== null && Number(result.data.remaining) <= 0);
      await refresh();
    });
  };

  const dueError = fieldError(dueOutcome, "currentpaydate", locale);
  const amountError = fieldError(payOutcome, "amount", locale);
  const dateError = fieldError(payOutcome, "paymentdate", locale);
  const noteError = fieldError(decision, "note", locale);

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4 rounded border border-slate-300 bg-white p-4">
      <div>
        <h2 id={`${id}-heading`} className="text-base font-semibold">
          {t.actionsTitle}
        </h2>
        <p className="text-sm text-slate-700">{t.actionsIntro}</p>
      </div>
      {closed ? (
        answered.map((outcome, index) => <OutcomeNotice key={index} outcome={outcome} />)
      ) : (
        <>
          {/* A returned letter waits for the debtor's address (89, then 71). */}
          {summary.code === 89 || summary.code === 71 ? (
            <AddressCorrection
              caseId={summary.id}
              correct={actions.correctAddress}
              texts={t}
              locale={locale}
              onDone={async (message) => {
                setDecision({ ok: true, message });
                await refresh();
              }}
            />
          ) : null}
          {available.length > 0 ? (
            <>
              <div className="space-y-2">
                <Field id={`${id}-note`} label={t.actionNote} error={noteError}>
                  {(aria) => <Textarea {...aria} rows={2} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} layout="max-w-xl" />}
                </Field>
                <div className="flex flex-wrap items-center gap-2">
                  {available.map((action) =>
                    CONFIRMED.has(action) ? (
                      <ConfirmStep
                        key={action}
                        texts={{
                          start: t.actionLabels[action],
                          question: t.actionQuestions[action as keyof typeof t.actionQuestions],
                          confirm: t.confirmAction,
                          keep: t.keep,
                        }}
                        run={() => decide(action)}
                      />
                    ) : (
                      <Button key={action} type="button" size="sm" disabled={pending} onClick={() => start(async () => void (await decide(action)))}>
                        {t.actionLabels[action]}
                      </Button>
                    ),
                  )}
                </div>
                <OutcomeNotice outcome={decision} />
              </div>
              <div className="grid gap-6 md:grid-cols-2">
                <form onSubmit={moveDue} noValidate className="space-y-2" aria-label={t.dueDateTitle}>
                  <ControlField
                    id={`${id}-due`}
                    label={t.newDueDate}
                    error={dueError}
                    type="date"
                    min={today}
                    value={dueDate}
                    onChange={(event) => setDueDate(event.target.value)}
                    className="max-w-48"
                  />
                  <Button type="submit" size="sm" disabled={pending}>
                    {t.moveDueDate}
                  </Button>
                  <OutcomeNotice outcome={dueOutcome} />
                </form>
                <form onSubmit={record} noValidate className="space-y-2" aria-label={t.directPaymentTitle}>
                  <p className="text-sm font-medium">{t.directPaymentTitle}</p>
                  <div className="flex flex-wrap gap-3">
                    <ControlField
                      id={`${id}-amount`}
                      label={t.directAmount}
                      error={amountError}
                      inputMode="decimal"
                      autoComplete="off"
                      value={amount}
                      onChange={(event) => setAmount(event.target.value)}
                      className="max-w-36"
                    />
                    <ControlField
                      id={`${id}-paid-on`}
                      label={t.directDate}
                      error={dateError}
                      type="date"
                      max={today}
                      value={paidOn}
                      onChange={(event) => setPaidOn(event.target.value)}
                      className="max-w-48"
                    />
                  </div>
                  <Button type="submit" size="sm" disabled={pending}>
                    {t.recordPayment}
                  </Button>
                  <OutcomeNotice outcome={payOutcome} />
                </form>
              </div>
            </>
          ) : null}
          {isCreditNote ? (
            <form onSubmit={allocate} noValidate className="space-y-2 rounded border border-slate-300 p-3" aria-label={t.creditTitle}>
              <p className="text-sm font-medium">{t.creditTitle}</p>
              <p className="text-sm text-slate-700">{t.creditIntro}</p>
              <div className="flex flex-wrap gap-3">
                <ControlField
                  id={`${id}-credit-refundtobillnum`}
                  label={t.creditBillnum}
                  error={fieldError(creditOutcome, "refundtobillnum", locale)}
                  autoComplete="off"
                  value={creditTarget}
                  onChange={(event) => setCreditTarget(event.target.value)}
                  className="max-w-48"
                />
                <ControlField
                  id={`${id}-credit-amount`}
                  label={t.creditAmount}
                  error={fieldError(creditOutcome, "amount", locale)}
                  inputMode="decimal"
                  autoComplete="off"
                  value={creditAmount}
                  onChange={(event) => setCreditAmount(event.target.value)}
                  className="max-w-36"
                />
              </div>
              <Button type="submit" size="sm" disabled={pending}>
                {t.allocateCredit}
              </Button>
              <OutcomeNotice outcome={creditOutcome} />
            </form>
          ) : (
            // Used up by the answer just given, before the case's move to 104 arrives: the answer stays.
            <OutcomeNotice outcome={creditOutcome} />
          )}
        </>
      )}
    </section>
  );
}
