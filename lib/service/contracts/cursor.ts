import { ServiceError } from "../errors";

/*
 * Paging cursors: the last key of a page, base64url-encoded so a client treats it as opaque and
 * the service can change what it holds.
 */

export const encodeCursor = (key: string): string => Buffer.from(`v1:${key}`, "utf8").toString("base64url");

export function badCursor(field: string): ServiceError {
  return new ServiceError("invalid_request", "The cursor is not one this service gave out.", {
    problems: [{ field, code: "invalid", message: "must be the next_cursor of a previous page" }],
  });
}

export function decodeCursor(cursor: string, field: string): string {
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  if (!text.startsWith("v1:") || text.length === 3) throw badCursor(field);
  return text.slice(3);
}
