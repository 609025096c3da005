import type { Tx } from "../../db/client";
import { fromCents } from "../../payment-data/amounts";
import type { CreditlossReason } from "../../spec/codes";
import type { EnvironmentId } from "../../spec/environments";
import type { CREDIT_LOSS_MODELS } from "../../spec/profile-settings";
import type { Breakdown } from "../payments/allocate";

import { caseIdentity, type CaseRow } from "./case-state";

/*
 * A credit loss, and what is recovered of it afterwards.
 *
 * Writing a case off (the creditloss action, 103) takes each open component off the case with a
 * `creditloss` ledger row, so the case has nothing open. A payment that still comes is a recovery:
 * it is split over what was written off (expenses, interest, capital, as any payment), and each part
 * is booked twice, a `creditloss_recovery` row putting it back and the payment's row taking it off,
 * so what is open stays zero and the ledger still sums to it.
 *
 * How the receiver hears of it is the profile's choice (Profile.creditLossModel), one or the other
 * so that no receiver counts one loss twice:
 * - `timebased` (the default): creditloss messages, type creditloss when written off, suspected
 *   (Sweden), and change after a recovery with what is still written off; no lcstatus for 103.
 * - `status`: the legacy lcstatus 103 with what was open, and no creditloss messages.
 */

type CreditLossModel = (typeof CREDIT_LOSS_MODELS)[number];

export const CREDIT_LOSS_CODE = 103;

/** A stored Profile.creditLossModel as a model: anything but "status" is the default. */
export const asCreditLossModel = (stored: string): CreditLossModel => (stored === "status" ? "status" : "timebased");

export async function creditLossModelOf(tx: Tx, profileId: string): Promise<CreditLossModel> {
  const profile = await tx.profile.findUniqueOrThrow({ where: { id: profileId }, select: { creditLossModel: true } });
  return asCreditLossModel(profile.creditLossModel);
}

/** What of a case is written off now: its write-offs less what was recovered since, by component. */
export async function writtenOff(tx: Tx, jobId: number): Promise<Breakdown> {
  const rows = await tx.caseEntry.groupBy({
    by: ["component"],
    where: { jobId, kind: { in: ["creditloss", "creditloss_recovery"] } },
    _sum: { amount: true },
  });
  const of = (component: keyof Breakdown) => -(rows.find((row) => row.component === component)?._sum.amount ?? 0n);
  return { capital: of("capital"), interest: of("interest"), expenses: of("expenses") };
}

/** A creditloss message: `amounts` are what is (or would be) written off, by component. */
export function creditlossEvent(
  environmentId: EnvironmentId,
  profile: { id: string; cid: string },
  row: CaseRow,
  type: "creditloss" | "suspected" | "change",
  reason: CreditlossReason,
  at: Date,
  amounts: Pick<CaseRow, "openCapital" | "openInterest" | "openExpenses">,
) {
  return {
    environment: environmentId,
    profileId: profile.id,
    jobId: row.id,
    type: "creditloss" as const,
    message: {
      cid: profile.cid,
      ...caseIdentity(row),
      time: at.toISOString(),
      type,
      amountbreakdown: { capital: fromCents(amounts.openCapital), interest: fromCents(amounts.openInterest), expenses: fromCents(amounts.openExpenses) },
      reason,
    },
    createdAt: at,
  };
}
