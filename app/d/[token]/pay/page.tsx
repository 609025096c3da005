import type { Metadata } from "next";

import { DebtorShell, Notice, Panel } from "@/app/d/_components/debtor-shell";
import { LinkProblem } from "@/app/d/_components/link-problem";
import { PaymentQr } from "@/app/d/_components/payment-qr";
import { Button, buttonClass } from "@/components/ui/button";
import { formatBankgiro, formatPlusgiro } from "@/lib/payment-data/swedish-giro";
import { debtorHref, debtorLinkOfRequest, pageFormat } from "@/lib/service/debtor/debtor-page";
import { providerFor } from "@/lib/service/debtor/payment-provider";
import { formattedReference, paymentCodes } from "@/lib/service/documents/pdf/payment-parts";

import { payAction } from "../actions";

/*
 * The pay page (the pay link): what to pay today, interest to the day included, with everything a
 * bank transfer needs and the EPC QR code of it; and online payment through the environment's
 * payment provider where one is configured.
 */

export const dynamic = "force-dynamic";

interface PageProps {
  params: Promise<{ token: string }>;
  searchParams: Promise<{ lang?: string; error?: string }>;
}

export async function generateMetadata({ params, searchParams }: PageProps): Promise<Metadata> {
  const [{ token }, { lang }] = await Promise.all([params, searchParams]);
  const link = await debtorLinkOfRequest(token);
  const format = pageFormat(lang, link.state === "found" ? link.debtorCase.document.language : "eng");
  return { title: format.texts.payNow, robots: { index: false, follow: false }, referrer: "no-referrer" };
}

export default async function PayPage({ params, searchParams }: PageProps) {
  const [{ token }, { lang, error }] = await Promise.all([params, searchParams]);
  const link = await debtorLinkOfRequest(token);
  if (link.state !== "found") return <LinkProblem state={link.state} asked={lang} />;
  const debtorCase = link.debtorCase;
  const format = pageFormat(lang, debtorCase.document.language);
  const t = format.texts;
  const seller = debtorCase.document.seller;
  const total = debtorCase.open.total;
  // The code carries what is open today, not what the document said when it was made.
  const codes = paymentCodes({ ...debtorCase.document, amountDue: Number(total) });
  const online = debtorCase.offers.pay && providerFor(debtorCase.environment) !== null;

  return (
    <DebtorShell language={format.language} languageLabel={t.language} creditor={seller.name} hrefFor={(language) => debtorHref(token, "/pay", language)}>
      <h1 className="text-2xl font-bold text-slate-900">{t.payNow}</h1>
      {!debtorCase.offers.pay ? <Notice tone="ok">{t.closed}</Notice> : null}
      {debtorCase.offers.pay ? (
        <>
          <Panel id="amount" title={t.toPay}>
            <p className="text-3xl font-bold tabular-nums text-slate-900">{format.money(total, debtorCase.currency)}</p>
            <p className="mt-1 text-sm text-slate-700">
              {t.dueDate} {format.date(debtorCase.currentPaydate)}
            </p>
            {online ? (
              <form action={payAction.bind(null, token, lang)} className="mt-4">
                <Button type="submit" variant="primary" block layout="min-h-11 text-base">
                  {t.payOnline}
                </Button>
              </form>
            ) : (
              <div className="mt-4">
                <Notice tone="info">{t.payOnlineUnavailable}</Notice>
              </div>
            )}
            {error && online ? (
              <div className="mt-3">
                <Notice tone="warn">{t.payOnlineUnavailable}</Notice>
              </div>
            ) : null}
          </Panel>
          <Panel id="transfer" title={t.bankTransfer}>
            <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-slate-600">{t.recipient}</dt>
              <dd className="font-medium">{seller.name}</dd>
              {seller.iban ? (
                <>
                  <dt className="text-slate-600">{t.account}</dt>
                  <dd className="font-mono">{seller.iban.replace(/(.{4})/g, "$1 ").trim()}</dd>
                </>
              ) : null}
              {seller.iban && seller.bic ? (
                <>
                  <dt className="text-slate-600">{t.bic}</dt>
                  <dd className="font-mono">{seller.bic}</dd>
                </>
              ) : null}
              {seller.bankgiro ? (
                <>
                  <dt className="text-slate-600">{t.bankgiro}</dt>
                  <dd className="font-mono">{formatBankgiro(seller.bankgiro)}</dd>
                </>
              ) : null}
              {seller.plusgiro ? (
                <>
                  <dt className="text-slate-600">{t.plusgiro}</dt>
                  <dd className="font-mono">{formatPlusgiro(seller.plusgiro)}</dd>
                </>
              ) : null}
              {!seller.iban && seller.account ? (
                <>
                  <dt className="text-slate-600">{t.account}</dt>
                  <dd className="font-mono">{seller.account}</dd>
                </>
              ) : null}
              {debtorCase.reference ? (
                <>
                  <dt className="text-slate-600">{t.reference}</dt>
                  <dd className="font-mono">{formattedReference(debtorCase.document)}</dd>
                </>
              ) : null}
              <dt className="text-slate-600">{t.total}</dt>
              <dd className="font-medium tabular-nums">{format.money(total, debtorCase.currency)}</dd>
            </dl>
            {codes.epcQr ? (
              <div className="mt-4">
                <PaymentQr payload={codes.epcQr} label={t.qrHelp} />
              </div>
            ) : null}
          </Panel>
        </>
      ) : null}
      <a href={debtorHref(token, "", lang)} className={buttonClass({ variant: "link" }, "inline-block min-h-11 py-2")}>
        {t.back}
      </a>
    </DebtorShell>
  );
}
