import { randomUUID } from "node:crypto";

import type { Db } from "../../db/client";
import type { StockItem } from "../../db/generated/sqlite/client";
import { letterOf } from "../../spec/codes";
import type { Environment } from "../../spec/environments";
import type { PrintSupply, StockDocument } from "../../spec/stock";

import { warnWhenLow } from "./low-stock";
import { lockedItem } from "./stock-items";

/*
 * What a letter going into a print batch takes from the profile's stock: each active item that goes
 * into this kind of letter, one per letter or one per sheet, while the level allows it. A letter
 * printed when an item has run out goes without it. The manifest names what each letter takes, so
 * the print house's inserter knows.
 *
 * Taken once per letter: the movement is keyed by the dispatch, so a letter sent again after a
 * crash (the same dispatch) takes nothing more, and names what it took the first time. A letter
 * whose sending then fails for good keeps what it took: the print house counts its shelf now and
 * then (a "counted" movement) and the level follows.
 */

interface SupplyRequest {
  profileId: string;
  environment: Environment;
  dispatchId: string;
  document: StockDocument;
  /** Printed pages of the letter and whether both sides are used: a sheet-counted item takes one per sheet. */
  pages: number;
  doubleSided: boolean;
  /** The print batch's day. */
  today: string;
  at: Date;
}

/** Which kind of letter a dispatch is, as stock items name them: a job posted as a notice is that notice. */
export function stockDocumentOf(document: string, jobtype: number, gross: bigint): StockDocument {
  const letter = letterOf(document, jobtype);
  if (letter !== "original") return letter;
  return jobtype === 301 ? "letter" : gross < 0n ? "creditnote" : "invoice";
}

function needOf(item: Pick<StockItem, "per">, request: Pick<SupplyRequest, "pages" | "doubleSided">): number {
  return item.per === "sheet" ? (request.doubleSided ? Math.ceil(request.pages / 2) : request.pages) : 1;
}

export async function takeSupplies(db: Db, request: SupplyRequest): Promise<PrintSupply[]> {
  const candidates = await db.stockItem.findMany({
    where: { profileId: request.profileId, environment: request.environment.id, documents: { contains: request.document } },
    orderBy: { code: "asc" },
  });
  const active = candidates.filter(
    (item) => (!item.activeFrom || item.activeFrom <= request.today) && (!item.activeUntil || request.today <= item.activeUntil),
  );
  // Most profiles keep no stock: their letters cost no write here.
  if (active.length === 0) return [];
  return db.$transaction(async (tx) => {
    const taken: PrintSupply[] = [];
    for (const candidate of active) {
      // Under the item's lock: a letter sent again by a worker that took over its lease meets the first one's movement here.
      const item = await lockedItem(tx, candidate.id);
      const earlier = await tx.stockMovement.findUnique({ where: { itemId_dispatchId: { itemId: item.id, dispatchId: request.dispatchId } } });
      if (earlier) {
        taken.push({ code: item.code, quantity: -earlier.quantity });
        continue;
      }
      const need = needOf(item, request);
      if (item.level < need) {
        // Too few left for this letter: as low as under the threshold, whatever the threshold says.
        await warnWhenLow(tx, item, item.level, request, { short: true });
        continue;
      }
      const level = item.level - need;
      await tx.stockMovement.create({
        data: {
          id: randomUUID(),
          itemId: item.id,
          profileId: item.profileId,
          kind: "consumed",
          quantity: -need,
          levelAfter: level,
          dispatchId: request.dispatchId,
          batchDate: request.today,
          createdAt: request.at,
        },
      });
      await tx.stockItem.update({ where: { id: item.id }, data: { level, updatedAt: request.at } });
      await warnWhenLow(tx, item, level, request);
      taken.push({ code: item.code, quantity: need });
    }
    return taken;
  });
}
