import type { Db } from "../../db/client";
import { encodeCursor } from "../../platform/page-cursor";
import type { ContractStatus, ContractView, UsagePlaceView } from "../../spec/contracts";
import { CURSOR_TAGS, readCursor } from "../http/read-cursor";

import { contractView, TELECOM_PREFIX, usagePlaceView } from "./contract-data";

/* Reading a profile's contracts and usage places; every query is scoped to the profile. */

export async function getContract(db: Db, { profileId, contractNo }: { profileId: string; contractNo: string }): Promise<ContractView | null> {
  const row = await db.contract.findUnique({ where: { profileId_contractNo: { profileId, contractNo } } });
  return row && !row.contractNo.startsWith(TELECOM_PREFIX) ? contractView(row) : null;
}

interface ContractListQuery {
  limit: number;
  cursor?: string;
  usageplacecode?: string;
  contractstatus?: ContractStatus;
}

export async function listContracts(db: Db, profileId: string, query: ContractListQuery): Promise<{ contracts: ContractView[]; next_cursor: string | null }> {
  const after = query.cursor === undefined ? undefined : readCursor(CURSOR_TAGS.keyed, query.cursor, "cursor");
  const rows = await db.contract.findMany({
    where: {
      profileId,
      NOT: { contractNo: { startsWith: TELECOM_PREFIX } },
      ...(after !== undefined ? { contractNo: { gt: after } } : {}),
      ...(query.usageplacecode ? { usagePlaceCode: query.usageplacecode } : {}),
      ...(query.contractstatus ? { contractStatus: query.contractstatus } : {}),
    },
    orderBy: { contractNo: "asc" },
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return { contracts: page.map(contractView), next_cursor: rows.length > query.limit ? encodeCursor(CURSOR_TAGS.keyed, page.at(-1)!.contractNo) : null };
}

export async function getUsagePlace(db: Db, { profileId, usagePlaceCode }: { profileId: string; usagePlaceCode: string }): Promise<UsagePlaceView | null> {
  const row = await db.contract.findFirst({ where: { profileId, usagePlaceCode }, orderBy: { updatedAt: "desc" } });
  return row ? usagePlaceView(row) : null;
}
