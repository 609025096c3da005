import { ConnectionPicker } from "@/components/portal/connections/connection-picker";
import { DefineStockItem, RecordStock } from "@/components/portal/stock/stock-forms";
import { EmptyState, PageHeader } from "@/components/ui/page-header";
import { DataCell, DataRow, DataTable } from "@/components/ui/table";
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
      <PageHeader title={t.title} intro={t.intro}>
        <ConnectionPicker connections={connections} connection={connection} failure={failure} texts={t} />
      </PageHeader>

      {items && items.length === 0 ? <EmptyState>{t.empty}</EmptyState> : null}
      {items && items.length > 0 ? (
        <DataTable
          caption={t.itemsCaption}
          testId="stock-items"
          columns={[
            ...[t.code, t.name, t.kind, t.per, t.documents, t.active].map((header) => ({ header })),
            { header: t.level, numeric: true },
            { header: t.threshold, numeric: true },
            { header: t.warnEmail },
          ]}
        >
          {items.map((item) => (
            <DataRow key={item.code}>
              <DataCell rowHeader mono>
                {item.code}
              </DataCell>
              <DataCell>{item.name}</DataCell>
              <DataCell>{t.kinds[item.kind]}</DataCell>
              <DataCell>{t.pers[item.per]}</DataCell>
              <DataCell>{item.documents.map((document) => t.documentNames[document]).join(", ")}</DataCell>
              <DataCell>
                {item.activefrom || item.activeuntil ? fillText(t.fromTo, { from: date(item.activefrom), to: date(item.activeuntil) }) : t.always}
              </DataCell>
              <DataCell numeric>
                {item.level}
                {item.low ? <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">{t.low}</span> : null}
              </DataCell>
              <DataCell numeric>{item.threshold}</DataCell>
              <DataCell>{item.warnemail ?? "—"}</DataCell>
            </DataRow>
          ))}
        </DataTable>
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
