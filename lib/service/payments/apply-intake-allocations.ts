import type { Db } from "../../db/client";
import { log } from "../../log";
import { environment as environmentById, type EnvironmentId } from "../../spec/environments";
import type { Clock } from "../clock";
import { ServiceError } from "../errors";
import { CLOSED_CODES } from "../lifecycle/case-state";

import { allocateCreditNote } from "./allocate-credit-note";

/*
 * Worker: credit notes that named their debit invoice at intake (refundtojobid or refundtobillnum)
 * are allocated to it. The specification leaves these allocations unreported, so no creditnote
 * event is written (the cases' lcstatus moves still are). A credit note whose invoice is not there
 * yet (it may come in a later request) is tried again on later runs for LOOKBACK_DAYS.
 */

const LOOKBACK_DAYS = 30;
const PAGE = 500;

interface IntakeAllocationData {
  refundtojobid?: unknown;
  refundtobillnum?: unknown;
}

export async function applyIntakeAllocations(db: Db, clock: Clock): Promise<{ allocated: number; waiting: number }> {
  const since = new Date(clock.now().getTime() - LOOKBACK_DAYS * 86_400_000);
  let allocated = 0;
  let waiting = 0;
  let after = 0;
  for (;;) {
    const page = await db.job.findMany({
      where: { id: { gt: after }, grossAmount: { lt: 0 }, createdAt: { gte: since }, jobstatus: { notIn: [...CLOSED_CODES] } },
      select: { id: true, profileId: true, environment: true, data: true, profile: { select: { cid: true } } },
      orderBy: { id: "asc" },
      take: PAGE,
    });
    if (page.length === 0) break;
    after = page.at(-1)!.id;
    for (const job of page) {
      const data = (job.data ?? {}) as IntakeAllocationData;
      const jobid = typeof data.refundtojobid === "number" ? data.refundtojobid : null;
      const billnum = typeof data.refundtobillnum === "string" ? data.refundtobillnum : null;
      if (jobid === null && billnum === null) continue;
      try {
        await db.$transaction((tx) =>
          allocateCreditNote(
            db,
            tx,
            { environment: environmentById(job.environment as EnvironmentId), profile: { id: job.profileId, cid: job.profile.cid }, at: clock.now(), report: false },
            { credit: { jobid: job.id }, target: jobid !== null ? { jobid } : { billnum } },
          ),
        );
        allocated++;
      } catch (error) {
        if (!(error instanceof ServiceError)) throw error;
        // The invoice is missing, closed or has nothing open: wait for a later run (or a manual allocation).
        waiting++;
        log.debug("intake credit allocation waits", { jobId: job.id, reason: error.message });
      }
    }
  }
  return { allocated, waiting };
}
