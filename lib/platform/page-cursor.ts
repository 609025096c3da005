/*
 * A list's paging cursor: the last key of a page after a tag, in base64url. The caller treats it as
 * opaque (lib/spec/paging.ts); the tag names the list and the encoding's version, so a cursor of
 * one list is not read as another's and the encoding can change without breaking a client that
 * only passes it back.
 */

export function encodeCursor(tag: string, key: string | number): string {
  return Buffer.from(`${tag}:${key}`, "utf8").toString("base64url");
}

/** The key a cursor of this tag holds, or undefined for anything else (another list's, or made up). */
export function decodeCursor(tag: string, cursor: string): string | undefined {
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  return text.startsWith(`${tag}:`) && text.length > tag.length + 1 ? text.slice(tag.length + 1) : undefined;
}
