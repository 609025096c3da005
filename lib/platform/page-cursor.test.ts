import { describe, expect, it } from "vitest";
import { z } from "zod";

import { decodeCursor, decodeJsonCursor, encodeCursor, encodeJsonCursor } from "./page-cursor";

describe("a tagged cursor", () => {
  it("reads the cursors clients already hold, written out literally", () => {
    // base64url of "e1:5", "b1:5" and "v1:ABC", as the service has given them out.
    expect(decodeCursor("e1", "ZTE6NQ")).toBe("5");
    expect(decodeCursor("b1", "YjE6NQ")).toBe("5");
    expect(decodeCursor("v1", "djE6QUJD")).toBe("ABC");
    expect(encodeCursor("v1", "ABC")).toBe("djE6QUJD");
  });

  it("refuses another tag's cursor, an empty key and text that is no cursor", () => {
    expect(decodeCursor("e1", encodeCursor("b1", 5))).toBeUndefined();
    expect(decodeCursor("v1", encodeCursor("v1", ""))).toBeUndefined();
    expect(decodeCursor("v1", "not a cursor")).toBeUndefined();
  });
});

describe("a JSON cursor", () => {
  const keys = z.tuple([z.string().max(400), z.string().min(1).max(100)]);
  const parse = (value: unknown) => keys.safeParse(value);

  it("gives back the keys it was made of, whatever their letters", () => {
    expect(decodeJsonCursor(encodeJsonCursor(["Åsa Öberg-Ødegård", "c-1"]), parse)).toEqual(["Åsa Öberg-Ødegård", "c-1"]);
  });

  it("is null for an edited or made-up cursor, as a page then starts at the first", () => {
    expect(decodeJsonCursor("not json at all", parse)).toBeNull();
    expect(decodeJsonCursor(encodeJsonCursor(["name"]), parse)).toBeNull();
    expect(decodeJsonCursor(Buffer.from("{").toString("base64url"), parse)).toBeNull();
  });
});
