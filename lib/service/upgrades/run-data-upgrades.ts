import type { Db } from "../../db/client";
import { log } from "../../log";

import { canonicalGovidHashes } from "./canonical-govid-hashes";
import { sealDraftPersonalIds, sealPersonalIdsAtRest } from "./seal-personal-ids";

/*
 * Changes of stored data that code has to make (SQL cannot seal with the data key), each once per
 * database, at start after the migrations. Each upgrade is idempotent, so two instances starting
 * together may both run it; the DataUpgrade row only saves later starts the scan.
 */

const UPGRADES: readonly { name: string; run: (db: Db) => Promise<number> }[] = [
  { name: "0001_seal_personal_ids", run: sealPersonalIdsAtRest },
  { name: "0002_seal_draft_personal_ids", run: sealDraftPersonalIds },
  { name: "0003_canonical_govid_hashes", run: canonicalGovidHashes },
];

export async function runDataUpgrades(db: Db, now: () => Date = () => new Date()): Promise<string[]> {
  const done = new Set((await db.dataUpgrade.findMany({ select: { name: true } })).map((row) => row.name));
  const ran: string[] = [];
  for (const upgrade of UPGRADES) {
    if (done.has(upgrade.name)) continue;
    const changed = await upgrade.run(db);
    await db.dataUpgrade.upsert({ where: { name: upgrade.name }, create: { name: upgrade.name, doneAt: now() }, update: {} });
    log.info("data upgraded", { upgrade: upgrade.name, rows: changed });
    ran.push(upgrade.name);
  }
  return ran;
}
