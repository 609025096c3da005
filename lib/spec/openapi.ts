import { z } from "zod";
import { createDocument } from "zod-openapi";


import { createProfileRequestSchema, createProfileResponseSchema } from "./create-profile";
import { datasetItemSchema } from "./dataset-item";
import { environment, ENVIRONMENT_IDS } from "./environments";
import { batchViewSchema } from "./event-batches";
import { batchesQuerySchema, batchPageSchema, pollAnswerSchema, pollQuerySchema } from "./event-queries";
import { receiverRequestSchema, receiverViewSchema } from "./event-receiver";
import { eventBatchSchema } from "./events";
import { jobDetailSchema, jobLookupQuerySchema, jobLookupSchema, MAX_JOBS_PER_LOOKUP } from "./job-detail";
import { jobEnvelopeSchema, jobsResponseSchema } from "./jobs";
import { contractPaths, contractTags } from "./paths/contracts";
import { lifecyclePaths, lifecycleTags } from "./paths/lifecycle";
import { paymentPaths, paymentTags } from "./paths/payments";
import { printBatchParamsSchema, printBatchResponseSchema } from "./print-batches";
import { problemDetailsSchema } from "./problem-details";
import { profileSettingsPatchSchema, profileSettingsSchema } from "./profile-settings";
import { tokenErrorSchema, tokenRequestSchema, tokenResponseSchema } from "./token";

/*
 * The OpenAPI 3.1 description of the REST interface, generated from the same zod schemas the
 * service validates with. Served at /rest/openapi.json and rendered at /api-reference.
 */

const problem = (description: string) => ({
  description,
  content: { "application/problem+json": { schema: problemDetailsSchema } },
});

const unauthorized = problem("No token, an expired token, or a token of another environment (RFC 9457 problem details).");

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
| Debt collection (2) | as reminder, plus noticedate in Finland |
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
another body is refused with 422. Keys are remembered for 7 days.
`.trim();

const createProfileDescription = `
Creates a customer profile in the caller's environment. Requires a token of a profile whose contract
includes create_customer_api (403 otherwise).

Only customer_info.business_id and contact_person.email are required. A complete profile also needs
customer_info name, street_address, postal_code, town_or_city, country, liable_to_pay_vat (and
vat_number unless it is 2), customer_company_type in Finland, a customer service telephone or
e-mail, contact_person.name, services.service_types, the settlement account (type, number, owner)
and ropo_service_fees.invoicing_method with its address. Acceptor e-mails default to the contact
person's; language and currency to the country's.

- Everything supplied: \`status: created\`, onboarding is skipped.
- Something missing: \`status: onboarding\`; the contact person gets a link to the onboarding wizard.
- Something missing and allowIncompleteData true: \`status: incomplete\`, stored for later completion.

\`missing\` lists what a complete profile still needs. Calling again with the same business id (or
additional_information.profile_uuid) completes this partner's stored profile: the members sent go
over the stored ones. Country rules: business ids, VAT numbers and accounts are checked by the
country's algorithms; reference_length (10–25) is only for Norway and Sweden; bank_account_type is
IBAN only in Finland, IBAN or BBAN in Norway, any in Sweden. A created profile's apicode is issued
by support. Mail of test environments is not sent out but kept by the service.
`.trim();

/** The envelope as validated, with its items documented as the DatasetItem each is validated against. */
const documentedEnvelope = z
  .object({
    datastream: jobEnvelopeSchema.shape.datastream.extend({
      dataset: z.array(datasetItemSchema).min(1).meta({ description: "The jobs. Each is validated on its own." }),
    }),
  })
  .meta({ id: "JobEnvelope", description: "Request body of POST /jobs." });

