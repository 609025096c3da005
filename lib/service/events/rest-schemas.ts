import { z } from "zod";

import { eventDataSchema } from "../../spec/events";
import { problemsFromZod } from "../../spec/problems";
import { ServiceError } from "../errors";

import { BATCH_STATUSES, batchViewSchema } from "./list-batches";
import { POLLING_TYPES } from "./poll-events";

/*
 * The query strings of the events endpoints, shared by the route handlers and the OpenAPI
 * document. Unknown parameters are refused, so a misspelt filter does not silently match all.
 */

const limit = (max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,4}$/, { error: `must be a whole number from 1 to ${max}` })
    .transform(Number)
    .refine((value) => value >= 1 && value <= max, { error: `must be from 1 to ${max}` })
    .optional()
    .transform((value) => value ?? fallback);

export const pollQuerySchema = z.strictObject({
  after: z.string().min(1).max(100).optional().meta({ description: "The `next` of the previous answer; without it, from the first event." }),
  limit: limit(500, 500).meta({ description: "Messages per answer, 1 to 500 (default 500)." }),
  types: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === "") return undefined;
      const types = value.split(",").map((type) => type.trim());
      const unknown = types.filter((type) => !(POLLING_TYPES as readonly string[]).includes(type));
      if (unknown.length > 0) {
        ctx.addIssue({ code: "custom", message: `${unknown.join(", ")} cannot be polled; polling offers ${POLLING_TYPES.join(", ")}` });
        return z.NEVER;
      }
      return types as (typeof POLLING_TYPES)[number][];
    })
    .meta({ description: `Comma-separated message types; default all that polling offers: ${POLLING_TYPES.join(", ")}.` }),
});

export const batchesQuerySchema = z.strictObject({
  status: z.enum(BATCH_STATUSES).optional().meta({ description: "Only batches in this state." }),
  after: z.string().min(1).max(100).optional().meta({ description: "The `next` of the previous page." }),
  limit: limit(100, 50).meta({ description: "Batches per page, 1 to 100 (default 50)." }),
});

export function parseQuery<T extends z.ZodType>(schema: T, request: Request): z.output<T> {
  const params = new URL(request.url).searchParams;
  const raw: Record<string, string> = {};
  for (const [key, value] of params) {
    if (key in raw) {
      throw new ServiceError("invalid_request", `The query parameter ${key} is given twice.`, { problems: [{ field: key, code: "duplicate", message: "must be given once" }] });
    }
    raw[key] = value;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new ServiceError("invalid_request", "The query is not valid.", { problems: problemsFromZod(parsed.error) });
  return parsed.data;
}

export const pollAnswerSchema = z
  .object({
    data: eventDataSchema,
    next: z.string().meta({ description: "Opaque cursor: pass it as `after` to get what came after this answer." }),
    more: z.boolean().meta({ description: "More messages are waiting now: ask again at once." }),
  })
  .meta({ id: "PolledEvents" });

export const batchPageSchema = z
  .object({
    data: z.array(batchViewSchema),
    next: z.string().nullable().meta({ description: "Cursor of the next page (older batches)." }),
    more: z.boolean(),
  })
  .meta({ id: "EventBatchPage" });
