import { z } from "zod";

import { text } from "./primitives";
import { SENT_DOCUMENTS } from "./sent-documents";

/*
 * An e-invoice the operator refused after the service handed it over (its negative
 * acknowledgement), and its resending once the API user fixed what was wrong. The operator's side
 * is POST /testing/einvoice/rejections in test environments; in production the operator connection
 * reports it the same way (lib/service/distribution/einvoice-rejections.ts).
 */

const reason = z.string().trim().min(1).max(500);

export const einvoiceRejectionRequestSchema = z
  .strictObject({
    jobid: z.int().positive().meta({ description: "The job whose last e-invoice the operator refused." }),
    reason: reason.meta({ description: "The operator's reason, as it gave it (an unknown receiver address, an operator that does not serve it)." }),
  })
  .meta({ id: "EInvoiceRejectionRequest" });

export const einvoiceRejectionSchema = z
  .object({
    jobid: z.int(),
    document: z.enum(SENT_DOCUMENTS).meta({ description: "Which of the job's documents was refused." }),
    distributionchannel: z.string(),
    reason: z.string(),
    rejectedat: z.iso.datetime(),
  })
  .meta({ id: "EInvoiceRejection" });

export const einvoiceResendRequestSchema = z
  .strictObject({
    evoice: text(100).trim().min(1).optional().meta({ description: "The receiver's corrected e-invoice address (OVT, IBAN or Peppol id)." }),
    evoiceint: text(100).trim().min(1).optional().meta({ description: "The receiver's corrected e-invoice operator (intermediator) code." }),
  })
  .meta({
    id: "EInvoiceResendRequest",
    description: "What was wrong, corrected; an empty object resends as it was (the operator's fault, fixed on its side).",
  });

export const einvoiceResendSchema = z
  .object({
    jobid: z.int(),
    document: z.enum(SENT_DOCUMENTS),
    currentpaydate: z.iso.date().nullable().meta({ description: "The case's due date after the resend." }),
    duedatemoved: z.boolean().meta({ description: "Whether the resend moved the due date (then a duedateupdate with source einvoice_error follows)." }),
  })
  .meta({ id: "EInvoiceResend" });

export type EInvoiceResendRequest = z.infer<typeof einvoiceResendRequestSchema>;
export type EInvoiceResend = z.infer<typeof einvoiceResendSchema>;
export type EInvoiceRejection = z.infer<typeof einvoiceRejectionSchema>;
