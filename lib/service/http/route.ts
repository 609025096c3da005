import type { z } from "zod";

import { mediaTypeOf } from "../../platform/media-type";
import type { Environment } from "../../spec/environments";
import { methodsOf, type OperationSpec } from "../../spec/operation";
import { OPERATIONS } from "../../spec/operations";
import { problemsFromZod } from "../../spec/problems";
import { authenticate, type Principal } from "../auth/verify-token";
import { ServiceError } from "../errors";

import { idempotencyKey } from "./idempotency-key";
import { parseQuery } from "./parse-query";
import { readBody, readJson } from "./read-body";
import { restHandler, type RestContext } from "./rest-handler";

/*
 * A route handler built on its operation's declaration (lib/spec/operations): it refuses production
 * for a test-only operation, authenticates, and reads and checks the path, query, Idempotency-Key
 * and body by the declared schemas, answering each failure with its problem, before the handler
 * runs. The handler gets typed values and does only the operation's own work.
 */

type Output<T> = T extends z.ZodType ? z.output<T> : never;

type ParamsOf<S> = S extends { params: infer T } ? Output<T> : Record<string, never>;
type QueryOf<S> = S extends { query: infer T } ? Output<T> : Record<string, never>;
type BodyOf<S> = S extends { body: { kind: "json"; schema: infer T } }
  ? T extends (environment: Environment) => infer U
    ? Output<U>
    : Output<T>
  : S extends { body: { kind: "json-value" } }
    ? { raw: Buffer; value: unknown }
    : S extends { body: { kind: "bytes" } }
      ? Buffer
      : undefined;

interface RouteContext<S extends OperationSpec> extends RestContext {
  principal: S extends { auth: "bearer" } ? Principal : null;
  params: ParamsOf<S>;
  query: QueryOf<S>;
  body: BodyOf<S>;
  /** The Idempotency-Key header, where the operation takes one. */
  idempotencyKey: string | null;
}

export function route<const S extends OperationSpec>(operation: S, handler: (context: RouteContext<S>) => Promise<Response>) {
  const readParams = paramsReader(operation);
  // The operation travels with its handler, so a test can hold every route file to the declarations.
  return Object.assign(
    restHandler(async (context) => {
      const { request, environment, db, clock } = context;
      if (operation.testOnly && !environment.isTest) throw new ServiceError("not_found", "There is no such endpoint in a production environment.");
      const principal = operation.auth === "bearer" ? await authenticate(db, request.headers.get("authorization"), environment, clock) : null;
      const params = readParams(request);
      const query = operation.query ? parseQuery(request, operation.query, operation.queryNames) : {};
      const key = operation.idempotencyKey ? idempotencyKey(request) : null;
      const body = await readOperationBody(operation, request, environment);
      return handler({ ...context, principal, params, query, body, idempotencyKey: key } as RouteContext<S>);
    }),
    { operation },
  );
}

/**
 * Answers for the methods no operation of `path` declares: 405 with an Allow header and problem
 * details, instead of the framework's empty 405. A route file exports them beside its own methods.
 */
export function otherMethodsOf(path: string) {
  const allowed = methodsOf(OPERATIONS, path);
  if (allowed.length === 0) throw new Error(`No operation is declared for ${path}.`);
  const refuse = restHandler(async ({ request }) => {
    throw new ServiceError("method_not_allowed", `${request.method} is not allowed here; use ${allowed.join(" or ")}.`, {
      headers: { Allow: allowed.join(", ") },
    });
  });
  const refusal = Object.assign(refuse, { refuses: path });
  return { GET: refusal, POST: refusal, PUT: refusal, PATCH: refusal, DELETE: refusal };
}

/**
 * The path's parameters by their places in the declared path. The handler sees the path the client
 * sent (/{environment}/rest/… is a rewrite), so the declared path is matched at its end.
 */
function paramsReader(operation: OperationSpec): (request: Request) => unknown {
  const { params } = operation;
  if (!params) return () => ({});
  const template = operation.path.split("/");
  const names = template.map((segment) => /^\{(\w+)\}$/.exec(segment)?.[1]);
  return (request) => {
    const segments = new URL(request.url).pathname.replace(/\/$/, "").split("/").slice(-template.length);
    const raw: Record<string, string> = {};
    names.forEach((name, index) => {
      if (name) raw[name] = decodeSegment(segments[index] ?? "");
    });
    const parsed = params.safeParse(raw);
    if (parsed.success) return parsed.data;
    if (operation.malformedParams === "invalid_request") {
      throw new ServiceError("invalid_request", `The ${operation.names ?? "key"} in the path is not valid.`, { problems: problemsFromZod(parsed.error) });
    }
    // What a malformed key names cannot exist: answered as one that does not.
    throw new ServiceError("not_found", `There is no such ${operation.names ?? "thing"} of this profile.`);
  };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // Broken percent-encoding is no key at all; the empty string fails every key's rule.
    return "";
  }
}

async function readOperationBody(operation: OperationSpec, request: Request, environment: Environment): Promise<unknown> {
  const body = operation.body;
  if (!body || body.kind === "own") return undefined;
  const type = mediaTypeOf(request.headers);
  if (body.kind === "bytes") {
    if (!body.mediaTypes.includes(type)) throw unsupported(operation, body.what, body.mediaTypes, type);
    return readBody(request, body.limit);
  }
  if (type !== "application/json") throw unsupported(operation, body.what, ["application/json"], type);
  const read = await readJson(request, body.limit);
  if (body.kind === "json-value") return read;
  const { value } = read;
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new ServiceError("invalid_request", `The ${body.what} must be a JSON object.`, {
      problems: [{ field: null, code: "invalid", message: "must be a JSON object" }],
    });
  }
  const schema = typeof body.schema === "function" ? body.schema(environment) : body.schema;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ServiceError("invalid_request", `The ${body.what} is not valid.`, { problems: problemsFromZod(parsed.error) });
  return parsed.data;
}

/** 415, naming what the operation takes in the header its method defines for it (RFC 5789 for PATCH). */
function unsupported(operation: OperationSpec, what: string, types: readonly string[], sent: string): ServiceError {
  const header = operation.method === "patch" ? "Accept-Patch" : operation.method === "post" ? "Accept-Post" : null;
  return new ServiceError("unsupported_media_type", `Send the ${what} as ${types.join(" or ")}, not ${sent || "a body without Content-Type"}.`, {
    headers: header ? { [header]: types.join(", ") } : {},
  });
}
