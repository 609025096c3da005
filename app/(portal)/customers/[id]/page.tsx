import Link from "next/link";
import { notFound } from "next/navigation";

import { CustomerDocuments } from "@/components/portal/customers/customer-documents";
import { CustomerForm } from "@/components/portal/customers/customer-form";
import { PageHeader } from "@/components/ui/page-header";
import { DataCell, DataRow, DataTable } from "@/components/ui/table";
import { textLinkClass } from "@/components/ui/text-link";
import { getDb } from "@/lib/db/client";
import { mayAct } from "@/lib/portal/auth/roles";
import { requireUser } from "@/lib/portal/auth/session";
import { CUSTOMER_CASES_SHOWN, getCustomer } from "@/lib/portal/customers/get-customer";
import { CUSTOMER_TEXTS } from "@/lib/portal/customers/texts";
import { formatMoney } from "@/lib/portal/i18n/format-money";
import { formatDate, formatTime } from "@/lib/portal/i18n/format-time";
import { fillText } from "@/lib/portal/i18n/locale";
import { pageMetadata } from "@/lib/portal/shell/page-titles";

import { updateCustomerAction } from "./actions";

export const generateMetadata = () => pageMetadata("customer");

/** One customer of the register: its details (clerks and admins edit them), its cases and what was sent for them. */
export default async function CustomerPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireUser("viewer");
  const t = CUSTOMER_TEXTS[user.locale];
  const { id } = await params;
  const customer = await getCustomer(getDb(), { organizationId: user.organizationId, id, locale: user.locale });
  if (!customer) notFound();
  const money = (cents: number | null, currency: string | null) => formatMoney(cents, currency, user.locale) ?? "—";

  return (
    <div className="space-y-8">
      <PageHeader
        title={customer.name}
        back={
          <Link href="/customers" className={textLinkClass}>
            ← {t.backToCustomers}
          </Link>
        }
        intro={[customer.custnum, customer.address, [customer.postcode, customer.city].filter(Boolean).join(" "), `${customer.environment} · ${customer.cid}`]
          .filter(Boolean)
          .join(" · ")}
      >
        <p className="text-sm text-slate-700" data-testid="customer-balance">
          {t.openCases}: {customer.openCases}
          {customer.balances.map((balance) => ` · ${t.openBalance} ${money(balance.open, balance.currency)}`).join("")}
        </p>
      </PageHeader>

      <section aria-labelledby="details-heading" className="space-y-3">
        <h2 id="details-heading" className="text-lg font-semibold">
          {t.detailsTitle}
        </h2>
        <p className="text-sm text-slate-600">
          {customer.editedAt ? fillText(t.edited, { time: formatTime(customer.editedAt, user.locale) ?? "" }) : t.fromJobs}
        </p>
        {mayAct(user.role, "clerk") ? (
          <CustomerForm customer={customer} update={updateCustomerAction} texts={t} locale={user.locale} />
        ) : (
          <>
            <dl className="grid max-w-3xl gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]" data-testid="customer-details">
              {(
                [
                  [t.customertype, t.customertypes[customer.customertype as keyof typeof t.customertypes] ?? customer.customertype],
                  [t.email, customer.email || "—"],
                  [t.language, customer.language ? (t.languages[customer.language as keyof typeof t.languages] ?? customer.language) : t.notSet],
                  [t.paymentTerms, customer.paymentTerms === null ? t.notSet : String(customer.paymentTerms)],
                  [t.sendtype, customer.sendtype ? (t.sendtypes[customer.sendtype as keyof typeof t.sendtypes] ?? customer.sendtype) : t.notSet],
                  [t.notes, customer.notes || "—"],
                ] as const
              ).map(([term, value]) => (
                <div key={term} className="contents">
                  <dt className="font-medium">{term}</dt>
                  <dd className="whitespace-pre-line">{value}</dd>
                </div>
              ))}
            </dl>
            <p className="text-sm text-slate-600">{t.viewerOnly}</p>
          </>
        )}
      </section>

      <section aria-labelledby="cases-heading" className="space-y-3">
        <h2 id="cases-heading" className="text-lg font-semibold">
          {t.casesTitle}
        </h2>
        {customer.cases.length === 0 ? (
          <p className="text-sm text-slate-700">{t.casesNone}</p>
        ) : (
          <div>
            <DataTable
              caption={t.casesCaption}
              testId="customer-cases"
              columns={[
                { header: t.caseColumn },
                { header: t.amount, numeric: true },
                { header: t.open, numeric: true },
                { header: t.due },
                { header: t.phase },
              ]}
            >
              {customer.cases.map((row) => (
                <DataRow key={row.id}>
                  <DataCell rowHeader>
                    <Link href={`/cases/${row.id}`} className={textLinkClass}>
                      {row.billnum ?? row.reference ?? fillText(t.jobNumber, { jobid: row.jobid })}
                    </Link>
                  </DataCell>
                  <DataCell numeric>{money(row.amount, row.currency)}</DataCell>
                  <DataCell numeric>{money(row.open, row.currency)}</DataCell>
                  <DataCell>{row.currentPaydate ? (formatDate(row.currentPaydate, user.locale) ?? row.currentPaydate) : "—"}</DataCell>
                  <DataCell>{row.codeText ?? "—"}</DataCell>
                </DataRow>
              ))}
            </DataTable>
            {customer.cases.length === CUSTOMER_CASES_SHOWN ? (
              <p className="mt-2 text-sm text-slate-600">{fillText(t.casesMore, { count: CUSTOMER_CASES_SHOWN })}</p>
            ) : null}
          </div>
        )}
      </section>

      <CustomerDocuments
        cases={customer.cases.slice(0, 20).map((row) => ({ id: row.id, label: row.billnum ?? row.reference ?? fillText(t.jobNumber, { jobid: row.jobid }) }))}
        texts={t}
        locale={user.locale}
      />
    </div>
  );
}
