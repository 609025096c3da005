import { CreditCheckForm } from "@/components/portal/credit/credit-check-form";
import { EmptyState, PageHeader } from "@/components/ui/page-header";
import { getDb } from "@/lib/db/client";
import { requireUser } from "@/lib/portal/auth/session";
import { connectionName } from "@/lib/portal/connections/connection-name";
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
      <PageHeader title={t.title} intro={t.intro} />
      {connections.length === 0 ? (
        <EmptyState>{t.noConnection}</EmptyState>
      ) : (
        <CreditCheckForm
          connections={connections.map((connection) => ({
            id: connection.id,
            label: connectionName(connection),
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
