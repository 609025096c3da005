import { ConnectionPicker } from "@/components/portal/connections/connection-picker";
import { DefineStockItem, RecordStock } from "@/components/portal/stock/stock-forms";
import { getDb } from "@/lib/db/client";
import { mayAct } from "@/lib/portal/auth/roles";
import { requireUser } from "@/lib/portal/auth/session";
import { formatDate } from "@/lib/portal/i18n/format-time";
import { fillText } from "@/lib/portal/i18n/locale";
import { pageMetadata } from "@/lib/portal/shell/page-titles";
import { stockPage } from "@/lib/portal/stock/stock";
import { STOCK_TEXTS } from "@/lib/portal/stock/texts";

import { defineStockItemAction, recordStockAction } from "./actions";

export const generateMetadata = () => pageMetadata("stock");

/** One connection's inserts and stationery at the print house, read from its service as the page is shown. */
export default async function StockPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireUser("viewer");
  const t = STOCK_TEXTS[user.locale];
  const { connections, connection, items, failure } = await stockPage(getDb(), user.organizationId, await searchParams);
  const date = (value: string | null) => (value ? (formatDate(value, user.locale) ?? value) : "…");

  return (
    <div className="space-y-8">
      <header className="space-y-3">
        <h1 className="text-2xl font-semibold">{t.title}</h1>
        <p className="max-w-3xl text-slate-700">{t.intro}</p>
        <ConnectionPicker connections={connections} connection={connection} failure={failure} texts={t} />
      </header>

      {items && items.length === 0 ? <p className="text-slate-700">{t.empty}</p> : null}
      {items && items.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="min-w-full border-collapse text-sm" data-testid="stock-items">
            <caption className="sr-only">{t.itemsCaption}</caption>
            <thead>
              <tr className="border-b border-slate-300 text-left">
                {[t.code, t.name, t.kind, t.per, t.documents, t.active].map((head) => (
                  <th key={head} scope="col" className="px-3 py-2 font-medium">
                    {head}
                  </th>
                ))}
                {[t.level, t.threshold].map((head) => (
                  <th key={head} scope="col" className="px-3 py-2 text-right font-medium">
                    {head}
                  </th>
                ))}
                <th scope="col" className="px-3 py-2 font-medium">
                  {t.warnEmail}
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.code} className="border-b border-slate-200">
                  <th scope="row" className="px-3 py-2 text-left font-mono font-normal">
                    {item.code}
                  </th>
                  <td className="px-3 py-2">{item.name}</td>
                  <td className="px-3 py-2">{t.kinds[item.kind]}</td>
                  <td className="px-3 py-2">{t.pers[item.per]}</td>
                  <td className="px-3 py-2">{item.documents.map((document) => t.documentNames[document]).join(", ")}</td>
                  <td className="px-3 py-2">
                    {item.activefrom || item.activeuntil ? fillText(t.fromTo, { from: date(item.activefrom), to: date(item.activeuntil) }) : t.always}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {item.level}
                    {item.low ? <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">{t.low}</span> : null}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{item.threshold}</td>
                  <td className="px-3 py-2">{item.warnemail ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      {connection && items ? (
        mayAct(user.role, "clerk") ? (
          <div className="space-y-6">
            {items.length > 0 ? (
              <RecordStock connectionId={connection.id} codes={items.map((item) => item.code)} record={recordStockAction} texts={t} locale={user.locale} />
            ) : null}
            <DefineStockItem connectionId={connection.id} items={items} define={defineStockItemAction} texts={t} locale={user.locale} />
          </div>
        ) : (
          <p className="text-sm text-slate-600">{t.viewerOnly}</p>
        )
      ) : null}
    </div>
  );
}
