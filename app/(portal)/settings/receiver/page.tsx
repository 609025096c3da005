import { ConnectionEventControls } from "@/components/portal/receiver/connection-event-controls";
import { ReceiverCredentials } from "@/components/portal/receiver/receiver-credentials";
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
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold">{t.title}</h1>
        <p className="max-w-3xl text-slate-700">{t.intro}</p>
      </header>

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
          <p className="rounded border border-dashed border-slate-300 bg-white p-6 text-slate-700">{t.noConnections}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="min-w-full border-collapse bg-white text-sm">
              <caption className="sr-only">{t.connections}</caption>
              <thead>
                <tr className="border-b border-slate-300 text-left">
                  <th scope="col" className="px-3 py-2">
                    {t.connection}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t.status}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t.mode}
                  </th>
                </tr>
              </thead>
              <tbody>
                {connections.map((connection) => (
                  <tr key={connection.id} className="border-b border-slate-200 align-top" data-connection={connection.id}>
                    <th scope="row" className="px-3 py-3 text-left font-normal">
                      <span className="block font-medium">{connection.label}</span>
                      <span className="block font-mono text-xs text-slate-600">
                        {connection.environment.id} · {connection.cid}
                      </span>
                    </th>
                    <td className="px-3 py-3">
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
                    </td>
                    <td className="px-3 py-3">
                      <ConnectionEventControls connectionId={connection.id} label={connection.label} mode={connection.eventMode} texts={t} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
