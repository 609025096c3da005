import { z } from "zod";

/**
 * The documents a job sends: its own original (the job as posted), or a notice the lifecycle asks
 * for on its case — a reminder, a collection letter, or the cut-off warning an energy customer gets
 * before a disconnection (lifecycle code 150, lib/service/contracts/evaluate-disconnections.ts).
 */
export const SENT_DOCUMENTS = ["original", "reminder", "collection", "cutoff"] as const;
export type SentDocumentName = (typeof SENT_DOCUMENTS)[number];
/** A notice of a case: every document a job sends but its own original. */
type NoticeName = Exclude<SentDocumentName, "original">;
/** Whether a sent document's or an invoice image's kind is a notice: the one list of them. */
export const isNotice = (kind: string): kind is NoticeName => kind !== "original" && (SENT_DOCUMENTS as readonly string[]).includes(kind);

/*
 * What the service sent of a job (GET /jobs/{jobid}/documents) and each reminder or collection letter
 * as it was sent (GET /jobs/{jobid}/documents/{dispatchid}/pdf). The invoice itself is GET
 * /jobs/{jobid}/pdf.
 */

export const sentDocumentsSchema = z
  .object({
    jobid: z.int(),
    documents: z.array(
      z.object({
        dispatchid: z.uuid().meta({ description: "The sending's id." }),
        document: z
          .enum(SENT_DOCUMENTS)
          .meta({ description: "Which of the job's documents: the original (the job as posted), a reminder, a collection letter or a cut-off warning." }),
        distributionchannel: z.string(),
        status: z.enum(["delivered", "error"]),
        sentat: z.iso.datetime().nullable().meta({
          description:
            "When the sending's outcome was recorded. In a test environment, on the profile's clock as it stood then (POST /testing/clock), as the events and the letter's own date are; a later move of the clock does not move it.",
        }),
        pdf: z.boolean().meta({
          description: "Whether the letter is kept as it was sent (GET /jobs/{jobid}/documents/{dispatchid}/pdf); the original is GET /jobs/{jobid}/pdf.",
        }),
      }),
    ),
  })
  .meta({ id: "SentDocuments" });

export type SentDocuments = z.output<typeof sentDocumentsSchema>;
