import { friendlyFormatIBAN } from "ibantools";
import type { Metadata } from "next";

import { DebtorShell, Facts, Panel } from "@/app/d/_components/debtor-shell";
import { LinkProblem } from "@/app/d/_components/link-problem";
import { PaymentQr } from "@/app/d/_components/payment-qr";
import { Button, buttonClass } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { formatBankgiro, formatPlusgiro } from "@/lib/payment-data/swedish-giro";
import { debtorHref, debtorLinkOfRequest, debtorPageMetadata, pageFormat, type DebtorPageProps } from "@/lib/service/debtor/debtor-page";
import { providerFor } from "@/lib/service/debtor/payment-provider";
import { formattedReference, paymentCodes } from "@/lib/service/documents/pdf/payment-parts";
import { inProceedings } from "@/lib/spec/case-actions";

import { payAction } from "../actions";

/*
 * The pay page (the pay link): what to pay today, interest to the day included, with everything a
 * bank transfer needs and the EPC QR code of it; and online payment through the environment's
 * payment provider where one is configured.
 */

export const dynamic = "force-dynamic";

type PageProps = DebtorPageProps<{ error?: string }>;

export async function generateMetadata(props: PageProps): Promise<Metadata> {
  return debtorPageMetadata(props, (_, format) => format.texts.payNow);
}

export default async function PayPage({ params, searchParams }: PageProps) {
  const [{ token }, { lang, error }] = await Promise.all([params, searchParams]);
  const link = await debtorLinkOfRequest(token);
  if (link.state !== "found") return <LinkProblem state={link.state} asked={lang} />;
  const debtorCase = link.debtorCase;
  const format = pageFormat(lang, debtorCase.document.language);
  const t = format.texts;
  const seller = debtorCase.document.seller;
  const total = debtorCase.payable.amount;
  // The code carries what is to be paid now, not what the document said when it was made.
  const codes = paymentCodes({ ...debtorCase.document, amountDue: total });
  const online = debtorCase.offers.pay && providerFor(debtorCase.environment) !== null;

  return (
    <DebtorShell language={format.language} languageLabel={t.language} creditor={seller.name} hrefFor={(language) => debtorHref(token, "/pay", language)}>
      <h1 className="text-2xl font-bold text-slate-900">{t.payNow}</h1>
      {!debtorCase.offers.pay ? (
        inProceedings(debtorCase.jobstatus) ? (
          <Notice tone="info">{t.suspended}</Notice>
        ) : (
          <Notice tone="success" role={false}>
            {t.closed}
          </Notice>
        )
      ) : null}
      {debtorCase.offers.pay ? (
        <>
          <Panel id="amount" title={t.toPay}>
            <p className="text-3xl font-bold tabular-nums text-slate-900">{format.money(total, debtorCase.currency)}</p>
            <p className="mt-1 text-sm text-slate-700">
              {t.dueDate} {format.date(debtorCase.payable.date)}
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
                <Notice tone="warning" role="status">
                  {t.payOnlineUnavailable}
                </Notice>
              </div>
            ) : null}
          </Panel>
          <Panel id="transfer" title={t.bankTransfer}>
            <Facts
              items={[
                [t.recipient, seller.name],
                !!seller.iban && [t.account, friendlyFormatIBAN(seller.iban), true],
                !!seller.iban && !!seller.bic && [t.bic, seller.bic, true],
                !!seller.bankgiro && [t.bankgiro, formatBankgiro(seller.bankgiro), true],
                !!seller.plusgiro && [t.plusgiro, formatPlusgiro(seller.plusgiro), true],
                !seller.iban && !!seller.account && [t.account, seller.account, true],
                !!debtorCase.reference && [t.reference, formattedReference(debtorCase.document), true],
                [t.total, format.money(total, debtorCase.currency)],
              ]}
            />
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
