import type { Db } from "@/lib/db/client";
import { clientFor, connectionAsked, listConnections, type Connection } from "@/lib/portal/connections/connections";
import { describeServiceFailure } from "@/lib/portal/events/describe-service-failure";
import { MAX_PAGE } from "@/lib/spec/paging";
import { type ReceiverProposalView } from "@/lib/spec/receiver-proposals";

/*
 * The e-invoice proposals page: one Finnish connection's receiving proposals in force (GET
 * /einvoice/receiverproposals?status=current), read from its service as the page is shown. Only
 * Finnish connections have them: the Finvoice receiving proposal is a Finnish bank service.
 */

interface ProposalsPage {
  connections: Connection[];
  connection: Connection | null;
  proposals: ReceiverProposalView[] | null;
  /** More proposals are in force than one page shows. */
  more: boolean;
  failure: string | null;
}

export async function proposalsPage(db: Db, organizationId: string, params: Record<string, unknown>): Promise<ProposalsPage> {
  const connections = (await listConnections(db, organizationId)).filter((connection) => connection.environment.country === "FIN");
  const connection = connectionAsked(connections, params.connection);
  if (!connection) return { connections, connection, proposals: null, more: false, failure: null };
  try {
    const page = await clientFor(connection).receiverProposals({ status: "current", limit: MAX_PAGE });
    return { connections, connection, proposals: page.proposals, more: page.next_cursor !== null, failure: null };
  } catch (error) {
    return { connections, connection, proposals: null, more: false, failure: describeServiceFailure(error) };
  }
}
