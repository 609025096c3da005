import { z } from "zod";

import type { FieldProblem } from "./problems";

/*
 * Paging, the one style of every list of the interface: `limit` and `cursor` in the query, and
 * `next_cursor` in the answer, which the next request passes back as `cursor`. A cursor is opaque
 * to the caller; the service encodes it in base64url, so anything else is refused before it is
 * decoded.
 */

/** Most items on one page of a list that does not say otherwise. */
export const MAX_PAGE = 100;

const pageSizeError = `must be an integer from 1 to ${MAX_PAGE}`;

export const pageSizeSchema = z.coerce
  .number({ error: pageSizeError })
  .int({ error: pageSizeError })
  .min(1, { error: pageSizeError })
  .max(MAX_PAGE, { error: pageSizeError })
  .default(50)
  .meta({ description: `Page size, 1 to ${MAX_PAGE}; 50 when absent.` });

const notACursor = "must be the next_cursor of a previous page";

/**
 * A cursor refused, whether its form gave it away here or its content when the service read it: one
 * answer either way, naming the parameter it came in (`after` is the event lists' first name for it).
 */
export const cursorProblem = (field: string): FieldProblem => ({ field, code: "invalid", message: notACursor });

/** The `cursor` of a request; `description` says where it comes from when a list says more than the usual. */
export const pageCursor = (description = "next_cursor of the previous page.") =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, { error: notACursor })
    .optional()
    .meta({ description });

/** The `next_cursor` of an answer: null on the last page. */
export const nextCursor = (description = "Pass as cursor for the next page; null on the last.") => z.string().nullable().meta({ description });
