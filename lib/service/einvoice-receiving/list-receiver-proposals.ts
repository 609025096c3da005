import type { Db } from "../../db/client";
import { encodeCursor } from "../../platform/page-cursor";
import type { Environment } from "../../spec/environments";
import type { ReceiverProposalQuery, ReceiverProposalView } from "../../spec/receiver-proposals";
import { CURSOR_TAGS, readSeqCursor } from "../http/read-cursor";

import { requireOperator } from "./operator";
import { customerKeyOf } from "./parse-receiver-info";
import { proposalView } from "./proposal-view";

/** GET /einvoice/receiverproposals: the profile's messages, oldest first, a page at a time by proposal id. */
export async function listReceiverProposals(
  db: Db,
  context: { environment: Environment; profile: { id: string } },
  query: ReceiverProposalQuery,
): Promise<{ proposals: ReceiverProposalView[]; next_cursor: string | null }> {
  requireOperator(context.environment);
  const after = query.cursor === undefined ? 0 : readSeqCursor(CURSOR_TAGS.keyed, query.cursor, "cursor");
  const profile = await db.profile.findUniqueOrThrow({ where: { id: context.profile.id }, select: { receiverProposalSwitch: true } });
  const rows = await db.receiverProposal.findMany({
    where: {
      profileId: context.profile.id,
      id: { gt: after },
      ...(query.status ? { status: query.status } : {}),
      ...(query.action ? { action: query.action } : {}),
      ...(query.custnum !== undefined ? { customerKey: customerKeyOf(query.custnum) ?? "" } : {}),
      ...(query.since ? { receivedAt: { gte: new Date(query.since) } } : {}),
    },
    orderBy: { id: "asc" },
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    proposals: page.map((row) => proposalView(row, profile.receiverProposalSwitch)),
    next_cursor: rows.length > query.limit ? encodeCursor(CURSOR_TAGS.keyed, page.at(-1)!.id) : null,
  };
}
