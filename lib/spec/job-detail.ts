import { z } from "zod";

import { invoiceSchema } from "./contracts";

/*
 * GET /jobs/{jobid}: what a job is now, for a system that did not post it itself (a portal, a
 * support tool) or that lost track of it. The invoice query's summary, with the customer as the
 * documents address them and the job's way of sending. Personal identity codes are masked.
 */

export const jobDetailSchema = invoiceSchema
  .extend({
    ownref: z.string().nullable().meta({ description: "The principal's own reference of the job." }),
    customertype: z.int().meta({ description: "1 business, 2 consumer (the specification's customertype)." }),
    customer: z
      .object({
        name: z.string().nullable().meta({ description: "person or company as posted." }),
        address: z.string().nullable(),
        postcode: z.string().nullable(),
        city: z.string().nullable(),
        country: z.string().nullable().meta({ description: "ISO 3166 alpha-2 code; null for the environment's own country." }),
        email: z.string().nullable(),
        custnum: z.string().nullable().meta({ description: "The principal's customer number." }),
        govid: z.string().nullable().meta({ description: "Masked: the last two characters after dots, never the whole code." }),
      })
      .meta({ description: "The debtor (the recipient of a letter)." }),
    sendtype: z.string().nullable(),
    onhold: z.boolean(),
    created: z.string().meta({ description: "When the service accepted the job, ISO 8601." }),
  })
  .meta({ id: "JobDetail" });
export type JobDetail = z.output<typeof jobDetailSchema>;
