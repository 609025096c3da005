import type { Db } from "../../db/client";
import type { Clock } from "../../platform/clock";
import { emitEvents } from "../events/emit-events";

import { nextUpdatedAt, TELECOM_PREFIX } from "./contract-data";
import { contractMessage } from "./contract-message";
import { sweptProfile, type SweptProfile } from "./swept-profile";

/*
 * The end of a notice period, run by the worker loop: a terminating contract whose termination
 * day has passed becomes terminated, and the service reports it in a `contract` event (a change the
 * service makes as part of the agreed lifecycle). The contract is in force on its termination day
 * itself, so it ends the day after, in the environment's calendar.
 */
export async function completeTerminations(db: Db, clock: Clock): Promise<number> {
  let completed = 0;
  const due = await db.contract.findMany({
    where: { contractStatus: "terminating", terminationDate: { not: null }, NOT: { contractNo: { startsWith: TELECOM_PREFIX } } },
    select: { id: true, profileId: true, terminationDate: true, updatedAt: true },
    orderBy: { id: "asc" },
  });
  const profiles = new Map<string, SweptProfile | null>();
  for (const contract of due) {
    if (!profiles.has(contract.profileId)) {
      profiles.set(contract.profileId, await sweptProfile(db, clock, contract.profileId));
    }
    const profile = profiles.get(contract.profileId);
    if (!profile || contract.terminationDate! >= profile.day) continue;
    // Only the contract as read: a PUT meanwhile (say, notice withdrawn) wins, and two sweeps report it once.
    const done = await db.$transaction(async (tx) => {
      const updatedAt = nextUpdatedAt(contract, profile.now);
      const { count } = await tx.contract.updateMany({
        where: { id: contract.id, updatedAt: contract.updatedAt, contractStatus: "terminating" },
        data: { contractStatus: "terminated", updatedAt },
      });
      if (count === 0) return false;
      const row = await tx.contract.findUniqueOrThrow({ where: { id: contract.id } });
      await emitEvents(db, tx, [
        {
          environment: profile.environment.id,
          profileId: contract.profileId,
          jobId: null,
          type: "contract",
          message: contractMessage(profile.cid, row),
          createdAt: profile.now,
        },
      ]);
      return true;
    });
    if (done) completed += 1;
  }
  return completed;
}
