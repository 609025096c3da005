import type { Db } from "../../db/client";
import { addDays } from "../calendar/dates";
import { currentDueDate } from "../lifecycle/case-state";

import { DEBT_PHASES } from "./disconnection-rules";

/** A case of the profile in a collection phase with something still open. */
export interface DebtJob {
  id: number;
  custnum: string | null;
  customertype: number;
  billnum: string | null;
  ownref: string | null;
  paydate: string | null;
  currentPaydate: string | null;
  data: unknown;
}

const PAGE = 1000;

/**
 * The oldest due date of the debts (a moved one by its current date) when it is at least
 * `thresholdDays` behind `day`, else null: a disconnection is recommended only that long after.
 */
export function overdueSince(debts: readonly DebtJob[], thresholdDays: number, day: string): string | null {
  if (debts.length === 0) return null;
  const oldestDue = debts.map((job) => currentDueDate(job) ?? day).sort()[0]!;
  return addDays(oldestDue, thresholdDays) > day ? null : oldestDue;
}

/** The profile's open cases in a collection phase whose open total reaches `minimumOpenCents`. */
export async function debtJobsOf(db: Db, profileId: string, minimumOpenCents: bigint, where: { custnum?: { not: null } } = {}): Promise<DebtJob[]> {
  const found: DebtJob[] = [];
  let after = 0;
  for (;;) {
    const rows = await db.job.findMany({
      where: { profileId, jobstatus: { in: [...DEBT_PHASES] }, closedAt: null, id: { gt: after }, ...where },
      select: {
        id: true,
        custnum: true,
        customertype: true,
        billnum: true,
        ownref: true,
        paydate: true,
        currentPaydate: true,
        data: true,
        openCapital: true,
        openInterest: true,
        openExpenses: true,
      },
      orderBy: { id: "asc" },
      take: PAGE,
    });
    if (rows.length === 0) break;
    after = rows.at(-1)!.id;
    for (const { openCapital, openInterest, openExpenses, ...job } of rows) {
      if (openCapital + openInterest + openExpenses >= minimumOpenCents) found.push(job);
    }
    if (rows.length < PAGE) break;
  }
  return found;
}
