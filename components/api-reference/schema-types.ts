/*
 * Reading the JSON Schemas of the OpenAPI document for display: a short type label for a schema
 * ("string (date)", "integer or string, one of 0, 1, 2", "array of Payrow") and whether it accepts null.
 */

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  description?: string;
  deprecated?: boolean;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  pattern?: string;
  additionalProperties?: boolean | JsonSchema;
  [key: string]: unknown;
}

function refName(ref: string): string {
  return ref.split("/").at(-1) ?? ref;
}

function variants(schema: JsonSchema): JsonSchema[] {
  const list = schema.anyOf ?? schema.oneOf;
  if (!list) return [schema];
  return list.flatMap(variants);
}

function isAbsent(schema: JsonSchema): boolean {
  return schema.type === "null" || schema.const === "";
}

interface TypePart {
  label: string;
  ref?: string;
}

/** The schema as a list of alternatives, with "null"/"" alternatives folded into `nullable`. */
export function describeType(schema: JsonSchema): { parts: TypePart[]; nullable: boolean; values: unknown[] } {
  const all = variants(schema);
  const nullable = all.some(isAbsent);
  const parts: TypePart[] = [];
  const values: unknown[] = [];
  for (const variant of all.filter((v) => !isAbsent(v))) {
    if (variant.$ref) {
      parts.push({ label: refName(variant.$ref), ref: refName(variant.$ref) });
      continue;
    }
    if (variant.enum) values.push(...variant.enum);
    if (variant.const !== undefined) values.push(variant.const);
    if (variant.type === "array") {
      const item = variant.items?.$ref ? refName(variant.items.$ref) : ((variant.items?.type as string | undefined) ?? "item");
      parts.push({ label: `array of ${item}`, ref: variant.items?.$ref ? refName(variant.items.$ref) : undefined });
      continue;
    }
    const type = Array.isArray(variant.type) ? variant.type.join(" | ") : (variant.type ?? "any");
    const label = variant.format ? `${type} (${variant.format})` : type;
    if (!parts.some((part) => part.label === label)) parts.push({ label });
  }
  const unique = [...new Set(values.map((value) => JSON.stringify(value)))].map((value) => JSON.parse(value) as unknown);
  return { parts, nullable, values: unique };
}

export interface OperationEntry {
  id: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  operation: Record<string, unknown>;
  webhook: boolean;
}

const METHODS = ["get", "put", "post", "delete", "patch"] as const;

export function listOperations(document: { paths?: Record<string, unknown>; webhooks?: Record<string, unknown> }): OperationEntry[] {
  const entries: OperationEntry[] = [];
  const collect = (source: Record<string, unknown> | undefined, webhook: boolean) => {
    for (const [path, item] of Object.entries(source ?? {})) {
      for (const method of METHODS) {
        const operation = (item as Record<string, Record<string, unknown> | undefined>)[method];
        if (!operation) continue;
        entries.push({
          id: String(operation.operationId ?? `${method}-${path}`),
          method: method.toUpperCase(),
          path: webhook ? `webhook: ${path}` : path,
          summary: String(operation.summary ?? path),
          description: operation.description as string | undefined,
          tags: (operation.tags as string[] | undefined) ?? [webhook ? "Status events" : "Other"],
          operation,
          webhook,
        });
      }
    }
  };
  collect(document.paths, false);
  collect(document.webhooks, true);
  return entries;
}
