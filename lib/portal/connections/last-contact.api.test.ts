import { randomUUID } from "node:crypto";

import { describe, expect, it } from "vitest";

import { getDb } from "../../db/client";
import { eventBatchSchema } from "../../spec/events";
import { createTestOrganization } from "../../testing/organization-fixture";
import { ingestBatch } from "../events/ingest-batch";

import { CONTACT_PRECISION_MS, listConnections, markContact } from "./connections";

/*
 * A connection's last contact: what an admin reads when cases stop arriving. Events of the
 * connection count as contact, whichever way they came; another connection's do not.
 */

const lastContact = async (organizationId: string) =>
  new Map((await listConnections(getDb(), organizationId)).map((connection) => [connection.cid, connection.lastContactAt?.getTime() ?? null]));

describe("a connection's last contact", () => {
  it("is set by its events arriving, not by another connection's", async () => {
    const org = await createTestOrganization(getDb(), [{ environment: "fin-test" }, { environment: "swe-test" }]);
    const fin = org.connections[0]!;
    const swe = org.connections[1]!;
    expect([...(await lastContact(org.organizationId)).values()]).toEqual([null, null]);
    const before = Date.now();
    await ingestBatch(getDb(), {
      organizationId: org.organizationId,
      source: "push",
      environment: "fin-test",
      envelope: eventBatchSchema.parse({
        created_at: "2026-11-22T08:00:00.000Z",
        id: randomUUID(),
        data: { lcstatus: [{ cid: fin.cid, jobid: 5, code: 100, time: "2026-11-22T08:00:00Z" }] },
      }),
    });
    const after = await lastContact(org.organizationId);
    expect(after.get(fin.cid)).toBeGreaterThanOrEqual(before - 1000);
    expect(after.get(swe.cid)).toBeNull();
  });

  it("is written again only once it is older than its precision, so a busy connection does not write on every answer", async () => {
    const org = await createTestOrganization(getDb());
    const where = { id: org.connections[0]!.id, organizationId: org.organizationId };
    const first = new Date("2026-11-25T10:00:00Z");
    await markContact(getDb(), where, first);
    await markContact(getDb(), where, new Date(first.getTime() + CONTACT_PRECISION_MS - 1));
    expect([...(await lastContact(org.organizationId)).values()]).toEqual([first.getTime()]);
    const later = new Date(first.getTime() + CONTACT_PRECISION_MS + 1);
    await markContact(getDb(), where, later);
    expect([...(await lastContact(org.organizationId)).values()]).toEqual([later.getTime()]);
    // Another organization's connection is out of reach of the same where.
    const other = await createTestOrganization(getDb());
    await markContact(getDb(), { id: other.connections[0]!.id, organizationId: org.organizationId }, new Date(later.getTime() + 10 * CONTACT_PRECISION_MS));
    expect([...(await lastContact(other.organizationId)).values()]).toEqual([null]);
  });
});
