import { z } from "zod";

import { text } from "./primitives";
import { SENT_DOCUMENTS } from "./sent-documents";

/*
 * A letter the post returned undeliverable, and the debtor's corrected address. The print
 * service's side is POST /testing/returnedmail in test environments; in production the print
 * service's scan of returned mail reports it the same way (lib/service/distribution/returned-mail.ts).
 */

const RETURN_REASONS = ["moved", "unknown", "refused", "insufficient", "other"] as const;

export const returnedMailRequestSchema = z
  .strictObject({
    jobid: z.int().positive().meta({ description: "The job whose last letter came back." }),
    reason: z.enum(RETURN_REASONS).default("unknown").meta({
      description: "Why the post returned it: moved (no forwarding address), unknown (no such recipient), refused, insufficient (incomplete address), other.",
    }),
  })
  .meta({ id: "ReturnedMailRequest" });

export const returnedMailSchema = z
  .object({
    jobid: z.int(),
    document: z.enum(SENT_DOCUMENTS).meta({ description: "Which of the job's letters came back." }),
    reason: z.enum(RETURN_REASONS),
    returnedat: z.iso.datetime(),
    code: z.int().meta({ description: "The case's lifecycle code now: 89 when it waits for the address, else unchanged." }),
  })
  .meta({ id: "ReturnedMail" });

export const addressCorrectionSchema = z
  .strictObject({
    address: text(200).trim().min(1).meta({ description: "Street address." }),
    addressaddline1: text(200).trim().min(1).optional().meta({ description: "A line above the street (c/o); the stored ones are replaced by what is given." }),
    addressaddline2: text(200).trim().min(1).optional(),
    addressaddline3: text(200).trim().min(1).optional(),
    postcode: text(20).trim().min(1),
    city: text(100).trim().min(1),
    addresscountry: text(3).trim().min(2).optional().meta({ description: "ISO 3166 alpha-2 or alpha-3; the job's own when not given." }),
    countryname: text(100).trim().min(1).optional(),
  })
  .meta({ id: "AddressCorrection", description: "The debtor's corrected postal address; the postcode is checked by the debtor's country's format." });

export const addressCorrectedSchema = z
  .object({
    jobid: z.int(),
    resent: z.enum(SENT_DOCUMENTS).nullable().meta({ description: "The returned letter, queued again to the new address; null when none waited." }),
    code: z.int().meta({ description: "The case's lifecycle code after the correction." }),
    currentpaydate: z.string().nullable(),
    duedatemoved: z.boolean().meta({ description: "Whether the resend moved the due date (a duedateupdate with source restapi follows)." }),
  })
  .meta({ id: "AddressCorrected" });

export type ReturnedMailRequest = z.output<typeof returnedMailRequestSchema>;
export type AddressCorrection = z.output<typeof addressCorrectionSchema>;
