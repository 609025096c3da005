import Link from "next/link";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { EmptyState, PageHeader } from "@/components/ui/page-header";
import { DataCell, DataRow, DataTable } from "@/components/ui/table";
import { textLinkClass } from "@/components/ui/text-link";
import { getDb } from "@/lib/db/client";
import { requireUser } from "@/lib/portal/auth/session";
import { customerListParamsSchema, listCustomers } from "@/lib/portal/customers/list-customers";
import { CUSTOMER_TEXTS } from "@/lib/portal/customers/texts";
import { formatMoney } from "@/lib/portal/i18n/format-money";
import { pageMetadata } from "@/lib/portal/shell/page-titles";

export const generateMetadata = () => pageMetadata("customers");

/** The customer register (every role): searched by name, customer number or city, paged by keyset. */
export default async function CustomersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireUser("viewer");
  const t = CUSTOMER_TEXTS[user.locale];
  const raw = await searchParams;
  const one = (name: string) => (Array.isArray(raw[name]) ? raw[name][0] : raw[name]);
  const params = customerListParamsSchema.parse({ q: one("q"), after: one("after"), before: one("before") });
  const page = await listCustomers(getDb(), { organizationId: user.organizationId, params });
  const pageHref = (cursor: Record<string, string>) => `/customers?${new URLSearchParams({ ...(params.q ? { q: params.q } : {}), ...cursor }).toString()}`;

  return (
    <div className="space-y-6">
      <PageHeader title={t.title} intro={t.intro}>
        <form method="get" action="/customers" role="search" className="flex max-w-xl items-end gap-2">
          <div className="grow">
            <label htmlFor="customer-search" className="block text-sm font-medium text-slate-900">
              {t.search}
            </label>
            <Input id="customer-search" name="q" type="search" defaultValue={params.q ?? ""} maxLength={100} />
          </div>
          <Button type="submit">{t.searchButton}</Button>
        </form>
      </PageHeader>

      {page.rows.length === 0 ? (
        <EmptyState>{params.q ? t.noMatch : t.empty}</EmptyState>
      ) : (
        <DataTable
          caption={t.caption}
          testId="customer-list"
          columns={[
            { header: t.name },
            { header: t.custnum },
            { header: t.city },
            { header: t.country },
            { header: t.openCases, numeric: true },
            { header: t.openBalance, numeric: true },
          ]}
        >
          {page.rows.map((row) => (
            <DataRow key={row.id}>
              <DataCell rowHeader>
                <Link href={`/customers/${row.id}`} className={textLinkClass}>
                  {row.name}
                </Link>
              </DataCell>
              <DataCell>{row.custnum || "—"}</DataCell>
              <DataCell>{row.city || "—"}</DataCell>
              <DataCell>
                {row.environment} · {row.cid}
              </DataCell>
              <DataCell numeric>{row.openCases}</DataCell>
              <DataCell numeric>
                {row.balances.length === 0
                  ? "—"
                  : row.balances.map((balance) => (
                      <span key={balance.currency ?? ""} className="block">
                        {formatMoney(balance.open, balance.currency, user.locale)}
                      </span>
                    ))}
              </DataCell>
            </DataRow>
          ))}
        </DataTable>
      )}

      {page.previous || page.next ? (
        <nav aria-label={t.paging} className="flex gap-4 text-sm">
          {page.previous ? (
            <Link href={pageHref({ before: page.previous })} className={textLinkClass}>
              ← {t.previous}
            </Link>
          ) : null}
          {page.next ? (
            <Link href={pageHref({ after: page.next })} className={textLinkClass}>
              {t.next} →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
