import { describe, expect, it } from "vitest";

import { groupByType } from "./batch-envelope";

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
