import { z } from "zod";

import { einvoiceRejectionRequestSchema, einvoiceRejectionSchema, einvoiceResendRequestSchema, einvoiceResendSchema } from "../einvoice-rejections";
import { defineOperation } from "../operation";
import { printBatchParamsSchema, printBatchResponseSchema } from "../print-batches";
import { addressCorrectedSchema, addressCorrectionSchema, returnedMailRequestSchema, returnedMailSchema } from "../returned-mail";
import { sentDocumentsSchema } from "../sent-documents";

import { jobIdParams } from "./jobs";
import { json, pdf, problem, unauthorized } from "./responses";

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
  correctAddress: defineOperation({
    method: "post",
    path: "/jobs/{jobid}/address",
    auth: "bearer",
    params: jobIdParams,
    names: "job",
    body: { kind: "json", schema: addressCorrectionSchema, limit: 4096, what: "address" },
    doc: {
      operationId: "correctAddress",
      tags: ["Distribution"],
      summary: "Give the debtor's corrected postal address; a returned letter goes again",
      description:
        "The job's postal address from now on; the postcode is checked by the format of the debtor's country. When the post returned the " +
        "letter the case stands on (a delivery event with status error and the code returned_mail; the case waits in 89 Address verification, " +
        "after 14 days in 71 Error – address details), that letter goes again to the new address, the debtor gets its term from the resend " +
        "when that is later than the due date (a duedateupdate with source restapi), and the case returns to the phase it was in.",
      responses: {
        "200": json("The address is the job's; what was resent.", addressCorrectedSchema),
        "400": problem("Malformed JSON or invalid members (a postcode the country cannot have); `problems` names each."),
        "401": unauthorized,
        "404": problem("No job of this profile has this id."),
        "409": problem("The case is closed, or another document of it waits to be sent."),
        "415": problem("Not application/json."),
      },
    },
  }),
  returnMail: defineOperation({
    method: "post",
    path: "/testing/returnedmail",
    auth: "bearer",
    testOnly: true,
    body: { kind: "json", schema: returnedMailRequestSchema, limit: 4096, what: "returned mail" },
    doc: {
      operationId: "returnMail",
      tags: ["Testing"],
      summary: "Play the post returning a job's letter undeliverable (test environments)",
      description:
        "The job's last letter sent by post comes back: its dispatch becomes an error and the API user gets a delivery event with status error " +
        "and the code returned_mail. When it is the letter the case stands on (invoice, reminder or collection), the case moves to 89 Address " +
        "verification and waits for POST /jobs/{jobid}/address; after 14 days without one, to 71 Error – address details. Production " +
        "environments answer 404; there the print service's scan of returned mail reports it.",
      responses: {
        "201": json("Recorded.", returnedMailSchema),
        "400": problem("Malformed JSON or invalid members; `problems` names each."),
        "401": unauthorized,
        "404": problem("A production environment, or no job of this profile has this id."),
        "409": problem("No letter of the job went by post, or it came back already."),
        "415": problem("Not application/json."),
      },
    },
  }),
  sentDocuments: defineOperation({
    method: "get",
    path: "/jobs/{jobid}/documents",
    auth: "bearer",
    params: jobIdParams,
    names: "job",
    doc: {
      operationId: "listSentDocuments",
      tags: ["Documents"],
      summary: "What was sent of a job",
      description:
        "Every sending of the job's documents that went or failed, in order: the original, and each reminder and collection letter, with the " +
        "channel and time. A reminder or collection letter sent since the service keeps them has pdf true: GET " +
        "/jobs/{jobid}/documents/{dispatchid}/pdf gives it exactly as the debtor got it. The original is GET /jobs/{jobid}/pdf.",
      responses: { "200": json("The sendings.", sentDocumentsSchema), "401": unauthorized, "404": problem("No job of this profile has this id.") },
    },
  }),
  sentDocumentPdf: defineOperation({
    method: "get",
    path: "/jobs/{jobid}/documents/{dispatchid}/pdf",
    auth: "bearer",
    params: jobIdParams.extend({ dispatchid: z.uuid().meta({ description: "The sending's id from GET /jobs/{jobid}/documents." }) }),
    names: "document",
    doc: {
      operationId: "getSentDocumentPdf",
      tags: ["Documents"],
      summary: "A reminder or collection letter as it was sent",
      description: "The PDF the debtor received, kept when it went out.",
      responses: { "200": pdf("The PDF."), "401": unauthorized, "404": problem("No such sending of a job of this profile, or it was not kept.") },
    },
  }),
};
