import { z } from "zod";

import { calendarDate } from "./primitives";
import { SENT_DOCUMENTS } from "./sent-documents";
import { printSupplySchema } from "./stock";

/*
 * The records of GET /distribution/print-batches/{date}, apart from the code that reads the batch
 * so the OpenAPI document can use them without the file system.
 */

export const printBatchParamsSchema = z.object({ date: calendarDate().meta({ description: "The batch's day, YYYY-MM-DD, in the environment's calendar." }) });

export const printBatchDocumentSchema = z
  .object({
    jobid: z.int(),
    document: z.enum(SENT_DOCUMENTS).meta({ description: "The job's own document, or a notice of its case." }),
    pages: z.int().meta({ description: "Printed pages, the address page of a letter included." }),
    postclass: z.union([z.literal(1), z.literal(2)]).meta({ description: "1 first class, 2 economy." }),
    color: z.boolean(),
    doublesided: z.boolean(),
    country: z.string().meta({ description: "The recipient's country, ISO 3166-1 alpha-2." }),
    supplies: z
      .array(printSupplySchema)
      .meta({ description: "The profile's inserts and pre-printed stationery the letter takes from its stock (GET /stock), by code and quantity." }),
  })
  .meta({ id: "PrintBatchDocument" });

export const printBatchResponseSchema = z
  .object({
    environment: z.string(),
    date: z.string(),
    documents: z.array(printBatchDocumentSchema),
  })
  .meta({ id: "PrintBatch", description: "The profile's documents in a day's print batch; empty when it had none." });
export type PrintBatchResponse = z.output<typeof printBatchResponseSchema>;
