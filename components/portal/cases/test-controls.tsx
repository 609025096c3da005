"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition, type FormEvent } from "react";

import { Button } from "@/components/ui/button";
import { OutcomeNotice } from "@/components/ui/notice";
import { exactCents, formatCents } from "@/lib/payment-data/amounts";
import type { ActionResult } from "@/lib/portal/actions/validated-action";
import { openTotal, type CaseSummary } from "@/lib/portal/cases/case-views";
import type { CaseTexts } from "@/lib/portal/cases/texts";
import { formatMoney } from "@/lib/portal/i18n/format-money";
import { formatDate } from "@/lib/portal/i18n/format-time";
import { fillText, type Locale } from "@/lib/portal/i18n/locale";

import { ControlField, fieldError, type FormOutcome } from "./outcome-lines";

/*
 * A test environment's controls on a case: move the clock, simulate a payment. Shown only to a
 * clerk or an admin on a test environment's case; the server actions check both again.
 */

export interface TestActions {
  advanceClock: (input: unknown) => Promise<ActionResult<{ days: number; today: string }>>;
  simulatePayment: (input: unknown) => Promise<ActionResult<{ amount: string; currency: string | null }>>;
}

export function TestControls({ summary, actions, texts: t, locale }: { summary: CaseSummary; actions: TestActions; texts: CaseTexts; locale: Locale }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const id = useId();
  const [days, setDays] = useState("14");
  const [typedAmount, setTypedAmount] = useState<string | null>(null);
  const [clockOutcome, setClockOutcome] = useState<FormOutcome>(null);
  const [payOutcome, setPayOutcome] = useState<FormOutcome>(null);
  const [clockPending, startClock] = useTransition();
  const [payPending, startPay] = useTransition();

  const open = openTotal(summary);
  // Until the user types, the amount follows what is open as events arrive (the view's JSON cents, whole).
  const amount = typedAmount ?? (open !== null && open > 0 ? formatCents(BigInt(open)) : "");

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ["case", summary.id] });
  };

  const advance = (event: FormEvent) => {
    event.preventDefault();
    startClock(async () => {
      const result = await actions.advanceClock({ caseId: summary.id, days });
      setClockOutcome(
        result.ok
          ? { ok: true, message: fillText(t.advanced, { days: result.data.days, date: formatDate(result.data.today, locale) ?? result.data.today }) }
          : result,
      );
      if (result.ok) {
        await refresh();
        // The page's note of the environment's date is the server's: read it again.
        router.refresh();
      }
    });
  };

  const pay = (event: FormEvent) => {
    event.preventDefault();
    startPay(async () => {
      const result = await actions.simulatePayment({ caseId: summary.id, amount });
      if (result.ok) {
        setPayOutcome({
          ok: true,
          message: fillText(t.paidMessage, { amount: formatMoney(exactCents(result.data.amount), result.data.currency, locale) ?? result.data.amount }),
        });
        setTypedAmount(null);
        await refresh();
      } else {
        setPayOutcome(result);
      }
    });
  };

  const daysError = fieldError(clockOutcome, "days", locale);
  const amountError = fieldError(payOutcome, "amount", locale);

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3 rounded border border-amber-300 bg-amber-50 p-4">
      <h2 id={`${id}-heading`} className="text-base font-semibold">
        {t.testControls}
      </h2>
      <p className="text-sm text-slate-800">{t.testIntro}</p>
      <div className="grid gap-6 md:grid-cols-2">
        <form onSubmit={advance} noValidate className="space-y-2" aria-label={t.advance}>
          <ControlField
            id={`${id}-days`}
            label={t.days}
            error={daysError}
            type="number"
            min={1}
            max={365}
            inputMode="numeric"
            value={days}
            onChange={(event) => setDays(event.target.value)}
            className="max-w-32"
          />
          <Button type="submit" variant="primary" disabled={clockPending}>
            {clockPending ? t.working : t.advance}
          </Button>
          <OutcomeNotice outcome={clockOutcome} />
        </form>
        <form onSubmit={pay} noValidate className="space-y-2" aria-label={t.pay}>
          <ControlField
            id={`${id}-amount`}
            label={t.payAmount}
            hint={summary.reference ? fillText(t.payHint, { reference: summary.reference }) : fillText(t.payHintJob, { jobid: summary.jobid })}
            error={amountError}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => setTypedAmount(event.target.value)}
            className="max-w-48"
          />
          <Button type="submit" variant="primary" disabled={payPending}>
            {payPending ? t.working : t.pay}
          </Button>
          <OutcomeNotice outcome={payOutcome} />
        </form>
      </div>
    </section>
  );
}
