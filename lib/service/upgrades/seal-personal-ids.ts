import type { Db, Prisma } from "../../db/client";
import { hasClearPersonalIds, sealPersonalIds } from "../intake/personal-ids";
import { isSealed, seal } from "../secrets";

/*
 * Seals what versions before personal-ids.ts kept in clear: jobs' govid, createprofile's users[].ssn,
 * the portal's posted copies, and the bodies of mail (onboarding links) still waiting; bodies of
 * mail already sent are dropped. In pages, each written in one short transaction.
 */

const PAGE = 500;

async function pages<Row extends { id: string | number }>(read: (after: Row["id"] | undefined) => Promise<Row[]>, write: (rows: Row[]) => Promise<number>): Promise<number> {
  let after: Row["id"] | undefined;
  let changed = 0;
  for (;;) {
    const rows = await read(after);
    if (rows.length === 0) return changed;
    changed += await write(rows);
    after = rows[rows.length - 1]!.id;
  }
}

const clearJson = (value: Prisma.JsonValue | null): value is Prisma.JsonObject => !!value && typeof value === "object" && !Array.isArray(value) && hasClearPersonalIds(value);

export async function sealPersonalIdsAtRest(db: Db): Promise<number> {
  const jobs = await pages<{ id: number; data: Prisma.JsonValue }>(
    (after) => db.job.findMany({ where: after === undefined ? {} : { id: { gt: after } }, select: { id: true, data: true }, orderBy: { id: "asc" }, take: PAGE }),
    async (rows) => {
      const clear = rows.filter((row) => clearJson(row.data));
      if (clear.length > 0) await db.$transaction(clear.map((row) => db.job.update({ where: { id: row.id }, data: { data: sealPersonalIds(row.data as Prisma.JsonObject) } })));
      return clear.length;
    },
  );
  const profiles = await pages<{ id: string; onboardingData: Prisma.JsonValue }>(
    (after) => db.profile.findMany({ where: after === undefined ? {} : { id: { gt: after } }, select: { id: true, onboardingData: true }, orderBy: { id: "asc" }, take: PAGE }),
    async (rows) => {
      const clear = rows.filter((row) => clearJson(row.onboardingData));
      if (clear.length > 0) await db.$transaction(clear.map((row) => db.profile.update({ where: { id: row.id }, data: { onboardingData: sealPersonalIds(row.onboardingData as Prisma.JsonObject) } })));
      return clear.length;
    },
  );
  const cases = await pages<{ id: string; job: Prisma.JsonValue }>(
    (after) => db.portalCase.findMany({ where: after === undefined ? {} : { id: { gt: after } }, select: { id: true, job: true }, orderBy: { id: "asc" }, take: PAGE }),
    async (rows) => {
      const clear = rows.filter((row) => clearJson(row.job));
      if (clear.length > 0) await db.$transaction(clear.map((row) => db.portalCase.update({ where: { id: row.id }, data: { job: sealPersonalIds(row.job as Prisma.JsonObject) } })));
      return clear.length;
    },
  );
  const mail = await pages<{ id: string; status: string; text: string }>(
    (after) => db.mailMessage.findMany({ where: after === undefined ? {} : { id: { gt: after } }, select: { id: true, status: true, text: true }, orderBy: { id: "asc" }, take: PAGE }),
    async (rows) => {
      const clear = rows.filter((row) => row.text !== "" && !isSealed(row.text));
      if (clear.length > 0) await db.$transaction(clear.map((row) => db.mailMessage.update({ where: { id: row.id }, data: { text: row.status === "sent" ? "" : seal(row.text) } })));
      return clear.length;
    },
  );
  return jobs + profiles + cases + mail;
}
