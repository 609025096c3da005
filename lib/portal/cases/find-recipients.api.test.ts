import { randomUUID } from "node:crypto";

import { beforeAll, describe, expect, it } from "vitest";

import { getDb, type Prisma } from "../../db/client";
import { sealPersonalIds } from "../../platform/personal-ids";

import { findRecipients } from "./find-recipients";

/* Earlier recipients as suggestions: by name, newest first, one per name and address, the organization's own, never an identity code. */

const ORG = "org-recipients";

async function posted(organizationId: string, job: Record<string, unknown>, updatedAt: string) {
  const name = String(job.person ?? job.company ?? "");
  await getDb().portalCase.create({
    data: {
      id: randomUUID(),
      organizationId,
      environment: "fin-test",
      country: "FIN",
      cid: "c",
      jobid: Math.floor(Math.random() * 1e9),
      receiverName: name,
      searchText: name.toLowerCase(),
      job: sealPersonalIds(job) as Prisma.InputJsonValue,
      updatedAt: new Date(updatedAt),
    },
  });
}

beforeAll(async () => {
  await getDb().portalOrganization.createMany({ data: [ORG, "org-recipients-other"].map((id) => ({ id, name: id })) });
  const maija = {
    jobtype: "0",
    customertype: "2",
    person: "Maija Meikäläinen",
    address: "Esimerkkikatu 1",
    postcode: "00100",
    city: "Helsinki",
    email: "maija@example.com",
    govid: "131052-308T",
  };
  await posted(ORG, maija, "2026-11-01T10:00:00Z");
  await posted(ORG, maija, "2026-11-02T10:00:00Z");
  await posted(ORG, { ...maija, address: "Uusi katu 2" }, "2026-11-03T10:00:00Z");
  await posted(
    ORG,
    { jobtype: "0", customertype: "1", company: "Maijan Kukka Oy", address: "Kauppatie 3", postcode: "33100", city: "Tampere", custnum: "C-7" },
    "2026-10-01T10:00:00Z",
  );
  await posted("org-recipients-other", { ...maija, person: "Maija Muu", address: "Toinen tie 9" }, "2026-11-05T10:00:00Z");
});

describe("findRecipients", () => {
  it("suggests earlier recipients by name, newest first, once per name and address, without identity codes", async () => {
    const found = await findRecipients(getDb(), { organizationId: ORG, query: " MAIJ " });
    expect(found.map((recipient) => [recipient.name, recipient.address])).toEqual([
      ["Maija Meikäläinen", "Uusi katu 2"],
      ["Maija Meikäläinen", "Esimerkkikatu 1"],
      ["Maijan Kukka Oy", "Kauppatie 3"],
    ]);
    expect(found[2]).toEqual({
      customertype: "1",
      name: "Maijan Kukka Oy",
      address: "Kauppatie 3",
      postcode: "33100",
      city: "Tampere",
      email: "",
      custnum: "C-7",
    });
    expect(JSON.stringify(found)).not.toContain("131052");
    expect(JSON.stringify(found)).not.toContain("Maija Muu");
  });

  it("waits for two letters", async () => {
    expect(await findRecipients(getDb(), { organizationId: ORG, query: "m" })).toEqual([]);
  });
});
