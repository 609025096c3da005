import type { z } from "zod";

/*
 * Fast paths for the commonest members of a job. Intake validates 1000 jobs a request, and zod's
 * per-member machinery (unions, transforms, result objects) was most of the time it took. A fast
 * path answers for a value it recognises as plainly valid and returns exactly what the schema
 * would; for anything else it returns UNDECIDED and the schema decides, with its messages. A
 * property test (parse-dataset-item.test.ts) holds parseDatasetItem, which uses them, to the
 * schema's own answers.
 */

export const UNDECIDED: unique symbol = Symbol("undecided");
type FastPath = (value: unknown) => unknown;

const registry = new WeakMap<object, FastPath>();

export function withFastPath<T extends z.ZodType>(schema: T, fast: FastPath | undefined): T {
  if (fast) registry.set(schema, fast);
  return schema;
}

export function fastPathOf(schema: z.ZodType): FastPath | undefined {
  return registry.get(schema);
}

/** A member's value through its fast path, or UNDECIDED. */
export function fastValue(schema: z.ZodType, value: unknown): unknown {
  const fast = registry.get(schema);
  return fast ? fast(value) : UNDECIDED;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** A loose object: the shape's members through their fast paths, other members as they are. */
export function fastObject(shape: Readonly<Record<string, z.ZodType>>): FastPath {
  return (value) => {
    if (!isPlainObject(value)) return UNDECIDED;
    const out: Record<string, unknown> = {};
    for (const key in value) {
      if (!Object.hasOwn(value, key) || key === "__proto__") continue;
      const member = Object.hasOwn(shape, key) ? shape[key] : undefined;
      if (!member) {
        out[key] = value[key];
        continue;
      }
      const parsed = fastValue(member, value[key]);
      if (parsed === UNDECIDED) return UNDECIDED;
      if (parsed !== undefined) out[key] = parsed;
    }
    return out;
  };
}

/** An array of at most `max` elements, each through the element's fast path. */
export function fastArray(element: z.ZodType, max: number): FastPath {
  return (value) => {
    if (!Array.isArray(value) || value.length > max) return UNDECIDED;
    const out: unknown[] = new Array(value.length);
    for (let index = 0; index < value.length; index++) {
      const parsed = fastValue(element, value[index]);
      if (parsed === UNDECIDED) return UNDECIDED;
      out[index] = parsed;
    }
    return out;
  };
}
