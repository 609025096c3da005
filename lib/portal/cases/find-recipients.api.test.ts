import { randomUUID } from "node:crypto";

import { beforeAll, describe, expect, it } from "vitest";

import { getDb } from "../../db/client";
import { customerKey, customerSearchText } from "../customers/customer-facts";

import { findRecipients } from "./find-recipients";

/* The job forms' suggestions: customers of the organization's register by name, with their defaults, never another organization's. */

const ORG = "org-recipients";

async function customer(
  organizationId: string,
  values: {
    name: string;
    customertype?: string;
    address?: string;
    postcode?: string;
    city?: string;
    custnum?: string;
    paymentTerms?: number;
    sendtype?: string;
    environment?: string;
    cid?: string;
  },
) {
  const { environment: _environment, cid: _cid, ...given } = values;
  const facts = { address: "", postcode: "", city: "", custnum: "", ...given };
  await getDb().portalCustomer.create({
    data: {
      id: randomUUID(),
      organizationId,
      environment: values.environment ?? "fin-test",
      cid: values.cid ?? "c-fin",
      country: "FIN",
      // A customer the register holds by some key; one with a name alone gets one of its own here.
      key: customerKey(facts) ?? `n:test-${randomUUID()}`,
      customertype: values.customertype ?? "person",
      ...facts,
      searchText: customerSearchText(facts),
    },
  });
}

beforeAll(async () => {
  await getDb().portalOrganization.createMany({ data: [ORG, "org-recipients-other"].map((id) => ({ id, name: id })) });
  await customer(ORG, { name: "Maija Meikäläinen", address: "Esimerkkikatu 1", postcode: "00100", city: "Helsinki" });
  await customer(ORG, { name: "Maija Meikäläinen", address: "Uusi katu 2", postcode: "00200", city: "Helsinki" });
  await customer(ORG, {
    name: "Maijan Kukka Oy",
    customertype: "company",
    address: "Kauppatie 3",
    postcode: "33100",
    city: "Tampere",
    custnum: "C-7",
    paymentTerms: 30,
    sendtype: "email",
  });
  // Found by city only: not a suggestion for a name.
  await customer(ORG, { name: "Someone Else", city: "Maijala" });
  await customer("org-recipients-other", { name: "Maija Muu", address: "Toinen tie 9" });
});

describe("findRecipients", () => {
  it("suggests the register's customers whose name holds what is typed, with their default terms and way of sending", async () => {
    const found = await findRecipients(getDb(), { organizationId: ORG, query: " MAIJ " });
    expect(found.map((recipient) => [recipient.name, recipient.address])).toEqual(
      expect.arrayContaining([
        ["Maija Meikäläinen", "Esimerkkikatu 1"],
        ["Maija Meikäläinen", "Uusi katu 2"],
        ["Maijan Kukka Oy", "Kauppatie 3"],
      ]),
    );
    expect(found).toHaveLength(3);
    expect(found.find((recipient) => recipient.custnum === "C-7")).toEqual({
      customertype: "1",
      name: "Maijan Kukka Oy",
      address: "Kauppatie 3",
      postcode: "33100",
      city: "Tampere",
      email: "",
      custnum: "C-7",
      paymentTerms: 30,
      sendtype: "email",
    });
    expect(JSON.stringify(found)).not.toContain("Maija Muu");
  });

  it("suggests only the customers of the form's connection when it names one", async () => {
    await customer(ORG, { name: "Maija Tuotanto", address: "Prod 1", environment: "fin-prod", cid: "c-prod" });
    const production = await findRecipients(getDb(), { organizationId: ORG, query: "maija", book: { environment: "fin-prod", cid: "c-prod" } });
    expect(production.map((recipient) => recipient.name)).toEqual(["Maija Tuotanto"]);
    const test = await findRecipients(getDb(), { organizationId: ORG, query: "maija", book: { environment: "fin-test", cid: "c-fin" } });
    expect(test.map((recipient) => recipient.name)).not.toContain("Maija Tuotanto");
    expect(test).toHaveLength(3);
  });

  it("waits for two letters", async () => {
    expect(await findRecipients(getDb(), { organizationId: ORG, query: "m" })).toEqual([]);
  });
});
