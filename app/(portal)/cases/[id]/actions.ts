"use server";

import { getDb } from "@/lib/db/client";
import { validatedAction } from "@/lib/portal/actions/validated-action";
import {
  actOnCase,
  addressInputSchema,
  allocateCaseCreditNote,
  creditAllocationInputSchema,
  caseActionInputSchema,
  correctCaseAddress,
  directPaymentInputSchema,
  dueDateInputSchema,
  moveCaseDueDate,
  recordDirectPayment,
  einvoiceResendInputSchema,
  resendCaseEInvoice,
} from "@/lib/portal/cases/case-actions";
import { duplicateInvoice, duplicateInvoiceInputSchema } from "@/lib/portal/cases/duplicate-invoice";
import { revealPersonalId, revealPersonalIdInputSchema } from "@/lib/portal/cases/reveal-personal-id";
import { advanceCaseClock, advanceClockInputSchema, simulateCasePayment, simulatePaymentInputSchema } from "@/lib/portal/cases/test-controls";

/* The test environment's controls on a case page; a clerk or an admin may use them, a viewer not. */

export const advanceClockAction = validatedAction(advanceClockInputSchema, "clerk", (input, user) => advanceCaseClock(getDb(), user, input));

export const simulatePaymentAction = validatedAction(simulatePaymentInputSchema, "clerk", (input, user) => simulateCasePayment(getDb(), user, input));

/* A credit controller's decisions about a case (lib/portal/cases/case-actions.ts); clerks and admins. */

export const caseDecisionAction = validatedAction(caseActionInputSchema, "clerk", (input, user) => actOnCase(getDb(), user, input));

export const moveDueDateAction = validatedAction(dueDateInputSchema, "clerk", (input, user) => moveCaseDueDate(getDb(), user, input));

export const correctAddressAction = validatedAction(addressInputSchema, "clerk", (input, user) => correctCaseAddress(getDb(), user, input));

export const resendEInvoiceAction = validatedAction(einvoiceResendInputSchema, "clerk", (input, user) => resendCaseEInvoice(getDb(), user, input));

export const directPaymentAction = validatedAction(directPaymentInputSchema, "clerk", (input, user) => recordDirectPayment(getDb(), user, input));

/* A personal identity code shown whole, and the showing recorded (lib/portal/cases/reveal-personal-id.ts); clerks and admins. */

export const revealPersonalIdAction = validatedAction(revealPersonalIdInputSchema, "clerk", (input, user) => revealPersonalId(getDb(), user, input));

/* The posted invoice as a new invoice form's draft (lib/portal/cases/duplicate-invoice.ts); clerks and admins. */

export const duplicateInvoiceAction = validatedAction(duplicateInvoiceInputSchema, "clerk", (input, user) => duplicateInvoice(getDb(), user, input));

export const allocateCreditAction = validatedAction(creditAllocationInputSchema, "clerk", (input, user) => allocateCaseCreditNote(getDb(), user, input));
