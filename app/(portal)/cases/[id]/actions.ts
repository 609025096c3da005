"use server";

import { getDb } from "@/lib/db/client";
import { validatedAction } from "@/lib/portal/actions/validated-action";
import { advanceCaseClock, advanceClockInputSchema, simulateCasePayment, simulatePaymentInputSchema } from "@/lib/portal/cases/test-controls";

/* The test environment's controls on a case page; a clerk or an admin may use them, a viewer not. */

export const advanceClockAction = validatedAction(advanceClockInputSchema, "clerk", (input, user) => advanceCaseClock(getDb(), user, input));

export const simulatePaymentAction = validatedAction(simulatePaymentInputSchema, "clerk", (input, user) => simulateCasePayment(getDb(), user, input));