export function createOpenApiDocument() {
  return createDocument(
    {
      openapi: "3.1.0",
      info: {
        title: "Invoicing, Distribution, Reminder and Collection Service",
        version: "1.0.0",
        description:
          "The REST interface of the service. Each of the six environments (FIN, SWE, NOR × test, production) has its own base URL, " +
          "`/{environment}/rest`; `/rest` answers for the server's default environment. Profiles, cids, apicodes and tokens belong to one environment. " +
          "Errors other than those of POST /token are RFC 9457 problem details (`application/problem+json`).",
      },
      servers: [
        { url: "/rest", description: "The server's default environment" },
        {
          url: "/{environment}/rest",
          description: "One environment",
          variables: { environment: { default: "fin-test", enum: [...ENVIRONMENT_IDS] } },
        },
      ],
      tags: [
        { name: "Authentication", description: "Tokens for the other calls." },
        { name: "Jobs", description: "Invoices, reminders, collections and letters." },
        { name: "Documents", description: "The PDF of a job: Get PDF, preview and local print." },
        { name: "Profiles", description: "Onboarding of customer profiles, and a profile's own settings." },
        ...contractTags,
        ...paymentTags,
        ...lifecycleTags,
        { name: "Events", description: "Status events: the receiver they are pushed to, its batches, and polling." },
        { name: "Distribution", description: "Where the service sent the documents: the daily print batch." },
      ],
      security: [{ bearerAuth: [] }],
      components: {
        securitySchemes: {
          bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "The token from POST /token; it expires after 2 hours." },
        },
      },
      paths: {
        ...contractPaths,
        ...paymentPaths,
        ...lifecyclePaths,
        "/token": {
          post: {
            operationId: "createToken",
            tags: ["Authentication"],
            summary: "Get a token",
            description:
              "Exchanges the profile's cid and apicode for a JWT that expires after 2 hours. Wrong credentials get errorId 2 whether the cid exists or not. " +
              "After five failures in 15 minutes further attempts for the cid are refused (errorId 3, Retry-After) for 1 s, then 2 s, 4 s … up to 15 minutes.",
            security: [],
            requestBody: { required: true, content: { "application/json": { schema: tokenRequestSchema } } },
            responses: {
              "201": { description: "The token.", content: { "application/json": { schema: tokenResponseSchema } } },
              "400": { description: "Malformed request, wrong credentials, or too many failures.", content: { "application/json": { schema: tokenErrorSchema } } },
            },
          },
        },
        "/jobs": {
          get: {
            operationId: "lookUpJobs",
            tags: ["Cases"],
            summary: "Show what many jobs are now",
            description:
              `GET /jobs/{jobid} for up to ${MAX_JOBS_PER_LOOKUP} jobs in one request: \`?jobids=101,102,103\`. The profile's jobs come in the order asked; ` +
              "the ids that are no job of this profile (another profile's look the same as none) are listed in missing. A receiver that learns of jobs " +
              "from events (a portal beside an ERP) reads them this way instead of one request each.",
            requestParams: { query: jobLookupQuerySchema },
            responses: {
              "200": { description: "The jobs found, and the ids not found.", content: { "application/json": { schema: jobLookupSchema } } },
              "400": problem(`No jobids, more than ${MAX_JOBS_PER_LOOKUP}, an id given twice, or another query parameter.`),
              "401": unauthorized,
            },
          },
          post: {
            operationId: "postJobs",
            tags: ["Jobs"],
            summary: "Add jobs",
            description: jobsDescription,
            requestParams: {
              header: z.object({
                "Idempotency-Key": z.string().min(1).max(255).optional().meta({ description: "Makes a retry safe: the same key and body get the first answer again." }),
              }),
            },
            requestBody: {
              required: true,
              content: {
                "application/json": { schema: documentedEnvelope },
                "application/zip": {
                  schema: { type: "string", contentMediaType: "application/zip", description: "A ZIP package: index.json (the job envelope) and the files it names." },
                },
              },
            },
            responses: {
              "200": { description: "At least one job was accepted.", content: { "application/json": { schema: jobsResponseSchema } } },
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
        },
        "/jobs/{jobid}": {
          get: {
            operationId: "getJob",
            tags: ["Cases"],
            summary: "Show what a job is now",
            description:
              "A job of this profile as it stands: its lifecycle code, the amounts open (capital, interest, expenses), the due dates, the customer " +
              "as the documents address them and the way it is sent. For a system that did not post the job itself, or lost track of it; status " +
              "events say the same as it changes. Personal identity codes are masked. A job of another profile is answered 404, like one that does not exist.",
            requestParams: { path: z.object({ jobid: z.string().regex(/^\d+$/).meta({ description: "The job id from the result record." }) }) },
            responses: {
              "200": { description: "The job.", content: { "application/json": { schema: jobDetailSchema } } },
              "401": unauthorized,
              "404": problem("No job of this profile has this id."),
            },
          },
        },
        "/jobs/{jobid}/pdf": {
          get: {
            operationId: "getJobPdf",
            tags: ["Documents"],
            summary: "Get the PDF of a job",
            description:
              "The invoice image of an invoice, reminder or collection letter of this profile, with the country's payment part (the Finnish bank " +
              "transfer form with its bank barcode and EPC QR code, the Swedish Bankgiro/OCR part, the Norwegian account/KID part); or a letter's " +
              "PDF as it is printed, after an address page when its first page does not show the recipient in the envelope window. A job of " +
              "another profile is answered 404, like one that does not exist. The file name (Content-Disposition) is the job's pdfname when it gave one.",
            requestParams: { path: z.object({ jobid: z.string().regex(/^\d+$/).meta({ description: "The job id from the result record." }) }) },
            responses: {
              "200": { description: "The PDF.", content: { "application/pdf": { schema: { type: "string", contentMediaType: "application/pdf" } } } },
              "401": unauthorized,
              "404": problem("No job of this profile has this id."),
            },
          },
        },
        "/jobs/preview": {
          post: {
            operationId: "previewJob",
            tags: ["Documents"],
            summary: "Preview the PDF of a job",
            description:
              "The body is one dataset item (or a job envelope with exactly one). It is checked as POST /jobs checks it and answered with the PDF it " +
              "would have, marked as a preview and without payment codes. Nothing is stored and no number is taken.",
            requestBody: { required: true, content: { "application/json": { schema: datasetItemSchema } } },
            responses: {
              "200": { description: "The preview PDF; Content-Disposition names it by pdfname.", content: { "application/pdf": { schema: { type: "string", contentMediaType: "application/pdf" } } } },
              "400": problem("Malformed JSON, or an envelope with more than one job."),
              "401": unauthorized,
              "415": problem("Not application/json."),
              "422": problem("The job is not valid; `problems` names each member."),
            },
          },
        },
        "/jobs/localprint": {
          post: {
            operationId: "localPrintJob",
            tags: ["Documents"],
            summary: "Local print: store a job and get its PDF",
            description:
              "For a caller that prints the invoice itself. The body is one dataset item (or an envelope with exactly one); it is stored and numbered " +
              "as POST /jobs would, with sendtype print (the service sends nothing), and answered with its PDF as an attachment named by pdfname. " +
              "Headers: Job-Id, Payment-Reference, and Location of the job's PDF. Idempotency-Key works as for POST /jobs.",
            requestBody: { required: true, content: { "application/json": { schema: datasetItemSchema } } },
            responses: {
              "201": { description: "Stored; the body is the PDF.", content: { "application/pdf": { schema: { type: "string", contentMediaType: "application/pdf" } } } },
              "200": { description: "A retry with the same Idempotency-Key: the first job's PDF.", content: { "application/pdf": { schema: { type: "string", contentMediaType: "application/pdf" } } } },
              "400": problem("Malformed JSON, or an envelope with more than one job."),
              "401": unauthorized,
              "415": problem("Not application/json."),
              "422": problem("The job is not valid (`problems` names each member); nothing was stored."),
            },
          },
        },
        "/distribution/print-batches/{date}": {
          get: {
            operationId: "getPrintBatch",
            tags: ["Distribution"],
            summary: "The profile's documents in a day's print batch",
            description:
              "Post (sendtype post, letters by post, and notices of cases whose channel cannot carry them) is collected into one print batch per " +
              "environment and day, handed to the print house. This lists the calling profile's documents in the batch of the date: pages, postal " +
              "class, colour and sides as printed. A day without any is an empty list.",
            requestParams: { path: printBatchParamsSchema },
            responses: {
              "200": { description: "The profile's documents in the batch.", content: { "application/json": { schema: printBatchResponseSchema } } },
              "400": problem("The date is not YYYY-MM-DD; `problems` names it."),
              "401": unauthorized,
              "405": problem("A method other than GET."),
            },
          },
        },
        "/profile/settings": {
          get: {
            operationId: "getProfileSettings",
            tags: ["Profiles"],
            summary: "Show the profile's settings",
            responses: { "200": { description: "The settings.", content: { "application/json": { schema: profileSettingsSchema } } }, "401": unauthorized },
          },
          patch: {
            operationId: "patchProfileSettings",
            tags: ["Profiles"],
            summary: "Change the profile's settings",
            description: "Changes the members given; the others keep their value. A change applies to what happens from then on: events already sent stay as they were.",
            requestBody: { required: true, content: { "application/json": { schema: profileSettingsPatchSchema } } },
            responses: {
              "200": { description: "The settings after the change.", content: { "application/json": { schema: profileSettingsSchema } } },
              "400": problem("Malformed JSON, an unknown member or a value not allowed; `problems` names each."),
              "401": unauthorized,
              "415": problem("Not application/json."),
            },
          },
        },
        "/events/receiver": {
          put: {
            operationId: "putEventReceiver",
            tags: ["Events"],
            summary: "Set the event receiver",
            description:
              "Where the profile's status events are pushed: a webhook URL with OAuth 2.0 client credentials (client_secret_post) or HTTP Basic. " +
              "Production environments accept https only; test environments also accept http (for a receiver on localhost). Secrets are stored " +
              "encrypted and never shown again. A new receiver starts at the current end of the profile's events: earlier events are available by " +
              "polling GET /events. Replacing a receiver keeps its position and its batches.",
            requestBody: { required: true, content: { "application/json": { schema: receiverRequestSchema(environment("fin-prod")) } } },
            responses: {
              "201": { description: "Created.", content: { "application/json": { schema: receiverViewSchema } } },
              "200": { description: "Replaced.", content: { "application/json": { schema: receiverViewSchema } } },
              "400": problem("Malformed JSON or invalid members; `problems` names each."),
              "401": unauthorized,
              "415": problem("Not application/json."),
            },
          },
          get: {
            operationId: "getEventReceiver",
            tags: ["Events"],
            summary: "Show the event receiver",
            description: 'The receiver without its secret: clientSecret or password shows "set".',
            responses: {
              "200": { description: "The receiver.", content: { "application/json": { schema: receiverViewSchema } } },
              "401": unauthorized,
              "404": problem("The profile has no receiver."),
            },
          },
          delete: {
            operationId: "deleteEventReceiver",
            tags: ["Events"],
            summary: "Remove the event receiver",
            description: "Stops pushing and forgets the receiver's batches. Events stay available by polling.",
            responses: { "204": { description: "Removed." }, "401": unauthorized, "404": problem("The profile has no receiver.") },
          },
        },
        "/events/batches": {
          get: {
            operationId: "listEventBatches",
            tags: ["Events"],
            summary: "List batches sent to the receiver",
            description:
              "The profile's batches, newest first, with the last answer of the receiver. A batch the receiver answered 2xx is delivered. 5xx, 408, 429, " +
              "timeouts and connection errors are retried with exponential backoff and full jitter (a random wait up to 30 s, doubling to at most 1 h) " +
              "for 26 hours after the first attempt; while the oldest batch waits, later ones wait too. Other 4xx (and a 401 after a fresh OAuth token) " +
              "park the batch as failed at once; a failed batch does not hold back later ones and can be redelivered.",
            requestParams: { query: batchesQuerySchema },
            responses: {
              "200": { description: "A page of batches.", content: { "application/json": { schema: batchPageSchema } } },
              "400": problem("Invalid query; `problems` names each parameter."),
              "401": unauthorized,
            },
          },
        },
        "/events/batches/{id}/redeliver": {
          post: {
            operationId: "redeliverEventBatch",
            tags: ["Events"],
            summary: "Redeliver a failed batch",
            description: "Puts a failed batch back to be sent at once, with the same id and envelope; it goes before later batches.",
            requestParams: { path: z.object({ id: z.uuid().meta({ description: "The batch id (the envelope's id)." }) }) },
            responses: {
              "202": { description: "Queued.", content: { "application/json": { schema: batchViewSchema } } },
              "401": unauthorized,
              "404": problem("No batch of this profile has this id."),
              "409": problem("The batch is not failed."),
            },
          },
        },
        "/events": {
          get: {
            operationId: "pollEvents",
            tags: ["Events"],
            summary: "Poll status events",
            description:
              "Status updates by polling, with or without a receiver: the messages after the cursor, in order, in the arrays of the push envelope. " +
              "Polling offers fewer kinds than push: delivery, lcstatus, payment, creditnote, duedateupdate and creditloss; contract, disconnect, " +
              "reconnect and the telecom messages are pushed only. Keep `next` and pass it as `after`; when `more` is true ask again at once.",
            requestParams: { query: pollQuerySchema },
            responses: {
              "200": { description: "Messages after the cursor.", content: { "application/json": { schema: pollAnswerSchema } } },
              "400": problem("Invalid query or a cursor this endpoint did not give."),
              "401": unauthorized,
            },
          },
        },
        "/profile/createprofile": {
          post: {
            operationId: "createProfile",
            tags: ["Profiles"],
            summary: "Create a customer profile",
            description: createProfileDescription,
            requestBody: { required: true, content: { "application/json": { schema: createProfileRequestSchema } } },
            responses: {
              "200": { description: "Created, onboarding, or stored for later completion.", content: { "application/json": { schema: createProfileResponseSchema } } },
              "400": problem("Malformed JSON or invalid data; `problems` names each member."),
              "401": unauthorized,
              "403": problem("The profile's contract does not include create_customer_api."),
              "405": problem("A method other than POST."),
              "409": problem("This partner's profile for the business id is created already."),
              "415": problem("Not application/json."),
            },
          },
        },
      },
      webhooks: {
        statusNotification: {
          post: {
            operationId: "receiveStatusEvents",
            summary: "Status events (sent by the service to your receiver)",
            description:
              "The service POSTs batches of at most 500 status messages, of mixed types, to the receiver the API user configured, with HTTP Basic " +
              "or an OAuth 2.0 client-credentials bearer token. Dedupe by `id`: a retried batch keeps it. Ignore unknown fields. Answer 2xx when " +
              "stored, 4xx for a batch you can never accept, 5xx for a passing failure.",
            requestBody: { required: true, content: { "application/json": { schema: eventBatchSchema } } },
            responses: {
              "200": { description: "Stored." },
              "400": problem("Permanent validation error: the batch is not retried."),
              "503": problem("Transient error: the batch is retried with backoff."),
            },
          },
        },
      },
    },
  );
}

let cached: ReturnType<typeof createOpenApiDocument> | undefined;

export function getOpenApiDocument() {
  cached ??= createOpenApiDocument();
  return cached;
}
