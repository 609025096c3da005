import { randomUUID } from "node:crypto";

import { lockFor } from "../../db/advisory-lock";
import type { Db } from "../../db/client";
import { toCents } from "../../payment-data/amounts";
import type { JobsResponse } from "../../spec/jobs";
import type { Connection } from "../connections/connections";

/*
 * What the portal learns from its own post: each accepted result record opens (or refreshes) a
 * case, before any status event arrives, so a clerk sees the job in the list at once. Events later
 * move it on (lib/portal/events). A case already known from events keeps what events said and
 * gains the posted data.
 */

export interface PostedJobs {
  organizationId: string;
  connection: Connection;
  /** The dataset items as posted, in the order of response.result. */
  items: readonly unknown[];
  response: JobsResponse;
}

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);

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
  const ids: (string | null)[] = [];
  // One transaction: a list that shows half of one upload would mislead whoever reads it.
  await db.$transaction(async (tx) => {
    // The same lock as the receiver's: an event about a new job may arrive while its post is
    // still being recorded, and both would create the case.
    await lockFor(tx, `portal-events:${organizationId}`);
    for (const [index, result] of response.result.entries()) {
      if (result.accepted !== 1 || result.jobid === null) {
        ids.push(null);
        continue;
      }
      const item = (items[index] ?? {}) as Record<string, unknown>;
      const key = { organizationId, environment: connection.environment.id, cid: connection.cid, jobid: result.jobid };
      const amount = result.amount === null ? null : toCents(result.amount);
      const fields = {
        jobtype: result.jobtype === null ? null : Number(result.jobtype),
        receiverName: result.receiver,
        billnum: result.billnum,
        reference: result.reference ?? result.billcode,
        documentid: result.ownref,
        sendtype: result.sendtype,
        currency: text(item.currency) ?? connection.environment.rules.currency,
        amount: amount === null ? null : BigInt(amount),
        paydate: text(item.paydate),
        job: item as object,
        postedAt: now,
        searchText: caseSearchText([result.receiver, result.billnum, result.reference ?? result.billcode, result.ownref]),
      };
      const existing = await tx.portalCase.findUnique({ where: { organizationId_environment_cid_jobid: key }, select: { id: true, code: true } });
      if (existing) {
        await tx.portalCase.update({ where: { id: existing.id }, data: fields });
        ids.push(existing.id);
        continue;
      }
      const id = randomUUID();
      await tx.portalCase.create({
        data: {
          id,
          ...key,
          country: connection.environment.country,
          ...fields,
          code: result.jobstatus === null ? null : Number(result.jobstatus),
          openCapital: amount === null ? null : BigInt(amount),
          currentPaydate: text(item.paydate),
        },
      });
      ids.push(id);
    }
  });
  return ids;
}
