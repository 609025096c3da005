import { ConnectionEventControls } from "@/components/portal/receiver/connection-event-controls";
import { ReceiverCredentials } from "@/components/portal/receiver/receiver-credentials";
import { EmptyState, PageHeader } from "@/components/ui/page-header";
import { DataCell, DataRow, DataTable } from "@/components/ui/table";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { requireUser } from "@/lib/portal/auth/session";
import { listConnections } from "@/lib/portal/connections/connections";
import { formatTime } from "@/lib/portal/i18n/format-time";
import { fillText } from "@/lib/portal/i18n/locale";
import { messageText } from "@/lib/portal/i18n/messages";
import { ensureReceiverCredentials } from "@/lib/portal/receiver/receiver-credentials";
import { receiverUrls } from "@/lib/portal/receiver/receiver-urls";
import { RECEIVER_TEXTS } from "@/lib/portal/receiver/texts";
import { pageMetadata } from "@/lib/portal/shell/page-titles";

export const generateMetadata = () => pageMetadata("receiver");

export default async function ReceiverSettingsPage() {
  const user = await requireUser("admin");
  const t = RECEIVER_TEXTS[user.locale];
  const db = getDb();
  await ensureReceiverCredentials(db, user.organizationId);
  const [receiver, connections] = await Promise.all([
    // Only the non-secret halves: the secrets reach the browser through an action, when asked for.
    db.portalReceiver.findUniqueOrThrow({ where: { organizationId: user.organizationId }, select: { basicUsername: true, clientId: true } }),
    listConnections(db, user.organizationId),
  ]);
  const urls = receiverUrls(getEnv().PUBLIC_BASE_URL);

  return (
    <div className="space-y-8">
      <PageHeader title={t.title} intro={t.intro} />

      <ReceiverCredentials
        texts={t}
        webhookUrl={urls.webhookUrl}
        tokenUrl={urls.tokenUrl}
        clientId={receiver.clientId}
        basicUsername={receiver.basicUsername}
      />

      <section aria-labelledby="receiver-connections" className="space-y-3">
        <h2 id="receiver-connections" className="text-lg font-semibold">
          {t.connections}
        </h2>
        {connections.length === 0 ? (
          <EmptyState>{t.noConnections}</EmptyState>
        ) : (
          <DataTable caption={t.connections} columns={[{ header: t.connection }, { header: t.status }, { header: t.mode }]}>
            {connections.map((connection) => (
              <DataRow key={connection.id}>
                <DataCell rowHeader>
                  <span className="block font-medium">{connection.label}</span>
                  <span className="block font-mono text-xs text-slate-600">
                    {connection.environment.id} · {connection.cid}
                  </span>
                </DataCell>
                <DataCell>
                  <span className="block">
                    {connection.eventMode === "poll"
                      ? t.polling
                      : connection.receiverRegisteredAt
                        ? fillText(t.registeredAt, { when: formatTime(connection.receiverRegisteredAt, user.locale) ?? "" })
                        : t.notRegistered}
                  </span>
                  {connection.receiverError ? (
                    <span className="mt-1 block max-w-md text-red-700">
                      {t.lastError}: {messageText(connection.receiverError, user.locale)}
                    </span>
                  ) : null}
                </DataCell>
                <DataCell>
                  <ConnectionEventControls connectionId={connection.id} label={connection.label} mode={connection.eventMode} texts={t} />
                </DataCell>
              </DataRow>
            ))}
          </DataTable>
        )}
      </section>
    </div>
  );
}
