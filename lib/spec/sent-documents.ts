import { z } from "zod";

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
          .enum(["original", "reminder", "collection"])
          .meta({ description: "Which of the job's documents: the original (the job as posted), a reminder or a collection letter." }),
        distributionchannel: z.string(),
        status: z.enum(["delivered", "error"]),
        sentat: z.iso.datetime().nullable(),
        pdf: z.boolean().meta({
          description: "Whether the letter is kept as it was sent (GET /jobs/{jobid}/documents/{dispatchid}/pdf); the original is GET /jobs/{jobid}/pdf.",
        }),
      }),
    ),
  })
  .meta({ id: "SentDocuments" });

export type SentDocuments = z.output<typeof sentDocumentsSchema>;
