import { ServiceError } from "../errors";

/*
 * Cursors are opaque to clients: a seq wrapped with a version tag and base64url, so the encoding
 * can change without breaking a client that only passes it back.
 */

export function encodeCursor(kind: "e" | "b", seq: number): string {
  return Buffer.from(`${kind}1:${seq}`, "utf8").toString("base64url");
}

export function decodeCursor(kind: "e" | "b", cursor: string, field: string): number {
  const match = /^([eb])1:(\d{1,16})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  const seq = match?.[1] === kind ? Number(match[2]) : NaN;
  if (!Number.isSafeInteger(seq)) {
    throw new ServiceError("invalid_request", `${field} is not a cursor this endpoint gave.`, {
      problems: [{ field, code: "invalid", message: "must be a cursor from a previous answer" }],
    });
  }
  return seq;
}
