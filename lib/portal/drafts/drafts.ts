import type { Db, Prisma, Tx } from "@/lib/db/client";
import { openPersonalIds, sealPersonalIds } from "@/lib/platform/personal-ids";
import { ActionError } from "@/lib/portal/actions/action-error";
import { keyed } from "@/lib/portal/i18n/messages";

/*
 * Saved drafts: a form's values kept for their user, so a long invoice is not lost to a failed
 * post or a closed tab. A draft belongs to one user of one organization; every query names both.
 * The form chooses a draft's id when it opens, so saving again, and the draft a failed post keeps,
 * update the same draft instead of piling up copies. A personal identity code typed into a form
 * (govid) is sealed with the data key while the draft waits, as every personal id at rest is
 * (lib/platform/personal-ids.ts), and opened again for the form.
 */

const DRAFT_KINDS = ["invoice", "reminder", "collection", "letter"] as const;
export type DraftKind = (typeof DRAFT_KINDS)[number];

/** Where each kind of draft opens. */
export const DRAFT_PATHS: Record<DraftKind, string> = {
  invoice: "/invoices/new",
  reminder: "/reminders/new",
  collection: "/collections/new",
  letter: "/letters/new",
};

const isDraftKind = (value: string): value is DraftKind => (DRAFT_KINDS as readonly string[]).includes(value);

interface DraftOwner {
  organizationId: string;
  userId: string;
}

interface DraftSummary {
  id: string;
  kind: DraftKind;
  title: string;
  updatedAt: Date;
}

export interface Draft extends DraftSummary {
  data: unknown;
}

const MAX_DRAFTS = 500;

/** The user's drafts, newest first. */
export async function listDrafts(db: Db | Tx, owner: DraftOwner): Promise<DraftSummary[]> {
  const rows = await db.portalDraft.findMany({
    where: { organizationId: owner.organizationId, userId: owner.userId },
    orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
    select: { id: true, kind: true, title: true, updatedAt: true },
    take: MAX_DRAFTS,
  });
  return rows.filter((row) => isDraftKind(row.kind)).map((row) => ({ ...row, kind: row.kind as DraftKind }));
}

export async function getDraft(db: Db | Tx, owner: DraftOwner & { draftId: string }): Promise<Draft | null> {
  const row = await db.portalDraft.findFirst({ where: { id: owner.draftId, organizationId: owner.organizationId, userId: owner.userId } });
  if (!row || !isDraftKind(row.kind)) return null;
  const data = row.data && typeof row.data === "object" && !Array.isArray(row.data) ? openPersonalIds(row.data) : row.data;
  return { id: row.id, kind: row.kind, title: row.title, updatedAt: row.updatedAt, data };
}

interface DraftInput {
  draftId: string;
  kind: DraftKind;
  title: string;
  data: object;
}

/** Creates the draft or replaces its content; a draft id of someone else's is refused, never taken over. */
export async function saveDraft(db: Db, owner: DraftOwner, input: DraftInput): Promise<DraftSummary> {
  const title = input.title.trim().slice(0, 200);
  const data = sealPersonalIds(input.data) as Prisma.InputJsonObject;
  // The check and the write in one transaction: two saves of a new draft at once must not both create.
  return db.$transaction(async (tx) => {
    const existing = await tx.portalDraft.findUnique({ where: { id: input.draftId }, select: { organizationId: true, userId: true } });
    if (existing && (existing.organizationId !== owner.organizationId || existing.userId !== owner.userId)) {
      throw new ActionError(keyed("draftNotSaved"));
    }
    if (!existing && (await tx.portalDraft.count({ where: { organizationId: owner.organizationId, userId: owner.userId } })) >= MAX_DRAFTS) {
      throw new ActionError(keyed("tooManyDrafts", { max: MAX_DRAFTS }));
    }
    const row = existing
      ? await tx.portalDraft.update({ where: { id: input.draftId }, data: { kind: input.kind, title, data } })
      : await tx.portalDraft.create({
          data: { id: input.draftId, organizationId: owner.organizationId, userId: owner.userId, kind: input.kind, title, data },
        });
    return { id: row.id, kind: input.kind, title: row.title, updatedAt: row.updatedAt };
  });
}

/** Deletes the draft if it is the user's; deleting one that is gone already is not an error. */
export async function deleteDraft(db: Db | Tx, owner: DraftOwner & { draftId: string }): Promise<void> {
  await db.portalDraft.deleteMany({ where: { id: owner.draftId, organizationId: owner.organizationId, userId: owner.userId } });
}
