import { controlListSchema, controlQuerySchema } from "../control-list";
import { defineOperation } from "../operation";

import { problem, unauthorized } from "./responses";

/* Reports a creditor reconciles with. */

export const reportTags = [{ name: "Reports", description: "The control list a creditor reconciles its receivables with." }];

export const reportOperations = {
  control: defineOperation({
    method: "get",
    path: "/reports/control",
    auth: "bearer",
    query: controlQuerySchema,
    queryNames: ["from", "to", "format"],
    doc: {
      operationId: "getControlList",
      tags: ["Reports"],
      summary: "Control list for a period",
      description:
        "What the profile's receivables did in a period of business days (at most 400): jobs received, accepted and rejected; documents " +
        "delivered by channel; per currency the ledger's opening balance, every movement by kind (capital posted, fees, interest, payments, " +
        "cancellations, credit notes, credit losses) and the closing balance, which is the opening plus the movements and what the cases hold " +
        "open; payments booked by account date and what was paid back to payers; credit notes allocated, unallocated and refunded. " +
        "`format=csv` gives the same as one CSV file, a section per part.",
      responses: {
        "200": {
          description: "The control list.",
          content: {
            "application/json": { schema: controlListSchema },
            "text/csv": { schema: { type: "string", contentMediaType: "text/csv" } },
          },
        },
        "400": problem("A date that is not a calendar day, to before from, a period over 400 days, or an unknown parameter."),
        "401": unauthorized,
      },
    },
  }),
};
