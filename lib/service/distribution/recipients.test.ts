import { describe, expect, it } from "vitest";

import { parseDatasetItem } from "../../spec/dataset-item";

import { emailRecipients, secondaryChannels } from "./recipients";

const item = (members: Record<string, unknown>) => {
  const parsed = parseDatasetItem({ jobtype: 0, customertype: 2, person: "A", address: "B", city: "C", ...members });
  if (!parsed.success) throw new Error(JSON.stringify(parsed));
  return parsed.data;
};

describe("e-mail recipients", () => {
  it("takes email and email2, each possibly several addresses", () => {
    expect(emailRecipients(item({ email: "a@example.fi; b@example.fi", email2: "c@example.fi" }))).toEqual({
      valid: ["a@example.fi", "b@example.fi", "c@example.fi"],
      invalid: [],
    });
  });

  it("falls back to an additional address, the billing address first", () => {
    const found = emailRecipients(
      item({
        addaddress: [
          { addresstype: 2, email: "delivery@example.fi" },
          { addresstype: 3, email: "billing@example.fi" },
        ],
      }),
    );
    expect(found.valid).toEqual(["billing@example.fi"]);
  });

  it("finds none when the job has none", () => {
    expect(emailRecipients(item({}))).toEqual({ valid: [], invalid: [] });
  });
});

describe("secondary channels", () => {
  it("keeps the items that name a channel, in order, with their e-invoice address", () => {
    expect(
      secondaryChannels(
        item({
          secondarysendtype: [
            { sendtype: null },
            { sendtype: "print" },
            { sendtype: "evoice", evoice: "003712345678", evoiceint: "NDEAFIHH" },
            { sendtype: "post" },
          ],
        }),
      ),
    ).toEqual([
      { sendtype: "evoice", evoice: "003712345678", evoiceint: "NDEAFIHH" },
      { sendtype: "post", evoice: null, evoiceint: null },
    ]);
  });
});
