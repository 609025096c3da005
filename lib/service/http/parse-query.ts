import { z } from "zod";

import { problemsFromZod } from "../../spec/problems";
import { ServiceError } from "../errors";

/**
 * A request's query string checked against its schema (lib/spec). A parameter the endpoint does not
 * have, or one given twice, is named as a problem: a misspelt filter must not silently match all.
 * The names allowed are the schema's members unless given.
 */
export function parseQuery<T extends z.ZodType>(request: Request, schema: T, allowed?: readonly string[]): z.output<T> {
  const names = allowed ?? (schema instanceof z.ZodObject ? Object.keys(schema.shape) : null);
  const values: Record<string, string> = {};
  for (const [name, value] of new URL(request.url).searchParams) {
    if (names && !names.includes(name)) {
      throw new ServiceError("invalid_request", `Unknown query parameter ${name}.`, {
        problems: [{ field: name, code: "invalid", message: `is not a parameter here; use ${names.join(", ")}` }],
      });
    }
    if (name in values) {
      throw new ServiceError("invalid_request", `The query parameter ${name} is given twice.`, {
        problems: [{ field: name, code: "duplicate", message: "must be given once" }],
      });
    }
    values[name] = value;
  }
  const parsed = schema.safeParse(values);
  if (!parsed.success) throw new ServiceError("invalid_request", "The query is not valid.", { problems: problemsFromZod(parsed.error) });
  return parsed.data;
}

/**
 * Where a page starts, and the parameter that said it: `cursor`, or `after`, its first name on the
 * event lists, still accepted. Both at once is a problem unless they agree.
 */
export function pageCursor(query: { cursor?: string; after?: string }): { after?: string; afterField: "cursor" | "after" } {
  if (query.cursor !== undefined && query.after !== undefined && query.cursor !== query.after) {
    throw new ServiceError("invalid_request", "Give the page's start once: cursor (after is its deprecated name).", {
      problems: [{ field: "after", code: "invalid", message: "must not be given beside a different cursor" }],
    });
  }
  return query.cursor !== undefined ? { after: query.cursor, afterField: "cursor" } : { after: query.after, afterField: "after" };
}
