import { z } from "zod";

/* How GET /events/batches shows a batch of status events sent to the profile's receiver. */

export const BATCH_STATUSES = ["pending", "delivered", "failed"] as const;

export const batchViewSchema = z
  .object({
    id: z.string(),
    status: z.enum(BATCH_STATUSES),
    createdAt: z.string(),
    count: z.int().meta({ description: "Messages in the batch." }),
    attempts: z.int(),
    nextAttemptAt: z.string().nullable().meta({ description: "When a pending batch is tried next." }),
    deliveredAt: z.string().nullable(),
    lastStatus: z.int().nullable().meta({ description: "HTTP status of the last answer (of the token endpoint when that failed)." }),
    lastError: z.string().nullable(),
    lastResponse: z.string().nullable().meta({ description: 'The status line of the last failed answer ("422 Unprocessable Entity"); never its body.' }),
  })
  .meta({ id: "EventBatchStatus" });
export type BatchView = z.output<typeof batchViewSchema>;
