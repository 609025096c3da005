import { z } from "zod";

import { ServiceRequestError } from "../../client";
import type { Tx } from "../../db/client";
import { errorFields, log } from "../../log";
import { formatCents } from "../../payment-data/amounts";
import { systemClock } from "../../platform/clock";
import { problemMessage } from "../../spec/problems";
import { ActionError } from "../actions/action-error";
import type { PortalUser } from "../auth/session";
import { clientFor } from "../connections/connections";
import { fieldInWords } from "../forms/field-words";
import { formatDate } from "../i18n/format-time";
import { keyed } from "../i18n/messages";

import { caseOfUser, connectionOfCase } from "./case-connection";
import { PORTAL_CASE_ACTIONS } from "./case-decisions";
import { positiveAmountInput } from "./case-list-params";
import { lifecycleText } from "./lifecycle-texts";
import { CASE_TEXTS } from "./texts";

/*
 * What a credit controller decides about a case, through the case's connection and the service's
 * own API: hold and release, dispute and resolve, terminate, send to legal collection
 * (POST /jobs/{jobid}/status), move the due date (PATCH /jobs/{jobid}/duedate) and record a
 * payment the debtor made to the creditor directly (POST /payments/bypass), allocate a credit note
 * to an invoice (POST /creditnotes/allocations), give the address of
 * a debtor whose letter came back (POST /jobs/{jobid}/address) and send an e-invoice the operator
 * refused again with its address corrected (POST /jobs/{jobid}/einvoice/resend). The service decides
 * whether the phase allows it and answers with the new code; the portal learns the rest from the
 * events that follow, as for every other move. Production cases too: these are real decisions.
 */

const caseId = z.string().min(1).max(100);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, keyed("enterDate"));

export const caseActionInputSchema = z.object({
  caseId,
  action: z.enum(PORTAL_CASE_ACTIONS),
  note: z
    .string()
    .trim()
    .max(500, keyed("tooLong", { max: 500 }))
    .optional(),
});

export const dueDateInputSchema = z.object({ caseId, currentpaydate: date });

export const directPaymentInputSchema = z.object({ caseId, amount: positiveAmountInput, paymentdate: date });

export const creditAllocationInputSchema = z.object({
  caseId,
  refundtobillnum: z
    .string()
    .trim()
    .min(1, keyed("enterInvoiceNumber"))
    .max(50, keyed("tooLong", { max: 50 })),
  // Empty: what the credit note has left, at most the invoice's open capital (the service's default).
  amount: positiveAmountInput.optional(),
});

/** An e-invoice address or operator code as typed: empty keeps the one the job has. */
const einvoiceField = z
  .string()
  .trim()
  .max(100, keyed("tooLong", { max: 100 }))
  .optional()
  .transform((value) => value || undefined);
export const einvoiceResendInputSchema = z.object({ caseId, evoice: einvoiceField, evoiceint: einvoiceField });

const addressLine = (max: number) => z.string().trim().min(1, keyed("enterIt")).max(max, keyed("tooLong", { max }));
export const addressInputSchema = z.object({
  caseId,
  address: addressLine(200),
  addressaddline1: z
    .string()
    .trim()
    .max(200, keyed("tooLong", { max: 200 }))
    .optional(),
  postcode: addressLine(20),
  city: addressLine(100),
});

async function openCase(db: Tx, user: PortalUser, id: string) {
  const row = await caseOfUser(db, user, id);
  return { row, client: clientFor(await connectionOfCase(db, user, row)) };
}

/** The service's refusal in the user's words, on the fields it names. */
function refusal(error: unknown, user: PortalUser, fields: Record<string, string>): never {
  if (!(error instanceof ServiceRequestError)) throw error;
  const problems = error.problem.problems ?? [];
  const fieldErrors: Record<string, string> = {};
  for (const problem of problems) {
    const field = problem.field ? fields[problem.field] : undefined;
    if (field) fieldErrors[field] ??= problemMessage(problem);
  }
  const detail = error.problem.detail ?? error.problem.title;
  const named = problems
    .filter((problem) => !problem.field || !fields[problem.field])
    .map((problem) => `${fieldInWords(problem.field, user.locale) ?? ""} ${problem.message}`.trim());
  throw new ActionError([CASE_TEXTS[user.locale].serviceRefused, detail, ...named].filter(Boolean).join(" "), fieldErrors);
}

export async function actOnCase(db: Tx, user: PortalUser, input: z.output<typeof caseActionInputSchema>): Promise<{ code: number; status: string | null }> {
  const { row, client } = await openCase(db, user, input.caseId);
  try {
    const result = await client.actOnCase(row.jobid, { action: input.action, ...(input.note ? { note: input.note } : {}) });
    return { code: result.code, status: result.status };
  } catch (error) {
    refusal(error, user, { note: "note", action: "action" });
  }
}

