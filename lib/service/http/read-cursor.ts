import { decodeCursor } from "../../platform/page-cursor";
import { cursorProblem } from "../../spec/paging";
import { ServiceError } from "../errors";

/*
 * The tags of the service's cursors (lib/platform/page-cursor.ts). Events and their batches are
 * paged by seq, each with its own tag so the one cannot start the other; the other lists by their
 * own key, under the encoding's first version.
 */
export const CURSOR_TAGS = { events: "e1", batches: "b1", keyed: "v1" } as const;
type CursorTag = (typeof CURSOR_TAGS)[keyof typeof CURSOR_TAGS];

const badCursor = (field: string) => new ServiceError("invalid_request", "The cursor is not one this list gave out.", { problems: [cursorProblem(field)] });

/** The key of a cursor this list gave out; anything else is refused, naming the parameter it came in. */
export function readCursor(tag: CursorTag, cursor: string, field: string): string {
  const key = decodeCursor(tag, cursor);
  if (key === undefined) throw badCursor(field);
  return key;
}

/** The seq or row id of a cursor of a list paged by one. */
export function readSeqCursor(tag: CursorTag, cursor: string, field: string): number {
  const key = readCursor(tag, cursor, field);
  const seq = /^\d{1,16}$/.test(key) ? Number(key) : NaN;
  if (!Number.isSafeInteger(seq)) throw badCursor(field);
  return seq;
}
