import { lockFor } from "../../db/advisory-lock";
import type { Db } from "../../db/client";

import { factsOfPostedItem, type CustomerFacts } from "./customer-facts";
import { linkCustomers } from "./link-customers";

/*
 * The cases recorded before the customer register existed, each linked to its customer (found or
 * added by its key) once per database, at start. A posted case knows its debtor's address from its
 * posted copy. A case filled from the service kept only the debtor's name, and a name alone would
 * put every "Matti Virtanen" of the connection into one customer: such cases stay unlinked. The DataUpgrade row spares later starts the walk; the walk itself is
 * idempotent (it only reads cases without a customer), so two instances starting together are safe.
 */

const LINK_CASES_UPGRADE = "portal_0033_link_cases_to_customers";

const BATCH = 200;

function factsOf(row: { environment: string; cid: string; country: string; job: unknown }): CustomerFacts | null {
  if (!row.job || typeof row.job !== "object" || Array.isArray(row.job)) return null;
  return factsOfPostedItem(row.job as Record<string, unknown>, row);
}

/** Links every case without a customer; returns how many it linked. */
export async function linkExistingCases(db: Db): Promise<number> {
  let linked = 0;
  let after = "";
  for (;;) {
    const rows = await db.portalCase.findMany({
      // Only the cases the portal posted keep their debtor's address (the posted copy).
      where: { customerId: null, postedAt: { not: null }, id: { gt: after } },
      orderBy: { id: "asc" },
      take: BATCH,
      select: { id: true, organizationId: true, environment: true, cid: true, country: true, job: true },
    });
    if (rows.length === 0) return linked;
    after = rows[rows.length - 1]!.id;
    const byOrganization = new Map<string, typeof rows>();
    for (const row of rows) byOrganization.set(row.organizationId, [...(byOrganization.get(row.organizationId) ?? []), row]);
    for (const [organizationId, cases] of byOrganization) {
      const facts = cases.map(factsOf);
      if (facts.every((entry) => entry === null)) continue;
      await db.$transaction(
        async (tx) => {
          // The receiver's lock: a post or a fill recorded at this moment links through the same register.
          await lockFor(tx, `portal-events:${organizationId}`);
          const ids = await linkCustomers(tx, organizationId, facts);
          for (const [position, row] of cases.entries()) {
            const customerId = ids[position];
            if (!customerId) continue;
            const { count } = await tx.portalCase.updateMany({ where: { id: row.id, organizationId, customerId: null }, data: { customerId } });
            linked += count;
          }
          // The lock may be held by an upload being recorded (up to a minute): wait for it.
        },
        { timeout: 120_000, maxWait: 10_000 },
      );
    }
  }
}

/** Runs the link once per database (the DataUpgrade row says it ran). */
export async function upgradeCasesToCustomers(db: Db, now: () => Date = () => new Date()): Promise<number | null> {
  if (await db.dataUpgrade.findUnique({ where: { name: LINK_CASES_UPGRADE } })) return null;
  const linked = await linkExistingCases(db);
  await db.dataUpgrade.upsert({ where: { name: LINK_CASES_UPGRADE }, create: { name: LINK_CASES_UPGRADE, doneAt: now() }, update: {} });
  return linked;
}
