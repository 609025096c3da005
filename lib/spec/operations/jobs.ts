import { z } from "zod";

import { datasetItemSchema } from "../dataset-item";
import { IDEMPOTENCY_KEY_KEPT_DAYS } from "../idempotency-key";
import { jobDetailSchema, jobLookupQuerySchema, jobLookupSchema, MAX_JOBS_PER_LOOKUP } from "../job-detail";
import { jobEnvelopeSchema, jobsResponseSchema } from "../jobs";
import { MAX_SINGLE_JOB_BYTES } from "../limits";
import { defineOperation } from "../operation";
import { problemDetailsSchema } from "../problem-details";

import { json, pdf, problem, unauthorized } from "./responses";

/* Jobs: adding them, reading what they are now, and their documents (Get PDF, preview, local print). */

export const jobsTags = [
  { name: "Jobs", description: "Invoices, reminders, collections and letters." },
  { name: "Documents", description: "The PDF of a job: Get PDF, preview and local print." },
];

const jobsDescription = `
Adds jobs: invoices (jobtype 0), reminders (1), debt collections (2), information logistic invoices
(300), letters (301) and sub invoices of a collection invoice (602). Send the job envelope as
\`application/json\`, or a ZIP package (\`application/zip\`) holding the envelope as \`index.json\`
(or as the only \`.json\` file at the top of the archive) and the files it names, such as letter PDFs
named by \`image.filename\`.

**Each job is validated on its own.** The answer has one result record per job, in request order.
A rejected job has \`accepted: 0\` and an \`error\` naming each member and the rule it broke; the
other jobs are still accepted. The accepted jobs of a request are stored all together or not at all.

**Status codes.** 200 when at least one job was accepted, 422 when none was (the body is the same
result record in both cases); 400, 401, 413 and 415 refuse the request as a whole with problem details.

**Minimum data per job kind.**

| Job kind | Required members |
|---|---|
| Invoice (0), information logistic invoice (300) | jobtype, customertype, person (customertype 2) or company (customertype 1), address, postcode, city, billdate, paydate, payrow[] with desc, count, amount, taxpr |
| Sub invoice (602) | as invoice, plus origbillnum naming a collection invoice (collectioninvoice 1) of the profile |
| Reminder (1) | jobtype, customertype, person or company, address, postcode, city, billcode, amount (open capital), billnum, billdate, paydate |
| Debt collection (2) | as reminder, plus noticedate in Finland and Norway (inkassoloven § 9: collection only after an inkassovarsel); in Norway a case whose noticedate is under 18 days old is accepted and held, its letter sent on noticedate + 18 days (the varsel's 14 days and 3 days' grace for payments in transit); one with sendtype print is refused on noticedate until then |
| Letter (301) | jobtype, sendtype (post or email), customertype, person or company, address, postcode, city, addresscountry (alpha-3), countryname, email when sendtype is email, propertyrow[] with a documenttype row, image.file or image.filename |
| Accounting rows (Embed) | each accountrow with accountid, netamount, vatamount, desc, taxpr and either debit or credit; debits and credits balance |

Other rules: paydate is not before billdate; sendtype email needs email, evoice needs evoice and
evoiceint, peppol needs evoice; checkbillnum 1 refuses a billnum the profile already used. One
collection case per receivable: a billnum already posted as a reminder cannot be posted again as
debt collection (it proceeds there by itself), and a second reminder or collection for a billnum is
a duplicate. Text members must not hold control characters; an invoice's rows and total are at most
99 999 999 999.99.

**Amounts** are computed in cents, rounding half away from zero: row net = count × amount; VAT per
rate = Σ row nets at the rate × rate; \`amount\` of an invoice is net + VAT. Totals sent by the
caller that differ are reported in \`notice\`.

**Numbers.** An invoice without billnum gets the profile's next bill number not in use. Without a
billcode it gets a new reference, unique in the environment, in the country's format: Finnish
national reference (7-3-1; RF if the profile says so), Swedish OCR (Luhn, with length digit),
Norwegian KID (MOD10). A billcode that looks like a reference (only digits, or RF…) must be a valid
one; anything else is kept as a payment message. A sub invoice (602) starts its lifecycle at 0.

**Older letter member names** (deliverymethod, countrycode, country, emailaddress, phonenumber,
filename, contractnumber, customernumber, deliverysite.address) are accepted and mapped; \`notice\` says so.

**Limits.** At most 1000 small or 500 larger documents per request; a larger document carries a file
or is over 16 KiB of JSON and counts as two small ones. JSON bodies up to 64 MiB; ZIP packages up to
64 MiB, 256 MiB uncompressed, 2001 entries, 10 MiB per PDF. Over a limit: 413, nothing stored.

**Retries.** Send an \`Idempotency-Key\` header (1–255 visible ASCII characters). A retry with the
same key and body gets the first answer again (with \`Idempotent-Replayed: true\`) and stores nothing
twice, also when it arrives while the first is still running (it waits for it); the same key with
another body is refused with 422. Keys are remembered for ${IDEMPOTENCY_KEY_KEPT_DAYS} days.

**Drafts.** With \`?draft=true\` every accepted job is stored as a draft (jobstatus 11): numbered, given
its reference and reported by its lcstatus 11, but not sent and not collected. \`POST
/jobs/{jobid}/status\` with \`approve\` sends it and starts its case as the same job posted that day
would (an invoice whose due date has passed is refused: move it with PATCH /jobs/{jobid}/duedate
first); \`discard\` ends it as terminated (102), its capital written off as \`discarded\`.
`.trim();

