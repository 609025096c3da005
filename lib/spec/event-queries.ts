import { z } from "zod";

import { BATCH_STATUSES, batchViewSchema } from "./event-batches";
import { eventDataSchema, type MessageType } from "./events";
import { nextCursor, pageCursor } from "./paging";

/*
 * The query strings of the events endpoints, shared by the route handlers and the OpenAPI
 * document. Unknown parameters are refused, so a misspelt filter does not silently match all.
 */

/**
 * The message types GET /events offers (push delivers every type): what a receiver may learn at its
 * own pace. Contract, disconnect, reconnect and telecom messages call for action at once and are
 * pushed only. A receiving proposal changes how the customer is invoiced next, not now, so it is
 * offered to polling too.
 */
export const POLLING_TYPES = [
  "delivery",
  "lcstatus",
  "payment",
  "creditnote",
  "duedateupdate",
  "creditloss",
  "receiverproposal",
] as const satisfies readonly MessageType[];
export type PollingType = (typeof POLLING_TYPES)[number];

const limit = (max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,4}$/, { error: `must be a whole number from 1 to ${max}` })
    .transform(Number)
    .refine((value) => value >= 1 && value <= max, { error: `must be from 1 to ${max}` })
    .optional()
    .transform((value) => value ?? fallback);

const cursor = (what: string) => pageCursor(`The \`next_cursor\` of the previous ${what}.`);
const after = (what: string) =>
  cursor(what).meta({
    description: `Deprecated: the first name of \`cursor\`, kept for receivers that poll with it (the \`next\` of the previous ${what}).`,
    deprecated: true,
  });

export const pollQuerySchema = z.strictObject({
  cursor: cursor("answer; without it, from the first event"),
  after: after("answer"),
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
  cursor: cursor("page; without it, the newest batches"),
  after: after("page"),
  limit: limit(100, 50).meta({ description: "Batches per page, 1 to 100 (default 50)." }),
});

export const pollAnswerSchema = z
  .object({
    data: eventDataSchema,
    next_cursor: z.string().meta({ description: "Opaque cursor: pass it as `cursor` to get what came after this answer." }),
    next: z.string().meta({ description: "Deprecated: the same as next_cursor, under its first name.", deprecated: true }),
    more: z.boolean().meta({ description: "More messages are waiting now: ask again at once." }),
  })
  .meta({ id: "PolledEvents" });

export const batchPageSchema = z
  .object({
    data: z.array(batchViewSchema),
    next_cursor: nextCursor("Cursor of the next page (older batches); null on the last."),
    next: z.string().nullable().meta({ description: "Deprecated: the same as next_cursor, under its first name.", deprecated: true }),
    more: z.boolean(),
  })
  .meta({ id: "EventBatchPage" });
