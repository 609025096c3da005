import { randomUUID } from "node:crypto";

import { beforeAll, describe, expect, it } from "vitest";

import { getDb } from "@/lib/db/client";
import { ActionError } from "@/lib/portal/actions/validated-action";

import { deleteDraft, getDraft, listDrafts, saveDraft } from "./drafts";

/* Drafts against a real database: per user, newest first, never across users or organizations. */

const org = randomUUID();
const otherOrg = randomUUID();
const alice = { organizationId: org, userId: randomUUID() };
const bob = { organizationId: org, userId: randomUUID() };
const mallory = { organizationId: otherOrg, userId: randomUUID() };

beforeAll(async () => {
  const db = getDb();
  await db.portalOrganization.createMany({
    data: [
      { id: org, name: "Drafts Oy" },
      { id: otherOrg, name: "Other Oy" },
    ],
  });
  await db.portalUser.createMany({
    data: [alice, bob, mallory].map((user, index) => ({
      id: user.userId,
      organizationId: user.organizationId,
      email: `drafts-${index}-${user.userId}@example.test`,
      name: `User ${index}`,
      passwordHash: "x",
      role: "clerk",
    })),
  });
});

describe("drafts", () => {
  it("saves, updates in place, lists newest first and deletes", async () => {
    const db = getDb();
    const first = randomUUID();
    const second = randomUUID();
    await saveDraft(db, alice, { draftId: first, kind: "invoice", title: "Maija", data: { name: "Maija" } });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await saveDraft(db, alice, { draftId: second, kind: "reminder", title: "Velallinen", data: { name: "Velallinen" } });
    expect((await listDrafts(db, alice)).map((draft) => draft.id)).toEqual([second, first]);

    await new Promise((resolve) => setTimeout(resolve, 5));
    await saveDraft(db, alice, { draftId: first, kind: "invoice", title: "Maija M", data: { name: "Maija M" } });
    const drafts = await listDrafts(db, alice);
    expect(drafts.map((draft) => [draft.id, draft.title])).toEqual([
      [first, "Maija M"],
      [second, "Velallinen"],
    ]);
    expect(await getDraft(db, { ...alice, draftId: first })).toMatchObject({ kind: "invoice", data: { name: "Maija M" } });

    await deleteDraft(db, { ...alice, draftId: first });
    expect((await listDrafts(db, alice)).map((draft) => draft.id)).toEqual([second]);
    await deleteDraft(db, { ...alice, draftId: first });
  });

  it("keeps each user's drafts to that user", async () => {
    const db = getDb();
    const id = randomUUID();
    await saveDraft(db, bob, { draftId: id, kind: "collection", title: "Bob's", data: {} });
    expect(await getDraft(db, { ...alice, draftId: id })).toBeNull();
    expect(await getDraft(db, { ...mallory, draftId: id })).toBeNull();
    expect((await listDrafts(db, mallory)).length).toBe(0);
    await expect(saveDraft(db, alice, { draftId: id, kind: "invoice", title: "taken", data: {} })).rejects.toBeInstanceOf(ActionError);
    await deleteDraft(db, { ...mallory, draftId: id });
    expect(await getDraft(db, { ...bob, draftId: id })).toMatchObject({ title: "Bob's" });
  });

  it("refuses a user's 501st draft, and still updates the ones they have", async () => {
    const db = getDb();
    const carol = { organizationId: org, userId: randomUUID() };
    await db.portalUser.create({
      data: { id: carol.userId, organizationId: org, email: `drafts-carol-${carol.userId}@example.test`, name: "Carol", passwordHash: "x", role: "clerk" },
    });
    const ids = Array.from({ length: 500 }, () => randomUUID());
    await db.portalDraft.createMany({ data: ids.map((id) => ({ id, organizationId: org, userId: carol.userId, kind: "invoice", title: "t", data: {} })) });
    await expect(saveDraft(db, carol, { draftId: randomUUID(), kind: "invoice", title: "one more", data: {} })).rejects.toBeInstanceOf(ActionError);
    await expect(saveDraft(db, carol, { draftId: ids[0]!, kind: "invoice", title: "updated", data: {} })).resolves.toMatchObject({ title: "updated" });
  });

  it("keeps a personal identity code typed into a form sealed while the draft waits, and gives it back to the form", async () => {
    const db = getDb();
    const id = randomUUID();
    await saveDraft(db, alice, { draftId: id, kind: "invoice", title: "Maija", data: { name: "Maija", govid: "131052-308T" } });
    const stored = await db.portalDraft.findUniqueOrThrow({ where: { id } });
    expect(JSON.stringify(stored.data)).not.toContain("131052-308T");
    expect((await getDraft(db, { ...alice, draftId: id }))?.data).toEqual({ name: "Maija", govid: "131052-308T" });
  });
});
