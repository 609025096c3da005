import { randomUUID } from "node:crypto";

import { beforeAll, describe, expect, it } from "vitest";

import { getDb, type Prisma } from "../../db/client";
import { sealPersonalIds } from "../../platform/personal-ids";
import { createTestOrganization } from "../../testing/organization-fixture";
import type { PortalUser } from "../auth/session";
import { getDraft } from "../drafts/drafts";

import { duplicateInvoice, invoiceCopyValues } from "./duplicate-invoice";
import { listPersonalIdReveals } from "./reveal-personal-id";

/* A posted invoice duplicated as a new invoice's draft: its recipient and rows, not its dates or numbers; only the organization's own invoices. */

const posted = {
  jobtype: "0",
  customertype: "2",
  person: "Maija Meikäläinen",
  address: "Esimerkkikatu 1",
  postcode: "00100",
  city: "Helsinki",
  govid: "131052-308T",
  sendtype: "email",
  email: "maija@example.com",
  language: "fin",
  billnum: "1001",
  ownref: "ERP-1",
  billdate: "2026-11-01",
  paydate: "2026-11-15",
  payrow: [
    { desc: "Consulting", count: "2", amount: "100.00", taxpr: "25.5" },
    { desc: "Books", count: 3, amount: 12.5, taxpr: 14 },
  ],
};

let user: PortalUser;
let caseId: string;
let letterCaseId: string;
let maskedCaseId: string;
let connectionId: string;

beforeAll(async () => {
  const db = getDb();
  const org = await createTestOrganization(db, [{ environment: "fin-test", cid: "c-duplicate" }]);
  connectionId = org.connections[0]!.id;
  user = { id: randomUUID(), organizationId: org.organizationId, email: "clerk@example.com", name: "Clerk", role: "clerk", locale: "eng" };
  await db.portalUser.create({
    data: { id: user.id, organizationId: user.organizationId, email: `dup-${user.id}@example.test`, name: "Clerk", passwordHash: "x", role: "clerk" },
  });
  const make = async (organizationId: string, job: object) => {
    const id = randomUUID();
    await db.portalCase.create({
      data: {
        id,
        organizationId,
        environment: "fin-test",
        country: "FIN",
        cid: "c-duplicate",
        jobid: Math.floor(Math.random() * 1e9),
        job: sealPersonalIds(job) as Prisma.InputJsonValue,
      },
    });
    return id;
  };
  caseId = await make(org.organizationId, posted);
  letterCaseId = await make(org.organizationId, { jobtype: "301", person: "Maija" });
  // An ERP's job as the service answers it: the identity code masked.
  maskedCaseId = await make(org.organizationId, { ...posted, govid: "•••••••••8T" });
});

describe("duplicateInvoice", () => {
  it("makes the clerk's own draft with the recipient, the way of sending and the rows, but not the dates or numbers", async () => {
    const { draftId } = await duplicateInvoice(getDb(), user, { caseId });
    const draft = await getDraft(getDb(), { organizationId: user.organizationId, userId: user.id, draftId });
    expect(draft).toMatchObject({ kind: "invoice", title: "Maija Meikäläinen (copy)" });
    expect(draft!.data).toMatchObject({
      connectionId,
      jobtype: "0",
      customertype: "2",
      name: "Maija Meikäläinen",
      govid: "131052-308T",
      sendtype: "email",
      email: "maija@example.com",
      language: "fin",
      payrow: [
        { desc: "Consulting", count: "2", amount: "100.00", taxpr: "25.5" },
        { desc: "Books", count: "3", amount: "12.5", taxpr: "14" },
      ],
    });
    for (const member of ["billdate", "paydate", "billnum", "ownref", "paymentTerms"]) expect(draft!.data).not.toHaveProperty(member);
    // At rest the copied identity code is sealed like any draft's.
    expect(JSON.stringify((await getDb().portalDraft.findUniqueOrThrow({ where: { id: draftId } })).data)).not.toContain("131052-308T");
  });

  it("records the identity code it copies as shown in full to the clerk, as the case page's showing is", async () => {
    const before = await listPersonalIdReveals(getDb(), { organizationId: user.organizationId, caseId });
    await duplicateInvoice(getDb(), user, { caseId });
    const after = await listPersonalIdReveals(getDb(), { organizationId: user.organizationId, caseId });
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toMatchObject({ userName: "Clerk", userEmail: "clerk@example.com", member: "govid" });
  });

  it("leaves a masked identity code out of the copy, for the clerk to type, and records no showing", async () => {
    const { draftId } = await duplicateInvoice(getDb(), user, { caseId: maskedCaseId });
    const draft = await getDraft(getDb(), { organizationId: user.organizationId, userId: user.id, draftId });
    expect(draft!.data).toMatchObject({ name: "Maija Meikäläinen", govid: "" });
    expect(await listPersonalIdReveals(getDb(), { organizationId: user.organizationId, caseId: maskedCaseId })).toEqual([]);
  });

  it("refuses a letter and another organization's case", async () => {
    await expect(duplicateInvoice(getDb(), user, { caseId: letterCaseId })).rejects.toThrow("Only an invoice the portal posted can be duplicated.");
    await expect(duplicateInvoice(getDb(), { ...user, organizationId: "another" }, { caseId })).rejects.toThrow("There is no such case in your organization.");
  });

  it("reads a company's name from company, and a Connect invoice stays one", () => {
    expect(invoiceCopyValues({ jobtype: "300", customertype: "1", company: "Yritys Oy", person: "ignored" })).toMatchObject({
      jobtype: "300",
      customertype: "1",
      name: "Yritys Oy",
    });
  });
});
