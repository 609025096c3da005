import { createDocument } from "zod-openapi";

import { ENVIRONMENT_IDS } from "./environments";
import { eventBatchSchema } from "./events";
import { openApiPaths } from "./operation";
import { OPERATION_TAGS, OPERATIONS } from "./operations";
import { problem } from "./operations/responses";

/*
 * The OpenAPI 3.1 description of the REST interface, generated from the same zod schemas the
 * service validates with. Served at /rest/openapi.json and rendered at /api-reference.
 */

export function createOpenApiDocument() {
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Invoicing, Distribution, Reminder and Collection Service",
      version: "1.0.0",
      description:
        "The REST interface of the service. Each of the six environments (FIN, SWE, NOR × test, production) has its own base URL, " +
        "`/{environment}/rest`; `/rest` answers for the server's default environment. Profiles, cids, apicodes and tokens belong to one environment. " +
        "Errors other than those of POST /token are RFC 9457 problem details (`application/problem+json`). " +
        "Every answer, problems included, carries `Cache-Control: no-store`, except this document's own (`public, max-age=300`).",
    },
    servers: [
      { url: "/rest", description: "The server's default environment" },
      {
        url: "/{environment}/rest",
        description: "One environment",
        variables: { environment: { default: "fin-test", enum: [...ENVIRONMENT_IDS] } },
      },
    ],
    tags: [...OPERATION_TAGS],
    security: [{ bearerAuth: [] }],
    components: {
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "The token from POST /token; it expires after 2 hours." },
      },
    },
    paths: openApiPaths(OPERATIONS),
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
  });
}

let cached: ReturnType<typeof createOpenApiDocument> | undefined;

export function getOpenApiDocument() {
  cached ??= createOpenApiDocument();
  return cached;
}
