import { ConnectionForm } from "@/components/portal/connections/connection-form";
import { RemoveConnectionButton } from "@/components/portal/connections/remove-connection-button";
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
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold">{t.title}</h1>
        <p className="max-w-3xl text-slate-700">{t.intro}</p>
      </header>
      {connections.length === 0 ? (
        <p className="rounded border border-dashed border-slate-300 bg-white p-6 text-slate-700">{t.none}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full border-collapse bg-white text-sm">
            <caption className="sr-only">{t.title}</caption>
            <thead>
              <tr className="border-b border-slate-300 text-left">
                <th scope="col" className="px-3 py-2">
                  {t.label}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t.environment}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t.cid}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t.baseUrl}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t.events}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t.lastContact}
                </th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">{t.remove}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {connections.map((connection) => (
                <tr key={connection.id} className="border-b border-slate-200">
                  <td className="px-3 py-2 font-medium">{connection.label}</td>
                  <td className="px-3 py-2 font-mono">{connection.environment.id}</td>
                  <td className="px-3 py-2 font-mono">{connection.cid}</td>
                  <td className="px-3 py-2 font-mono break-all">{connection.baseUrl}</td>
                  <td className="px-3 py-2">
                    {connection.eventMode === "poll" ? t.poll : t.push}
                    <span className="block text-xs text-slate-600">
                      {connection.receiverRegisteredAt
                        ? t.registered
                        : connection.receiverError
                          ? messageText(connection.receiverError, user.locale)
                          : t.notRegistered}
                    </span>
                  </td>
                  <td className="px-3 py-2" data-testid={`last-contact-${connection.environment.id}-${connection.cid}`}>
                    {connection.lastContactAt ? (
                      <time dateTime={connection.lastContactAt.toISOString()}>{formatTime(connection.lastContactAt, user.locale)}</time>
                    ) : (
                      t.noContact
                    )}
                  </td>
                  <td className="px-3 py-2">
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
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
