import { ConnectionPicker } from "@/components/portal/connections/connection-picker";
import { EmptyState, PageHeader } from "@/components/ui/page-header";
import { DataCell, DataRow, DataTable } from "@/components/ui/table";
import { getDb } from "@/lib/db/client";
import { requireUser } from "@/lib/portal/auth/session";
import { proposalsPage } from "@/lib/portal/einvoice/receiver-proposals";
import { PROPOSAL_TEXTS } from "@/lib/portal/einvoice/texts";
import { formatDate } from "@/lib/portal/i18n/format-time";
import { fillText } from "@/lib/portal/i18n/locale";
import { pageMetadata } from "@/lib/portal/shell/page-titles";
import { MAX_PAGE } from "@/lib/spec/paging";

export const generateMetadata = () => pageMetadata("receiverProposals");

/** One Finnish connection's e-invoice receiving proposals in force, read from its service as the page is shown. */
export default async function ReceiverProposalsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireUser("viewer");
  const t = PROPOSAL_TEXTS[user.locale];
  const { connections, connection, proposals, more, failure } = await proposalsPage(getDb(), user.organizationId, await searchParams);

  return (
    <div className="space-y-8">
      <PageHeader title={t.title} intro={t.intro}>
        <ConnectionPicker connections={connections} connection={connection} failure={failure} texts={t} />
      </PageHeader>

      {proposals && proposals.length === 0 ? <EmptyState>{t.empty}</EmptyState> : null}
      {proposals && proposals.length > 0 ? (
        <div>
          <DataTable
            caption={t.caption}
            testId="receiver-proposals"
            columns={[t.customer, t.name, t.action, t.address, t.date, t.switches].map((header) => ({ header }))}
          >
            {proposals.map((proposal) => (
              <DataRow key={proposal.proposalid}>
                <DataCell rowHeader mono>
                  {proposal.custnum ?? "—"}
                </DataCell>
                <DataCell>
                  {proposal.buyer.name}
                  <span className="block text-xs text-slate-600">{[proposal.buyer.postcode, proposal.buyer.town].filter(Boolean).join(" ")}</span>
                </DataCell>
                <DataCell>
                  {t.actions[proposal.action]}
                  <span className="block text-xs text-slate-600">{t.services[proposal.service]}</span>
                </DataCell>
                <DataCell mono>
                  {proposal.einvoiceaddress ?? "—"}
                  <span className="block text-xs text-slate-600">{proposal.einvoiceintermediator}</span>
                </DataCell>
                <DataCell nowrap>{formatDate(proposal.messagedate, user.locale) ?? proposal.messagedate}</DataCell>
                <DataCell>{proposal.switches ? t.yes : t.no}</DataCell>
              </DataRow>
            ))}
          </DataTable>
          {more ? <p className="mt-2 text-sm text-slate-700">{fillText(t.more, { count: String(MAX_PAGE) })}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