/** The envelope as validated, with its items documented as the DatasetItem each is validated against. */
const documentedEnvelope = z
  .object({
    datastream: jobEnvelopeSchema.shape.datastream.extend({
      dataset: z.array(datasetItemSchema).min(1).meta({ description: "The jobs. Each is validated on its own." }),
    }),
  })
  .meta({ id: "JobEnvelope", description: "Request body of POST /jobs." });

/** A job id in the path: the result record's jobid. */
export const jobIdParams = z.object({
  jobid: z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number)
    .refine((id) => Number.isSafeInteger(id) && id > 0)
    .meta({ description: "The job id from the result record." }),
});

/** POST /jobs?draft=true: the request's jobs are stored as drafts. */
const postJobsQuerySchema = z
  .object({
    draft: z
      .enum(["true", "false"], { error: "must be true or false" })
      .default("false")
      .transform((value) => value === "true")
      .meta({
        description:
          "true: every accepted job is stored as a draft (lifecycle code 11): numbered and given its reference, but neither sent nor collected. " +
          "POST /jobs/{jobid}/status approve sends it and starts its case as if it were posted that day; discard ends it (102).",
      }),
  })
  .meta({ id: "PostJobsQuery" });

const singleJob = { kind: "json-value", documented: datasetItemSchema, limit: MAX_SINGLE_JOB_BYTES, what: "job" } as const;

