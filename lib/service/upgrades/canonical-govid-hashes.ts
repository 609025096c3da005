import type { Db } from "../../db/client";
import { openPersonalIds } from "../../platform/personal-ids";
import type { DatasetItem } from "../../spec/dataset-item";
import { environment as environmentById, type EnvironmentId } from "../../spec/environments";
import { debtorCountry } from "../../spec/minimum-data";
import { govidStoreHash } from "../intake/store-jobs";

import { rewrite } from "./seal-personal-ids";

/*
 * Versions before canonicalGovid hashed an identity code as it was written, so a Swedish
 * personnummer posted as `811228-9874` and asked for as `198112289874` were two customers to the
 * invoice query and to credit info. Each job's key is computed again from its sealed govid, by its
 * debtor's country as intake computes it now. The credit inquiries' log keeps the keys it was
 * written with: it is read by no lookup.
 */

export async function canonicalGovidHashes(db: Db): Promise<number> {
  const today = new Date().toISOString().slice(0, 10);
  const hashOf = (row: { environment: string; data: unknown }) => storedHash(row, today);
  return rewrite(
    db,
    (id: { gt: number } | undefined) =>
      db.job.findMany({
        where: { id, nationalIdHash: { not: null } },
        select: { id: true, environment: true, data: true, nationalIdHash: true },
        orderBy: { id: "asc" },
        take: 500,
      }),
    (row) => row.nationalIdHash !== hashOf(row),
    (row) => db.job.update({ where: { id: row.id }, data: { nationalIdHash: hashOf(row) } }),
  );
}

function storedHash(row: { environment: string; data: unknown }, today: string): string | null {
  const item = (row.data && typeof row.data === "object" && !Array.isArray(row.data) ? openPersonalIds(row.data) : {}) as Partial<DatasetItem>;
  if (typeof item.govid !== "string" || item.govid.trim() === "") return null;
  const country = environmentById(row.environment as EnvironmentId).country;
  return govidStoreHash(item.govid, debtorCountry({ addresscountry: item.addresscountry ?? null }, country), today);
}
