import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";

import type { Environment } from "./environments";
import { idempotencyKeySchema } from "./idempotency-key";

/*
 * One operation of the REST interface, declared once: its method and path, who may call it, the
 * schemas of its path, query and body, and its OpenAPI description. The OpenAPI document is built
 * from these declarations (openApiPaths), and the service's route handlers are built on them
 * (lib/service/http/route.ts), so what is documented is what is checked.
 */

type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/** What an operation takes as its body, and how the route reads it before the handler runs. */
type OperationBody =
  /** A JSON object checked against a schema (one per environment where the rules differ by environment). */
  | { kind: "json"; schema: z.ZodType | ((environment: Environment) => z.ZodType); documented?: z.ZodType; limit: number; what: string }
  /** A JSON value the domain checks itself (its rules need data the route does not have). */
  | { kind: "json-value"; documented: z.ZodType; limit: number; what: string }
  /** Bytes of one of the media types, up to the limit (a bank statement). */
  | { kind: "bytes"; mediaTypes: readonly [string, ...string[]]; limit: number; what: string; description: string }
  /** Read by the handler itself (POST /jobs takes JSON or a ZIP package; POST /token answers its own error format). */
  | { kind: "own"; requestBody: NonNullable<ZodOpenApiOperationObject["requestBody"]> };

export interface OperationSpec {
  method: HttpMethod;
  /** The path as OpenAPI writes it, under /rest: `/jobs/{jobid}/pdf`. */
  path: string;
  /** `bearer`: a token from POST /token; `none`: POST /token itself. */
  auth: "bearer" | "none";
  /** Test environments only: production answers 404, as if the path did not exist. */
  testOnly?: boolean;
  /** The path's parameters, from their text in the path. */
  params?: z.ZodType;
  /**
   * A path parameter that breaks its rule: `not_found` (the default) when it names something to
   * read or act on, which cannot exist with a malformed key; `invalid_request` when the request
   * creates it under that key, where the key is the caller's mistake to be named.
   */
  malformedParams?: "not_found" | "invalid_request";
  /** The thing a path parameter names, for the 404 of a malformed one: "job" → "There is no such job of this profile." */
  names?: string;
  query?: z.ZodType;
  /** The query's parameter names when the schema is not a plain object (a refined or piped one). */
  queryNames?: readonly string[];
  body?: OperationBody;
  /** The operation takes an Idempotency-Key header (idempotency-key.ts). */
  idempotencyKey?: boolean;
  /** The OpenAPI description: its id, tags, texts, responses and any header parameters. */
  doc: Omit<ZodOpenApiOperationObject, "requestBody">;
}

/** An operation as declared; `const` keeps its literal kinds for the types of the handler's arguments. */
export function defineOperation<const S extends OperationSpec>(spec: S): S {
  return spec;
}

// The description on the optional parameter itself, where OpenAPI readers show it.
const idempotencyKeyHeader = z.object({
  "Idempotency-Key": idempotencyKeySchema.optional().meta({ description: "Makes a retry safe: the same key and body get the first answer again." }),
});

/** The `paths` of the OpenAPI document, from the operations. */
export function openApiPaths(operations: readonly OperationSpec[]): ZodOpenApiPathsObject {
  const paths: ZodOpenApiPathsObject = {};
  for (const operation of operations) {
    const entry = (paths[operation.path] ??= {});
    if (entry[operation.method]) throw new Error(`${operation.method.toUpperCase()} ${operation.path} is declared twice.`);
    const requestParams = {
      ...operation.doc.requestParams,
      ...(operation.params && { path: operation.params }),
      ...(operation.query && { query: operation.query }),
      ...(operation.idempotencyKey && { header: idempotencyKeyHeader }),
    };
    entry[operation.method] = {
      ...operation.doc,
      ...(operation.auth === "none" && { security: [] }),
      ...(Object.keys(requestParams).length > 0 && { requestParams: requestParams as ZodOpenApiOperationObject["requestParams"] }),
      ...(operation.body && { requestBody: requestBodyOf(operation.body) }),
    };
  }
  return paths;
}

function requestBodyOf(body: OperationBody): NonNullable<ZodOpenApiOperationObject["requestBody"]> {
  switch (body.kind) {
    case "own":
      return body.requestBody;
    case "bytes":
      return {
        required: true,
        description: body.description,
        content: Object.fromEntries(body.mediaTypes.map((type) => [type, { schema: { type: "string", contentMediaType: type } }])),
      };
    case "json-value":
      return { required: true, content: { "application/json": { schema: body.documented } } };
    case "json": {
      const schema = body.documented ?? body.schema;
      if (typeof schema === "function") throw new Error("A body schema chosen per environment needs a `documented` schema.");
      return { required: true, content: { "application/json": { schema } } };
    }
  }
}

/** The methods of a path, for the Allow header of a 405. */
export function methodsOf(operations: readonly OperationSpec[], path: string): string[] {
  return operations.filter((operation) => operation.path === path).map((operation) => operation.method.toUpperCase());
}
