import type { Db } from "../../db/client";
import { openPersonalIds } from "../../platform/personal-ids";
import { govidLookupHash } from "../intake/store-jobs";

import { rewrite } from "./seal-personal-ids";

/*
 * Versions before canonicalGovid hashed an identity code as it was written, so a Swedish
 * personnummer posted as `811228-9874` and asked for as `198112289874` were two customers to the
 * invoice query and to credit info. Each job's key is computed again from its sealed govid.
 */

export async function canonicalGovidHashes(db: Db): Promise<number> {
  return rewrite(
    db,
    (id: { gt: number } | undefined) =>
      db.job.findMany({
        where: { id, nationalIdHash: { not: null } },
        select: { id: true, data: true, nationalIdHash: true },
        orderBy: { id: "asc" },
        take: 500,
      }),
    (row) => row.nationalIdHash !== hashOf(row.data),
    (row) => db.job.update({ where: { id: row.id }, data: { nationalIdHash: hashOf(row.data) } }),
  );
}

function hashOf(data: unknown): string | null {
  const item = data && typeof data === "object" && !Array.isArray(data) ? openPersonalIds(data) : {};
  const govid = (item as { govid?: unknown }).govid;
  return typeof govid === "string" && govid.trim() !== "" ? govidLookupHash(govid) : null;
}
