import { randomUUID } from "node:crypto";

import type { Db } from "../db/client";
import { seal } from "../platform/secrets";
import { revealReceiverCredentials, type ReceiverCredentials } from "../portal/receiver/receiver-credentials";
import type { EnvironmentId } from "../spec/environments";

/*
 * Test support: an organization of its own with connections and receiver credentials, so each
 * test works on data no other test touches.
 */

export interface TestOrganization {
  organizationId: string;
  credentials: ReceiverCredentials;
  connections: { id: string; environment: EnvironmentId; cid: string }[];
}

export async function createTestOrganization(
  db: Db,
  connections: readonly { environment: EnvironmentId; cid?: string; baseUrl?: string; apicode?: string; eventMode?: "push" | "poll" }[] = [
    { environment: "fin-test" },
  ],
): Promise<TestOrganization> {
  const organizationId = randomUUID();
  await db.portalOrganization.create({ data: { id: organizationId, name: `Test ${organizationId.slice(0, 8)}` } });
  const created: TestOrganization["connections"] = [];
  for (const connection of connections) {
    const id = randomUUID();
    const cid = connection.cid ?? `cid-${id.slice(0, 8)}`;
    await db.portalConnection.create({
      data: {
        id,
        organizationId,
        environment: connection.environment,
        label: `${connection.environment} ${cid}`,
        baseUrl: connection.baseUrl ?? `http://127.0.0.1:9/${connection.environment}/rest`,
        cid,
        apicodeEncrypted: seal(connection.apicode ?? "unused-apicode"),
        eventMode: connection.eventMode ?? "push",
      },
    });
    created.push({ id, environment: connection.environment, cid });
  }
  return { organizationId, credentials: await revealReceiverCredentials(db, organizationId), connections: created };
}

export const basicHeader = (username: string, password: string) => `Basic ${Buffer.from(`${username}:${password}`, "utf8").toString("base64")}`;