export async function moveCaseDueDate(db: Tx, user: PortalUser, input: z.output<typeof dueDateInputSchema>): Promise<{ currentpaydate: string }> {
  const { row, client } = await openCase(db, user, input.caseId);
  try {
    const result = await client.moveDueDate(row.jobid, { currentpaydate: input.currentpaydate });
    return { currentpaydate: result.currentpaydate };
  } catch (error) {
    refusal(error, user, { currentpaydate: "currentpaydate" });
  }
}

export async function recordDirectPayment(
  db: Tx,
  user: PortalUser,
  input: z.output<typeof directPaymentInputSchema>,
): Promise<{ amount: string; currency: string | null; code: number }> {
  const { row, client } = await openCase(db, user, input.caseId);
  const amount = formatCents(input.amount);
  try {
    const result = await client.reportBypass({ jobid: row.jobid, amount, paymentdate: input.paymentdate, type: "payment" });
    return { amount, currency: row.currency, code: result.jobstatus };
  } catch (error) {
    refusal(error, user, { amount: "amount", paymentdate: "paymentdate" });
  }
}

/** A credit note's money to one of the customer's invoices, named by its number (POST /creditnotes/allocations). */
export async function allocateCaseCreditNote(
  db: Tx,
  user: PortalUser,
  input: z.output<typeof creditAllocationInputSchema>,
): Promise<{ amount: string; remaining: string | null; targetjobid: number; currency: string | null }> {
  const { row, client } = await openCase(db, user, input.caseId);
  try {
    const result = await client.allocateCreditNote({
      creditjobid: row.jobid,
      refundtobillnum: input.refundtobillnum,
      ...(input.amount !== undefined ? { amount: formatCents(input.amount) } : {}),
    });
    return {
      amount: result.amount.toFixed(2),
      remaining: result.remaining === undefined ? null : result.remaining.toFixed(2),
      targetjobid: result.targetjobid,
      currency: row.currency,
    };
  } catch (error) {
    refusal(error, user, { refundtobillnum: "refundtobillnum", refundtojobid: "refundtobillnum", amount: "amount" });
  }
}

export async function correctCaseAddress(
  db: Tx,
  user: PortalUser,
  input: z.output<typeof addressInputSchema>,
): Promise<{ code: number; status: string | null }> {
  const { row, client } = await openCase(db, user, input.caseId);
  const { caseId: _caseId, addressaddline1, ...address } = input;
  try {
    const result = await client.correctAddress(row.jobid, { ...address, ...(addressaddline1 ? { addressaddline1 } : {}) });
    return { code: result.code, status: lifecycleText(result.code, user.locale) };
  } catch (error) {
    refusal(error, user, { address: "address", addressaddline1: "addressaddline1", postcode: "postcode", city: "city" });
  }
}

/**
 * An e-invoice the operator refused, sent again with its address or operator corrected (or as it
 * was, when the operator fixed its side): until a send of it is delivered the invoice is not
 * reminded (undelivered.ts). The debtor gets a fresh term from the resend when it ends later.
 */
export async function resendCaseEInvoice(
  db: Tx,
  user: PortalUser,
  input: z.output<typeof einvoiceResendInputSchema>,
): Promise<{ currentpaydate: string | null; duedatemoved: boolean }> {
  const { row, client } = await openCase(db, user, input.caseId);
  let result: Awaited<ReturnType<typeof client.resendEInvoice>>;
  try {
    result = await client.resendEInvoice(row.jobid, {
      ...(input.evoice ? { evoice: input.evoice } : {}),
      ...(input.evoiceint ? { evoiceint: input.evoiceint } : {}),
    });
  } catch (error) {
    refusal(error, user, { evoice: "evoice", evoiceint: "evoiceint" });
  }
  await markEInvoiceResent(db, row);
  return { currentpaydate: formatDate(result.currentpaydate, user.locale), duedatemoved: result.duedatemoved };
}

/**
 * Which failure a resend answered, so the case page tells of the resend on its way instead of
 * offering it again until the service's next delivery event for the case: the distribution round
 * that hands the resent e-invoice to the operator (delivered) or fails to (error); an operator's
 * refusal comes later still, as a newer failure. Written only while the failure read before the
 * resend is still the case's latest delivery, so a write arriving late cannot put an older
 * resend's marker over a newer failure's. The service has taken the resend by now: a failed write
 * is logged, not told to the clerk as a failed resend (the page then offers the form again).
 */
async function markEInvoiceResent(db: Tx, row: { id: string; organizationId: string; lastDeliveryAt: Date | null }): Promise<void> {
  try {
    await db.portalCase.updateMany({
      where: { id: row.id, organizationId: row.organizationId, lastDeliveryAt: row.lastDeliveryAt },
      data: { einvoiceResentAt: systemClock.now(), einvoiceResentAfter: row.lastDeliveryAt },
    });
  } catch (error) {
    log.error("portal could not record an e-invoice resend the service took", { caseId: row.id, ...errorFields(error) });
  }
}
