import type { Db, Prisma } from "../../db/client";
import { hasClearPersonalIds, sealPersonalIds } from "../../platform/personal-ids";
import { isSealed, seal } from "../../platform/secrets";

/*
 * Seals what versions before personal-ids.ts kept in clear: jobs' govid, createprofile's users[].ssn,
 * the portal's posted copies, and the bodies of mail (onboarding links) still waiting; bodies of
 * mail already sent are dropped. In pages, each written in one short transaction.
 */

const PAGE = 500;

/** Reads a table in pages by id and rewrites the rows that need it, a page per transaction. */
export async function rewrite<Id extends string | number, Row extends { id: Id }>(
  db: Db,
  read: (after: { gt: Id } | undefined) => Promise<Row[]>,
  needs: (row: Row) => boolean,
  write: (row: Row) => Prisma.PrismaPromise<unknown>,
): Promise<number> {
  let after: Id | undefined;
  let changed = 0;
  for (;;) {
    const rows = await read(after === undefined ? undefined : { gt: after });
    if (rows.length === 0) return changed;
    const due = rows.filter(needs);
    if (due.length > 0) await db.$transaction(due.map(write));
    changed += due.length;
    after = rows[rows.length - 1]!.id;
  }
}

const clearJson = (value: Prisma.JsonValue | null): boolean => !!value && typeof value === "object" && !Array.isArray(value) && hasClearPersonalIds(value);
const sealed = (value: Prisma.JsonValue) => sealPersonalIds(value as Prisma.JsonObject);
const page = { orderBy: { id: "asc" as const }, take: PAGE };

export async function sealPersonalIdsAtRest(db: Db): Promise<number> {
  const jobs = await rewrite(
    db,
    (id: { gt: number } | undefined) => db.job.findMany({ where: { id }, select: { id: true, data: true }, ...page }),
    (row) => clearJson(row.data),
    (row) => db.job.update({ where: { id: row.id }, data: { data: sealed(row.data) } }),
  );
  const profiles = await rewrite(
    db,
    (id: { gt: string } | undefined) => db.profile.findMany({ where: { id }, select: { id: true, onboardingData: true }, ...page }),
    (row) => clearJson(row.onboardingData),
    (row) => db.profile.update({ where: { id: row.id }, data: { onboardingData: sealed(row.onboardingData!) } }),
  );
  const cases = await rewrite(
    db,
    (id: { gt: string } | undefined) => db.portalCase.findMany({ where: { id }, select: { id: true, job: true }, ...page }),
    (row) => clearJson(row.job),
    (row) => db.portalCase.update({ where: { id: row.id }, data: { job: sealed(row.job!) } }),
  );
  const mail = await rewrite(
    db,
    (id: { gt: string } | undefined) => db.mailMessage.findMany({ where: { id }, select: { id: true, status: true, text: true }, ...page }),
    (row) => row.text !== "" && !isSealed(row.text),
    (row) => db.mailMessage.update({ where: { id: row.id }, data: { text: row.status === "sent" ? "" : seal(row.text) } }),
  );
  return jobs + profiles + cases + mail;
}

/** Seals the personal identity codes typed into drafts that versions before drafts were sealed kept in clear. */
export async function sealDraftPersonalIds(db: Db): Promise<number> {
  return rewrite(
    db,
    (id: { gt: string } | undefined) => db.portalDraft.findMany({ where: { id }, select: { id: true, data: true }, ...page }),
    (row) => clearJson(row.data),
    (row) => db.portalDraft.update({ where: { id: row.id }, data: { data: sealed(row.data) } }),
  );
}
