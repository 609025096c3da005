import { randomUUID } from "node:crypto";

import type { Db, Prisma } from "../../db/client";
import { DISTRIBUTION_CHANNELS } from "../../spec/codes";
import type { DatasetItem } from "../../spec/dataset-item";
import { environment as environmentById, type EnvironmentId } from "../../spec/environments";
import type { Clock } from "../clock";
import { openTotal } from "../lifecycle/case-state";

import { distributionChannelOf, sendtypeForDocument } from "./channels";
import { emailRecipients } from "./recipients";

/*
 * Turns the documents jobs wait to send (Job.pendingDocument) into Dispatch rows. The job's
 * pendingDocument is cleared only if it still names the document read, in the transaction that
 * creates the dispatch: two workers never make two dispatches of one document, and a notice the
 * lifecycle asked for in the meantime stays waiting for the next round.
 */

/** Whether a case has nothing left to remind of: closed, or nothing open. */
export function isSettled(job: { closedAt: Date | null; openCapital: bigint; openInterest: bigint; openExpenses: bigint }): boolean {
  return job.closedAt !== null || openTotal(job) <= 0n;
}

/** The channel a sendtype is reported as, checked against the country's list. */
export function reportedChannel(sendtype: string, customertype: number, environment: EnvironmentId): string {
  const { country } = environmentById(environment);
  const channel = distributionChannelOf(sendtype, customertype, country) ?? "post";
  if (!DISTRIBUTION_CHANNELS[country].includes(channel)) throw new Error(`distribution channel ${channel} is not one of ${country}'s`);
  return channel;
}

export async function queueDispatches(db: Db, clock: Clock, limit: number, scope: { profileId?: string } = {}): Promise<string[]> {
  const jobs = await db.job.findMany({
    where: { pendingDocument: { not: null }, ...(scope.profileId ? { profileId: scope.profileId } : {}) },
    select: {
      id: true,
      profileId: true,
      environment: true,
      jobtype: true,
      sendtype: true,
      customertype: true,
      pendingDocument: true,
      data: true,
      closedAt: true,
      openCapital: true,
      openInterest: true,
      openExpenses: true,
    },
    orderBy: { id: "asc" },
    take: limit,
  });
  if (jobs.length === 0) return [];
  const now = clock.now();
  return db.$transaction(async (tx) => {
    const rows: Prisma.DispatchCreateManyInput[] = [];
    for (const job of jobs) {
      const taken = await tx.job.updateMany({ where: { id: job.id, profileId: job.profileId, pendingDocument: job.pendingDocument }, data: { pendingDocument: null } });
      if (taken.count === 0) continue;
      // A payment that closed the case after the sweep asked for a notice makes the notice moot.
      if (job.pendingDocument !== "original" && isSettled(job)) continue;
      const { country } = environmentById(job.environment as EnvironmentId);
      const hasEmail = emailRecipients(job.data as DatasetItem).valid.length > 0;
      const sendtype = sendtypeForDocument(job.sendtype, job.pendingDocument!, job.jobtype, country, hasEmail);
      rows.push({
        id: randomUUID(),
        jobId: job.id,
        document: job.pendingDocument!,
        profileId: job.profileId,
        environment: job.environment,
        sendtype,
        distributionChannel: reportedChannel(sendtype, job.customertype, job.environment as EnvironmentId),
        secondary: false,
        status: "pending",
        createdAt: now,
      });
    }
    if (rows.length > 0) await tx.dispatch.createMany({ data: rows });
    return rows.map((row) => row.id);
  });
}
