import { describe, expect, it } from "vitest";

import { orderedId } from "./ordered-id";

describe("orderedId", () => {
  it("makes UUIDv7-shaped ids that sort by creation", () => {
    const ids = [orderedId(1_760_000_000_000), orderedId(1_760_000_000_000), orderedId(1_760_000_000_001)];
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(3);
  });

  it("keeps a millisecond's thousands of ids in the order they were made, and time in the id", () => {
    const ids = Array.from({ length: 5000 }, () => orderedId(1_770_000_000_000));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(5000);
    expect(parseInt(ids[0]!.replace(/-/g, "").slice(0, 12), 16)).toBe(1_770_000_000_000);
  });
});
