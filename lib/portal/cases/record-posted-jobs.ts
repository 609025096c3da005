import { randomUUID } from "node:crypto";

import { lockFor } from "../../db/advisory-lock";
import type { Db, Prisma } from "../../db/client";
import { inChunks } from "../../db/in-chunks";
import { exactCents } from "../../payment-data/amounts";
import { sealPersonalIds } from "../../platform/personal-ids";
import type { JobsResponse } from "../../spec/jobs";
import type { Connection } from "../connections/connections";
import { factsOfPostedItem } from "../customers/customer-facts";
import { linkCustomers } from "../customers/link-customers";

/*
 * What the portal learns from its own post: each accepted result record opens (or refreshes) a
 * case, before any status event arrives, so a clerk sees the job in the list at once. Events later
 * move it on (lib/portal/events). A case already known from events keeps what events said and
 * gains the posted data.
 */

interface PostedJobs {
  organizationId: string;
  connection: Connection;
  /** The dataset items as posted, in the order of response.result. */
  items: readonly unknown[];
  response: JobsResponse;
}

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);

/**
 * The posted item as a case keeps it: embedded files (a letter's base64 PDF, attachments) are
 * left out, since the case page reads the job on every refresh and the PDF is one click away
 * from the service. What was left out is named, so nobody wonders where it went.
 */
export function withoutFileContents(item: Record<string, unknown>): Record<string, unknown> {
  const strip = (value: unknown) => {
    if (!value || typeof value !== "object" || Array.isArray(value)) return value;
    const record = value as Record<string, unknown>;
    if (typeof record.file !== "string") return value;
    const { file, ...rest } = record;
    return { ...rest, file: `(${Math.floor((file.length * 3) / 4)} bytes, not kept by the portal)` };
  };
  const copy: Record<string, unknown> = { ...item };
  if ("image" in copy) copy.image = strip(copy.image);
  if (Array.isArray(copy.attachment)) copy.attachment = copy.attachment.map(strip);
  return copy;
}

export function caseSearchText(parts: readonly (string | null | undefined)[]): string {
  return parts
    .filter((part): part is string => !!part)
    .join(" ")
    .toLowerCase();
}

/** Returns the case ids of the accepted jobs, in the order of the result records (null for a rejected one). */
export async function recordPostedJobs(db: Db, posted: PostedJobs): Promise<(string | null)[]> {
  const { organizationId, connection, items, response } = posted;
  const now = new Date();
  const environment = connection.environment.id;
  const accepted = response.result.flatMap((result, index) => (result.accepted === 1 && result.jobid !== null ? [{ result, index, jobid: result.jobid }] : []));
  const ids: (string | null)[] = response.result.map(() => null);
  if (accepted.length === 0) return ids;

  // One transaction: a list that shows half of one upload would mislead whoever reads it.
  await db.$transaction(
    async (tx) => {
      // The same lock as the receiver's: an event about a new job may arrive while its post is
      // still being recorded, and both would create the case.
      await lockFor(tx, `portal-events:${organizationId}`);
      const known = new Map(
        (
          await inChunks(
            accepted.map((entry) => entry.jobid),
            (jobids) =>
              tx.portalCase.findMany({ where: { organizationId, environment, cid: connection.cid, jobid: { in: jobids } }, select: { id: true, jobid: true } }),
          )
        ).map((row) => [row.jobid, row.id]),
      );
      // Each debtor found or added in the customer register, in the same transaction as its case.
      const customerIds = await linkCustomers(
        tx,
        organizationId,
        accepted.map(({ index }) =>
          factsOfPostedItem((items[index] ?? {}) as Record<string, unknown>, {
            environment: connection.environment.id,
            cid: connection.cid,
            country: connection.environment.country,
          }),
        ),
      );
      const created: Prisma.PortalCaseCreateManyInput[] = [];
      for (const [position, { result, index, jobid }] of accepted.entries()) {
        const item = (items[index] ?? {}) as Record<string, unknown>;
        const amount = result.amount === null ? null : exactCents(result.amount);
        const fields = {
          jobtype: result.jobtype === null ? null : Number(result.jobtype),
          receiverName: result.receiver,
          billnum: result.billnum,
          reference: result.reference ?? result.billcode,
          documentid: result.ownref,
          sendtype: result.sendtype,
          currency: text(item.currency) ?? connection.environment.rules.currency,
          amount,
          paydate: text(item.paydate),
          job: sealPersonalIds(withoutFileContents(item)) as object,
          postedAt: now,
          // The post says what GET /jobs/{jobid} would (lib/portal/cases/fill-cases.ts).
          detailsReadAt: now,
          searchText: caseSearchText([result.receiver, result.billnum, result.reference ?? result.billcode, result.ownref]),
          customerId: customerIds[position] ?? null,
        };
        const existing = known.get(jobid);
        if (existing) {
          // Known from events already: they stay the authority on its state.
          await tx.portalCase.update({ where: { id: existing }, data: fields });
          ids[index] = existing;
          continue;
        }
        const id = randomUUID();
        created.push({
          id,
          organizationId,
          environment,
          cid: connection.cid,
          jobid,
          country: connection.environment.country,
          ...fields,
          code: result.jobstatus === null ? null : Number(result.jobstatus),
          openCapital: amount,
          currentPaydate: text(item.paydate),
        });
        ids[index] = id;
      }
      for (let start = 0; start < created.length; start += 200) await tx.portalCase.createMany({ data: created.slice(start, start + 200) });
    },
    { timeout: 60_000 },
  );
  return ids;
}
