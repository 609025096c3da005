/*
 * A list's paging cursor: the last key of a page after a tag, in base64url. The caller treats it as
 * opaque (lib/spec/paging.ts); the tag names the encoding's version (and, for the event lists, the
 * list: lib/service/http/read-cursor.ts), so the encoding can change without breaking a client that
 * only passes a cursor back. The lists keyed by a single column share a tag, and each checks the
 * key's form itself. A page of the portal keyed by several columns (a sort value and the id) keeps
 * them as a JSON array instead (encodeJsonCursor).
 */

export function encodeCursor(tag: string, key: string | number): string {
  return Buffer.from(`${tag}:${key}`, "utf8").toString("base64url");
}

/** The key a cursor of this tag holds, or undefined for anything else (another list's, or made up). */
export function decodeCursor(tag: string, cursor: string): string | undefined {
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  return text.startsWith(`${tag}:`) && text.length > tag.length + 1 ? text.slice(tag.length + 1) : undefined;
}

/** Several keys of a page's last row (a sort value, then the id), as one cursor. */
export function encodeJsonCursor(keys: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(keys), "utf8").toString("base64url");
}

/**
 * The keys a JSON cursor holds, as whatever the caller's schema makes of them, or null for
 * anything that is not such a cursor (a stale or edited link then starts at the first page).
 */
export function decodeJsonCursor<T>(cursor: string, parse: (value: unknown) => { success: true; data: T } | { success: false }): T | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  const parsed = parse(value);
  return parsed.success ? parsed.data : null;
}
