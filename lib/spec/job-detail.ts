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

/** The most jobs one GET /jobs answers for. */
export const MAX_JOBS_PER_LOOKUP = 100;

/** GET /jobs?jobids=…: up to 100 job ids, comma-separated, each at most once. */
export const jobLookupQuerySchema = z
  .object({
    jobids: z
      .string()
      .regex(/^\d{1,12}(,\d{1,12})*$/, "must be job ids separated by commas")
      .transform((text) => text.split(",").map(Number))
      .refine((ids) => ids.length <= MAX_JOBS_PER_LOOKUP, `must name at most ${MAX_JOBS_PER_LOOKUP} jobs`)
      .refine((ids) => new Set(ids).size === ids.length, "must name each job once")
      .meta({ description: `Job ids from the result records, comma-separated; at most ${MAX_JOBS_PER_LOOKUP}.` }),
  })
  .meta({ id: "JobLookupQuery" });

export const jobLookupSchema = z
  .object({
    jobs: z.array(jobDetailSchema).meta({ description: "The profile's jobs among those asked, in the order asked." }),
    missing: z.array(z.int()).meta({ description: "Ids asked that are no job of this profile (another profile's look the same as none)." }),
  })
  .meta({ id: "JobLookup" });
export type JobLookup = z.output<typeof jobLookupSchema>;
