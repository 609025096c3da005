import Link from "next/link";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { getDb } from "@/lib/db/client";
import { requireUser } from "@/lib/portal/auth/session";
import { customerListParamsSchema, listCustomers } from "@/lib/portal/customers/list-customers";
import { CUSTOMER_TEXTS } from "@/lib/portal/customers/texts";
import { formatMoney } from "@/lib/portal/i18n/format-money";
import { pageMetadata } from "@/lib/portal/shell/page-titles";

export const generateMetadata = () => pageMetadata("customers");

const link = "text-blue-800 underline focus-visible:outline-2 focus-visible:outline-blue-700";

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
      <header className="space-y-3">
        <h1 className="text-2xl font-semibold">{t.title}</h1>
        <p className="max-w-3xl text-slate-700">{t.intro}</p>
        <form method="get" action="/customers" role="search" className="flex max-w-xl items-end gap-2">
          <div className="grow">
            <label htmlFor="customer-search" className="block text-sm font-medium text-slate-900">
              {t.search}
            </label>
            <Input id="customer-search" name="q" type="search" defaultValue={params.q ?? ""} maxLength={100} />
          </div>
          <Button type="submit">{t.searchButton}</Button>
        </form>
      </header>

      {page.rows.length === 0 ? (
        <p className="text-slate-700">{params.q ? t.noMatch : t.empty}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full border-collapse text-sm" data-testid="customer-list">
            <caption className="sr-only">{t.caption}</caption>
            <thead>
              <tr className="border-b border-slate-300 text-left">
                {[t.name, t.custnum, t.city, t.country].map((head) => (
                  <th key={head} scope="col" className="px-3 py-2 font-medium">
                    {head}
                  </th>
                ))}
                {[t.openCases, t.openBalance].map((head) => (
                  <th key={head} scope="col" className="px-3 py-2 text-right font-medium">
                    {head}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {page.rows.map((row) => (
                <tr key={row.id} className="border-b border-slate-200">
                  <th scope="row" className="px-3 py-2 text-left font-normal">
                    <Link href={`/customers/${row.id}`} className={link}>
                      {row.name}
                    </Link>
                  </th>
                  <td className="px-3 py-2">{row.custnum || "—"}</td>
                  <td className="px-3 py-2">{row.city || "—"}</td>
                  <td className="px-3 py-2">
                    {row.environment} · {row.cid}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{row.openCases}</td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {row.balances.length === 0
                      ? "—"
                      : row.balances.map((balance) => (
                          <span key={balance.currency ?? ""} className="block">
                            {formatMoney(balance.open, balance.currency, user.locale)}
                          </span>
                        ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {page.previous || page.next ? (
        <nav aria-label={t.paging} className="flex gap-4 text-sm">
          {page.previous ? (
            <Link href={pageHref({ before: page.previous })} className={link}>
              ← {t.previous}
            </Link>
          ) : null}
          {page.next ? (
            <Link href={pageHref({ after: page.next })} className={link}>
              {t.next} →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
