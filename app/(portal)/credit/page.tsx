import { CreditCheckForm } from "@/components/portal/credit/credit-check-form";
import { getDb } from "@/lib/db/client";
import { requireUser } from "@/lib/portal/auth/session";
import { listConnections } from "@/lib/portal/connections/connections";
import { CREDIT_TEXTS } from "@/lib/portal/credit/texts";
import { pageMetadata } from "@/lib/portal/shell/page-titles";

import { creditCheckAction } from "./actions";

export const generateMetadata = () => pageMetadata("credit");

/** A clerk's credit check on a customer before granting credit, made by a connection's service. */
export default async function CreditCheckPage() {
  const user = await requireUser("clerk");
  const t = CREDIT_TEXTS[user.locale];
  const connections = await listConnections(getDb(), user.organizationId);
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold">{t.title}</h1>
        <p className="max-w-3xl text-slate-700">{t.intro}</p>
      </header>
      {connections.length === 0 ? (
        <p className="rounded border border-dashed border-slate-300 bg-white p-6 text-slate-700">{t.noConnection}</p>
      ) : (
        <CreditCheckForm
          connections={connections.map((connection) => ({
            id: connection.id,
            label: `${connection.label} (${connection.environment.id})`,
            currency: connection.environment.rules.currency,
          }))}
          action={creditCheckAction}
          texts={t}
          locale={user.locale}
        />
      )}
    </div>
  );
}
