import { randomUUID } from "node:crypto";

import { describe, expect, it } from "vitest";

import { getDb } from "../../db/client";
import { createTestOrganization } from "../../testing/organization-fixture";
import type { PortalUser } from "../auth/session";

import { sentDocumentPdfOfCase, sentDocumentsOfCase } from "./sent-documents";

/* Why a case's documents cannot be shown, in the reader's language, and never another organization's case. */

const userOf = (organizationId: string, locale: PortalUser["locale"]): PortalUser => ({
  id: randomUUID(),
  organizationId,
  email: "reader@example.test",
  name: "Reader",
  role: "viewer",
  locale,
});

describe("a case's sent documents", () => {
  it("says in the reader's language that there is no such case, or no connection to it", async () => {
    const org = await createTestOrganization(getDb(), [{ environment: "fin-test" }]);
    const other = await createTestOrganization(getDb(), [{ environment: "fin-test" }]);
    const foreign = randomUUID();
    await getDb().portalCase.create({
      data: { id: foreign, organizationId: other.organizationId, environment: "fin-test", country: "FIN", cid: other.connections[0]!.cid, jobid: 1 },
    });
    const unconnected = randomUUID();
    await getDb().portalCase.create({
      data: { id: unconnected, organizationId: org.organizationId, environment: "swe-test", country: "SWE", cid: "nobody", jobid: 2 },
    });

    expect(await sentDocumentsOfCase(getDb(), userOf(org.organizationId, "fin"), foreign)).toEqual({
      ok: false,
      status: 404,
      detail: "Organisaatiollasi ei ole tällaista tapausta.",
    });
    expect(await sentDocumentPdfOfCase(getDb(), userOf(org.organizationId, "swe"), unconnected, randomUUID())).toEqual({
      ok: false,
      status: 404,
      detail: "Organisationen har ingen anslutning till ärendets miljö och profil.",
    });
    expect(await sentDocumentsOfCase(getDb(), userOf(org.organizationId, "eng"), unconnected)).toMatchObject({
      status: 404,
      detail: expect.stringMatching(/^This organization has no connection/),
    });
  });
});
