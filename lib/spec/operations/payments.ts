import { z } from "zod";

import { amountBreakdownSchema } from "../events";
import { MAX_STATEMENT_BYTES, MAX_STATEMENT_PAYMENTS } from "../limits";
import { defineOperation } from "../operation";
import {
  allocatePaymentRequestSchema,
  paymentRefundRequestSchema,
  bypassRequestSchema,
  creditAllocationRequestSchema,
  dueDateRequestSchema,
  refundRequestSchema,
  testingPaymentRequestSchema,
} from "../payment-requests";

import { jobIdParams } from "./jobs";
import { json, notJson, problem, unauthorized } from "./responses";

/*
 * The payment, credit note and due date operations.
 */

const invalid = problem("Malformed JSON or a member that is not valid; `problems` names each.");

const money = z.number().meta({ description: "Major units, two decimals." });

const bookedPaymentSchema = z
  .object({
    paymentId: z.string(),
    status: z.enum(["booked", "unmatched"]),
    jobid: z.int().nullable(),
    amount: money,
    unallocated: money.meta({ description: "What no open receivable took (overpayment, or a payment to a closed case)." }),
    amountbreakdown: amountBreakdownSchema,
    openamountbreakdown: amountBreakdownSchema.nullable(),
  })
  .meta({ id: "BookedPayment" });
export type BookedPaymentAnswer = z.output<typeof bookedPaymentSchema>;

const statementSummarySchema = z
  .object({
    statementId: z.string(),
    kind: z.enum(["camt.053", "camt.054"]),
    messageId: z.string(),
    entries: z.int().meta({ description: "Incoming payments in the file (a batched entry counts once per transaction)." }),
    skipped: z.int().meta({ description: "Debits, reversals and entries not booked by the bank." }),
    booked: z.int(),
    unmatched: z.int(),
    duplicates: z.int().meta({ description: "Payments booked before, from this file or another." }),
    payments: z.array(
      z.object({
        paymentId: z.string().nullable(),
        bankEntryRef: z.string(),
        reference: z.string().nullable(),
        amount: money,
        currency: z.string(),
        paymentdate: z.string(),
        accountdate: z.string(),
        status: z.enum(["booked", "unmatched", "duplicate"]),
        jobid: z.int().nullable(),
        unallocated: money,
      }),
    ),
  })
  .meta({ id: "StatementSummary" });

export const bypassResultSchema = z
  .object({
    paymentId: z.string(),
    jobid: z.int(),
    type: z.enum(["payment", "capitalcancellation"]),
    amount: money,
    jobstatus: z.int().meta({ description: "The lifecycle code after the report." }),
    unallocated: money,
    openamount: money,
    amountbreakdown: amountBreakdownSchema,
    openamountbreakdown: amountBreakdownSchema,
  })
  .meta({ id: "BypassResult" });
export type BypassResult = z.output<typeof bypassResultSchema>;

export const allocationResultSchema = z
  .object({
    id: z.string().meta({ description: "The allocation; DELETE /creditnotes/allocations/{id} removes it." }),
    creditjobid: z.int(),
    targetjobid: z.int(),
    amount: money,
    remaining: money.optional().meta({ description: "What the credit note has left." }),
    targetopencapital: money,
    targetjobstatus: z.int(),
  })
  .meta({ id: "CreditAllocation" });
export type CreditAllocationResult = z.output<typeof allocationResultSchema>;

const refundResultSchema = z
  .object({
    id: z.string(),
    creditjobid: z.int(),
    amount: money,
    remaining: money,
    refundiban: z.string().meta({ description: "Masked." }),
    refunddate: z.string(),
  })
  .meta({ id: "CreditRefund" });

const paymentRefundResultSchema = z
  .object({
    id: z.string(),
    paymentId: z.string(),
    jobid: z.int().nullable().meta({ description: "The case the payment was booked to; null for an unmatched payment." }),
    amount: money,
    unallocated: money.meta({ description: "What the payment has left unallocated after the refund." }),
    refundiban: z.string().meta({ description: "Masked: country, check digits and the last four characters." }),
    refunddate: z.string(),
  })
  .meta({ id: "PaymentRefund" });

export const dueDateResultSchema = z
  .object({ jobid: z.int(), paydate: z.string().nullable(), currentpaydate: z.string(), reviewOn: z.string().nullable(), contract: z.array(z.string()) })
  .meta({ id: "DueDateResult" });
export type DueDateResult = z.output<typeof dueDateResultSchema>;

const uuidPath = (description: string) =>
  z.object({
    id: z
      .uuid()
      .transform((id) => id.toLowerCase())
      .meta({ description }),
  });

