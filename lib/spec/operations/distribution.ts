import { einvoiceRejectionRequestSchema, einvoiceRejectionSchema, einvoiceResendRequestSchema, einvoiceResendSchema } from "../einvoice-rejections";
import { defineOperation } from "../operation";
import { printBatchParamsSchema, printBatchResponseSchema } from "../print-batches";

import { jobIdParams } from "./jobs";
import { json, problem, unauthorized } from "./responses";

/* Where the service sent the documents. */

export const distributionTags = [
  { name: "Distribution", description: "Where the service sent the documents: the daily print batch, and e-invoices the operator refused." },
];

export const distributionOperations = {
  printBatch: defineOperation({
    method: "get",
    path: "/distribution/print-batches/{date}",
    auth: "bearer",
    params: printBatchParamsSchema,
    // Every well-formed day has a batch, empty or not: a malformed one is the caller's mistake, named.
    malformedParams: "invalid_request",
    names: "date",
    doc: {
      operationId: "getPrintBatch",
      tags: ["Distribution"],
      summary: "The profile's documents in a day's print batch",
      description:
        "Post (sendtype post, letters by post, and notices of cases whose channel cannot carry them) is collected into one print batch per " +
        "environment and day, handed to the print house. This lists the calling profile's documents in the batch of the date: pages, postal " +
        "class, colour and sides as printed. A day without any is an empty list.",
      responses: {
        "200": json("The profile's documents in the batch.", printBatchResponseSchema),
        "400": problem("The date is not YYYY-MM-DD; `problems` names it."),
        "401": unauthorized,
        "405": problem("A method other than GET."),
      },
    },
  }),
  resendEInvoice: defineOperation({
    method: "post",
    path: "/jobs/{jobid}/einvoice/resend",
    auth: "bearer",
    params: jobIdParams,
    names: "job",
    body: { kind: "json", schema: einvoiceResendRequestSchema, limit: 4096, what: "resend" },
    doc: {
      operationId: "resendEInvoice",
      tags: ["Distribution"],
      summary: "Resend an e-invoice the operator refused, with what was wrong corrected",
      description:
        "After the operator's negative acknowledgement (a delivery event with status error and the code einvoice_rejected), the same document " +
        "goes again by e-invoice, to the corrected evoice and evoiceint when given. The debtor gets the invoice's own payment term (at least 14 " +
        "days; a reminder's or collection's term for those) from today, on a banking day: when that is later than the due date, the due date " +
        "moves and a duedateupdate with source einvoice_error follows. While a refused document waits for its resend the case does not move on " +
        "from it; a case that moved to another phase since (a person's decision, a payment) is a 409.",
      responses: {
        "200": json("Queued for sending again; the due date after it.", einvoiceResendSchema),
        "400": problem("Malformed JSON or invalid members; `problems` names each."),
        "401": unauthorized,
        "404": problem("No job of this profile has this id."),
        "409": problem("No refused e-invoice of the job waits to be resent, or another document of it waits to be sent."),
        "415": problem("Not application/json."),
      },
    },
  }),
  rejectEInvoice: defineOperation({
    method: "post",
    path: "/testing/einvoice/rejections",
    auth: "bearer",
    testOnly: true,
    body: { kind: "json", schema: einvoiceRejectionRequestSchema, limit: 4096, what: "rejection" },
    doc: {
      operationId: "rejectEInvoice",
      tags: ["Testing"],
      summary: "Play the e-invoice operator refusing a job's e-invoice (test environments)",
      description:
        "The operator's negative acknowledgement of the job's last e-invoice handed over: its dispatch becomes an error, the API user gets a " +
        "delivery event with status error, the code einvoice_rejected and the reason. Production environments answer 404; there the operator " +
        "connection reports it.",
      responses: {
        "201": json("Recorded.", einvoiceRejectionSchema),
        "400": problem("Malformed JSON or invalid members; `problems` names each."),
        "401": unauthorized,
        "404": problem("A production environment, or no job of this profile has this id."),
        "409": problem("No e-invoice of the job was handed to an operator, or it was refused already."),
        "415": problem("Not application/json."),
      },
    },
  }),
};
