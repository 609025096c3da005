import { z } from "zod";

import type { Tx } from "../../db/client";
import { formatCents } from "../../payment-data/amounts";
import { isEnvironmentId, environment as environmentById } from "../../spec/environments";
import { ActionError } from "../actions/action-error";
import type { PortalUser } from "../auth/session";
import { clientFor, type Connection } from "../connections/connections";
import { keyed } from "../i18n/messages";

import { caseOfUser, connectionOfCase } from "./case-connection";
import { positiveAmountInput } from "./case-list-params";
import { CASE_TEXTS } from "./texts";

/*
 * The test environment's controls on a case: move the environment's clock (the service runs the
 * lifecycle at once) and simulate an incoming payment. Both exist only in test environments; the
 * check is made here, on the server, against the case's environment and its connection's, so a
 * production case is refused whatever a browser sends.
 */

const caseId = z.string().min(1).max(100);

export const advanceClockInputSchema = z.object({
  caseId,
  days: z.coerce
    .number({ error: keyed("wholeDays") })
    .int(keyed("wholeDays"))
    .min(1, keyed("atLeastOneDay"))
    .max(365, keyed("atMostDays", { max: 365 })),
});

export const simulatePaymentInputSchema = z.object({ caseId, amount: positiveAmountInput });

async function testCase(db: Tx, user: PortalUser, id: string) {
  const t = CASE_TEXTS[user.locale];
  const row = await caseOfUser(db, user, id);
  if (!isEnvironmentId(row.environment) || !environmentById(row.environment).isTest) throw new ActionError(t.notTest);
  const connection = await connectionOfCase(db, user, row);
  if (!connection.environment.isTest) throw new ActionError(t.notTest);
  return { row, connection };
}

/** Whether a case shows the controls; the actions check the same again. */
export function hasTestControls(environment: string, connection: Connection | null): boolean {
  return isEnvironmentId(environment) && environmentById(environment).isTest && connection !== null && connection.environment.isTest;
}

/** The clock moved, and the profile's date it is now at (the date its due dates and ages count from). */
export async function advanceCaseClock(db: Tx, user: PortalUser, input: z.output<typeof advanceClockInputSchema>): Promise<{ days: number; today: string }> {
  const { connection } = await testCase(db, user, input.caseId);
  const moved = await clientFor(connection).testing.advanceClock({ days: input.days });
  return { days: input.days, today: moved.today };
}

export async function simulateCasePayment(
  db: Tx,
  user: PortalUser,
  input: z.output<typeof simulatePaymentInputSchema>,
): Promise<{ amount: string; currency: string | null }> {
  const { row, connection } = await testCase(db, user, input.caseId);
  const amount = formatCents(input.amount);
  // The reference a payer would quote; a case without one (a letter, say) is paid by its job id.
  const target = row.reference ? { reference: row.reference } : { jobid: row.jobid };
  await clientFor(connection).testing.simulatePayment({ ...target, amount });
  return { amount, currency: row.currency };
}
