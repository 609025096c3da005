import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";

import { encodeCursor } from "../../platform/page-cursor";
import { ServiceError } from "../errors";

import { CURSOR_TAGS, readCursor, readSeqCursor } from "./read-cursor";

const { events, batches, keyed } = CURSOR_TAGS;

describe("cursors", () => {
  test.prop([fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER })])("give back the seq they were made of", (seq) => {
    expect(readSeqCursor(events, encodeCursor(events, seq), "after")).toBe(seq);
  });

  test.prop([fc.string({ minLength: 1 })])("give back the key they were made of", (key) => {
    expect(readCursor(keyed, encodeCursor(keyed, key), "cursor")).toBe(key);
  });

  it("refuse a cursor of another kind or a made-up one", () => {
    expect(() => readSeqCursor(events, encodeCursor(batches, 5), "after")).toThrow(ServiceError);
    expect(() => readSeqCursor(events, "12", "after")).toThrow(ServiceError);
    expect(() => readSeqCursor(keyed, encodeCursor(keyed, "x"), "cursor")).toThrow(ServiceError);
    expect(() => readCursor(keyed, encodeCursor(keyed, ""), "cursor")).toThrow(ServiceError);
  });

  it("answer a refusal on the parameter it came in, as a malformed cursor is answered", () => {
    expect(() => readSeqCursor(events, "12", "after")).toThrow(
      expect.objectContaining({ problems: [{ field: "after", code: "invalid", message: "must be the next_cursor of a previous page" }] }),
    );
  });
});
