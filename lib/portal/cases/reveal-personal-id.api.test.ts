import { randomUUID } from "node:crypto";

import { beforeAll, describe, expect, it } from "vitest";

import { getDb, type Prisma } from "../../db/client";
import { sealPersonalIds } from "../../platform/personal-ids";
import { ActionError } from "../actions/action-error";
import type { PortalUser } from "../auth/session";

import { getCaseDetail } from "./get-case-detail";
import { listPersonalIdReveals, revealPersonalId, revealPersonalIdInputSchema } from "./reveal-personal-id";

/*
 * Personal ids are masked on the case page; a clerk asks for one whole, gets it, and the showing is
 * recorded with who, what and when. Another organization's case, a member that is no personal id,
 * and an id the service sent masked are refused, and nothing is recorded for them.
 */

const ORG = "org-reveal";
const OTHER_ORG = "org-reveal-other";
const clerk: PortalUser = { id: "u-clerk", organizationId: ORG, email: "clerk@example.com", name: "Kalle Clerk", role: "clerk", locale: "eng" };
const GOVID = "131052-308T";
const ADDRESS_GOVID = "010280-952L";

async function portalCase(organizationId: string, job: Record<string, unknown> | null): Promise<string> {
  const id = randomUUID();
  await getDb().portalCase.create({
    data: {
      id,
      organizationId,
      environment: "fin-test",
      country: "FIN",
      cid: "c-reveal",
      jobid: Math.floor(Math.random() * 1e9),
      receiverName: "Maija",
      job: (job ?? undefined) as Prisma.InputJsonValue | undefined,
    },
  });
  return id;
}

let caseId: string;
let otherCaseId: string;
let maskedAtService: string;

beforeAll(async () => {
  await getDb().portalOrganization.createMany({ data: [ORG, OTHER_ORG].map((id) => ({ id, name: id })) });
  const job = { jobtype: "0", person: "Maija", govid: GOVID, addaddress: [{ addressname: "Home", govid: ADDRESS_GOVID }] };
  caseId = await portalCase(ORG, sealPersonalIds(job));
  otherCaseId = await portalCase(OTHER_ORG, sealPersonalIds(job));
  maskedAtService = await portalCase(ORG, { jobtype: "0", govid: "•••••••••8T" });
});

describe("revealPersonalId", () => {
  it("keeps ids masked on the page, shows one whole on request, and records who saw which and when", async () => {
    const detail = await getCaseDetail(getDb(), { organizationId: ORG, caseId, locale: "eng" });
    expect(JSON.stringify(detail!.job)).not.toContain(GOVID);
    expect((detail!.job as { govid: string }).govid).toBe("•••••••••8T");

    const before = Date.now();
    expect(await revealPersonalId(getDb(), clerk, { caseId, member: "govid" })).toEqual({ member: "govid", value: GOVID });
    expect(await revealPersonalId(getDb(), clerk, { caseId, member: "addaddress.0.govid" })).toEqual({ member: "addaddress.0.govid", value: ADDRESS_GOVID });

    const reveals = await listPersonalIdReveals(getDb(), { organizationId: ORG, caseId });
    expect(reveals.map((reveal) => [reveal.userName, reveal.userEmail, reveal.member])).toEqual([
      ["Kalle Clerk", "clerk@example.com", "addaddress.0.govid"],
      ["Kalle Clerk", "clerk@example.com", "govid"],
    ]);
    expect(Date.parse(reveals[1]!.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    // The record names the member, never the id itself.
    expect(JSON.stringify(await getDb().portalPersonalIdReveal.findMany())).not.toContain(GOVID);
  });

  it("refuses another organization's case, a place that holds no id, and an id the service sent masked, recording none", async () => {
    const count = () => getDb().portalPersonalIdReveal.count();
    const before = await count();
    await expect(revealPersonalId(getDb(), clerk, { caseId: otherCaseId, member: "govid" })).rejects.toThrow(
      new ActionError("There is no such case in your organization."),
    );
    await expect(revealPersonalId(getDb(), clerk, { caseId, member: "addaddress.3.govid" })).rejects.toThrow(
      new ActionError("This case holds no personal id there."),
    );
    await expect(revealPersonalId(getDb(), clerk, { caseId: maskedAtService, member: "govid" })).rejects.toThrow(/sent this id masked/);
    expect(await count()).toBe(before);
    // Only personal ids' members may be asked for at all.
    expect(revealPersonalIdInputSchema.safeParse({ caseId, member: "person" }).success).toBe(false);
    expect(revealPersonalIdInputSchema.safeParse({ caseId, member: "addaddress.0.govid" }).success).toBe(true);
  });
});
