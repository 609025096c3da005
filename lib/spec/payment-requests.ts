import { z } from "zod";

import { exactDecimal, MAX_CENTS } from "../payment-data/amounts";
import { isIsoDate } from "../platform/calendar-days";

import { ruleError, ruleIssue } from "./problems";

/*
 * The request bodies of the payment, credit note and due date operations. Amounts are major units
 * with at most two decimals, as a number or a string ("12.50"), and come out as minor units.
 */

export const amountSchema = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/, { error: ruleError("decimalNumber") }),
  ])
  .transform((value, ctx) => {
    try {
      const { units, scale } = exactDecimal(value);
      if (scale > 2 && units % 10n ** BigInt(scale - 2) !== 0n) {
        ctx.addIssue({ code: "custom", ...ruleIssue("twoDecimals") });
        return z.NEVER;
      }
      const cents = scale <= 2 ? units * 10n ** BigInt(2 - scale) : units / 10n ** BigInt(scale - 2);
      if (cents <= 0n) ctx.addIssue({ code: "custom", ...ruleIssue("moreThanZero") });
      else if (cents > MAX_CENTS) ctx.addIssue({ code: "custom", ...ruleIssue("tooLarge") });
      return cents;
    } catch {
      ctx.addIssue({ code: "custom", ...ruleIssue("decimalNumber") });
      return z.NEVER;
    }
  })
  .meta({ description: "Amount in major units, at most two decimals, more than 0.", example: "125.50" });

export const dateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date YYYY-MM-DD")
  .refine(isIsoDate, "is not a calendar date")
  .meta({ description: "Calendar date YYYY-MM-DD in the environment's time zone." });

/** Either-or rules are checked even when another member failed, so every problem is named at once. */
const isObject = (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null;

const jobid = z.int().positive().max(Number.MAX_SAFE_INTEGER);
const billnum = z.string().trim().min(1).max(50);

export const allocatePaymentRequestSchema = z
  .strictObject({ jobid: jobid.meta({ description: "The profile's job the payment pays." }) })
  .meta({ id: "AllocatePaymentRequest" });

export const bypassRequestSchema = z
  .strictObject({
    jobid: jobid.optional(),
    billnum: billnum.optional(),
    amount: amountSchema,
    paymentdate: dateSchema.meta({ description: "Day the debtor paid (payment), or the day the cancellation takes effect; not in the future." }),
    type: z
      .enum(["payment", "capitalcancellation"])
      .meta({ description: "payment: the debtor paid the principal directly; capitalcancellation: the principal no longer claims this much capital." }),
    message: z.string().trim().max(500).optional(),
  })
  .refine((body: { [key: string]: unknown }) => (body.jobid === undefined) !== (body.billnum === undefined), {
    ...ruleIssue("eitherOf", { a: "jobid", b: "billnum" }),
    path: ["jobid"],
    when: isObject,
  })
  .meta({ id: "BypassRequest" });

export const testingPaymentRequestSchema = z
  .strictObject({
    reference: z.string().trim().min(2).max(35).optional().meta({ description: "The payment reference as a payer would quote it." }),
    jobid: jobid.optional(),
    amount: amountSchema,
    paymentdate: dateSchema.optional().meta({ description: "Defaults to today on the profile's clock." }),
  })
  .refine((body: { [key: string]: unknown }) => (body.reference === undefined) !== (body.jobid === undefined), {
    ...ruleIssue("eitherOf", { a: "reference", b: "jobid" }),
    path: ["reference"],
    when: isObject,
  })
  .meta({ id: "SimulatedPaymentRequest" });

export const creditAllocationRequestSchema = z
  .strictObject({
    creditjobid: jobid.optional(),
    creditbillnum: billnum.optional(),
    refundtojobid: jobid.optional(),
    refundtobillnum: billnum.optional(),
    amount: amountSchema.optional().meta({ description: "Defaults to what the credit note has left, at most the invoice's open capital." }),
  })
  .refine((body: { [key: string]: unknown }) => (body.creditjobid === undefined) !== (body.creditbillnum === undefined), {
    ...ruleIssue("eitherOf", { a: "creditjobid", b: "creditbillnum" }),
    path: ["creditjobid"],
    when: isObject,
  })
  .refine((body: { [key: string]: unknown }) => (body.refundtojobid === undefined) !== (body.refundtobillnum === undefined), {
    ...ruleIssue("eitherOf", { a: "refundtojobid", b: "refundtobillnum" }),
    path: ["refundtojobid"],
    when: isObject,
  })
  .meta({ id: "CreditAllocationRequest" });

export const refundRequestSchema = z
  .strictObject({
    creditjobid: jobid,
    refundiban: z.string().trim().min(5).max(42).meta({ description: "The end customer's IBAN, with or without spaces." }),
    amount: amountSchema.optional().meta({ description: "Defaults to what the credit note has left." }),
  })
  .meta({ id: "CreditRefundRequest" });

export const paymentRefundRequestSchema = z
  .strictObject({
    refundiban: z.string().trim().min(5).max(42).meta({ description: "The payer's IBAN, with or without spaces." }),
    amount: amountSchema.optional().meta({ description: "Defaults to all the payment left unallocated; an unmatched payment is refunded whole." }),
  })
  .meta({ id: "PaymentRefundRequest" });

export const dueDateRequestSchema = z
  .strictObject({
    currentpaydate: dateSchema.meta({ description: "The new due date; today or later." }),
    contract: z.array(z.string().trim().min(1).max(50)).max(100).optional().meta({ description: "Contract numbers the change concerns (contract_no)." }),
  })
  .meta({ id: "DueDateRequest" });