export const jobOperations = {
  lookUp: defineOperation({
    method: "get",
    path: "/jobs",
    auth: "bearer",
    query: jobLookupQuerySchema,
    doc: {
      operationId: "lookUpJobs",
      tags: ["Cases"],
      summary: "Show what many jobs are now",
      description:
        `GET /jobs/{jobid} for up to ${MAX_JOBS_PER_LOOKUP} jobs in one request: \`?jobids=101,102,103\`. The profile's jobs come in the order asked; ` +
        "the ids that are no job of this profile (another profile's look the same as none) are listed in missing. A receiver that learns of jobs " +
        "from events (a portal beside an ERP) reads them this way instead of one request each.",
      responses: {
        "200": json("The jobs found, and the ids not found.", jobLookupSchema),
        "400": problem(`No jobids, more than ${MAX_JOBS_PER_LOOKUP}, an id given twice, or another query parameter.`),
        "401": unauthorized,
      },
    },
  }),
  post: defineOperation({
    method: "post",
    path: "/jobs",
    auth: "bearer",
    query: postJobsQuerySchema,
    idempotencyKey: true,
    // JSON or a ZIP package: read by the handler, which sends either to a render pool thread.
    body: {
      kind: "own",
      requestBody: {
        required: true,
        content: {
          "application/json": { schema: documentedEnvelope },
          "application/zip": {
            schema: {
              type: "string",
              contentMediaType: "application/zip",
              description: "A ZIP package: index.json (the job envelope) and the files it names.",
            },
          },
        },
      },
    },
    doc: {
      operationId: "postJobs",
      tags: ["Jobs"],
      summary: "Add jobs",
      description: jobsDescription,
      responses: {
        "200": json("At least one job was accepted.", jobsResponseSchema),
        "400": problem("Malformed JSON, no datastream, an unreadable ZIP package, or a bad Idempotency-Key."),
        "401": unauthorized,
        "405": problem("A method other than GET or POST."),
        "409": problem("The profile's fixed reference length has no room for more references."),
        "413": problem("Too many documents or too many bytes; nothing was stored."),
        "415": problem("Neither application/json nor application/zip."),
        "422": {
          description: "No job was accepted (the body says why for each), or the Idempotency-Key was used with another body (problem details).",
          content: { "application/json": { schema: jobsResponseSchema }, "application/problem+json": { schema: problemDetailsSchema } },
        },
      },
    },
  }),
  get: defineOperation({
    method: "get",
    path: "/jobs/{jobid}",
    auth: "bearer",
    params: jobIdParams,
    names: "job",
    doc: {
      operationId: "getJob",
      tags: ["Cases"],
      summary: "Show what a job is now",
      description:
        "A job of this profile as it stands: its lifecycle code, the amounts open (capital, interest, expenses), the due dates, the customer " +
        "as the documents address them and the way it is sent. For a system that did not post the job itself, or lost track of it; status " +
        "events say the same as it changes. Personal identity codes are masked. A job of another profile is answered 404, like one that does not exist.",
      responses: { "200": json("The job.", jobDetailSchema), "401": unauthorized, "404": problem("No job of this profile has this id.") },
    },
  }),
  pdf: defineOperation({
    method: "get",
    path: "/jobs/{jobid}/pdf",
    auth: "bearer",
    params: jobIdParams,
    names: "job",
    doc: {
      operationId: "getJobPdf",
      tags: ["Documents"],
      summary: "Get the PDF of a job",
      description:
        "The invoice image of an invoice, reminder or collection letter of this profile, with the country's payment part (the Finnish bank " +
        "transfer form with its bank barcode and EPC QR code, the Swedish Bankgiro/OCR part, the Norwegian account/KID part); or a letter's " +
        "PDF as it is printed, after an address page when its first page does not show the recipient in the envelope window. A posted " +
        "reminder or collection letter (jobtype 1, 2) that has been sent is answered as it went, with the date and due date it gave; before " +
        "it goes, as it would be printed today. A job of " +
        "another profile is answered 404, like one that does not exist. The file name (Content-Disposition) is the job's pdfname when it gave one.",
      responses: { "200": pdf("The PDF."), "401": unauthorized, "404": problem("No job of this profile has this id.") },
    },
  }),
  preview: defineOperation({
    method: "post",
    path: "/jobs/preview",
    auth: "bearer",
    body: singleJob,
    doc: {
      operationId: "previewJob",
      tags: ["Documents"],
      summary: "Preview the PDF of a job",
      description:
        "The body is one dataset item (or a job envelope with exactly one). It is checked as POST /jobs checks it and answered with the PDF it " +
        "would have, marked as a preview and without payment codes. Nothing is stored and no number is taken.",
      responses: {
        "200": pdf("The preview PDF; Content-Disposition names it by pdfname."),
        "400": problem("Malformed JSON, or an envelope with more than one job."),
        "401": unauthorized,
        "415": problem("Not application/json."),
        "422": problem("The job is not valid; `problems` names each member."),
      },
    },
  }),
  localPrint: defineOperation({
    method: "post",
    path: "/jobs/localprint",
    auth: "bearer",
    idempotencyKey: true,
    body: singleJob,
    doc: {
      operationId: "localPrintJob",
      tags: ["Documents"],
      summary: "Local print: store a job and get its PDF",
      description:
        "For a caller that prints the invoice itself. The body is one dataset item (or an envelope with exactly one); it is stored and numbered " +
        "as POST /jobs would, with sendtype print (the service sends nothing), and answered with its PDF as an attachment named by pdfname. " +
        "Headers: Job-Id, Payment-Reference (when the job's reference is printable ASCII, as national and RF references are; a free message in billcode " +
        "stays in the PDF and the job), and Location of the job's PDF. Idempotency-Key works as for POST /jobs.",
      responses: {
        "201": pdf("Stored; the body is the PDF."),
        "200": pdf("A retry with the same Idempotency-Key: the first job's PDF."),
        "400": problem("Malformed JSON, or an envelope with more than one job."),
        "401": unauthorized,
        "415": problem("Not application/json."),
        "422": problem("The job is not valid (`problems` names each member); nothing was stored."),
      },
    },
  }),
};
