import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";

import { ServiceError } from "../errors";

import { groupByType } from "./batch-envelope";
import { decodeCursor, encodeCursor } from "./event-cursor";

describe("cursors", () => {
  test.prop([fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER })])("give back the seq they were made of", (seq) => {
    expect(decodeCursor("e", encodeCursor("e", seq), "after")).toBe(seq);
  });

  it("refuse a cursor of another kind or a made-up one", () => {
    expect(() => decodeCursor("e", encodeCursor("b", 5), "after")).toThrow(ServiceError);
    expect(() => decodeCursor("e", "12", "after")).toThrow(ServiceError);
  });
});

describe("groupByType", () => {
  it("keeps seq order within each array and names only the types present", () => {
    const data = groupByType([
      { type: "lcstatus", message: { n: 1 } },
      { type: "delivery", message: { n: 2 } },
      { type: "lcstatus", message: { n: 3 } },
      { type: "telecomdisconnect", message: { n: 4 } },
    ]);
    expect(data).toEqual({ lcstatus: [{ n: 1 }, { n: 3 }], delivery: [{ n: 2 }], telecomdisconnect: [{ n: 4 }] });
  });
});
