import { ConnectionPicker } from "@/components/portal/connections/connection-picker";
import { getDb } from "@/lib/db/client";
import { requireUser } from "@/lib/portal/auth/session";
import { proposalsPage } from "@/lib/portal/einvoice/receiver-proposals";
import { PROPOSAL_TEXTS } from "@/lib/portal/einvoice/texts";
import { formatDate } from "@/lib/portal/i18n/format-time";
import { fillText } from "@/lib/portal/i18n/locale";
import { pageMetadata } from "@/lib/portal/shell/page-titles";
import { MAX_PROPOSAL_PAGE } from "@/lib/spec/receiver-proposals";

export const generateMetadata = () => pageMetadata("receiverProposals");

/** One Finnish connection's e-invoice receiving proposals in force, read from its service as the page is shown. */
export default async function ReceiverProposalsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireUser("viewer");
  const t = PROPOSAL_TEXTS[user.locale];
  const { connections, connection, proposals, more, failure } = await proposalsPage(getDb(), user.organizationId, await searchParams);

  return (
    <div className="space-y-8">
      <header className="space-y-3">
        <h1 className="text-2xl font-semibold">{t.title}</h1>
        <p className="max-w-3xl text-slate-700">{t.intro}</p>
        <ConnectionPicker connections={connections} connection={connection} failure={failure} texts={t} />
      </header>

      {proposals && proposals.length === 0 ? <p className="text-slate-700">{t.empty}</p> : null}
      {proposals && proposals.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="min-w-full border-collapse bg-white text-sm" data-testid="receiver-proposals">
            <caption className="sr-only">{t.caption}</caption>
            <thead>
              <tr className="border-b border-slate-300 text-left">
                {[t.customer, t.name, t.action, t.address, t.date, t.switches].map((head) => (
                  <th key={head} scope="col" className="px-3 py-2 font-medium">
                    {head}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {proposals.map((proposal) => (
                <tr key={proposal.proposalid} className="border-b border-slate-200 align-top">
                  <th scope="row" className="px-3 py-2 text-left font-mono font-normal">
                    {proposal.custnum ?? "—"}
                  </th>
                  <td className="px-3 py-2">
                    {proposal.buyer.name}
                    <span className="block text-xs text-slate-600">{[proposal.buyer.postcode, proposal.buyer.town].filter(Boolean).join(" ")}</span>
                  </td>
                  <td className="px-3 py-2">
                    {t.actions[proposal.action]}
                    <span className="block text-xs text-slate-600">{t.services[proposal.service]}</span>
                  </td>
                  <td className="px-3 py-2 font-mono">
                    {proposal.einvoiceaddress ?? "—"}
                    <span className="block text-xs text-slate-600">{proposal.einvoiceintermediator}</span>
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{formatDate(proposal.messagedate, user.locale) ?? proposal.messagedate}</td>
                  <td className="px-3 py-2">{proposal.switches ? t.yes : t.no}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {more ? <p className="mt-2 text-sm text-slate-700">{fillText(t.more, { count: String(MAX_PROPOSAL_PAGE) })}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
