import { randomUUID } from "node:crypto";

import { beforeAll, describe, expect, it } from "vitest";

import { getDb } from "@/lib/db/client";
import { seal } from "@/lib/platform/secrets";

import { controlRequest } from "./control-request";

/* Which control list a person asks for: only the organization's own connections, and a period checked by the interface's rules. */

const organizationId = `org-${randomUUID()}`;
const otherOrganizationId = `org-${randomUUID()}`;
let mine: string;
let second: string;
let theirs: string;

async function connection(organization: string, environment: string): Promise<string> {
  const id = randomUUID();
  await getDb().portalConnection.create({
    data: {
      id,
      organizationId: organization,
      environment,
      label: `${environment} ${id.slice(0, 4)}`,
      baseUrl: "http://service.test/rest",
      cid: "c",
      apicodeEncrypted: seal("a"),
      createdAt: new Date(),
    },
  });
  return id;
}

beforeAll(async () => {
  for (const id of [organizationId, otherOrganizationId]) await getDb().portalOrganization.create({ data: { id, name: id, createdAt: new Date() } });
  mine = await connection(organizationId, "swe-test");
  second = await connection(organizationId, "nor-test");
  theirs = await connection(otherOrganizationId, "fin-test");
});

describe("controlRequest", () => {
  it("takes the named connection of the organization, and this month up to today by default", async () => {
    const asked = await controlRequest(getDb(), organizationId, { connection: mine });
    expect(asked.connection?.id).toBe(mine);
    // Named, not merely the first one listed.
    expect((await controlRequest(getDb(), organizationId, { connection: second })).connection?.id).toBe(second);
    expect(asked.from).toMatch(/^\d{4}-\d{2}-01$/);
    expect(asked.to >= asked.from).toBe(true);
    expect(asked.invalid).toBeNull();
  });

  it("never takes another organization's connection", async () => {
    const asked = await controlRequest(getDb(), organizationId, { connection: theirs });
    expect(asked.connection?.environment.id).not.toBe("fin-test");
    expect([mine, second]).toContain(asked.connection?.id);
  });

  it("names what is wrong with a period by the interface's rule", async () => {
    expect((await controlRequest(getDb(), organizationId, { from: "2026-12-01", to: "2026-11-30" })).invalid).toBe("order");
    expect((await controlRequest(getDb(), organizationId, { from: "2024-01-01", to: "2026-11-30" })).invalid).toBe("span");
    expect((await controlRequest(getDb(), organizationId, { from: "2026-02-30", to: "2026-03-01" })).invalid).toBe("date");
  });

  it("reads a repeated name by its first value, from the page's search parameters and the download's query alike", async () => {
    const page = await controlRequest(getDb(), organizationId, {
      connection: [second, mine],
      from: ["2026-11-01", "2026-10-01"],
      to: ["2026-11-20", "2026-11-30"],
    });
    const download = await controlRequest(
      getDb(),
      organizationId,
      new URLSearchParams(`connection=${second}&connection=${mine}&from=2026-11-01&from=2026-10-01&to=2026-11-20&to=2026-11-30`),
    );
    for (const asked of [page, download])
      expect({ connection: asked.connection?.id, from: asked.from, to: asked.to }).toEqual({ connection: second, from: "2026-11-01", to: "2026-11-20" });
  });

  it("has nothing to read without a connection", async () => {
    expect((await controlRequest(getDb(), `org-${randomUUID()}`, {})).connection).toBeNull();
  });
});
