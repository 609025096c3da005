import { z } from "zod";

import { expected } from "./primitives";
import { PROBLEM_CODES, ruleError } from "./problems";
import { RULES } from "./rules";

/*
 * The envelope of POST /jobs and its answer. The envelope is checked here only down to the list of
 * items: each item is validated on its own (dataset-item.ts, minimum-data.ts) so that one bad job
 * never takes the good ones down with it.
 */

const switchText = () =>
  z
    .union([z.string().max(20), z.boolean(), z.null()], { error: expected('a string such as "true"') })
    .optional()
    .transform((value) => (value === undefined || value === null ? value : String(value)));

const envelopeText = (max = 255) =>
  z.union([z.string().max(max, { error: ruleError("maxLength", { max }) }), z.null()], { error: expected("a string") }).optional();

export const jobEnvelopeSchema = z
  .looseObject(
    {
      datastream: z
        .looseObject(
          {
            debug: switchText().meta({ description: "Testing of the interface, true = on." }),
            noreport: switchText().meta({ description: "Blocks sending of the transmission e-mail report, true = on." }),
            operator: envelopeText().meta({ description: "Operator id." }),
            origname: envelopeText().meta({ description: "Original name of the data file." }),
            transferkey: envelopeText().meta({ description: "Transfer key to validate the transfer." }),
            fileid: envelopeText().meta({ description: "Key identifying the content file." }),
            batchid: envelopeText().meta({ description: "Batch identification." }),
            dataset: z
              .array(z.unknown(), { error: expected("an array of jobs") })
              .min(1, { error: "must contain at least one job" })
              .meta({ description: "The jobs. Each item is a DatasetItem and is validated on its own." }),
          },
          { error: expected("an object") },
        )
        .meta({ description: "Root of the job envelope." }),
    },
    { error: expected("a JSON object with a datastream member") },
  )
  .meta({ description: "Request body of POST /jobs." });
export type JobEnvelope = z.output<typeof jobEnvelopeSchema>;

export const fieldProblemSchema = z
  .object({
    field: z.string().nullable().meta({ description: 'Path of the member, for instance "payrow[0].taxpr"; null for the job as a whole.' }),
    code: z.enum(PROBLEM_CODES).meta({ description: "Kind of problem: required, invalid, duplicate, conflict, not_found, too_large." }),
    message: z.string().meta({ description: "The rule that was broken, in plain words." }),
    // A string, not an enum of today's keys: an answer from a service with a newer catalogue stays readable.
    rule: z
      .string()
      .optional()
      .meta({
        description: [
          "A stable key of the rule `message` states, for clients that word problems themselves (in their own language): the key names the rule, not its wording, so read the key and never match `message`, which is the rule's current English wording with `params` filled in and may be reworded under the same key. Absent when the message is in the service's own words and names no rule of the catalogue.",
          `The keys today: ${Object.keys(RULES).join(", ")}. A newer version may add keys: a client that does not know one reads \`message\`.`,
        ].join(" "),
      }),
    params: z.record(z.string(), z.string()).optional().meta({
      description:
        'The values `message` fills into the rule\'s wording, as strings, by name ({"max": "70"} for "must be at most 70 characters"); present whenever `rule` is. Some are English phrases meant for the English message, which a client wording the rule in another language may leave out: `when` (a condition, " when checkbillnum is 1"), `sendtype` and `customertype` (the condition\'s value with its meaning, "1 (company)"), and a condition in `values` of oneOf ("… when propname is documenttype").',
    }),
  })
  .meta({ id: "FieldProblem" });

const jobErrorSchema = z
  .object({
    code: z.enum(PROBLEM_CODES).meta({ description: "Code of the first problem." }),
    message: z.string().meta({ description: "Every problem of the job in one line, for logs and people." }),
    problems: z.array(fieldProblemSchema).min(1),
  })
  .meta({ id: "JobError", description: "Why a job was rejected." });

const jobResultSchema = z
  .object({
    accepted: z.union([z.literal(0), z.literal(1)]).meta({ description: "1 accepted, 0 rejected." }),
    amount: z
      .number()
      .nullable()
      .meta({ description: "Amount of the job in major units: the gross total of an invoice, the open capital of a reminder or collection." }),
    billnum: z.string().nullable().meta({ description: "Invoice number: the caller's, or the one the service gave." }),
    billcode: z.string().nullable().meta({ description: "Payment reference of the job." }),
    error: jobErrorSchema.nullable(),
    evoicetype: z.string().nullable().meta({ description: "E-invoice message type for e-invoice send types (FINVOICE, PEPPOL, EHF); null otherwise." }),
    jobid: z.int().nullable().meta({ description: "Internal job id; null when rejected." }),
    jobstatus: z.string().nullable().meta({ description: "Lifecycle code of the job: the jobtype, or 100 when put on hold." }),
    jobtype: z.string().nullable(),
    notice: z
      .string()
      .nullable()
      .meta({ description: "Something the caller should know although the job was accepted (legacy names mapped, totals recomputed, unknown members kept)." }),
    origbillnum: z.string().nullable(),
    ownref: z.string().nullable(),
    print: z.string().nullable().meta({ description: "Print data; null until the document is printed." }),
    receiver: z.string().nullable().meta({ description: "Recipient name." }),
    reference: z.string().nullable().meta({ description: "Payment reference (same as billcode)." }),
    sendtype: z.string().nullable(),
  })
  .meta({ id: "JobResult", description: "The result record of one job." });
export type JobResult = z.output<typeof jobResultSchema>;

// The job's problem whole (rule and params too), with the job's position: a client that reads only
// errors[] words a problem by its rule as well as one that reads the job's result.
const topLevelErrorSchema = z
  .object({
    index: z.int().meta({ description: "Position of the job in datastream.dataset (0-based)." }),
    ...fieldProblemSchema.shape,
  })
  .meta({ id: "JobsError", description: "One problem of one rejected job: the problem as the job's error.problems names it, and the job's position." });

export const jobsResponseSchema = z
  .object({
    result: z.array(jobResultSchema).meta({ description: "One record per job, in the order of datastream.dataset." }),
    errors: z.array(topLevelErrorSchema).meta({ description: "Every problem of every rejected job; empty when all were accepted." }),
    accepted: z.int().meta({ description: "Number of accepted jobs in the request." }),
  })
  .meta({ id: "JobsResponse" });
export type JobsResponse = z.output<typeof jobsResponseSchema>;
