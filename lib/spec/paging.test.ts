import { describe, expect, it } from "vitest";

import { contractListQuerySchema, invoiceQuerySchema } from "./contracts";
import { batchesQuerySchema, pollQuerySchema } from "./event-queries";
import { receiverProposalQuerySchema } from "./receiver-proposals";

const lists = {
  contracts: { schema: contractListQuerySchema, base: {} },
  invoices: { schema: invoiceQuerySchema, base: { custnum: "K-1" } },
  receiverProposals: { schema: receiverProposalQuerySchema, base: {} },
  events: { schema: pollQuerySchema, base: {} },
  eventBatches: { schema: batchesQuerySchema, base: {} },
};

describe("every list reads its cursor alike", () => {
  it.each(Object.entries(lists))("%s takes a next_cursor and refuses what no list gives", (_, { schema, base }) => {
    expect(schema.safeParse({ ...base, cursor: "ZTE6MTI" }).success).toBe(true);
    for (const cursor of ["", "a+b/c=", "x".repeat(201)]) {
      const parsed = schema.safeParse({ ...base, cursor });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]).toMatchObject({ path: ["cursor"], message: "must be the next_cursor of a previous page" });
    }
  });
});
