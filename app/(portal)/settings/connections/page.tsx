import { ConnectionForm } from "@/components/portal/connections/connection-form";
import { RemoveConnectionButton } from "@/components/portal/connections/remove-connection-button";
import { EmptyState, PageHeader } from "@/components/ui/page-header";
import { DataCell, DataRow, DataTable } from "@/components/ui/table";
import { getDb } from "@/lib/db/client";
import { requireUser } from "@/lib/portal/auth/session";
import { listConnections } from "@/lib/portal/connections/connections";
import { CONNECTION_TEXTS } from "@/lib/portal/connections/texts";
import { formatTime } from "@/lib/portal/i18n/format-time";
import { fillText } from "@/lib/portal/i18n/locale";
import { messageText } from "@/lib/portal/i18n/messages";
import { pageMetadata } from "@/lib/portal/shell/page-titles";
import { ENVIRONMENTS } from "@/lib/spec/environments";

export const generateMetadata = () => pageMetadata("connections");

export default async function ConnectionsPage() {
  const user = await requireUser("admin");
  const t = CONNECTION_TEXTS[user.locale];
  const connections = await listConnections(getDb(), user.organizationId);
  return (
    <div className="space-y-8">
      <PageHeader title={t.title} intro={t.intro} />
      {connections.length === 0 ? (
        <EmptyState>{t.none}</EmptyState>
      ) : (
        <DataTable
          caption={t.title}
          columns={[
            { header: t.label },
            { header: t.environment },
            { header: t.cid },
            { header: t.baseUrl },
            { header: t.events },
            { header: t.lastContact },
            { header: t.remove, srOnly: true },
          ]}
        >
          {connections.map((connection) => (
            <DataRow key={connection.id}>
              <DataCell strong>{connection.label}</DataCell>
              <DataCell mono>{connection.environment.id}</DataCell>
              <DataCell mono>{connection.cid}</DataCell>
              <DataCell mono layout="break-all">
                {connection.baseUrl}
              </DataCell>
              <DataCell>
                {connection.eventMode === "poll" ? t.poll : t.push}
                <span className="block text-xs text-slate-600">
                  {connection.receiverRegisteredAt
                    ? t.registered
                    : connection.receiverError
                      ? messageText(connection.receiverError, user.locale)
                      : t.notRegistered}
                </span>
              </DataCell>
              <DataCell testId={`last-contact-${connection.environment.id}-${connection.cid}`}>
                {connection.lastContactAt ? (
                  <time dateTime={connection.lastContactAt.toISOString()}>{formatTime(connection.lastContactAt, user.locale)}</time>
                ) : (
                  t.noContact
                )}
              </DataCell>
              <DataCell>
                <RemoveConnectionButton
                  connectionId={connection.id}
                  texts={{
                    start: t.remove,
                    startAccessible: fillText(t.removeNamed, { label: connection.label }),
                    question: fillText(t.removeQuestion, { label: connection.label }),
                    confirm: t.remove,
                    keep: t.keep,
                  }}
                />
              </DataCell>
            </DataRow>
          ))}
        </DataTable>
      )}
      <section aria-labelledby="add-connection" className="max-w-xl space-y-3">
        <h2 id="add-connection" className="text-lg font-semibold">
          {t.add}
        </h2>
        <ConnectionForm texts={t} locale={user.locale} environments={ENVIRONMENTS.map((environment) => environment.id)} />
      </section>
    </div>
  );
}
