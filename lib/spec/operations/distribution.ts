import { defineOperation } from "../operation";
import { printBatchParamsSchema, printBatchResponseSchema } from "../print-batches";

import { json, problem, unauthorized } from "./responses";

/* Where the service sent the documents. */

export const distributionTags = [{ name: "Distribution", description: "Where the service sent the documents: the daily print batch." }];

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
};
