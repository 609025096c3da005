import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { DebtorShell, Facts, Panel } from "@/app/d/_components/debtor-shell";
import { Button, buttonClass } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { getDb } from "@/lib/db/client";
import { debtorHref, debtorLinkOfRequest, pageFormat } from "@/lib/service/debtor/debtor-page";
import { onlinePaymentOf } from "@/lib/service/debtor/online-payment";

import { simulatedProviderAction } from "../../actions";

/*
 * The simulated payment provider of test environments (lib/service/debtor/payment-provider.ts): the
 * page a real provider would show, where the debtor approves or cancels. It exists for payments the
 * simulated provider took only; anything else is a 404.
 */

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Test bank", robots: { index: false, follow: false }, referrer: "no-referrer" };

interface PageProps {
  params: Promise<{ token: string; paymentId: string }>;
  searchParams: Promise<{ lang?: string }>;
}

export default async function SimulatedProviderPage({ params, searchParams }: PageProps) {
  const [{ token, paymentId }, { lang }] = await Promise.all([params, searchParams]);
  const link = await debtorLinkOfRequest(token);
  if (link.state !== "found" || !/^[0-9a-f-]{36}$/.test(paymentId)) notFound();
  const debtorCase = link.debtorCase;
  const payment = await onlinePaymentOf(getDb(), debtorCase.jobId, paymentId);
  if (!payment || payment.provider !== "simulated") notFound();
  const format = pageFormat(lang, debtorCase.document.language);
  const t = format.texts;

  return (
    <DebtorShell language={format.language} languageLabel={t.language} creditor={t.provider.title}>
      <h1 className="text-2xl font-bold text-slate-900">{t.provider.title}</h1>
      <Notice tone="warning">{t.provider.notice}</Notice>
      <Panel id="payment" title={t.payNow}>
        <Facts
          items={[
            [t.provider.to, debtorCase.document.seller.name],
            [t.provider.amount, format.money(payment.amount, payment.currency)],
          ]}
        />
        {payment.status === "started" ? (
          <div className="mt-4 flex flex-col gap-3 sm:flex-row">
            <form action={simulatedProviderAction.bind(null, token, paymentId, "paid", lang)} className="sm:flex-1">
              <Button type="submit" variant="primary" block layout="min-h-11 text-base">
                {t.provider.confirm}
              </Button>
            </form>
            <form action={simulatedProviderAction.bind(null, token, paymentId, "cancelled", lang)} className="sm:flex-1">
              <Button type="submit" variant="secondary" block layout="min-h-11 text-base">
                {t.provider.cancel}
              </Button>
            </form>
          </div>
        ) : (
          <div className="mt-4 space-y-3">
            <Notice tone="info" role="status">
              {t.provider.done}
            </Notice>
            <a href={debtorHref(token, "", lang)} className={buttonClass({ variant: "link" }, "inline-block min-h-11 py-2")}>
              {t.back}
            </a>
          </div>
        )}
      </Panel>
    </DebtorShell>
  );
}