/** The JSON bodies of these operations are small records. */
const JSON_LIMIT = 64 * 1024;

export const paymentTags = [
  { name: "Payments", description: "Bank statements, manual allocation, bypass payments and capital cancellations." },
  { name: "Credit notes", description: "Credit notes allocated to debit invoices, unallocated, or refunded." },
  { name: "Testing", description: "Test environments only; production answers 404." },
];

export const paymentOperations = {
  importStatement: defineOperation({
    method: "post",
    path: "/payments/statements",
    auth: "bearer",
    body: {
      kind: "bytes",
      mediaTypes: ["application/xml", "text/xml"],
      limit: MAX_STATEMENT_BYTES,
      what: "statement",
      description: "The camt.053 or camt.054 document.",
    },
    doc: {
      operationId: "importStatement",
      tags: ["Payments"],
      summary: "Import a bank statement (camt.054 or camt.053)",
      description:
        "An ISO 20022 camt.054 (BkToCstmrDbtCdtNtfctn) or camt.053 (BkToCstmrStmt), versions .001.02 to .001.08, of the profile's collection account. " +
        "Each incoming credit (not a reversal, booked) is matched by its structured creditor reference (or a message that is a valid reference) to one of " +
        "this profile's cases and booked: expenses, then interest, then capital. Unmatched payments wait for POST /payments/{id}/allocate. " +
        `An entry booked before (by the bank's entry id) or a file imported before books nothing again. At most ${MAX_STATEMENT_BYTES} bytes and ` +
        `${MAX_STATEMENT_PAYMENTS} payments per file. The optional X-Filename header is kept with the statement.`,
      responses: {
        "201": json("Payments were booked or kept unmatched.", statementSummarySchema),
        "200": json("Nothing new: every payment was booked before.", statementSummarySchema),
        "400": problem("Not XML, not a camt.053 or camt.054, or an entry that cannot be read; the detail names it."),
        "401": unauthorized,
        "413": problem("Larger than the limit."),
        "415": problem("Not application/xml."),
      },
    },
  }),
  allocate: defineOperation({
    method: "post",
    path: "/payments/{id}/allocate",
    auth: "bearer",
    params: uuidPath("The paymentId of the statement summary."),
    names: "payment",
    body: { kind: "json", schema: allocatePaymentRequestSchema, limit: JSON_LIMIT, what: "allocation" },
    doc: {
      operationId: "allocatePayment",
      tags: ["Payments"],
      summary: "Book an unmatched payment to a case",
      description: "An unmatched payment of this profile's statements booked by hand to one of its cases, as a matched payment would have been.",
      responses: {
        "200": json("Booked.", bookedPaymentSchema),
        "400": invalid,
        "401": unauthorized,
        "404": problem("No such payment or job of this profile."),
        "409": problem("The payment is booked already, or is in another currency than the invoice."),
        "415": notJson,
      },
    },
  }),
  refund: defineOperation({
    method: "post",
    path: "/payments/{id}/refunds",
    auth: "bearer",
    params: uuidPath("The payment's id (paymentId)."),
    names: "payment",
    body: { kind: "json", schema: paymentRefundRequestSchema, limit: JSON_LIMIT, what: "refund" },
    doc: {
      operationId: "refundPayment",
      tags: ["Payments"],
      summary: "Pay back what a payment left unallocated",
      description:
        "An overpayment's rest, a payment to a closed case, or an unmatched payment (whole) paid back to the payer's IBAN, which is stored " +
        "encrypted and shown masked. The payment event's unallocatedamount says what there is to refund. A refund changes no case and sends no event.",
      responses: {
        "201": json("Refunded.", paymentRefundResultSchema),
        "400": invalid,
        "401": unauthorized,
        "404": problem("No such payment of this profile."),
        "409": problem("More than the payment left unallocated, or a part of an unmatched payment."),
        "415": notJson,
      },
    },
  }),
  bypass: defineOperation({
    method: "post",
    path: "/payments/bypass",
    auth: "bearer",
    body: { kind: "json", schema: bypassRequestSchema, limit: JSON_LIMIT, what: "report" },
    doc: {
      operationId: "reportBypass",
      tags: ["Payments"],
      summary: "Report a bypass payment or cancel capital",
      description:
        "type payment: the debtor paid the principal directly; it is booked like any payment (expenses, interest, capital) and reported in a payment event. " +
        "type capitalcancellation: the principal no longer claims this much capital; it lowers open capital only, never more than is open, and sends no " +
        "payment event. A case left with nothing open closes: 101 Paid, or 102 Job terminated when capital was cancelled and nothing was ever paid.",
      responses: {
        "201": json("Booked.", bypassResultSchema),
        "400": invalid,
        "401": unauthorized,
        "404": problem("No such job of this profile."),
        "409": problem("A cancellation larger than the open capital, a closed case, or a bill number of several open jobs."),
        "415": notJson,
      },
    },
  }),
  simulate: defineOperation({
    method: "post",
    path: "/testing/payments",
    auth: "bearer",
    testOnly: true,
    body: { kind: "json", schema: testingPaymentRequestSchema, limit: JSON_LIMIT, what: "payment" },
    doc: {
      operationId: "simulatePayment",
      tags: ["Testing"],
      summary: "Simulate an incoming bank payment",
      description:
        "Test environments only. A payment arrives as from the bank (matched by reference within the profile, or to the named job) on the profile's clock. " +
        "Production environments answer 404.",
      responses: {
        "201": json("Booked, or kept unmatched.", bookedPaymentSchema),
        "400": invalid,
        "401": unauthorized,
        "404": problem("A production environment, or no such job of this profile."),
        "415": notJson,
      },
    },
  }),
  allocateCreditNote: defineOperation({
    method: "post",
    path: "/creditnotes/allocations",
    auth: "bearer",
    body: { kind: "json", schema: creditAllocationRequestSchema, limit: JSON_LIMIT, what: "allocation" },
    doc: {
      operationId: "allocateCreditNote",
      tags: ["Credit notes"],
      summary: "Allocate a credit note to a debit invoice",
      description:
        "Lowers the debit invoice's open capital by the amount (by default what the credit note has left, at most the open capital). The credit note " +
        "moves to 104 Credit invoice, the invoice to 101 Paid when nothing is left open. A creditnote event (type allocated) reports it.",
      responses: {
        "201": json("Allocated; Location names the allocation.", allocationResultSchema),
        "400": invalid,
        "401": unauthorized,
        "404": problem("No such credit note or invoice of this profile."),
        "409": problem("Not a credit note, a closed invoice, another currency, or more than is left or open."),
        "415": notJson,
      },
    },
  }),
  unallocateCreditNote: defineOperation({
    method: "delete",
    path: "/creditnotes/allocations/{id}",
    auth: "bearer",
    params: uuidPath("The id of the allocation."),
    names: "credit note allocation",
    doc: {
      operationId: "unallocateCreditNote",
      tags: ["Credit notes"],
      summary: "Remove a credit note allocation",
      description:
        "The invoice's capital is open again; an invoice the allocation had closed reopens in the phase it was in. A creditnote event (type unallocated) reports it.",
      responses: {
        "200": json("Removed.", allocationResultSchema),
        "401": unauthorized,
        "404": problem("No such allocation of this profile."),
        "409": problem("Removed already, or the invoice has closed for another reason since."),
      },
    },
  }),
  refundCreditNote: defineOperation({
    method: "post",
    path: "/creditnotes/refunds",
    auth: "bearer",
    body: { kind: "json", schema: refundRequestSchema, limit: JSON_LIMIT, what: "refund" },
    doc: {
      operationId: "refundCreditNote",
      tags: ["Credit notes"],
      summary: "Refund a credit note to the end customer",
      description:
        "Pays what the credit note has left (or the amount) to the end customer's IBAN. A creditnote event (type refunded) reports it with the IBAN masked.",
      responses: {
        "201": json("Refund recorded.", refundResultSchema),
        "400": invalid,
        "401": unauthorized,
        "404": problem("No such credit note of this profile."),
        "409": problem("Not a credit note, or more than it has left."),
        "415": notJson,
      },
    },
  }),
  moveDueDate: defineOperation({
    method: "patch",
    path: "/jobs/{jobid}/duedate",
    auth: "bearer",
    params: jobIdParams,
    names: "job",
    body: { kind: "json", schema: dueDateRequestSchema, limit: JSON_LIMIT, what: "due date" },
    doc: {
      operationId: "updateDueDate",
      tags: ["Jobs"],
      summary: "Move the current due date",
      description:
        "Sets currentpaydate of an open case (today or later; paydate stays the original) and moves the lifecycle's next review to it. " +
        "A duedateupdate event (source restapi) reports it, with the contract numbers given or those of the job.",
      responses: {
        "200": json("Moved.", dueDateResultSchema),
        "400": invalid,
        "401": unauthorized,
        "404": problem("No such job of this profile."),
        "409": problem("The case is closed."),
        "415": notJson,
      },
    },
  }),
};
