import { z } from "zod";

import type { Db, Tx } from "../../db/client";
import { orderedId } from "../../platform/ordered-id";
import { isMaskedPersonalId, personalIdAt } from "../../platform/personal-ids";
import { isSealed, unseal } from "../../platform/secrets";
import { ActionError } from "../actions/action-error";
import type { PortalUser } from "../auth/session";

import { caseOfUser } from "./case-connection";
import { CASE_TEXTS } from "./texts";

/*
 * Personal identity codes are masked on every page (get-case-detail.ts). A clerk or an admin who
 * needs one whole (to tell two debtors of one name apart, to answer an enforcement authority)
 * asks for it on the case page; it is shown to that user alone and the showing is recorded with
 * who, which member and when, in the same transaction that reads it, so no id is shown unrecorded.
 * Admins read the records on the case page. Viewers may not ask (the action's role).
 */

export const revealPersonalIdInputSchema = z.object({
  caseId: z.string().min(1).max(100),
  member: z.string().regex(/^(govid|addaddress\.\d{1,3}\.govid)$/, "Not a personal id's member."),
});

export async function revealPersonalId(
  db: Db,
  user: PortalUser,
  input: z.output<typeof revealPersonalIdInputSchema>,
): Promise<{ member: string; value: string }> {
  const texts = CASE_TEXTS[user.locale].personalId;
  return db.$transaction(async (tx) => {
    const row = await caseOfUser(tx, user, input.caseId);
    const stored = row.job && typeof row.job === "object" ? personalIdAt(row.job, input.member) : null;
    if (!stored) throw new ActionError(texts.noSuchId);
    if (!isSealed(stored) && isMaskedPersonalId(stored)) throw new ActionError(texts.maskedAtService);
    const value = isSealed(stored) ? unseal(stored) : stored;
    await recordPersonalIdShown(tx, user, { caseId: row.id, member: input.member });
    return { member: input.member, value };
  });
}

/** Records that `user` was shown a case's personal id in full (here, or in a copy of the case's job: duplicate-invoice.ts). */
export async function recordPersonalIdShown(db: Tx, user: PortalUser, { caseId, member }: { caseId: string; member: string }): Promise<void> {
  await db.portalPersonalIdReveal.create({
    data: { id: orderedId(Date.now()), organizationId: user.organizationId, caseId, userId: user.id, userName: user.name, userEmail: user.email, member },
  });
}

export interface PersonalIdReveal {
  userName: string;
  userEmail: string;
  member: string;
  createdAt: string;
}

/** The records of a case's ids shown in full, newest first (for admins; the page asks the role). */
export async function listPersonalIdReveals(db: Db, { organizationId, caseId }: { organizationId: string; caseId: string }): Promise<PersonalIdReveal[]> {
  const rows = await db.portalPersonalIdReveal.findMany({
    where: { organizationId, caseId },
    // Ids are time-ordered (uuid v7): two showings within one millisecond keep their order.
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 100,
    select: { userName: true, userEmail: true, member: true, createdAt: true },
  });
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
